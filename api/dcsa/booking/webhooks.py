"""The booking notification as the OpenAPI document's `webhooks` section: what a subscription's callback
receives (the body, the Standard Webhooks headers), so a generator or an integrator reads it from the
document rather than from prose."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, FastAPI, Header, Response
from pydantic.json_schema import SkipJsonSchema

from api.dcsa.booking.models import BookingNotification, BookingNotificationData
from api.dcsa.tracking.models import PostEventsRequest
from domain.integrations.notification_types import NOTIFICATION_TYPES


class WebhookBookingNotificationData(BookingNotificationData):
    """The standard's lightweight notification data, as the portal sends it: its fields are the generated
    model's (from the vendored standard), without the copies of the booking (the callback GETs it)."""

    booking: SkipJsonSchema[None] = None
    amendedBooking: SkipJsonSchema[None] = None


class WebhookBookingNotification(BookingNotification):
    """A CloudEvents 1.0 envelope of type `org.dcsa.booking.v2` (DCSA Booking 2.0.5's BookingNotification).

    A class of its own (as its data) so that documenting the callback as a request body does not pull the
    standard's `Booking`, which the /v2 answers use, into input and output variants."""

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


_Receiver = Callable[..., Response]


def _signed(
    webhook_id: Annotated[
        str, Header(alias="webhook-id", description="The delivery's id, the same on every attempt and resend")
    ],
    webhook_timestamp: Annotated[str, Header(alias="webhook-timestamp", description="Unix seconds")],
    webhook_signature: Annotated[
        str, Header(alias="webhook-signature", description="`v1,<base64>`, space-separated")
    ],
) -> None:
    """The Standard Webhooks headers every callback carries (documentation only)."""


def _callback(
    app: FastAPI, name: str, operation_id: str, summary: str, description: str, status_code: int
) -> Callable[[_Receiver], _Receiver]:
    """Declare what the portal posts to a subscriber's callback: documentation only, the portal sends it and
    never receives it."""
    return app.webhooks.post(
        name,
        summary=summary,
        description=description,
        status_code=status_code,
        tags=["integrations"],
        operation_id=operation_id,
        responses={status_code: {"description": "Received (any 2xx)"}},
        dependencies=[Depends(_signed)],
    )


def declare(app: FastAPI) -> None:
    tracking = "Tracking events (TNT 3.0 consumer format)"

    @_callback(app, "tracking-events", "trackingEvents", tracking, _TRACKING_DESCRIPTION, 200)
    def tracking_events(body: PostEventsRequest) -> Response:
        return Response(status_code=200)

    @_callback(app, "booking-notification", "bookingNotification", "A booking changed", _DESCRIPTION, 204)
    def booking_notification(body: WebhookBookingNotification) -> Response:
        return Response(status_code=204)
