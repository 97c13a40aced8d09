"""/v3/events: DCSA Track & Trace 3.0.0.

`POST` takes the standard's `PostEventsRequest` from a publisher key (terminals, depots, the carrier's
operations) or from staff; `GET` answers a customer (session token or API key) the events of its own bookings,
with the standard's filters and cursor paging. Both speak the standard: `feedbackElements`, never the portal's
envelope, and `API-Version: 3.0.0` on every answer.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import logging
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import Depends, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException

from api.bootstrap import Services
from api.dcsa.door import door_router
from api.dcsa.errors import field_path, unread_body
from api.dcsa.tracking.models import (
    TNT_VERSION,
    EventsError,
    GetEventsResponse,
    PostEventsRequest,
    PostEventsResponse,
    error_answer,
    event_errors,
    feedback,
)
from api.edge.deps import ServicesDep, off_loop
from api.edge.errors import StoredNotShown
from api.edge.identity import PUBLISH, company_account_id, identify
from api.edge.integration_auth import IntegrationCustomer
from api.edge.security import Principal
from domain.booking.document_references import BOOKING, TRANSPORT_DOCUMENT
from domain.shared.actor import Actor
from domain.shared.errors import (
    DomainError,
    Forbidden,
    NotFound,
    TooManyAttempts,
    Unauthorized,
    ValidationFailed,
)
from domain.shared.messages import message
from domain.shared.moments import instant_problem
from domain.tracking import application as outcomes
from domain.tracking.milestone import EVENT_TYPES, PUBLISHER, BookingMatch, check_event, equipment_reference
from projections.tracking import events_page, holds_ties, moment
from projections.tracking_match import booking_by_reference, match

log = logging.getLogger(__name__)
PAGE_MAX = 100
# The filters naming a document of a booking: the query parameter and the kind of document it names.
_DOCUMENT_FILTERS = (
    ("carrierBookingReference", BOOKING),
    ("transportDocumentReference", TRANSPORT_DOCUMENT),
)
_STATUSES: list[tuple[type[DomainError], int]] = [
    (Unauthorized, 401),
    (Forbidden, 403),
    (NotFound, 404),
    (ValidationFailed, 400),
    (DomainError, 400),
]


class TntRoute(APIRoute):
    """Every answer of a /v3 route in the standard's shape, with its version and the door's rate headers."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def answer(request: Request) -> Response:
            response = await _answer(handler, request)
            response.headers["API-Version"] = TNT_VERSION
            for name, value in getattr(request.state, "rate_limit_headers", {}).items():
                response.headers[name] = value
            return response

        return answer


async def _answer(handler: Callable[[Request], Coroutine[Any, Any, Response]], request: Request) -> Response:
    try:
        return await handler(request)
    except RequestValidationError as error:
        elements = [
            feedback("ERROR", str(e.get("msg")), "$" + "".join(_step(p) for p in e.get("loc", ())[1:]))
            for e in error.errors()
        ]
        return error_answer(400, elements or [feedback("ERROR", "Invalid request")])
    except TooManyAttempts as error:
        retry = {"Retry-After": str(error.retry_after)} if error.retry_after else {}
        return error_answer(429, [feedback("ERROR", error.description)], retry)
    except ValidationFailed as error:
        elements = [
            feedback("ERROR", text, path if path.startswith("$") else field_path(path))
            for path, text in error.fields.items()
        ]
        return error_answer(400, elements or [feedback("ERROR", error.description)])
    except DomainError as error:
        status = next(s for kind, s in _STATUSES if isinstance(error, kind))
        return error_answer(status, [feedback("ERROR", error.description)])
    except HTTPException as error:
        if error.status_code == 400:  # only reading the body raises a 400 on this door
            status, detail = unread_body(request.headers, error)
            return error_answer(status, [feedback("ERROR", detail.message, detail.json_path)])
        return error_answer(error.status_code, [feedback("ERROR", str(error.detail))])
    except Exception:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return error_answer(500, [feedback("ERROR", "Internal error")])


def _step(part: Any) -> str:
    return f"[{part}]" if isinstance(part, int) else f".{part}"


router = door_router(
    prefix="/v3",
    tag="dcsa-track-and-trace",
    route_class=TntRoute,
    error_model=EventsError,
    statuses=(400, 401, 403, 413, 415, 500),
    operations="tnt",
)


async def publisher(request: Request) -> Actor:
    """A publisher key, or a signed-in member of staff recording a milestone by hand."""
    principal = await identify(request, scope=PUBLISH)
    if PUBLISH in principal.scopes:
        return Actor(id=principal.account_id, role=PUBLISHER)
    if principal.is_admin:
        return principal.actor
    raise Forbidden("Only a publisher key or staff may publish tracking events")


