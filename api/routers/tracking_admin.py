"""/integrations/api/v1/admin: staff issue and revoke publisher keys, and see (and assign) the tracking
events that matched no booking (issue 29). Portal calls: the envelope, staff only."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from api.deps import AdminUser, CommandDep, ServicesDep, read_answer
from api.envelope import success
from api.openapi import operation_ids
from api.schemas.envelope import Envelope, Listed
from api.schemas.tracking import (
    AssignBody,
    Done,
    IssuedPublisherKey,
    PublisherKey,
    PublisherKeyBody,
    UnmatchedEvent,
)
from domain.shared.errors import ValidationFailed
from projections import tracking as read
from projections.tracking_match import booking_by_reference

router = APIRouter(
    prefix="/integrations/api/v1/admin",
    tags=["tracking-admin"],
    generate_unique_id_function=operation_ids("tracking_admin"),
)


def _keys(services: Any) -> dict[str, Any]:
    with services.read_models.read() as tx:
        rows = read.publisher_keys(tx)
    return {"list": rows, "totalCount": len(rows)}


def _unmatched(services: Any) -> dict[str, Any]:
    with services.read_models.read() as tx:
        rows = read.unmatched(tx)
    return {"list": rows, "totalCount": len(rows)}


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
async def list_unmatched_events(principal: AdminUser, services: ServicesDep) -> Any:
    """Tracking events that named no booking this portal knows (kept, newest first), to assign."""
    return await read_answer(_unmatched, services)


@router.put("/tracking-events/{id}/booking", response_model=Envelope[Done])
def assign_event(
    id: str, body: AssignBody, principal: AdminUser, services: ServicesDep, command: CommandDep
) -> Any:
    with services.read_models.read() as tx:
        found = booking_by_reference(tx, body.bookingReference)
    if found is None:
        raise ValidationFailed({"bookingReference": f"No booking {body.bookingReference}"})
    command(services.tracking.assign, id, found, principal.actor)
    return success({"id": id, "done": True})
