"""Command side of the integrations context: API keys and webhook subscriptions of a customer."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar
from urllib.parse import urlsplit
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from domain.integrations.api_key import ApiKey
from domain.integrations.callback_address import is_public, literal_address
from domain.integrations.webhook_subscription import (
    FIELD,
    NOT_PUBLIC,
    Sealer,
    WebhookSubscription,
    new_secret,
)
from domain.shared.actor import Actor
from domain.shared.application import ContextApplication, EventStore, decided_afresh
from domain.shared.errors import Conflict, ValidationFailed
from domain.shared.refusal_words import not_found

T = TypeVar("T")
# host, port -> the addresses the name resolves to (OSError when it does not resolve).
Resolver = Callable[[str, int], list[str]]


class IntegrationsApplication(ContextApplication):
    name = "integrations"

    def __init__(
        self,
        store: EventStore,
        sealer: Sealer,
        resolve: Resolver | None = None,
        allow_local_callbacks: bool = False,
        max_api_keys: int = 10,
        max_webhooks: int = 10,
    ) -> None:
        super().__init__(store)
        self.sealer = sealer
        self.resolve = resolve
        self.allow_local_callbacks = allow_local_callbacks
        # What one account may hold at once: active API keys, and webhook subscriptions.
        self.max_api_keys = max_api_keys
        self.max_webhooks = max_webhooks

    def issue_api_key(
        self, actor: Actor, account_type: int, username: str, label: str, *, active_keys: int
    ) -> tuple[UUID, str, int]:
        """A new key: its id, the clear key (answered this once) and the position of its event.
        `active_keys`: how many unrevoked keys the account holds now (as the read models know them)."""
        if active_keys >= self.max_api_keys:
            most = self.max_api_keys
            raise Conflict(f"An account may have at most {most} active API keys; revoke one first")
        issued, key = ApiKey.issue(account_type, username, label, actor)
        return issued.id, key, self.record(issued)

    def end_integrations_of(self, customers: Collection[str], ids: Sequence[str], actor: Actor) -> int | None:
        """Staff end every API key and webhook subscription of customers whose personal data is erased (a
        company and its colleagues' logins): the last position, None if none ended."""
        position = None
        for raw_id in ids:
            found: Any = self.repository.get(UUID(str(raw_id)))
            if not isinstance(found, ApiKey | WebhookSubscription) or found.customer_id not in customers:
                continue
            version = found.version
            found.end_with_owner_erased(actor)
            if found.version != version:
                position = self.record(found)
        return position

    @decided_afresh
    def revoke_api_key(self, key_id: str, actor: Actor) -> int:
        # A key is its holder's alone (a member's, not the company's): anyone else's is not found.
        key = self._own(key_id, ApiKey, actor, "api_key", holder=actor.recorded_id)
        key.revoke(actor)
        return self.record(key)

    def subscribe(
        self,
        actor: Actor,
        callback_url: str,
        event_types: Sequence[str] | None,
        *,
        subscriptions: int,
        tracking_format: str | None = None,
    ) -> tuple[UUID, str, int]:
        """A new subscription: its id, its signing secret (answered this once) and its event's position.
        `subscriptions`: how many the account holds now (as the read models know them)."""
        if subscriptions >= self.max_webhooks:
            raise Conflict(f"An account may have at most {self.max_webhooks} webhooks; remove one first")
        secret = new_secret()
        subscription = WebhookSubscription.subscribe(
            callback_url,
            self.allow_local_callbacks,
            actor,
            self.sealer.seal(secret),
            event_types,
            tracking_format,
        )
        self._check_resolves_public(subscription.callback_url)
        position = self.record(subscription)
        return subscription.id, secret, position

    def _check_resolves_public(self, url: str) -> None:
        """A name that resolves to an address that is not public is refused now (and again at each send,
        where the address is what counts). A name that does not resolve yet is accepted: the sender checks."""
        if self.allow_local_callbacks or self.resolve is None:
            return
        parts = urlsplit(url)
        host = parts.hostname or ""
        if literal_address(host) is not None:
            return  # judged by the domain already
        try:
            addresses = self.resolve(host, parts.port or (443 if parts.scheme == "https" else 80))
        except (OSError, UnicodeError):
            return
        found = [literal_address(address) for address in addresses]
        if any(address is None or not is_public(address) for address in found):
            raise ValidationFailed({FIELD: NOT_PUBLIC})

    @decided_afresh
    def rotate_secret(self, subscription_id: str, overlap: timedelta, actor: Actor) -> tuple[str, int]:
        """A new signing secret (answered this once); the previous one signs beside it for `overlap`."""
        subscription = self._own(subscription_id, WebhookSubscription, actor, "webhook_subscription")
        secret = new_secret()
        subscription.rotate_secret(self.sealer.seal(secret), overlap, datetime.now(UTC), actor)
        return secret, self.record(subscription)

    @decided_afresh
    def choose_event_types(
        self, subscription_id: str, event_types: Sequence[str] | None, actor: Actor
    ) -> int:
        subscription = self._own(subscription_id, WebhookSubscription, actor, "webhook_subscription")
        subscription.choose_event_types(event_types, actor)
        return self.record(subscription)

    @decided_afresh
    def unsubscribe(self, subscription_id: str, actor: Actor) -> int:
        subscription = self._own(subscription_id, WebhookSubscription, actor, "webhook_subscription")
        subscription.unsubscribe(actor)
        return self.record(subscription)

    def subscription(self, subscription_id: str, actor: Actor) -> WebhookSubscription:
        return self._own(subscription_id, WebhookSubscription, actor, "webhook_subscription")

    def _own(self, raw_id: str, kind: type[T], actor: Actor, what: str, holder: str | None = None) -> T:
        """The caller's own aggregate of that kind (held by `holder`, else by the account the caller acts
        for); anything else is a 404 (no leak of other ids) naming `what`, a thing of
        contract/refusal-words.json."""
        try:
            found: Any = self.repository.get(UUID(str(raw_id)))
        except (ValueError, AggregateNotFoundError) as error:
            raise not_found(what) from error
        if not isinstance(found, kind) or getattr(found, "customer_id", None) != (holder or actor.id):
            raise not_found(what)
        return found
