"""/audit/api/v1: the event log and aggregates' past states, for admins and auditors."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from api.schemas.tracking import TrackingProgress


class EventActor(BaseModel):
    id: str | None
    role: str | None


class LoggedEvent(BaseModel):
    position: int
    aggregateId: str
    aggregateKind: str
    version: int
    type: str
    recordedAt: str
    actor: EventActor
    # The actor's display name (profile name or username; a visitor's sign-up name), or "System".
    actorName: str
    reason: str | None
    changes: dict[str, Any]


class RelatedEvents(BaseModel):
    aggregateId: str
    aggregateKind: str
    events: list[LoggedEvent]


class AggregateEvents(BaseModel):
    aggregateId: str
    aggregateKind: str
    events: list[LoggedEvent]
    # The aggregates that belong to this one (a rate request's shipping order), each with its events.
    related: list[RelatedEvents]


class EventPage(BaseModel):
    list: list[LoggedEvent]
    next: int
    head: int


class AggregateState(BaseModel):
    aggregateId: str
    aggregateKind: str
    version: int
    state: dict[str, Any]
    # A booking's tracking position at that point (issue 29): null for other aggregates and before any
    # tracking event had reached the booking.
    tracking: TrackingProgress | None = None
