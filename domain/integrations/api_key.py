"""An API key: a customer's credential for their own systems, created and revoked on their profile, by
its owner alone (`HashedKey`: only its SHA-256 is recorded; the clear key is answered once, when created)."""

from __future__ import annotations

from eventsourcing.domain import event

from domain.shared.actor import Actor
from domain.shared.aggregate import audit_fields
from domain.shared.credentials import HashedKey, KeyKind, digest
from domain.shared.errors import Forbidden
from domain.shared.reasons import system_reason

KEY_PREFIX = "fbk_"
API_KEYS = KeyKind(KEY_PREFIX)
looks_like_key, key_digest = API_KEYS.looks_like, digest


class ApiKey(HashedKey):
    kind = API_KEYS
    noun = "api_key"

    class Issued(HashedKey.Issued):
        """Whose key it is, besides the key itself."""

        personal_fields = ("username",)
        personal_identifiers = ("username",)
        personal_owner = "customer_id"

        customer_id: str
        account_type: int
        username: str

    @event(Issued)
    def __init__(
        self,
        customer_id: str,
        account_type: int,
        username: str,
        label: str,
        key_hash: str,
        hint: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        super().__init__(label, key_hash, hint, actor_id, actor_role, reason)
        self.customer_id = customer_id
        self.account_type = account_type
        self.username = username

    @classmethod
    def issue(cls, account_type: int, username: str, label: str, actor: Actor) -> tuple[ApiKey, str]:
        """A key for the asking customer's own account."""
        return cls._issue(
            label, actor, customer_id=actor.recorded_id, account_type=account_type, username=username
        )

    def end_with_owner_erased(self, actor: Actor) -> None:
        """The owner's personal data was erased: the key ends with it, whoever erased it."""
        if not self.revoked:
            self._record(self.Revoked, audit_fields(actor, system_reason("ownerErased")))

    def _may_revoke(self, actor: Actor) -> None:
        if actor.recorded_id != self.customer_id:
            raise Forbidden("Only the key's owner may revoke it")
