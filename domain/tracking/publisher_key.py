"""A publisher key: the credential of a terminal, depot or the carrier's operations, allowed only to publish
tracking events (`POST /v3/events`). Staff issue and revoke it; only its SHA-256 is recorded, the clear key is
answered once. Its prefix differs from a customer's API key, so the one identity check tells them apart
without a lookup."""

from __future__ import annotations

import hashlib
import secrets

from eventsourcing.domain import Aggregate, event

from domain.shared.actor import Actor
from domain.shared.aggregate import audit_fields
from domain.shared.errors import Forbidden, IllegalTransition, ValidationFailed

PUBLISHER_PREFIX = "fpk_"


def new_publisher_key() -> str:
    return PUBLISHER_PREFIX + secrets.token_urlsafe(32)


def publisher_digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def looks_like_publisher_key(text: str) -> bool:
    return text.startswith(PUBLISHER_PREFIX)


class PublisherKey(Aggregate):
    class Issued(Aggregate.Created):
        label: str
        key_hash: str
        hint: str
        actor_id: str
        actor_role: str
        reason: str | None

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
        text = label.strip()
        if not text:
            raise ValidationFailed({"label": "This field is required."})
        if len(text) > 100:
            raise ValidationFailed({"label": "Label must be at most 100 characters"})
        key = new_publisher_key()
        issued = cls(
            label=text,
            key_hash=publisher_digest(key),
            hint=key[: len(PUBLISHER_PREFIX) + 6],
            **audit_fields(actor),
        )
        return issued, key

    def revoke(self, actor: Actor) -> None:
        if not actor.is_staff:
            raise Forbidden("Staff only")
        if self.revoked:
            raise IllegalTransition("publisher_key", "revoked", "revoke")
        self._revoked(**audit_fields(actor))

    class Revoked(Aggregate.Event):
        actor_id: str
        actor_role: str
        reason: str | None

    @event(Revoked)
    def _revoked(self, actor_id: str, actor_role: str, reason: str | None) -> None:
        self.revoked = True
