"""A publisher key: the credential of a terminal, depot or the carrier's operations, allowed only to publish
tracking events (`POST /v3/events`). Staff issue and revoke it (`HashedKey`: only its SHA-256 is recorded,
the clear key is answered once). Its prefix differs from a customer's API key, so the one identity check
tells them apart without a lookup."""

from __future__ import annotations

from domain.shared.actor import Actor
from domain.shared.credentials import HashedKey, KeyKind, digest
from domain.shared.errors import Forbidden

PUBLISHER_PREFIX = "fpk_"
PUBLISHER_KEYS = KeyKind(PUBLISHER_PREFIX)
looks_like_publisher_key = PUBLISHER_KEYS.looks_like
publisher_digest = digest


class PublisherKey(HashedKey):
    """Its first event is `HashedKey.Issued` as it is (the library declares it `PublisherKey.Issued`)."""

    kind = PUBLISHER_KEYS
    noun = "publisher_key"

    @classmethod
    def issue(cls, label: str, actor: Actor) -> tuple[PublisherKey, str]:
        _staff_only(actor)
        return cls._issue(label, actor)

    def _may_revoke(self, actor: Actor) -> None:
        _staff_only(actor)


def _staff_only(actor: Actor) -> None:
    if not actor.is_staff:
        raise Forbidden("Staff only")
