"""/integrations/api/v1/client: API keys and webhook subscriptions of a customer, and the delivery log."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from domain.integrations.notification_types import NOTIFICATION_TYPES

# The kinds of notification a subscription may hear (Standard Webhooks' event types), one per booking step.
EventType = Literal[NOTIFICATION_TYPES]  # type: ignore[valid-type]


class ApiKeyBody(BaseModel):
    label: str = Field(max_length=200)


class ApiKey(BaseModel):
    id: str
    label: str
    hint: str  # the key's first characters, to tell keys apart
    createdAt: str
    revokedAt: str | None


class IssuedApiKey(ApiKey):
    key: str  # answered this once; only its hash is kept


class WebhookBody(BaseModel):
    callbackUrl: str = Field(max_length=4000)
    # The kinds of notification to hear; absent or null: every kind.
    eventTypes: list[EventType] | None = Field(default=None, max_length=len(NOTIFICATION_TYPES))


class EventTypesBody(BaseModel):
    eventTypes: list[EventType] | None = Field(max_length=len(NOTIFICATION_TYPES))


class RotationBody(BaseModel):
    # How long the previous secret keeps signing beside the new one (both signatures are sent meanwhile).
    overlapHours: float = Field(default=24, ge=0, le=168)


class Webhook(BaseModel):
    id: str
    callbackUrl: str
    createdAt: str
    eventTypes: list[str] | None  # null: every kind
    secretRotatedAt: str | None
    previousSecretValidUntil: str | None  # the previous secret signs too until then


class CreatedWebhook(Webhook):
    secret: str  # the Standard Webhooks signing secret (whsec_...), answered this once


class RotatedSecret(BaseModel):
    id: str
    secret: str  # the new signing secret, answered this once
    previousSecretValidUntil: str


class Removed(BaseModel):
    id: str
    done: bool


class Delivery(BaseModel):
    id: str
    eventId: str
    eventType: str | None  # the step notified (None for deliveries recorded before event types)
    bookingStatus: str
    carrierBookingRequestReference: str
    state: str  # pending, delivered, failed or cancelled (its subscription was removed)
    attempts: int
    lastStatusCode: int | None
    lastError: str | None
    lastAttemptAt: str | None
    nextAttemptAt: str | None
    deliveredAt: str | None
    createdAt: str


class DeliveryResent(BaseModel):
    """A webhook delivery queued to be sent again."""

    id: str
    state: str
