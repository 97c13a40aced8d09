"""What each rate-request event means to a booking's webhook notification: its kind, whether it moves the
booking and which of the standard's statuses it sets (`STEPS`), staff's reason while an amendment is pending,
and the decision a step tells (its feedbacks' facts). Every rate-request event is classified (a move of the
request's own lifecycle by default): a test fails when one is not.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, TypeGuard

from domain.booking.rate_request import RateRequest, lifecycle_moves
from domain.integrations.notification_types import move_kind
from domain.shared.aggregate import Moved, Recorded
from projections.history import utc_text


@dataclass(frozen=True)
class Step:
    """One step of a booking as notified.

    `kind`: the event type (domain/integrations/notification_types.py) a subscription may filter on;
    `moves`: the event's `state` is the booking's (amendment and cancellation-request events carry their
    own machine's state); `amended` / `cancellation`: the standard's amendedBookingStatus or
    bookingCancellationStatus the step sets (`clears_cancellation`: the property is then absent, as for
    a withdrawn request)."""

    kind: str
    moves: bool = False
    amended: str | None = None
    cancellation: str | None = None
    clears_cancellation: bool = False
    # Staff ask for an amendment (use case 6): the previous amendment's status is no longer shown.
    clears_amendment: bool = False
    # False for a step that changes nothing `GET /v2/bookings/{ref}` shows (a reminder sent to the customer).
    notified: bool = True


AMENDMENT_RECEIVED = "AMENDMENT_RECEIVED"
PENDING_AMENDMENT = "PENDING_AMENDMENT"
# An amendment decided (or withdrawn) ends staff's ask it answered: the booking is CONFIRMED again.
AMENDMENT_DECIDED = ("AMENDMENT_CONFIRMED", "AMENDMENT_DECLINED", "AMENDMENT_CANCELLED")


def _move(kind: str) -> Step:
    return Step(kind, moves=True)


# Every event of the rate request, by class: each changes what `GET /v2/bookings/{ref}` shows, so each is
# notified. A test checks that none is missing (an event added to the aggregate without a line here fails
# it, rather than going silently unnotified).
STEPS: dict[type[Recorded], Step] = {
    # The moves of the request's own lifecycle (Created, Edited, Quoted, ..., Completed), each of the kind
    # `move_kind` gives it: a new trigger's move is notified by being declared.
    **{moved: _move(move_kind(moved)) for moved in lifecycle_moves()},
    RateRequest.ReferenceAssigned: Step("booking.reference_assigned"),
    RateRequest.AmendmentAsked: Step("amendment.asked", clears_amendment=True),
    RateRequest.AmendmentRequested: Step("amendment.received", amended=AMENDMENT_RECEIVED),
    RateRequest.AmendmentRequoted: Step("amendment.requoted", amended=AMENDMENT_RECEIVED),
    RateRequest.AmendmentApproved: Step("amendment.confirmed", amended="AMENDMENT_CONFIRMED"),
    RateRequest.AmendmentDeclined: Step("amendment.declined", amended="AMENDMENT_DECLINED"),
    RateRequest.AmendmentWithdrawn: Step("amendment.cancelled", amended="AMENDMENT_CANCELLED"),
    # The carrier's new price lapsed unaccepted: the carrier's offer, so the amendment reads declined.
    RateRequest.AmendmentPriceExpired: Step("amendment.price_expired", amended="AMENDMENT_DECLINED"),
    RateRequest.CancellationRequested: Step("cancellation.received", cancellation="CANCELLATION_RECEIVED"),
    # A confirmed cancellation also moves the booking to cancelled.
    RateRequest.CancellationConfirmed: Step(
        "cancellation.confirmed", moves=True, cancellation="CANCELLATION_CONFIRMED"
    ),
    RateRequest.CancellationDeclined: Step("cancellation.declined", cancellation="CANCELLATION_DECLINED"),
    RateRequest.CancellationWithdrawn: Step("cancellation.withdrawn", clears_cancellation=True),
    # The sailing: chosen or moved by a republished schedule (old and new times as a feedback).
    RateRequest.SailingChosen: Step("booking.sailing_chosen"),
    # Replanned for the booking's new ports or date (the same voyage, a new estimate, or none).
    RateRequest.SailingReplanned: Step("booking.sailing_replanned"),
    RateRequest.SailingRescheduled: Step("booking.sailing_rescheduled"),
    RateRequest.EstimatedSailingReplaced: Step("booking.sailing_named"),
    RateRequest.CutOffReminded: Step("booking.cut_off_reminded", notified=False),
}


BOOKING_EVENTS = tuple(STEPS)


def _carries_state(event_class: type[Recorded]) -> TypeGuard[type[Moved]]:
    """Whether the class declares `state` (as `lifecycle_moves` asks of a move): its events are `Moved`."""
    if not dataclasses.is_dataclass(event_class):
        return False
    return any(declared.name == "state" for declared in dataclasses.fields(event_class))


# The events whose step moves the booking to the `state` they carry (every moving step's event carries it:
# `lifecycle_moves` picks them by it; a test checks none is left out here).
MOVES = tuple(
    event_class for event_class, step in STEPS.items() if step.moves and _carries_state(event_class)
)


def amendment_asked(event: Recorded, step: Step, previous_status: str | None) -> str | None:
    """Staff's reason while the booking is PENDING_AMENDMENT after this step (None: it is not): from the
    ask until the amendment answering it is decided; a replacing amendment carries the ask it answers."""
    if isinstance(event, RateRequest.AmendmentAsked):
        return str(event.message)
    if isinstance(event, RateRequest.AmendmentRequested):
        return event.asked
    if step.amended in AMENDMENT_DECIDED or previous_status != PENDING_AMENDMENT:
        return None
    return ""  # still pending; the reason was said when asked


def decisions(event: Recorded) -> dict[str, Any]:
    """The facts of staff's or the carrier's decision a step tells, as the DCSA door's one mapping to
    feedbacks takes them (api/dcsa/booking/feedbacks.py): a declined amendment or cancellation request
    (staff's reason), an amendment's new price, a moved sailing (before and after)."""
    if isinstance(event, RateRequest.AmendmentDeclined):
        return {"amendment_declined": event.message}
    if isinstance(event, RateRequest.CancellationDeclined):
        return {"cancellation_declined": event.message}
    if isinstance(event, RateRequest.AmendmentRequoted):
        requoted = (event.price, utc_text(event.valid_until), event.charges, event.quantity)
        return {"amendment_requoted": requoted}
    if isinstance(event, RateRequest.SailingRescheduled):
        return {"sailing_moved": (event.previous, event.sailing)}
    if isinstance(event, RateRequest.EstimatedSailingReplaced):
        return {"sailing_named": event.sailing}
    return {}