Publisher = Annotated[Actor, Depends(publisher)]


def _checked(events: list[dict[str, Any]]) -> None:
    """Every event against the document and this portal's rules; one fault anywhere and nothing is stored."""
    problems: dict[str, str] = {}
    now = datetime.now(UTC)
    for index, event in enumerate(events):
        where = f"$.events[{index}]"
        found = event_errors(event, where)
        if not found:
            try:
                check_event(event, where, now)
            except ValidationFailed as error:
                found = dict(error.fields)
        named = event.get("retractedEventID")
        if named is not None and not (isinstance(named, str) and named.strip()):
            found[f"{where}.retractedEventID"] = "The eventID of the event this one withdraws"
        problems.update(found)
    if problems:
        raise ValidationFailed(problems)


def _publish(services: Services, events: list[dict[str, Any]], actor: Actor) -> list[dict[str, Any]]:
    said: list[dict[str, Any]] = []
    # A container tied to a booking earlier in the same request (the read models do not show it yet).
    ties: dict[str, BookingMatch] = {}
    last: int | None = None
    for index, event in enumerate(events):
        where = f"$.events[{index}]"
        named = event.get("retractedEventID")
        if named:
            withdrawn = services.tracking.retract_named({**event, "eventID": named}, actor)
            last = withdrawn.position or last
            if withdrawn.kind == outcomes.UNKNOWN_RETRACTION:
                said.append(feedback("WARN", f"No event {named} to withdraw", f"{where}.retractedEventID"))
        found = None
        if event.get("isRetracted") is not True:
            with services.read_models.read() as tx:
                found = match(tx, event)
                # Placed on a booking that ended (it names its reference), it ties that booking no container,
                # and an older tie is not revived (decision 3837).
                holds = found is not None and holds_ties(tx, found.rate_request_id)
            container = equipment_reference(event)
            if found is None and container is not None:
                found = ties.get(container)
                holds = found is not None
            if found is not None and container is not None:
                if holds:
                    ties[container] = found
                else:
                    ties.pop(container, None)
        outcome = services.tracking.publish(event, found, actor)
        last = outcome.position or last
        said.extend(_feedback(outcome.kind, found, event, where))
    if last is not None:
        # Stored: when the read models are late they will show it; a stored write is never answered as failed.
        with contextlib.suppress(StoredNotShown):
            services.settle(last)
    return said


def _feedback(
    kind: str, found: BookingMatch | None, event: dict[str, Any], where: str
) -> list[dict[str, Any]]:
    if kind == outcomes.REPEATED:
        return [
            feedback("INFO", f"Event {event['eventID']} was already received; ignored", f"{where}.eventID")
        ]
    if kind == outcomes.UNKNOWN_RETRACTION:
        return [feedback("WARN", f"No event {event['eventID']} to retract", f"{where}.eventID")]
    if kind == outcomes.RETRACTED:
        return [feedback("INFO", f"Event {event['eventID']} retracted", f"{where}.eventID")]
    if found is None:
        return [feedback("WARN", "Matches no booking of this carrier; kept for staff to assign", where)]
    return []


@router.post("/events", response_model=PostEventsResponse)
async def post_events(body: PostEventsRequest, actor: Publisher, services: ServicesDep) -> Any:
    """Publish tracking events (the standard's `post-events`). All or nothing: an event the document or
    this portal refuses is a 400 naming it by `propertyPath`, and nothing of the request is stored. A
    repeated `eventID` is accepted and ignored; a later `eventUpdatedDateTime` replaces the event;
    `isRetracted` (or a `retractedEventID`) withdraws it."""
    _checked(body.events)
    said = await off_loop(_publish, services, body.events, actor)
    return JSONResponse({"feedbackElements": said})


def _cursor(text: str) -> tuple[str, str]:
    try:
        found = json.loads(base64.urlsafe_b64decode(text.encode() + b"==="))
        if isinstance(found, list) and len(found) == 2 and all(isinstance(p, str) for p in found):
            return found[0], found[1]
    except (ValueError, binascii.Error):
        pass
    raise ValidationFailed({"$.cursor": "Not a cursor this provider gave (Next-Page-Cursor)"})


def _next_cursor(row: dict[str, Any]) -> str:
    raw = json.dumps([row["event_date_time"], row["id"]]).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _types(sent: list[str] | None) -> list[str] | None:
    """The event types asked for: the standard's comma-separated list, and a repeated parameter too (each
    value adds its types; none is dropped)."""
    named = (t.strip().upper() for text in sent or () for t in text.split(","))
    chosen = list(dict.fromkeys(t for t in named if t))
    if not chosen:
        return None
    unknown = [t for t in chosen if t not in EVENT_TYPES]
    if unknown:
        raise ValidationFailed({"$.eventTypes": "Unknown event types: " + ", ".join(unknown)})
    return chosen


