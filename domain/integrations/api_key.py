"""An API key: a customer's credential for their own systems, created and revoked on their profile.

Only the SHA-256 of the key is recorded (keys are 256 random bits, so a plain hash is enough to make the
stored value useless to a reader of the store); the clear key is answered once, when it is created.
"""

from __future__ import annotations

from eventsourcing.domain import event

from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, ActorEvent, DomainAggregate, audit_fields
from domain.shared.credentials import KeyKind, digest
from domain.shared.errors import Forbidden, IllegalTransition

KEY_PREFIX = "fbk_"
API_KEYS = KeyKind(KEY_PREFIX)
looks_like_key, key_digest = API_KEYS.looks_like, digest


class ApiKey(DomainAggregate):
    class Issued(ActorCreated):
        customer_id: str
        account_type: int
        username: str
        label: str
        key_hash: str
        hint: str

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
        self.customer_id = customer_id
        self.account_type = account_type
        self.username = username
        self.label = label
        self.key_hash = key_hash
        self.hint = hint
        self.revoked = False

    @classmethod
    def issue(cls, account_type: int, username: str, label: str, actor: Actor) -> tuple[ApiKey, str]:
        key, recorded = API_KEYS.issue(label)
        issued = cls(
            customer_id=actor.id,
            account_type=account_type,
            username=username,
            **recorded,
            **audit_fields(actor),
        )
        return issued, key

    def revoke(self, actor: Actor) -> None:
        if actor.id != self.customer_id:
            raise Forbidden("Only the key's owner may revoke it")
        if self.revoked:
            raise IllegalTransition("api_key", "revoked", "revoke")
        self._record(self.Revoked, audit_fields(actor))

    class Revoked(ActorEvent):
        """The key opens nothing any more: who revoked it is all it says."""

        def apply(self, aggregate: ApiKey) -> None:
            aggregate.revoked = True
