"""/integrations/api/v1/admin: staff issue and revoke publisher keys, and see (and assign) the tracking
events that matched no booking. Portal calls: the envelope, staff only."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Query

from api.bootstrap import Services
from api.edge.deps import AdminUser, CommandDep, ServicesDep, read_answer
from api.edge.envelope import success
from api.openapi import operation_ids
from api.presenters.audit_trail import milestone_words
from api.presenters.keys import wire_row, wire_rows
from api.schemas.envelope import Envelope, Listed
from api.schemas.tracking import (
    AssignBody,
    Done,
    IssuedPublisherKey,
    NotGatedIn,
    PublisherKey,
    PublisherKeyBody,
    SlippedArrival,
    TrackingExceptions,
    UnmatchedEvent,
)
from domain.shared.errors import ValidationFailed
from projections import tracking as read
from projections import tracking_exceptions as exceptions
from projections.tracking_match import booking_by_reference

router = APIRouter(
    prefix="/integrations/api/v1/admin",
    tags=["tracking-admin"],
    generate_unique_id_function=operation_ids("tracking_admin"),
)


def _keys(services: Services) -> dict[str, Any]:
    with services.read_models.read() as tx:
        rows = wire_rows(PublisherKey, read.publisher_keys(tx))
    return {"list": rows, "totalCount": len(rows)}


def _unmatched(services: Services, limit: int, page: int) -> dict[str, Any]:
    with services.read_models.read() as tx:
        found = read.unmatched(tx, limit, page)
        rows = wire_rows(
            UnmatchedEvent,
            [
                {**r, "description": milestone_words(r["event_type"], r["event_subtype"], r["classifier"])}
                for r in found
            ],
        )
        return {"list": rows, "totalCount": exceptions.unmatched_count(tx)}


def _exceptions(services: Services) -> dict[str, Any]:
    with services.read_models.read() as tx:
        found = {
            "not_gated_in": wire_rows(NotGatedIn, exceptions.containers_not_gated_in(tx, datetime.now(UTC))),
            "slipped_arrivals": wire_rows(SlippedArrival, exceptions.slipped_arrivals(tx)),
            "unmatched_events": exceptions.unmatched_count(tx),
        }
    return wire_row(TrackingExceptions, found)


@router.get("/publisher-keys", response_model=Envelope[Listed[PublisherKey]])
async def list_publisher_keys(principal: AdminUser, services: ServicesDep) -> Any:
    return await read_answer(_keys, services)


@router.post("/publisher-keys", status_code=201, response_model=Envelope[IssuedPublisherKey])
def create_publisher_key(
    body: PublisherKeyBody, principal: AdminUser, services: ServicesDep, command: CommandDep
) -> Any:
    """A key for a terminal, depot or the carrier's operations to publish tracking events with (and nothing
    else). The clear key is answered this once."""

    def issue() -> tuple[tuple[Any, str], int]:
        key_id, key, position = services.tracking.issue_publisher_key(body.label, principal.actor)
        return (key_id, key), position

    key_id, key = command.returning(issue)
    listed = next(k for k in _keys(services)["list"] if k["id"] == str(key_id))
    return success({**listed, "key": key}, status_code=201)


@router.delete("/publisher-keys/{id}", response_model=Envelope[Done])
def revoke_publisher_key(id: str, principal: AdminUser, services: ServicesDep, command: CommandDep) -> Any:
    """Revoked keys fail from the moment this is answered."""
    command(services.tracking.revoke_publisher_key, id, principal.actor)
    return success({"id": id, "done": True})


@router.get("/tracking-events/unmatched", response_model=Envelope[Listed[UnmatchedEvent]])
async def list_unmatched_events(
    principal: AdminUser,
    services: ServicesDep,
    limit: int = Query(50, ge=1, le=200),
    offset: int = Query(1, ge=1, description="The page, numbered from 1"),
) -> Any:
    """Tracking events that named no booking this portal knows (kept, newest first), to assign; a page of
    them and how many there are."""
    return await read_answer(_unmatched, services, limit, offset)


@router.get("/tracking-exceptions", response_model=Envelope[TrackingExceptions])
async def tracking_exceptions(principal: AdminUser, services: ServicesDep) -> Any:
    """What staff must look at: containers not gated in a day before the cargo cut-off, vessels whose
    arrival slipped by more than 24 h, and how many events matched no booking."""
    return await read_answer(_exceptions, services)


@router.put("/tracking-events/{id}/booking", response_model=Envelope[Done])
def assign_event(
    id: str, body: AssignBody, principal: AdminUser, services: ServicesDep, command: CommandDep
) -> Any:
    with services.read_models.read() as tx:
        found = booking_by_reference(tx, body.booking_reference)
    if found is None:
        raise ValidationFailed({"bookingReference": f"No booking {body.booking_reference}"})
    command(services.tracking.assign, id, found, principal.actor)
    return success({"id": id, "done": True})
