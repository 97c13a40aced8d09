"""What the customer is told about the changes it asked for after confirmation (pure builders, like
`domain/booking/notices.py`)."""

from __future__ import annotations

from typing import Any

from domain.booking.notices import _ref as _booking
from domain.booking.rate_request import RateRequest
from domain.notifications.policy import Notice, notices


@notices.register(RateRequest.AmendmentRequoted)  # type: ignore[attr-defined]
def amendment_requoted(event: Any) -> Notice:
    until = event.valid_until.strftime("%Y-%m-%d %H:%M UTC")
    return Notice(
        event.customer_id,
        "New price for your amendment",
        f"Your amendment of booking {_booking(event)} needs a new price of {event.price} USD per container,"
        f" valid until {until}; accept it for the change to take effect.",
    )


@notices.register(RateRequest.AmendmentApproved)  # type: ignore[attr-defined]
def amendment_approved(event: Any) -> Notice:
    return Notice(
        event.customer_id,
        "Amendment approved",
        f"Your booking {_booking(event)} now carries the amended details.",
    )


@notices.register(RateRequest.AmendmentDeclined)  # type: ignore[attr-defined]
def amendment_declined(event: Any) -> Notice:
    return Notice(
        event.customer_id,
        "Amendment declined",
        f"Your amendment of booking {_booking(event)} was declined; the booking stands as it was:"
        f" {event.message}",
    )


@notices.register(RateRequest.CancellationConfirmed)  # type: ignore[attr-defined]
def cancellation_confirmed(event: Any) -> Notice:
    return Notice(
        event.customer_id, "Booking cancelled", f"Your booking {_booking(event)} is cancelled, as you asked."
    )


@notices.register(RateRequest.CancellationDeclined)  # type: ignore[attr-defined]
def cancellation_declined(event: Any) -> Notice:
    return Notice(
        event.customer_id,
        "Cancellation declined",
        f"Your request to cancel booking {_booking(event)} was declined; the booking stands: {event.message}",
    )
