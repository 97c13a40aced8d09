"""/audit/api/v1: the history of every decision, for admins and auditors (read only)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Annotated, Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from api.edge.deps import AuditReader, ServicesDep
from api.edge.envelope import success
from api.edge.security import Principal
from api.openapi import operation_ids
from api.presenters import audit_trail
from api.presenters.audit import logged_event
from api.presenters.tracking import progress_as_of
from api.schemas.audit import (
    AggregateEvents,
    AggregateState,
    AuditOverview,
    BookingSearch,
    BookingTrail,
    EventPage,
)
from api.schemas.envelope import Envelope
from api.schemas.wire_types import Instant
from domain.booking.rate_request import RateRequest
from domain.booking.shipping_order import shipping_order_id
from domain.shared.errors import NotFound, ValidationFailed
from domain.shared.languages import DEFAULT, from_accept_language
from domain.shared.messages import message
from projections import booking_trail, event_log, people_search
from projections.accounts import language_of
from projections.history import aggregate_state, utc_text
from projections.profiles import profile_language

router = APIRouter(prefix="/audit/api/v1", tags=["audit"], generate_unique_id_function=operation_ids("audit"))

MAX_PAGE = 500


def _reader_language(tx: Any, principal: Principal, request: Request) -> str:
    """The trail's words in the reader's language: their choice, else their profile's, else the
    request's Accept-Language, else English (the order `/auth/api/v1/me` and the e-mails use)."""
    chosen = language_of(tx, principal.account_id) or profile_language(tx, principal.account_id)
    return chosen or from_accept_language(request.headers.get("accept-language")) or DEFAULT


def _aggregate_uuid(aggregate_id: str) -> UUID:
    try:
        return UUID(aggregate_id)
    except ValueError as error:
        raise NotFound("No such aggregate") from error


@router.get("/aggregates/{aggregate_id}/events", response_model=Envelope[AggregateEvents])
def aggregate_events(
    aggregate_id: str, principal: AuditReader, request: Request, services: ServicesDep
) -> Response:
    uuid = _aggregate_uuid(aggregate_id)
    with services.read_models.read() as tx:
        events = event_log.aggregate_events(tx, str(uuid))
        if not events:
            raise NotFound("No such aggregate")
        kind = events[0].aggregate_kind
        # A booking's trail shows its shipping order's events too (the order is part of the booking).
        order_id = str(shipping_order_id(uuid)) if kind == "rate_request" else None
        order_events = event_log.aggregate_events(tx, order_id) if order_id else []
        names = booking_trail.reference_names(tx, [*events, *order_events])
        language = _reader_language(tx, principal, request)
    value_names, field_labels = audit_trail.value_words([*events, *order_events], names, language)
    related = [
        {
            "aggregateId": order_id,
            "aggregateKind": "shipping_order",
            "events": [logged_event(e) for e in order_events],
        }
    ]
    return success(
        {
            "aggregateId": aggregate_id,
            "aggregateKind": kind,
            "events": [logged_event(e) for e in events],
            "related": related if order_events else [],
            "valueNames": value_names,
            "fieldLabels": field_labels,
        }
    )


@router.get("/events", response_model=Envelope[EventPage])
def events(
    _: AuditReader,
    services: ServicesDep,
    after: Annotated[int, Query(ge=0)] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = 100,
    kind: str | None = None,
    actor: str | None = None,
    person: Annotated[str | None, Query(max_length=100)] = None,
    since: Annotated[Instant | None, Query(alias="from")] = None,
    until: Annotated[Instant | None, Query(alias="to")] = None,
) -> Response:
    """`actor` is an account id; `person` a name (or username) to match word by word from their first letters,
    as `GET /bookings` does."""
    with services.read_models.read() as tx:
        people = people_search.people_named(tx, person) if person and person.strip() else None
        rows = event_log.global_log(
            tx,
            after,
            limit,
            kind=kind or None,
            actor=actor or None,
            since=utc_text(since) if since else None,
            until=utc_text(until) if until else None,
            actors=people,
        )
    return success(
        {
            "list": [logged_event(e) for e in rows],
            "next": rows[-1].position if rows else after,
            "head": services.store.head(),
        }
    )


