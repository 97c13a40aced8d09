"""A webhook subscription: a callback URL of the customer's that hears every booking status change.

The signing secret is derived from the server secret and the subscription id (as one-time codes are, see
domain/accounts/secrets.py): it is never stored, is answered once at creation, and the sender derives it
again to sign. Changing the server secret changes every subscription's secret.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from urllib.parse import urlsplit
from uuid import UUID

from eventsourcing.domain import Aggregate, event

from domain.integrations.callback_address import internal_name, is_public, literal_address, looks_numeric
from domain.shared.actor import Actor
from domain.shared.aggregate import audit_fields
from domain.shared.errors import Forbidden, IllegalTransition, ValidationFailed

FIELD = "callback_url"
NOT_PUBLIC = "The callback URL must be a public address"


def signing_secret(server_secret: str, subscription_id: UUID | str) -> str:
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


class WebhookSubscription(Aggregate):
    @event("Subscribed")
    def __init__(
        self, customer_id: str, callback_url: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.customer_id = customer_id
        self.callback_url = callback_url
        self.active = True

    @classmethod
    def subscribe(cls, callback_url: str, allow_local: bool, actor: Actor) -> WebhookSubscription:
        return cls(
            customer_id=actor.id,
            callback_url=checked_callback(callback_url, allow_local),
            **audit_fields(actor),
        )

    def unsubscribe(self, actor: Actor) -> None:
        if actor.id != self.customer_id:
            raise Forbidden("Only the subscription's owner may remove it")
        if not self.active:
            raise IllegalTransition("webhook_subscription", "removed", "unsubscribe")
        self._unsubscribed(customer_id=self.customer_id, **audit_fields(actor))

    @event("Unsubscribed")
    def _unsubscribed(self, customer_id: str, actor_id: str, actor_role: str, reason: str | None) -> None:
        self.active = False
