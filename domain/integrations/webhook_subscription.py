"""A webhook subscription: a callback URL of the customer's that hears booking notifications.

Its signing secret (`whsec_` and 32 random bytes, the Standard Webhooks form) is its own: made at
random when subscribing, answered once, kept only sealed (encrypted by the server's `Sealer`,
infrastructure/secret_box.py) so the sender can sign. Rotating makes a new one; the previous one keeps
signing beside it until the overlap ends, so a receiver can switch without losing a notification.
Subscriptions made before secrets were their own have none sealed and are signed with one derived from
the server secret until rotated.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Protocol
from urllib.parse import urlsplit
from uuid import UUID

from eventsourcing.domain import event

from domain.integrations.callback_address import internal_name, is_public, literal_address, looks_numeric
from domain.integrations.notification_types import NOTIFICATION_TYPES
from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, ActorEvent, DomainAggregate, audit_fields
from domain.shared.errors import Forbidden, ValidationFailed
from domain.shared.reasons import system_reason
from domain.shared.refusal_words import refused

FIELD = "callback_url"
NOT_PUBLIC = "The callback URL must be a public address"


EVENT_TYPES_FIELD = "event_types"
MAX_OVERLAP = timedelta(days=7)


class Sealer(Protocol):
    """Encrypts a secret for keeping and opens it again (the key is the server's, not in any event)."""

    def seal(self, secret: str) -> str: ...

    def open(self, sealed: str) -> str: ...


def new_secret() -> str:
    """A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(32)).decode()


def checked_event_types(chosen: Sequence[str] | None) -> list[str] | None:
    """The notification kinds a subscription hears (None: all of them)."""
    if chosen is None:
        return None
    unknown = sorted(set(chosen) - set(NOTIFICATION_TYPES))
    if unknown:
        raise ValidationFailed({EVENT_TYPES_FIELD: f"Unknown event type: {', '.join(unknown)[:200]}"})
    if not chosen:
        raise ValidationFailed({EVENT_TYPES_FIELD: "Choose at least one event type, or none to hear all"})
    return [kind for kind in NOTIFICATION_TYPES if kind in chosen]


def signing_secret(server_secret: str, subscription_id: UUID | str) -> str:
    """The secret of a subscription made before secrets were its own (derived; no longer made)."""
    mac = hmac.new(server_secret.encode(), f"webhook:{subscription_id}".encode(), hashlib.sha256).digest()
    return "whsec_" + base64.b64encode(mac).decode()


def checked_callback(url: str, allow_local: bool) -> str:
    """An absolute http(s) URL without credentials or fragment; loopback and private addresses only when
    `allow_local` (tests and development), so the portal cannot be pointed at its own network."""
    text = url.strip()
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as error:
        raise ValidationFailed({FIELD: "The callback URL is not a valid URL"}) from error
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValidationFailed({FIELD: "The callback URL must be an absolute http or https URL"})
    if parts.username is not None or parts.password is not None:
        raise ValidationFailed({FIELD: "The callback URL must not carry credentials"})
    if parts.fragment:
        raise ValidationFailed({FIELD: "The callback URL must not have a fragment"})
    if len(text) > 2000:
        raise ValidationFailed({FIELD: "The callback URL must be at most 2000 characters"})
    if port == 0:
        raise ValidationFailed({FIELD: "The callback URL has no valid port"})
    if not allow_local and not _may_be_public(parts.hostname):
        raise ValidationFailed({FIELD: NOT_PUBLIC})
    return text


def _may_be_public(host: str) -> bool:
    """False for an address that is not globally routable (in any spelling) and for internal names; a
    public-looking name is checked again where it resolves (at registration and at every send)."""
    address = literal_address(host)
    if address is not None:
        return is_public(address)
    return not looks_numeric(host) and not internal_name(host)


# How tracking events reach a subscription: the CloudEvents envelope posted to the booking-notification path
# (the default, and every subscription made before the choice existed), or DCSA TNT 3.0's consumer endpoint
# (`POST {callbackUrl}` with `{"events": [...]}`).
CLOUDEVENTS, TNT_CONSUMER = "cloudevents", "tnt-3.0"
TRACKING_FORMATS = (CLOUDEVENTS, TNT_CONSUMER)


def checked_tracking_format(chosen: str | None) -> str | None:
    if chosen is not None and chosen not in TRACKING_FORMATS:
        raise ValidationFailed({"tracking_format": f"One of {', '.join(TRACKING_FORMATS)}"})
    return None if chosen == CLOUDEVENTS else chosen


class WebhookSubscription(DomainAggregate):
    class Subscribed(ActorCreated):
        customer_id: str
        callback_url: str
        sealed_secret: str | None = None
        event_types: list[str] | None = None
        # None: the CloudEvents envelope (`CLOUDEVENTS`).
        tracking_format: str | None = None

    @event(Subscribed)
    def __init__(
        self,
        customer_id: str,
        callback_url: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
        sealed_secret: str | None = None,
        event_types: list[str] | None = None,
        tracking_format: str | None = None,
    ) -> None:
        self.customer_id = customer_id
        self.tracking_format = tracking_format
        self.callback_url = callback_url
        self.active = True
        self.sealed_secret = sealed_secret
        self.event_types = event_types

    @classmethod
    def subscribe(
        cls,
        callback_url: str,
        allow_local: bool,
        actor: Actor,
        sealed_secret: str,
        event_types: Sequence[str] | None = None,
        tracking_format: str | None = None,
    ) -> WebhookSubscription:
        return cls(
            customer_id=actor.id,
            callback_url=checked_callback(callback_url, allow_local),
            sealed_secret=sealed_secret,
            event_types=checked_event_types(event_types),
            tracking_format=checked_tracking_format(tracking_format),
            **audit_fields(actor),
        )

    def _own(self, actor: Actor, action: str) -> None:
        """`action`: the change's trigger in contract/refusal-words.json, which a refusal says in words."""
        if actor.id != self.customer_id:
            raise Forbidden("Only the subscription's owner may change it")
        if not self.active:
            raise refused("webhook_subscription", "removed", action)

    def unsubscribe(self, actor: Actor) -> None:
        self._own(actor, "unsubscribe")
        self._record(self.Unsubscribed, audit_fields(actor), customer_id=self.customer_id)

    def end_with_owner_erased(self, actor: Actor) -> None:
        """The owner's personal data was erased: the subscription ends with it, whoever erased it."""
        if self.active:
            self._record(
                self.Unsubscribed,
                audit_fields(actor, system_reason("ownerErased")),
                customer_id=self.customer_id,
            )

    class Unsubscribed(ActorEvent):
        customer_id: str

        def apply(self, aggregate: WebhookSubscription) -> None:
            aggregate.active = False

    def rotate_secret(self, sealed_secret: str, overlap: timedelta, now: datetime, actor: Actor) -> None:
        """A new secret; the current one keeps signing beside it for `overlap` (at most `MAX_OVERLAP`)."""
        self._own(actor, "rotate_secret")
        if not timedelta(0) <= overlap <= MAX_OVERLAP:
            raise ValidationFailed({"overlap_hours": "The overlap must be between 0 and 168 hours"})
        self._record(
            self.SecretRotated,
            audit_fields(actor),
            customer_id=self.customer_id,
            sealed_secret=sealed_secret,
            previous_sealed_secret=self.sealed_secret,
            previous_valid_until=now + overlap,
        )

    class SecretRotated(ActorEvent):
        customer_id: str
        sealed_secret: str
        previous_sealed_secret: str | None
        previous_valid_until: datetime

        def apply(self, aggregate: WebhookSubscription) -> None:
            aggregate.sealed_secret = self.sealed_secret

    def choose_event_types(self, event_types: Sequence[str] | None, actor: Actor) -> None:
        self._own(actor, "choose_event_types")
        self._record(
            self.EventTypesChosen,
            audit_fields(actor),
            customer_id=self.customer_id,
            event_types=checked_event_types(event_types),
        )

    class EventTypesChosen(ActorEvent):
        customer_id: str
        event_types: list[str] | None

        def apply(self, aggregate: WebhookSubscription) -> None:
            aggregate.event_types = self.event_types
