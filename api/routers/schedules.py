"""Sailing schedules on the portal's own paths: staff publish the carrier's schedules (in the Commercial
Schedules standard's shape) and see them; customers see the sailings between two ports and choose one for a
booking; both see a booking's sailing (its transport plan and cut-offs)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Body, Path, Query, Request
from fastapi.responses import Response

from api.bootstrap import Services
from api.dcsa.schedules import models as cs
from api.edge.deps import AdminUser, CommandDep, CustomerUser, ServicesDep, off_loop, read_answer
from api.edge.envelope import success
from api.edge.identity import company_account_id
from api.edge.input_screen import BODY_NOT_JSON, screened_body
from api.edge.languages import failure_in_language
from api.edge.security import Principal
from api.openapi import operation_ids
from api.schemas.envelope import Envelope, Lookup, error_responses
from api.schemas.sailings import (
    BookingSailing,
    ChooseSailingBody,
    PublishedService,
    SailingView,
    booking_sailing,
    sailing_view,
)
from api.schemas.schedule_preview import SchedulePreview, TouchedBooking, schedule_preview
from domain.booking.schedule_changes import schedule_changes
from domain.booking.schedules import ServiceScheduleValues, utc_text
from domain.shared.errors import NotFound, ValidationFailed
from domain.shared.moments import instant_problem, parse_instant
from projections.booking import queries as read
from projections.booking import sailings as booked
from projections.booking.reference import ports_by_id
from projections.departures import booking_departure
from projections.profiles import email_of
from projections.schedules import sailings_between, service_count, service_schedules

admin = APIRouter(
    prefix="/booking/api/v1/admin", tags=["schedules"], generate_unique_id_function=operation_ids("schedules")
)
client = APIRouter(
    prefix="/booking/api/v1/client",
    tags=["schedules"],
    generate_unique_id_function=operation_ids("schedules_client"),
)


def _listed(rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {"list": {"list": rows, "totalCount": len(rows)}}


# -- staff: publish and see the schedules ------------------------------------------------------------------
_PUBLICATION_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {
                "schema": {"type": "array", "items": {"$ref": "#/components/schemas/CsServiceSchedule"}}
            }
        },
    }
}


async def _publication(request: Request) -> list[ServiceScheduleValues] | Response:
    """The body of a publication (or of its preview) as the domain's values, judged as publishing judges it:
    not JSON or refused by the standard's document is a 400 naming the JSON path of each fault, too many calls
    a 413 (answered, not raised: the caller returns it)."""
    try:
        body = json.loads(await screened_body(request) or b"null")
    except ValueError as error:
        raise ValidationFailed({"$": BODY_NOT_JSON}) from error
    too_many = cs.oversize(body)
    if too_many:
        return failure_in_language(
            request.headers, 413, "The schedule has more transport calls than a publication may", too_many
        )
    faults = cs.publication_faults(body)
    if faults:
        raise ValidationFailed(faults)
    return cs.schedule_values(body)


@admin.put(
    "/vessel-schedules",
    response_model=Envelope[list[cs.CsServiceSchedule]],
    openapi_extra=_PUBLICATION_BODY,
    # The body is read by the route itself (judged by the CS document): its faults are this 400.
    responses=error_responses(400, 413, 415),
)
async def publish_vessel_schedules(request: Request, principal: AdminUser, services: ServicesDep) -> Response:
    """Publish the carrier's schedules: a Commercial Schedules 1.0 `vessel-schedules` answer (a list of
    services). Each service named is replaced whole; a body the standard's document refuses is a 400 naming
    the JSON path of each fault, and nothing is stored. Answers the services as stored. Bookings whose
    sailing the publication moves are told (old and new times). `POST .../vessel-schedules/preview` answers
    what the same body would change, storing nothing."""
    values = await _publication(request)
    if isinstance(values, Response):
        return values
    return await off_loop(_publish, services, principal, values)


def _publish(services: Services, principal: Principal, values: list[Any]) -> Response:
    with services.read_models.read() as tx:
        on_services = booked.booked_on_services(tx, [v.service_code for v in values])

    def email(customer_id: str) -> str | None:
        with services.read_models.read() as tx:
            return email_of(tx, customer_id)

    position = services.booking.publish_schedules(principal.actor, values, on_services, email)
    if position is not None:
        services.settle(position)
    with services.read_models.read() as tx:
        stored = [
            cs.wire_service(schedule)
            for v in values
            for _, schedule in service_schedules(tx, service_code=v.service_code)
        ]
    return success(stored)


# -- staff: what a publication or a removal would change, and removing a service ---------------------------
def _preview(services: Services, proposed: dict[str, ServiceScheduleValues | None]) -> dict[str, Any]:
    """What replacing (or, for None, removing) these services would change, from the read models."""
    codes = list(proposed)
    with services.read_models.read() as tx:
        current: dict[str, ServiceScheduleValues | None] = {
            code: next((values for _, values in service_schedules(tx, service_code=code)), None)
            for code in codes
        }
        on_services = booked.booked_on_services(tx, codes)
        changes = schedule_changes(current, proposed, on_services, datetime.now(UTC))
        touched = sorted({b for c in changes.added + changes.moved + changes.removed for b in c.bookings})
        records = read.rate_request_details(tx, touched)

    def booking(rate_request_id: str) -> TouchedBooking:
        record = records.get(rate_request_id)
        return TouchedBooking(
            rate_request_id=rate_request_id,
            reference=record.row["reference"] if record else None,
            customer_name=read.customer_name(record.row) if record else "",
        )

    return schedule_preview(changes, current, proposed, booking)


@admin.post(
    "/vessel-schedules/preview",
    response_model=Envelope[SchedulePreview],
    openapi_extra=_PUBLICATION_BODY,
    responses=error_responses(400, 413, 415),
)
async def preview_vessel_schedules(request: Request, _: AdminUser, services: ServicesDep) -> Response:
    """A dry run of `PUT .../vessel-schedules` with the same body and the same judgement (the same 400 and
    413): the sailings the publication would add, move and remove, the bookings each touches, and warnings
    (times already past, bookings whose sailing it removes). Nothing is stored."""
    values = await _publication(request)
    if isinstance(values, Response):
        return values
    proposed: dict[str, ServiceScheduleValues | None] = {v.service_code: v for v in values}
    return await read_answer(_preview, services, proposed)


_SERVICE_CODE = Path(..., min_length=1, max_length=11, description="The carrier's service code")


@admin.get(
    "/vessel-schedules/{serviceCode}/removal",
    response_model=Envelope[SchedulePreview],
    responses=error_responses(404),
)
async def preview_service_removal(
    _: AdminUser, services: ServicesDep, serviceCode: str = _SERVICE_CODE
) -> Response:
    """A dry run of `DELETE .../vessel-schedules/{serviceCode}`: the sailings removing the service would
    take off and the bookings made for them (404 when it is not published). Nothing is stored."""
    return await read_answer(_removal, services, serviceCode)


def _removal(services: Services, service_code: str) -> dict[str, Any]:
    with services.read_models.read() as tx:
        if not service_schedules(tx, service_code=service_code):
            raise NotFound("No schedule is published for this service")
    return _preview(services, {service_code: None})


@admin.delete(
    "/vessel-schedules/{serviceCode}",
    response_model=Envelope[SchedulePreview],
    responses=error_responses(404),
)
def remove_service(principal: AdminUser, services: ServicesDep, serviceCode: str = _SERVICE_CODE) -> Response:
    """Take a service off the published schedules: its sailings are offered no more. The bookings made for
    them keep their sailing as recorded (staff name another); the answer is what was removed, as
    `GET .../removal` previewed it. 404 when the service is not published. Publishing it again puts it
    back."""
    removed = _removal(services, serviceCode)
    position = services.booking.withdraw_schedule(principal.actor, serviceCode)
    if position is not None:
        services.settle(position)
    return success(removed)


def _published(services: Services, limit: int, page: int) -> dict[str, Any]:
    with services.read_models.read() as tx:
        answers = service_schedules(tx, page=(limit, (page - 1) * limit))
        total = service_count(tx)
    rows = []
    for row, values in answers:
        rows.append(
            {
                "serviceCode": row["service_code"],
                "serviceName": row["service_name"],
                "publishedAt": row["published_at"],
                "publishedBy": row["published_by"],
                "publications": int(row["publications"]),
                "sailings": [sailing_view(s) for s in values.legs()],
            }
        )
    return {"list": {"list": rows, "totalCount": total}}


@admin.get("/vessel-schedules", response_model=Envelope[Lookup[PublishedService]])
async def published_schedules(
    _: AdminUser,
    services: ServicesDep,
    limit: int = Query(100, ge=1, le=100, description="At most this many services per page"),
    offset: int = Query(1, ge=1, description="The page, numbered from 1"),
) -> Response:
    """The published services, by code, a page of them (`totalCount`: how many there are), with who
    published them when and each vessel's legs with their cut-offs."""
    return await read_answer(_published, services, limit, offset)


