"""Who is told what about bookings: the customer after each staff action, expiry and completion; the staff
when there is new work (a rate request, a booking request, a shipping order submitted or edited).

The notifications policy imports this module and calls each builder with the event and a `NoticeContext`
(to read the booking reference, which a rate request's later events do not repeat). Every notice cites the
booking reference and opens its rate request.
"""

from __future__ import annotations

from typing import Any

from domain.booking.rate_request import RateRequest
from domain.booking.shipping_order import ShippingOrder
from domain.notifications.policy import STAFF, Notice, NoticeContext, Subject, notices


def _booking(event: Any, context: NoticeContext) -> Subject:
    """The rate request an event is about (itself, or the one a shipping order belongs to)."""
    found = context.aggregate(event.originator_id)
    rate_request_id = getattr(found, "rate_request_id", None) or getattr(event, "rate_request_id", None)
    if rate_request_id is not None:
        found = context.aggregate(rate_request_id)
    else:
        rate_request_id = str(event.originator_id)
    reference = getattr(event, "reference", None) or getattr(found, "reference", None)
    return Subject("rate_request", str(rate_request_id), reference)


def _named(subject: Subject) -> str:
    return subject.reference or subject.id[:8]


def customer_notice(event: Any, context: NoticeContext, title: str, message: str) -> Notice:
    """A notice to the booking's customer; `{ref}` in the message becomes the booking reference."""
    subject = _booking(event, context)
    return Notice(event.customer_id, title, message.replace("{ref}", _named(subject)), subject)


@notices.register(RateRequest.Quoted)  # type: ignore[attr-defined]
def price_quoted(event: Any, context: NoticeContext) -> Notice:
    until = event.valid_until.strftime("%Y-%m-%d %H:%M UTC")
    return customer_notice(
        event,
        context,
        "Price quoted",
        f"Your booking {{ref}} has a price of {event.price} USD per container, valid until {until}.",
    )


@notices.register(RateRequest.RevisionRequested)  # type: ignore[attr-defined]
def revision_requested(event: Any, context: NoticeContext) -> Notice:
    return customer_notice(
        event, context, "Revision requested", "Please revise your booking {ref}: " + event.message
    )


@notices.register(RateRequest.Rejected)  # type: ignore[attr-defined]
def rejected(event: Any, context: NoticeContext) -> Notice:
    return customer_notice(
        event, context, "Rate request rejected", "Your booking {ref} was rejected: " + event.message
    )


@notices.register(RateRequest.QuoteExpired)  # type: ignore[attr-defined]
def price_expired(event: Any, context: NoticeContext) -> Notice:
    return customer_notice(
        event, context, "Price expired", "The price of your booking {ref} expired before it was accepted."
    )


@notices.register(RateRequest.BookingConfirmed)  # type: ignore[attr-defined]
def booking_confirmed(event: Any, context: NoticeContext) -> Notice:
    return customer_notice(
        event,
        context,
        "Booking confirmed",
        "Your booking {ref} is confirmed; please fill in the shipping order.",
    )


@notices.register(RateRequest.Completed)  # type: ignore[attr-defined]
def completed(event: Any, context: NoticeContext) -> Notice:
    return customer_notice(event, context, "Booking completed", "Your booking {ref} is complete.")


@notices.register(ShippingOrder.RevisionRequested)  # type: ignore[attr-defined]
def order_revision_requested(event: Any, context: NoticeContext) -> Notice:
    fields = ", ".join(sorted(event.revise))
    return customer_notice(
        event,
        context,
        "Shipping order revision requested",
        f"Please revise the shipping order of your booking {{ref}}: {fields}.",
    )


@notices.register(ShippingOrder.Accepted)  # type: ignore[attr-defined]
def order_ready(event: Any, context: NoticeContext) -> Notice:
    return customer_notice(
        event,
        context,
        "Shipping order ready for approval",
        "The shipping order of your booking {ref} was accepted; please review and approve it.",
    )


# -- new work for the staff ------------------------------------------------------------------------------
def staff_notice(event: Any, context: NoticeContext, title: str, message: str) -> Notice:
    subject = _booking(event, context)
    return Notice(STAFF, title, message.replace("{ref}", _named(subject)), subject)


@notices.register(RateRequest.Created)
def rate_request_created(event: Any, context: NoticeContext) -> Notice:
    return staff_notice(
        event,
        context,
        "New rate request",
        f"Rate request {{ref}}: {event.details.get('quantity')} containers of"
        f" {event.details.get('commodity')} to quote.",
    )


@notices.register(RateRequest.BookingRequestSubmitted)  # type: ignore[attr-defined]
def booking_requested(event: Any, context: NoticeContext) -> Notice:
    return staff_notice(
        event, context, "Booking request", "Booking {ref}: the signed documents are in; confirm the booking."
    )


@notices.register(ShippingOrder.Created)
def order_submitted(event: Any, context: NoticeContext) -> Notice:
    return staff_notice(
        event, context, "Shipping order submitted", "Booking {ref}: a shipping order to review."
    )


@notices.register(ShippingOrder.Edited)  # type: ignore[attr-defined]
def order_edited(event: Any, context: NoticeContext) -> Notice:
    return staff_notice(
        event, context, "Shipping order edited", "Booking {ref}: the revised shipping order to review."
    )
