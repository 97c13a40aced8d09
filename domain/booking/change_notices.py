"""What the customer is told about the changes it asked for after confirmation (builders like
`domain/booking/notices.py`: each cites the booking reference and opens the booking)."""

from __future__ import annotations

from typing import Any

from domain.booking.notices import customer_notice, staff_notice
from domain.booking.rate_request import RateRequest
from domain.notifications.policy import Notice, NoticeContext, notices


@notices.register(RateRequest.AmendmentRequoted)  # type: ignore[attr-defined]
def amendment_requoted(event: Any, context: NoticeContext) -> Notice:
    until = event.valid_until.strftime("%Y-%m-%d %H:%M UTC")
    return customer_notice(
        event,
        context,
        "New price for your amendment",
        f"Your amendment of booking {{ref}} needs a new price of {event.price} USD per container,"
        f" valid until {until}; accept it for the change to take effect.",
    )


@notices.register(RateRequest.AmendmentApproved)  # type: ignore[attr-defined]
def amendment_approved(event: Any, context: NoticeContext) -> Notice:
    return customer_notice(
        event, context, "Amendment approved", "Your booking {ref} now carries the amended details."
    )


@notices.register(RateRequest.AmendmentDeclined)  # type: ignore[attr-defined]
def amendment_declined(event: Any, context: NoticeContext) -> Notice:
    return customer_notice(
        event,
        context,
        "Amendment declined",
        "Your amendment of booking {ref} was declined; the booking stands as it was: " + event.message,
    )


@notices.register(RateRequest.CancellationConfirmed)  # type: ignore[attr-defined]
def cancellation_confirmed(event: Any, context: NoticeContext) -> Notice:
    return customer_notice(
        event, context, "Booking cancelled", "Your booking {ref} is cancelled, as you asked."
    )


@notices.register(RateRequest.CancellationDeclined)  # type: ignore[attr-defined]
def cancellation_declined(event: Any, context: NoticeContext) -> Notice:
    return customer_notice(
        event,
        context,
        "Cancellation declined",
        "Your request to cancel booking {ref} was declined; the booking stands: " + event.message,
    )


# -- new work for the staff ------------------------------------------------------------------------------
@notices.register(RateRequest.AmendmentRequested)  # type: ignore[attr-defined]
def amendment_requested(event: Any, context: NoticeContext) -> Notice:
    return staff_notice(event, context, "Amendment requested", "Booking {ref}: an amendment to decide.")


@notices.register(RateRequest.CancellationRequested)  # type: ignore[attr-defined]
def cancellation_requested(event: Any, context: NoticeContext) -> Notice:
    return staff_notice(
        event, context, "Cancellation requested", "Booking {ref}: the customer asks to cancel it."
    )