@admin.get("/sailings", response_model=Envelope[Lookup[SailingView]])
async def staff_sailings(
    _: AdminUser,
    services: ServicesDep,
    polId: int = Query(..., ge=1, le=2**31 - 1),
    podId: int = Query(..., ge=1, le=2**31 - 1),
) -> Response:
    """The published sailings between two ports leaving from now on whose documentation cut-off is still
    ahead (staff choose one as they quote or confirm)."""
    return await read_answer(_sailings, services, polId, podId, utc_text(datetime.now(UTC)))


@admin.get("/rate-requests/{id}/sailing", response_model=Envelope[BookingSailing | None])
async def staff_booking_sailing(id: str, _: AdminUser, services: ServicesDep) -> Response:
    return await read_answer(_sailing_of, services, id, None)


@admin.put(
    "/rate-requests/{id}/sailing",
    response_model=Envelope[BookingSailing | None],
    responses=error_responses(400, 404, 409),
)
def name_sailing(
    id: str,
    principal: AdminUser,
    services: ServicesDep,
    command: CommandDep,
    body: ChooseSailingBody = Body(...),
) -> Response:
    """Staff name the booking's published sailing (vessel IMO and export voyage, or a route's
    `routingReference`; 400 naming `sailing` when none is published) until the booking is complete. A
    booking confirmed on an estimated plan has it replaced, and its customer is told (notification, e-mail,
    webhook `booking.sailing_named`)."""
    customer_id = services.booking.rate_request(id, principal.actor).customer_id
    with services.read_models.read() as tx:
        email = email_of(tx, customer_id) if customer_id else None
    command(services.booking.name_sailing, id, principal.actor, body.sailing.choice(), email)
    return success(_sailing_of(services, id, None))


