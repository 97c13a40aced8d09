"""/audit/api/v1: the event log and aggregates' past states, for admins and auditors."""

from __future__ import annotations

from typing import Any

from api.schemas.tracking import TrackingProgress
from api.schemas.wire_model import WireModel


class EventActor(WireModel):
    id: str | None
    role: str | None


class LoggedEvent(WireModel):
    position: int
    aggregate_id: str
    aggregate_kind: str
    version: int
    type: str
    recorded_at: str
    actor: EventActor
    # The actor's display name (profile name or username; a visitor's sign-up name; a colleague's own name),
    # or "System".
    actor_name: str
    # When a company's colleague acted: his role in the company's team (`owner`, `booker`, `viewer`: said in
    # the reader's words by the screens) and the company he acted for, by its name as it is now.
    actor_team_role: str | None = None
    actor_company: str | None = None
    reason: str | None
    changes: dict[str, Any]
    # The booking this event is part of (a rate request's, its shipping order's or a tracking milestone's),
    # by reference: its whole trail is GET /bookings/{reference}/trail.
    booking_reference: str | None = None


class RelatedEvents(WireModel):
    aggregate_id: str
    aggregate_kind: str
    events: list[LoggedEvent]


class AggregateEvents(WireModel):
    aggregate_id: str
    aggregate_kind: str
    events: list[LoggedEvent]
    # The aggregates that belong to this one (a rate request's shipping order), each with its events.
    related: list[RelatedEvents]
    # The words for the ids and codes in the events' values, by field and value as text
    # (`{"pol_id": {"214": "Hamburg (DEHAM)"}, "freight_type": {"2": "Collect"}}`), as the booking's trail
    # says them.
    value_names: dict[str, dict[str, str]] = {}
    # Each field of the values by its label (`{"pol_id": "Port of loading"}`), as the booking's trail
    # names it.
    field_labels: dict[str, str] = {}


class EventPage(WireModel):
    list: list[LoggedEvent]
    next: int
    head: int


class AggregateState(WireModel):
    aggregate_id: str
    aggregate_kind: str
    version: int
    state: dict[str, Any]
    # A booking's tracking position at that point: null for other aggregates and before any
    # tracking event had reached the booking.
    tracking: TrackingProgress | None = None


class TrailValue(WireModel):
    """One value an event set, named by its label and said in words (ids resolved to names)."""

    label: str
    value: str


class TrailEntry(WireModel):
    position: int
    # The stored instant (ISO 8601, UTC) and the same in the screens' one format: `2026/12/01 14:05 UTC`.
    recorded_at: str
    when: str
    # Who acted (a person's or company's name, a staff member's name or username, or "System") and as what.
    who: str
    role: str
    # Which part of the booking the event is about: "Booking", "Shipping order" or "Tracking".
    part: str
    what: str
    reason: str | None
    values: list[TrailValue]


class BookingFound(WireModel):
    booking_id: str
    reference: str | None
    customer_name: str
    state: str
    created_at: str
    updated_at: str
    # The people the search named who took part in this booking (empty for a search by reference).
    matched_people: list[str]


class BookingSearch(WireModel):
    query: str
    list: list[BookingFound]
    # More bookings match than the list holds (its `limit`): a longer reference or name narrows them.
    more: bool


class BookingTrail(BookingFound):
    """One booking's whole history: the rate request with its amendments and cancellation requests, the
    shipping order and the tracking milestones matched to it, oldest first."""

    entries: list[TrailEntry]


class DecisionCount(WireModel):
    what: str  # "Price quoted"
    count: int


class RecentDecision(WireModel):
    position: int
    aggregate_id: str
    aggregate_kind: str
    when: str
    who: str
    what: str
    booking_reference: str | None  # the booking whose trail tells it, if it is part of one


class AuditOverview(WireModel):
    """What an auditor opens first: staff's decisions of the last days by kind, and the latest of them."""

    days: int
    decisions: list[DecisionCount]
    latest: list[RecentDecision]