def _when(value: datetime | None, name: str) -> str | None:
    if value is None:
        return None
    outside = instant_problem(value)
    if outside:
        raise ValidationFailed({f"$.{name}": outside})
    return moment(value.isoformat())


def _range(query: dict[str, Any], earliest: str, latest: str, names: tuple[str, str]) -> None:
    """A range whose start is after its end is the caller's mistake, refused naming both ends: answered
    empty it would read as "nothing happened"."""
    low, high = query[earliest], query[latest]
    if low is not None and high is not None and low > high:
        said = message("tracking.range.inverted", earliest=names[0], latest=names[1])
        raise ValidationFailed({f"$.{names[0]}": said, f"$.{names[1]}": said})


def _events(
    services: Services, principal: Principal, query: dict[str, Any]
) -> tuple[list[dict[str, Any]], str | None]:
    limit = min(query["limit"] or PAGE_MAX, PAGE_MAX)
    with services.read_models.read() as tx:
        booking_id = None
        for name, kind in _DOCUMENT_FILTERS:
            if query[name] is None:
                continue
            found = booking_by_reference(tx, query[name], (kind,))
            if found is None or found.customer_id != company_account_id(principal):
                return [], None  # another customer's booking reads as one with no events
            if booking_id not in (None, found.rate_request_id):
                return [], None  # a booking and a transport document of another booking: nothing is both
            booking_id = found.rate_request_id
        rows = events_page(
            tx,
            company_account_id(principal),
            booking_id=booking_id,
            equipment=query["equipmentReference"],
            event_types=query["eventTypes"],
            updated_from=query["updatedMin"],
            updated_to=query["updatedMax"],
            happened_from=query["happenedMin"],
            happened_to=query["happenedMax"],
            after=query["cursor"],
            limit=limit + 1,
        )
    more = len(rows) > limit
    rows = rows[:limit]
    return [json.loads(r["body"]) for r in rows], _next_cursor(rows[-1]) if more else None


@router.get("/events", response_model=GetEventsResponse)
async def get_events(
    principal: IntegrationCustomer,
    services: ServicesDep,
    carrierBookingReference: str | None = Query(None, max_length=100),
    transportDocumentReference: str | None = Query(
        None,
        max_length=100,
        description="The booking's transport document (`BL-` and the booking's reference), once drafted",
    ),
    equipmentReference: str | None = Query(None, max_length=11),
    eventTypes: list[str] | None = Query(
        None,
        max_length=200,
        description="Comma-separated (EQUIPMENT,TRANSPORT), or the parameter repeated: every type named",
    ),
    eventUpdatedDateTimeMin: datetime | None = None,
    eventUpdatedDateTimeMax: datetime | None = None,
    eventDateTimeMin: datetime | None = Query(None, description="Extension: events that happen at or after"),
    eventDateTimeMax: datetime | None = Query(None, description="Extension: events that happen at or before"),
    limit: int | None = Query(None, ge=1, le=10_000),
    cursor: str | None = Query(None, max_length=500),
) -> Any:
    """The events of the caller's own bookings, ordered by `eventDateTime`, at most 100 a page; the next
    page's cursor is in `Next-Page-Cursor` (absent on the last page)."""
    query = {
        "carrierBookingReference": carrierBookingReference,
        "transportDocumentReference": transportDocumentReference,
        "equipmentReference": equipmentReference,
        "eventTypes": _types(eventTypes),
        "updatedMin": _when(eventUpdatedDateTimeMin, "eventUpdatedDateTimeMin"),
        "updatedMax": _when(eventUpdatedDateTimeMax, "eventUpdatedDateTimeMax"),
        "happenedMin": _when(eventDateTimeMin, "eventDateTimeMin"),
        "happenedMax": _when(eventDateTimeMax, "eventDateTimeMax"),
        "limit": limit,
        "cursor": None if cursor is None else _cursor(cursor),
    }
    _range(query, "updatedMin", "updatedMax", ("eventUpdatedDateTimeMin", "eventUpdatedDateTimeMax"))
    _range(query, "happenedMin", "happenedMax", ("eventDateTimeMin", "eventDateTimeMax"))
    events, next_cursor = await off_loop(_events, services, principal, query)
    headers = {} if next_cursor is None else {"Next-Page-Cursor": next_cursor}
    return JSONResponse({"events": events}, headers=headers)
