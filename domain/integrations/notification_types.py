"""The kinds of booking notification a webhook subscription may choose to hear (its event-type filter).

One per step of a booking that changes what the standard's `GET /v2/bookings/{ref}` shows; the webhook
policy (policies/webhooks/policy.py) names the step of each event, and a test checks the two agree.
"""

from __future__ import annotations

NOTIFICATION_TYPES = (
    "booking.received",
    "booking.reference_assigned",
    "booking.updated",
    "booking.quoted",
    "booking.price_accepted",
    "booking.price_declined",
    "booking.withdrawn",
    "booking.documents_submitted",
    "booking.revision_requested",
    "booking.rejected",
    "booking.confirmed",
    "booking.quote_expired",
    "booking.completed",
    "booking.sailing_chosen",
    "booking.sailing_rescheduled",
    "amendment.asked",
    "amendment.received",
    "amendment.requoted",
    "amendment.confirmed",
    "amendment.declined",
    "amendment.cancelled",
    "cancellation.received",
    "cancellation.confirmed",
    "cancellation.declined",
    "cancellation.withdrawn",
    # A DCSA Track & Trace 3.0 event of one of the customer's bookings, published, revised or retracted
    # (issue 29; CloudEvents type org.dcsa.tnt.v3, the standard's Event as data).
    "tracking.event",
)
