"""The booking notification as the OpenAPI document's `webhooks` section: what a subscription's callback
receives (the body, the Standard Webhooks headers), so a generator or an integrator reads it from the
document rather than from prose."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import FastAPI, Header, Response
from pydantic import AwareDatetime, BaseModel, Field

from api.dcsa.tracking.models import PostEventsRequest
from domain.integrations.notification_types import NOTIFICATION_TYPES


# The standard's lightweight BookingNotification (no `booking` copy), as the portal sends it. Models of their
# own, so that documenting the callback as a request body does not split the standard's schemas that the
# /v2 answers use into input and output variants.
class WebhookFeedback(BaseModel):
    severity: Annotated[str, Field(max_length=50)]
    code: Annotated[str, Field(max_length=50)]
    message: Annotated[str, Field(max_length=5000)]
    jsonPath: Annotated[str | None, Field(max_length=500)] = None


class WebhookBookingNotificationData(BaseModel):
    bookingStatus: Annotated[str, Field(max_length=50)]
    amendedBookingStatus: Annotated[str | None, Field(max_length=50)] = None
    bookingCancellationStatus: Annotated[str | None, Field(max_length=50)] = None
    carrierBookingRequestReference: Annotated[str, Field(max_length=100)]
    carrierBookingReference: Annotated[str | None, Field(max_length=35)] = None
    feedbacks: list[WebhookFeedback] | None = None


class WebhookBookingNotification(BaseModel):
    """A CloudEvents 1.0 envelope of type `org.dcsa.booking.v2` (DCSA Booking 2.0.5's BookingNotification)."""

    specversion: Literal["1.0"]
    id: Annotated[str, Field(max_length=100)]
    source: Annotated[str, Field(max_length=4096)]
    type: Literal["org.dcsa.booking.v2"]
    time: AwareDatetime
    datacontenttype: Literal["application/json"]
    subscriptionReference: Annotated[str, Field(max_length=100)]
    data: WebhookBookingNotificationData


_DESCRIPTION = f"""Posted to `{{callbackUrl}}/v2/booking-notifications` for every change of what
`GET /v2/bookings/{{ref}}` shows (one per step of the booking), to each active subscription of the booking's
customer that hears that step's event type ({", ".join(f"`{kind}`" for kind in NOTIFICATION_TYPES)}).

Signed by the Standard Webhooks specification: verify `webhook-signature` with the subscription's `whsec_`
secret over `{{webhook-id}}.{{webhook-timestamp}}.{{body}}` (any Standard Webhooks library does it), refuse
timestamps far from your clock, and deduplicate by `webhook-id`, which is the same on every attempt and
resend. While a rotated secret's overlap lasts the header carries two signatures; either verifies.

Answer any 2xx within 10 seconds. Anything else is retried with exponential backoff (2 s doubling, at most
30 min apart) for 24 hours. Redirects are not followed."""


_TRACKING_DESCRIPTION = """For a subscription made with `trackingFormat: "tnt-3.0"` that hears
`tracking.event`: each tracking event of one of the customer's bookings (published, revised, or retracted as
`{"eventID": ..., "isRetracted": true}`) is posted to `{callbackUrl}` itself as DCSA Track & Trace 3.0's
consumer endpoint (`POST /events`) takes it: `{"events": [Event]}`, with `API-Version: 3.0.0`. A
subscription made without the choice (`cloudevents`, the default) receives tracking events in the CloudEvents
envelope of `booking-notification` instead (type `org.dcsa.tnt.v3`, the Event as `data`).

Signed, retried and deduplicated exactly as `booking-notification` (Standard Webhooks headers; the same
`webhook-id` on every attempt and resend)."""


def declare(app: FastAPI) -> None:
    @app.webhooks.post(
        "tracking-events",
        summary="Tracking events (TNT 3.0 consumer format)",
        description=_TRACKING_DESCRIPTION,
        status_code=200,
        tags=["integrations"],
        operation_id="trackingEvents",
        responses={200: {"description": "Received (any 2xx)"}},
    )
    def tracking_events(
        body: PostEventsRequest,
        webhook_id: Annotated[str, Header(alias="webhook-id", description="The delivery's id")],
        webhook_timestamp: Annotated[str, Header(alias="webhook-timestamp", description="Unix seconds")],
        webhook_signature: Annotated[
            str, Header(alias="webhook-signature", description="`v1,<base64>`, space-separated")
        ],
    ) -> Response:
        return Response(status_code=200)  # documentation only: the portal sends this, it never receives it

    @app.webhooks.post(
        "booking-notification",
        summary="A booking changed",
        description=_DESCRIPTION,
        status_code=204,
        tags=["integrations"],
        operation_id="bookingNotification",
        responses={204: {"description": "Received (any 2xx)"}},
    )
    def booking_notification(
        body: WebhookBookingNotification,
        webhook_id: Annotated[str, Header(alias="webhook-id", description="The notification's id")],
        webhook_timestamp: Annotated[str, Header(alias="webhook-timestamp", description="Unix seconds")],
        webhook_signature: Annotated[
            str, Header(alias="webhook-signature", description="`v1,<base64>`, space-separated")
        ],
    ) -> Response:
        return Response(status_code=204)  # documentation only: the portal sends this, it never receives it
