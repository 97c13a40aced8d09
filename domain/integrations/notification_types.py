"""The kinds of booking notification a webhook subscription may choose to hear (its event-type filter).

One per step of a booking that changes what the standard's `GET /v2/bookings/{ref}` shows; the webhook
policy (policies/webhooks/steps.py) names the step of each event, and a test checks the two agree. A move
of the request's own lifecycle is heard by the kind `move_kind` gives it, so a new trigger's move is a kind
a subscription may choose by being declared: it is listed after the named booking kinds.
"""

from __future__ import annotations

import re

from domain.booking.rate_request import RateRequest, lifecycle_moves

# The moves whose kind is not their event's name (named so before the rule of `move_kind`).
_MOVES_NAMED: dict[type, str] = {
    RateRequest.Created: "booking.received",
    RateRequest.Edited: "booking.updated",
    RateRequest.PriceCancelled: "booking.price_declined",
    RateRequest.BookingRequestSubmitted: "booking.documents_submitted",
    RateRequest.BookingConfirmed: "booking.confirmed",
}


def move_kind(event_class: type) -> str:
    """The kind of a move of the request's lifecycle: `booking.put_on_hold` for `PutOnHold`."""
    named = _MOVES_NAMED.get(event_class)
    return named or "booking." + re.sub(r"(?<!^)(?=[A-Z])", "_", event_class.__name__).lower()


_BOOKING_KINDS = (
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
    # Staff named the published sailing of a booking confirmed on an estimated plan.
    "booking.sailing_named",
    # The booking's ports or shipping date changed under its sailing (decision 3821).
    "booking.sailing_replanned",
)
# Moves declared after the list above (none today): heard by their event's name.
_NEW_MOVE_KINDS = tuple(
    kind for kind in (move_kind(move) for move in lifecycle_moves()) if kind not in _BOOKING_KINDS
)

# The shipping order's events, by their class name, and the kind of notification each is heard by.
ORDER_KIND_OF = {
    "Created": "shipping_instructions.received",
    "RevisionRequested": "shipping_instructions.revision_requested",
    "Edited": "shipping_instructions.updated",
    "Updated": "shipping_instructions.updated",
    "UpdateCancelled": "shipping_instructions.update_cancelled",
    "Cancelled": "shipping_instructions.cancelled",
    "Declined": "shipping_instructions.declined",
    # Cancelled or declined instructions submitted again on the portal (decision 3824): RECEIVED again.
    "Resubmitted": "shipping_instructions.resubmitted",
    "Accepted": "transport_document.draft",
    "Approved": "transport_document.approved",
    "Issued": "transport_document.issued",
}
ORDER_KINDS = tuple(dict.fromkeys(ORDER_KIND_OF.values()))

NOTIFICATION_TYPES = (
    *_BOOKING_KINDS,
    *_NEW_MOVE_KINDS,
    "amendment.asked",
    "amendment.received",
    "amendment.requoted",
    "amendment.confirmed",
    "amendment.declined",
    "amendment.cancelled",
    "amendment.price_expired",
    "cancellation.received",
    "cancellation.confirmed",
    "cancellation.declined",
    "cancellation.withdrawn",
    # A DCSA Track & Trace 3.0 event of one of the customer's bookings, published, revised or retracted
    # (CloudEvents type org.dcsa.tnt.v3, the standard's Event as data).
    "tracking.event",
    # The shipping instructions (DCSA Bill of Lading 3.0: org.dcsa.shipping-instructions.v3) and the
    # transport document they produce (org.dcsa.transport-document.v3), one kind per step.
    *ORDER_KINDS,
)

# What a delivery carries, by the standard's CloudEvents type (its body's `type`): the kind its owner's
# delivery log names it by.
BOOKING_NOTIFICATION = "org.dcsa.booking.v2"
TRACKING_NOTIFICATION = "org.dcsa.tnt.v3"
SHIPPING_INSTRUCTIONS_NOTIFICATION = "org.dcsa.shipping-instructions.v3"
TRANSPORT_DOCUMENT_NOTIFICATION = "org.dcsa.transport-document.v3"
DELIVERY_KINDS = {
    BOOKING_NOTIFICATION: "booking",
    TRACKING_NOTIFICATION: "tracking",
    SHIPPING_INSTRUCTIONS_NOTIFICATION: "shipping_instructions",
    TRANSPORT_DOCUMENT_NOTIFICATION: "transport_document",
}
