"""What the customer is told about its bookings: one notice per staff action, expiry and completion.

The notifications policy imports this module and calls each builder with the event; builders are pure.
"""

from __future__ import annotations

from typing import Any

from domain.booking.rate_request import RateRequest
from domain.booking.shipping_order import ShippingOrder
from domain.notifications.policy import Notice, notices


def _ref(event: Any) -> str:
    return str(event.originator_id)[:8]


@notices.register(RateRequest.Quoted)  # type: ignore[attr-defined]
def price_quoted(event: Any) -> Notice:
    until = event.valid_until.strftime("%Y-%m-%d %H:%M UTC")
    return Notice(
        event.customer_id,
        "Price quoted",
        f"Your rate request {_ref(event)} has a price of {event.price} USD per container,"
        f" valid until {until}.",
    )


@notices.register(RateRequest.RevisionRequested)  # type: ignore[attr-defined]
def revision_requested(event: Any) -> Notice:
    return Notice(
        event.customer_id,
        "Revision requested",
        f"Please revise your rate request {_ref(event)}: {event.message}",
    )


@notices.register(RateRequest.Rejected)  # type: ignore[attr-defined]
def rejected(event: Any) -> Notice:
    return Notice(
        event.customer_id,
        "Rate request rejected",
        f"Your rate request {_ref(event)} was rejected: {event.message}",
    )


@notices.register(RateRequest.QuoteExpired)  # type: ignore[attr-defined]
def price_expired(event: Any) -> Notice:
    return Notice(
        event.customer_id,
        "Price expired",
        f"The price of your rate request {_ref(event)} expired before it was accepted.",
    )


@notices.register(RateRequest.BookingConfirmed)  # type: ignore[attr-defined]
def booking_confirmed(event: Any) -> Notice:
    return Notice(
        event.customer_id,
        "Booking confirmed",
        f"Your booking {_ref(event)} is confirmed; please fill in the shipping order.",
    )


@notices.register(RateRequest.Completed)  # type: ignore[attr-defined]
def completed(event: Any) -> Notice:
    return Notice(event.customer_id, "Booking completed", f"Your booking {_ref(event)} is complete.")


@notices.register(ShippingOrder.RevisionRequested)  # type: ignore[attr-defined]
def order_revision_requested(event: Any) -> Notice:
    fields = ", ".join(sorted(event.revise))
    return Notice(
        event.customer_id,
        "Shipping order revision requested",
        f"Please revise your shipping order: {fields}.",
    )


@notices.register(ShippingOrder.Accepted)  # type: ignore[attr-defined]
def order_ready(event: Any) -> Notice:
    return Notice(
        event.customer_id,
        "Shipping order ready for approval",
        "Your shipping order was accepted; please review and approve it.",
    )
