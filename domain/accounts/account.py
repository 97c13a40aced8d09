"""The Account aggregate: a person or company that may log in, or a staff member."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate, event

from domain.shared.actor import Actor
from domain.shared.aggregate import audit_fields
from domain.shared.ids import name_based_id

STAFF_ACCOUNT_TYPE = 0
INDIVIDUAL = 1
DOMESTIC_COMPANY = 2
FOREIGN_COMPANY = 3


def account_id(username: str) -> UUID:
    return name_based_id("account", username)


class Account(Aggregate):
    @staticmethod
    def create_id(username: str, **_: Any) -> UUID:
        return account_id(username)

    @event("Opened")
    def __init__(
        self,
        username: str,
        account_type: int,
        roles: list[str],
        profile: dict[str, Any],
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.username = username
        self.account_type = account_type
        self.roles = list(roles)
        self.profile = dict(profile)
        self.password_hash: str | None = None

    @classmethod
    def open(
        cls, username: str, account_type: int, roles: list[str], profile: dict[str, Any], actor: Actor
    ) -> Account:
        return cls(
            username=username, account_type=account_type, roles=roles, profile=profile, **audit_fields(actor)
        )

    @event("PasswordSet")
    def _password_set(self, password_hash: str, actor_id: str, actor_role: str, reason: str | None) -> None:
        self.password_hash = password_hash

    def set_password(self, password_hash: str, actor: Actor, reason: str | None = None) -> None:
        self._password_set(password_hash=password_hash, **audit_fields(actor, reason))
