"""What to do next: the customer's overview and the staff work queue."""

from __future__ import annotations

from typing import Literal

from api.schemas.booking import RateRequestRow
from api.schemas.wire_model import WireModel


class StateCount(WireModel):
    state: int
    # The lifecycle file's state: `requested` and `quoted` share code 0, each with a badge of its own.
    state_name: str
    name: str
    count: int


class WaitingRow(RateRequestRow):
    updated_at: str


class CustomerOverview(WireModel):
    counts: list[StateCount]
    # The customer's bookings waiting for them, most recently changed first (at most 10).
    waiting: list[WaitingRow]
    # How many of the customer's bookings wait for them in all (`waiting` shows the latest 10 of them).
    waiting_count: int
    # The customer's bookings on their way (with tracking events, not ended: decision 3831; `progress` says
    # where), the latest moved first (at most 10).
    underway: list[WaitingRow]


class QueueCargo(WireModel):
    """What a booking carries, in parts (the reference rows by their English names), for a screen that says it
    in its reader's language."""

    quantity: int
    container_size: str | None
    container_type: str | None
    commodity: str


class QueueItem(WireModel):
    id: str
    reference: str | None
    title: str
    since: str
    who: str  # whose it is: the customer's or company's name (the title's first part)
    about: str | None  # what it is about: the cargo, or the reason of a change (the title's rest)
    cargo: QueueCargo | None = None  # `about`'s parts, when it is a booking's cargo
    # A sign-up's or a profile edit's type of account (1 individual, 2 domestic, 3 foreign company): its
    # review page; null for a booking's item.
    account_type: int | None = None


class WorkQueue(WireModel):
    kind: Literal[
        "registrations",
        "editRequests",
        "rateRequestsToQuote",
        "bookingRequestsToConfirm",
        "ordersToReview",
        "amendmentRequests",
        "cancellationRequests",
    ]
    count: int
    oldest_at: str | None
    # The oldest first, at most 10.
    items: list[QueueItem]


class WorkQueues(WireModel):
    queues: list[WorkQueue]