# -- customers: the sailings between two ports, a booking's sailing, choosing one --------------------------
def _sailings(services: Services, pol_id: int, pod_id: int, after: str) -> dict[str, Any]:
    """The sailings leaving after `after` that are still open to booking now: none whose documentation
    cut-off has passed is offered, since choosing it would be refused (decision 3869)."""
    with services.read_models.read() as tx:
        ports = ports_by_id(tx, [pol_id, pod_id])
        if pol_id not in ports or pod_id not in ports:
            raise ValidationFailed({"polId" if pol_id not in ports else "podId": "Unknown port"})
        found = sailings_between(tx, ports[pol_id]["code"], ports[pod_id]["code"])
    now = datetime.now(UTC)
    return _listed([sailing_view(s) for s in found if s.departure > after and s.open_to_booking(now)])


@client.get("/sailings", response_model=Envelope[Lookup[SailingView]])
async def sailings(
    _: CustomerUser,
    services: ServicesDep,
    polId: int = Query(..., ge=1, le=2**31 - 1),
    podId: int = Query(..., ge=1, le=2**31 - 1),
    departureFrom: str | None = Query(
        None, max_length=30, description="ISO date or date-time; now if absent"
    ),
) -> Response:
    """The published sailings from a port of loading to a port of discharge that leave after a moment (the
    next ones first) and whose documentation cut-off is still ahead, with vessel, voyage, times, transit
    days and cut-offs."""
    after = None
    if departureFrom:
        try:
            moment = parse_instant(departureFrom)
        except ValueError as error:
            raise ValidationFailed({"departureFrom": "Not a date or date-time"}) from error
        outside = instant_problem(moment)
        if outside:
            raise ValidationFailed({"departureFrom": outside})
        after = utc_text(moment)
    return await read_answer(_sailings, services, polId, podId, after or utc_text(datetime.now(UTC)))


def _sailing_of(
    services: Services, rate_request_id: str, principal: Principal | None
) -> dict[str, Any] | None:
    with services.read_models.read() as tx:
        record = read.rate_request_detail(tx, rate_request_id)
        if record is None or (principal is not None and record.customer_id != company_account_id(principal)):
            raise NotFound("Rate request not found")
        # Its customer reads only what reached the booking before it ended (decision 3831).
        row, left = booking_departure(tx, rate_request_id, until_end=principal is not None)
    return None if row is None else booking_sailing(row, left)


@client.get("/rate-requests/{id}/sailing", response_model=Envelope[BookingSailing | None])
async def booking_sailing_of(id: str, principal: CustomerUser, services: ServicesDep) -> Response:
    """The booking's sailing (null until one is chosen): the transport plan and the cut-offs."""
    return await read_answer(_sailing_of, services, id, principal)


@client.put("/rate-requests/{id}/sailing", response_model=Envelope[BookingSailing | None])
def choose_sailing(
    id: str,
    principal: CustomerUser,
    services: ServicesDep,
    command: CommandDep,
    body: ChooseSailingBody = Body(...),
) -> Response:
    """The customer chooses (or changes) the booking's sailing until the booking is confirmed."""
    command(services.booking.choose_sailing, id, principal.actor, body.sailing.choice())
    return success(_sailing_of(services, id, principal))
