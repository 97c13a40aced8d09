"""/integrations/api/v1/client: API keys and webhook subscriptions of a customer, and the delivery log."""

from __future__ import annotations

from pydantic import BaseModel, Field


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


class Webhook(BaseModel):
    id: str
    callbackUrl: str
    createdAt: str


class CreatedWebhook(Webhook):
    secret: str  # the HMAC-SHA256 signing secret, answered this once


class Removed(BaseModel):
    id: str
    done: bool


class Delivery(BaseModel):
    id: str
    eventId: str
    bookingStatus: str
    carrierBookingRequestReference: str
    state: str  # pending, delivered or failed
    attempts: int
    lastStatusCode: int | None
    lastError: str | None
    lastAttemptAt: str | None
    nextAttemptAt: str | None
    deliveredAt: str | None
    createdAt: str


class Resent(BaseModel):
    id: str
    state: str
