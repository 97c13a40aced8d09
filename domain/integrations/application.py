"""Command side of the integrations context: API keys and webhook subscriptions of a customer."""

from __future__ import annotations

from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from domain.integrations.api_key import ApiKey
from domain.integrations.webhook_subscription import WebhookSubscription, signing_secret
from domain.shared.actor import Actor
from domain.shared.application import ContextApplication, EventStore
from domain.shared.errors import NotFound

T = TypeVar("T")


class IntegrationsApplication(ContextApplication):
    name = "integrations"

    def __init__(self, store: EventStore, secret: str, allow_local_callbacks: bool = False) -> None:
        super().__init__(store)
        self.secret = secret
        self.allow_local_callbacks = allow_local_callbacks

    def issue_api_key(
        self, actor: Actor, account_type: int, username: str, label: str
    ) -> tuple[UUID, str, int]:
        """A new key: its id, the clear key (answered this once) and the position of its event."""
        issued, key = ApiKey.issue(account_type, username, label, actor)
        return issued.id, key, self.record(issued)

    def revoke_api_key(self, key_id: str, actor: Actor) -> int:
        key = self._own(key_id, ApiKey, actor, "API key")
        key.revoke(actor)
        return self.record(key)

    def subscribe(self, actor: Actor, callback_url: str) -> tuple[UUID, str, int]:
        """A new subscription: its id, its signing secret (answered this once) and its event's position."""
        subscription = WebhookSubscription.subscribe(callback_url, self.allow_local_callbacks, actor)
        position = self.record(subscription)
        return subscription.id, signing_secret(self.secret, subscription.id), position

    def unsubscribe(self, subscription_id: str, actor: Actor) -> int:
        subscription = self._own(subscription_id, WebhookSubscription, actor, "Webhook subscription")
        subscription.unsubscribe(actor)
        return self.record(subscription)

    def subscription(self, subscription_id: str, actor: Actor) -> WebhookSubscription:
        return self._own(subscription_id, WebhookSubscription, actor, "Webhook subscription")

    def _own(self, raw_id: str, kind: type[T], actor: Actor, what: str) -> T:
        """The caller's own aggregate of that kind; anything else is a 404 (no leak of other ids)."""
        try:
            found: Any = self.repository.get(UUID(str(raw_id)))
        except (ValueError, AggregateNotFoundError) as error:
            raise NotFound(f"{what} not found") from error
        if not isinstance(found, kind) or getattr(found, "customer_id", None) != actor.id:
            raise NotFound(f"{what} not found")
        return found
