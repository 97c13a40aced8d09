"""Command side of the accounts context."""

from __future__ import annotations

from domain.accounts.account import STAFF_ACCOUNT_TYPE, Account, account_id
from domain.accounts.passwords import hash_password
from domain.shared.actor import ADMIN, Actor
from domain.shared.errors import AlreadyExists, Conflict
from domain.shared.store import ContextApplication


class AccountsApplication(ContextApplication):
    name = "accounts"

    def create_staff(self, username: str, password: str, roles: list[str], actor: Actor) -> int:
        account = Account.open(username, STAFF_ACCOUNT_TYPE, roles, {}, actor)
        account.set_password(hash_password(password), actor)
        try:
            return self.record(account)
        except Conflict as error:
            raise AlreadyExists("User Exist") from error

    def ensure_admin(self, username: str, password: str, actor: Actor) -> int | None:
        """The first admin from the settings; a no-op when that account exists already."""
        if self.exists(account_id(username)):
            return None
        try:
            return self.create_staff(username, password, [ADMIN], actor)
        except AlreadyExists:
            return None

    def exists(self, aggregate_id: object) -> bool:
        return bool(self.recorder.select_events(aggregate_id, limit=1))  # type: ignore[arg-type]
