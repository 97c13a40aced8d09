"""What every kind of key has in common (a customer's API key, a publisher's key): 256 random bits behind a
prefix naming its kind, recorded only as its SHA-256 (a plain hash is enough for so random a secret), a hint
of its first characters so its owner can tell keys apart, and a label; issued once, revoked once
(`HashedKey`, the aggregate every kind of key is)."""

from __future__ import annotations

import hashlib
import secrets
from typing import TYPE_CHECKING, Any, ClassVar, Self

from eventsourcing.domain import event

from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, ActorEvent, DomainAggregate, audit_fields
from domain.shared.errors import ValidationFailed
from domain.shared.refusal_words import refused

LABEL_LENGTH = 100


class KeyKind:
    """A kind of key, told apart by its prefix without a lookup."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def new(self) -> str:
        return self.prefix + secrets.token_urlsafe(32)

    def looks_like(self, text: str) -> bool:
        return text.startswith(self.prefix)

    def hint(self, key: str) -> str:
        """The first characters after the prefix."""
        return key[: len(self.prefix) + 6]

    def issue(self, label: str) -> tuple[str, dict[str, str]]:
        """A new key, and what is recorded of it: its label (checked), its SHA-256 and its hint. The clear key
        is answered once, never recorded."""
        text = key_label(label)
        key = self.new()
        return key, {"label": text, "key_hash": digest(key), "hint": self.hint(key)}


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def key_label(label: str) -> str:
    text = label.strip()
    if not text:
        raise ValidationFailed({"label": "This field is required."})
    if len(text) > LABEL_LENGTH:
        raise ValidationFailed({"label": f"Label must be at most {LABEL_LENGTH} characters"})
    return text


class HashedKey(DomainAggregate):
    """A key as the store keeps it: issued with its label, SHA-256 and hint (`KeyKind.issue`), then perhaps
    revoked, once. The kinds differ in their prefix (`kind`), what an issue records beside the key (their
    own `Issued`, extending this one) and who may issue or revoke (`_may_revoke`).

    Each kind's events are its own classes (the library redefines the events of a base on every subclass,
    under the subclass's module and name), so their stored topics name the kind
    (`domain.integrations.api_key:ApiKey.Revoked`), and a projection of one kind never sees the other's."""

    if TYPE_CHECKING:  # set by every kind; no annotation at run time, the library would make it a field
        kind: ClassVar[KeyKind]
        noun: ClassVar[str]  # its thing in contract/refusal-words.json ("api_key": "an API key")
        label: str
        key_hash: str
        hint: str
        revoked: bool

    class Issued(ActorCreated):
        label: str
        key_hash: str
        hint: str

    @event(Issued)
    def __init__(
        self, label: str, key_hash: str, hint: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.label = label
        self.key_hash = key_hash
        self.hint = hint
        self.revoked = False

    @classmethod
    def _issue(cls, label: str, actor: Actor, **owner: Any) -> tuple[Self, str]:
        """A new key of this kind, with what its kind records beside it (`owner`), and the clear key."""
        key, recorded = cls.kind.issue(label)
        return cls(**owner, **recorded, **audit_fields(actor)), key

    def revoke(self, actor: Actor) -> None:
        self._may_revoke(actor)
        if self.revoked:
            raise refused(self.noun, "revoked", "revoke")
        self._record(self.Revoked, audit_fields(actor))

    def _may_revoke(self, actor: Actor) -> None:
        """Refuse (`Forbidden`) an actor who may not revoke a key of this kind."""
        raise NotImplementedError

    class Revoked(ActorEvent):
        """The key opens nothing any more: who revoked it is all it says."""

        def apply(self, aggregate: HashedKey) -> None:
            aggregate.revoked = True
