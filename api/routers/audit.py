"""/audit/api/v1: the history of every decision, for admins and auditors (read only)."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from fastapi import APIRouter, Query
from fastapi.responses import Response

from api.deps import AuditReader, ServicesDep
from api.envelope import success
from api.openapi import operation_ids
from api.presenters.tracking import progress_as_of
from api.schemas.audit import AggregateEvents, AggregateState, EventPage
from api.schemas.envelope import Envelope
from api.schemas.wire_types import Instant
from domain.booking.rate_request import RateRequest
from domain.booking.shipping_order import shipping_order_id
from domain.shared.errors import NotFound, ValidationFailed
from domain.shared.messages import message
from projections import event_log
from projections.history import aggregate_state, utc_text

router = APIRouter(prefix="/audit/api/v1", tags=["audit"], generate_unique_id_function=operation_ids("audit"))

MAX_PAGE = 500


def _aggregate_uuid(aggregate_id: str) -> UUID:
    try:
        return UUID(aggregate_id)
    except ValueError as error:
        raise NotFound("No such aggregate") from error


@router.get("/aggregates/{aggregate_id}/events", response_model=Envelope[AggregateEvents])
def aggregate_events(aggregate_id: str, _: AuditReader, services: ServicesDep) -> Response:
    uuid = _aggregate_uuid(aggregate_id)
    with services.read_models.read() as tx:
        events = event_log.aggregate_events(tx, str(uuid))
        if not events:
            raise NotFound("No such aggregate")
        kind = events[0]["aggregateKind"]
        # A booking's trail shows its shipping order's events too (the order is part of the booking).
        order_id = str(shipping_order_id(uuid)) if kind == "rate_request" else None
        order_events = event_log.aggregate_events(tx, order_id) if order_id else []
    related = [{"aggregateId": order_id, "aggregateKind": "shipping_order", "events": order_events}]
    return success(
        {
            "aggregateId": aggregate_id,
            "aggregateKind": kind,
            "events": events,
            "related": related if order_events else [],
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
    since: Annotated[Instant | None, Query(alias="from")] = None,
    until: Annotated[Instant | None, Query(alias="to")] = None,
) -> Response:
    with services.read_models.read() as tx:
        rows = event_log.global_log(
            tx,
            after,
            limit,
            kind=kind or None,
            actor=actor or None,
            since=utc_text(since) if since else None,
            until=utc_text(until) if until else None,
        )
    return success(
        {"list": rows, "next": rows[-1]["position"] if rows else after, "head": services.store.head()}
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
