"""Staff decide on a booking as their screen read it (decision 3908), and ask for a revision or decline only
of what it read (decision 3910)."""

from __future__ import annotations

from datetime import UTC, datetime

from domain.shared.errors import Conflict
from domain.shared.messages import message


def _changed_since(changed_at: datetime | None, seen: datetime | None) -> bool:
    """`seen`: the `updatedAt` the staff member's screen read (None: the call names none, nothing is
    compared); `changed_at`: when the customer last changed the content decided on. Staff's own steps do not
    count: the lifecycle refuses a colleague's decision first."""
    if seen is None or changed_at is None:
        return False
    return changed_at > (seen if seen.tzinfo is not None else seen.replace(tzinfo=UTC))


def check_booking_unchanged(changed_at: datetime | None, seen: datetime | None) -> None:
    """A change of the booking (its request, documents, amendment) after what staff read is refused (409),
    recording nothing, so staff never decide on content they did not see."""
    if _changed_since(changed_at, seen):
        raise Conflict(message("booking.request.changedMeanwhile"))


def check_order_unchanged(changed_at: datetime | None, seen: datetime | None) -> None:
    """The same for the shipping order staff accept, return for revision or decline."""
    if _changed_since(changed_at, seen):
        raise Conflict(message("booking.order.changedMeanwhile"))