@router.get("/aggregates/{aggregate_id}/state", response_model=Envelope[AggregateState])
def state_as_of(
    aggregate_id: str,
    _: AuditReader,
    services: ServicesDep,
    position: Annotated[int | None, Query(ge=1)] = None,
    at: Instant | None = None,
) -> Response:
    """The aggregate as it was at a position or a moment, rebuilt from its events (never stored)."""
    if position is None and at is None:
        raise ValidationFailed({"position": message("audit.position.required")})
    uuid = _aggregate_uuid(aggregate_id)
    with services.read_models.read() as tx:
        version = event_log.version_at(tx, str(uuid), position, utc_text(at) if at else None)
    if version is None:
        raise NotFound("The aggregate did not exist yet at that point")
    try:
        aggregate: Any = services.accounts.repository.get(uuid, version=version)
    except AggregateNotFoundError as error:
        raise NotFound("No such aggregate") from error
    tracking = None
    if isinstance(aggregate, RateRequest):
        moment = utc_text(at) if at else None
        tracking = progress_as_of(services, aggregate_id, position, moment)
    return success(
        {
            "aggregateId": aggregate_id,
            "aggregateKind": type(aggregate).__name__,
            "version": version,
            "state": aggregate_state(aggregate),
            "tracking": tracking,
        }
    )


MAX_FOUND = 50
# The overview's window and how many of staff's latest decisions it lists.
OVERVIEW_DAYS = 30
OVERVIEW_LATEST = 10


@router.get("/overview", response_model=Envelope[AuditOverview])
def audit_overview(principal: AuditReader, request: Request, services: ServicesDep) -> Response:
    """Staff's decisions of the last 30 days counted by kind, and the ten latest, each with its booking."""
    since = utc_text(datetime.now(UTC) - timedelta(days=OVERVIEW_DAYS))
    with services.read_models.read() as tx:
        counts = event_log.staff_decision_counts(tx, since)
        latest = event_log.latest_staff_decisions(tx, OVERVIEW_LATEST)
        language = _reader_language(tx, principal, request)
    return success(audit_trail.overview(OVERVIEW_DAYS, counts, latest, language))


@router.get("/bookings", response_model=Envelope[BookingSearch])
def find_bookings(
    principal: AuditReader,
    request: Request,
    services: ServicesDep,
    q: Annotated[str, Query(min_length=1, max_length=100)],
    limit: Annotated[int, Query(ge=1, le=MAX_FOUND)] = 20,
) -> Response:
    """Bookings by their reference (`FB-2026-000123`, or its beginning) or by the name of a person who took
    part (the customer, the staff who acted), newest activity first; `more`: more than `limit` match (a
    longer reference or name narrows them)."""
    with services.read_models.read() as tx:
        # One more than asked for tells whether the list is cut (decision 3906).
        found, matched = booking_trail.search(tx, q, limit + 1)
        more = len(found) > limit
        found = found[:limit]
        names = booking_trail.people(tx, [a for ids in matched.values() for a in ids])
        language = _reader_language(tx, principal, request)
    rows = [
        audit_trail.summary(
            b, sorted({names[a] for a in matched.get(b.booking_id, []) if a in names}), language
        )
        for b in found
    ]
    return success({"query": q, "list": rows, "more": more})


@router.get("/bookings/{reference}/trail", response_model=Envelope[BookingTrail])
def booking_history(
    reference: str, principal: AuditReader, request: Request, services: ServicesDep
) -> Response:
    """One booking's whole history in words, by its reference (or the rate request's id)."""
    with services.read_models.read() as tx:
        booking = booking_trail.booking_by_reference(tx, reference)
        if booking is None and (uuid := _uuid_or_none(reference)) is not None:
            booking = booking_trail.booking_by_id(tx, str(uuid))
        if booking is None:
            raise NotFound("No booking has this reference")
        trail = booking_trail.booking_trail(tx, booking)
        language = _reader_language(tx, principal, request)
    return success(audit_trail.booking_trail(trail, language))


def _uuid_or_none(text: str) -> UUID | None:
    try:
        return UUID(text)
    except ValueError:
        return None
