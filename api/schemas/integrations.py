"""/integrations/api/v1/client: API keys and webhook subscriptions of a customer, and the delivery log."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from api.schemas.keys import KeyListing
from api.schemas.wire_model import WireModel
from domain.integrations.notification_types import DELIVERY_KINDS, NOTIFICATION_TYPES

# The kinds of notification a subscription may hear (Standard Webhooks' event types), one per booking step.
EventType = Literal[NOTIFICATION_TYPES]  # type: ignore[valid-type]
DeliveryKind = Literal[(*DELIVERY_KINDS.values(), "other")]  # type: ignore[valid-type]


class ApiKeyBody(WireModel):
    label: str = Field(max_length=200)


class ApiKey(KeyListing):
    pass


class IssuedApiKey(ApiKey):
    key: str  # answered this once; only its hash is kept


class WebhookBody(WireModel):
    callback_url: str = Field(max_length=4000)
    # The kinds of notification to hear; absent or null: every kind.
    event_types: list[EventType] | None = Field(default=None, max_length=len(NOTIFICATION_TYPES))
    # How tracking events are posted: `cloudevents` (default: the envelope, to the booking-notification
    # path) or `tnt-3.0` (DCSA TNT 3.0's consumer endpoint: `POST {callbackUrl}` with `{"events": [...]}`).
    tracking_format: Literal["cloudevents", "tnt-3.0"] | None = None


class EventTypesBody(WireModel):
    event_types: list[EventType] | None = Field(max_length=len(NOTIFICATION_TYPES))


class RotationBody(WireModel):
    # How long the previous secret keeps signing beside the new one (both signatures are sent meanwhile).
    overlap_hours: float = Field(default=24, ge=0, le=168)


class Webhook(WireModel):
    id: str
    callback_url: str
    created_at: str
    event_types: list[str] | None  # null: every kind
    secret_rotated_at: str | None
    previous_secret_valid_until: str | None  # the previous secret signs too until then
    tracking_format: str  # cloudevents or tnt-3.0: how tracking events are posted


class CreatedWebhook(Webhook):
    secret: str  # the Standard Webhooks signing secret (whsec_...), answered this once


class RotatedSecret(WireModel):
    id: str
    secret: str  # the new signing secret, answered this once
    previous_secret_valid_until: str


class Removed(WireModel):
    id: str
    done: bool


class Delivery(WireModel):
    id: str
    # What was sent: a booking notification, a tracking event, a step of the shipping instructions or of
    # the transport document, or `other` (a kind this release does not name).
    kind: DeliveryKind  # type: ignore[valid-type]
    event_id: str
    event_type: str | None  # the step notified (None for deliveries recorded before event types)
    # The status the step changed (a booking) or the tracking event's type and code (`EQUIPMENT:GTIN`).
    booking_status: str
    # Booking notifications only: the reference the notification's data carried.
    carrier_booking_request_reference: str | None
    booking_reference: str | None  # the booking the delivery is about, when it is about one
    state: str  # pending, delivered, failed or cancelled (its subscription was removed)
    attempts: int
    last_status_code: int | None
    last_error: str | None
    last_attempt_at: str | None
    next_attempt_at: str | None
    delivered_at: str | None
    created_at: str


class DeliveryResent(WireModel):
    """A webhook delivery queued to be sent again."""

    id: str
    state: str
