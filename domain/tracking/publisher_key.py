"""A publisher key: the credential of a terminal, depot or the carrier's operations, allowed only to publish
tracking events (`POST /v3/events`). Staff issue and revoke it; only its SHA-256 is recorded, the clear key is
answered once. Its prefix differs from a customer's API key, so the one identity check tells them apart
without a lookup."""

from __future__ import annotations

from eventsourcing.domain import event

from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, ActorEvent, DomainAggregate, audit_fields
from domain.shared.credentials import KeyKind, digest
from domain.shared.errors import Forbidden, IllegalTransition

PUBLISHER_PREFIX = "fpk_"
PUBLISHER_KEYS = KeyKind(PUBLISHER_PREFIX)
looks_like_publisher_key = PUBLISHER_KEYS.looks_like
publisher_digest = digest


class PublisherKey(DomainAggregate):
    class Issued(ActorCreated):
        label: str
        key_hash: str
        hint: str

    @event(Issued)
    def __init__(
        self,
        label: str,
        key_hash: str,
        hint: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.label = label
        self.key_hash = key_hash
        self.hint = hint
        self.revoked = False

    @classmethod
    def issue(cls, label: str, actor: Actor) -> tuple[PublisherKey, str]:
        if not actor.is_staff:
            raise Forbidden("Staff only")
        key, recorded = PUBLISHER_KEYS.issue(label)
        return cls(**recorded, **audit_fields(actor)), key

    def revoke(self, actor: Actor) -> None:
        if not actor.is_staff:
            raise Forbidden("Staff only")
        if self.revoked:
            raise IllegalTransition("publisher_key", "revoked", "revoke")
        self._record(self.Revoked, audit_fields(actor))

    class Revoked(ActorEvent):
        """The key publishes nothing any more: who revoked it is all it says."""

        def apply(self, aggregate: PublisherKey) -> None:
            aggregate.revoked = True
