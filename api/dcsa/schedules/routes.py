"""/v1: the portal as a DCSA Commercial Schedules 1.0.0 provider (point-to-point routes, port schedules,
vessel schedules) over the schedules staff publish, for signed-in customers and API keys.

Answers are the standard's bodies; failures its `ErrorResponse`; every answer carries `API-Version`, and a
page that has more carries `Next-Page-Cursor`. As the standard asks, the next page is read with `?cursor=`
alone: the cursor carries the endpoint, the query parameters and the limit of the first page, and they are
read from it before the parameters are checked. A parameter sent beside a cursor that says otherwise than
the cursor is 400 (one that repeats it is ignored).
"""

from __future__ import annotations

import base64
import json
import logging
from collections.abc import Callable, Coroutine
from datetime import date
from typing import Annotated, Any

from fastapi import Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.datastructures import QueryParams
from starlette.exceptions import HTTPException

from api.bootstrap import Services
from api.dcsa.booking.models import ErrorResponse
from api.dcsa.door import door_router
from api.dcsa.errors import DetailedError, error_response, field_path, refusal_code, unread_body
from api.dcsa.schedules import models as cs
from api.edge.deps import ServicesDep, off_loop
from api.edge.errors import http_status
from api.edge.integration_auth import IntegrationCustomer
from domain.shared.errors import DomainError, ValidationFailed
from domain.shared.local_time import port_day
from projections.booking.reference import port_by_code
from projections.schedules import port_calls, sailings_between, service_schedules

log = logging.getLogger(__name__)


def _error(request: Request, status: int, errors: list[DetailedError], message: str) -> Response:
    response = error_response(request.method, request.url.path, status, errors, message)
    response.headers["API-Version"] = cs.CS_VERSION
    return response


class CsRoute(APIRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def answer(request: Request) -> Response:
            try:
                response = await handler(_with_cursor_query(request))
            except RequestValidationError as error:
                # As the booking door names them: a parameter left out is missing, any other fault an
                # invalid value (a well-formed code this provider does not serve finds no schedules).
                details = [
                    DetailedError(
                        7001 if e.get("type") == "missing" else 7002,
                        str(e.get("msg", "Invalid value"))[:5000],
                        str(e["loc"][-1]),
                    )
                    for e in error.errors()
                ]
                return _error(request, 400, details, "Invalid query parameters")
            except DomainError as error:
                status = http_status(error)
                code = refusal_code(status, 7002)  # a cursor this provider did not give
                fields = error.fields if isinstance(error, ValidationFailed) else {}
                # A query parameter by its name; the body (which the input screen reads) as `$`.
                details = [
                    DetailedError(code, m, field_path(k) if k == "body" else k or None)
                    for k, m in fields.items()
                ]
                return _error(
                    request, status, details or [DetailedError(code, error.description)], error.description
                )
            except HTTPException as error:
                if error.status_code == 400:  # only reading a body raises a 400 on this door
                    status, detail = unread_body(request.headers, error)
                    return _error(request, status, [detail], detail.message)
                return _error(
                    request, error.status_code, [DetailedError(7002, str(error.detail))], str(error.detail)
                )
            except Exception:
                log.exception("unhandled error on %s %s", request.method, request.url.path)
                return _error(request, 500, [DetailedError(7099, "Internal error")], "Internal error")
            response.headers["API-Version"] = cs.CS_VERSION
            return response

        return answer


router = door_router(
    prefix="/v1",
    tag="dcsa-commercial-schedules",
    route_class=CsRoute,
    error_model=ErrorResponse,
    statuses=(400, 401, 403, 500),
    operations="cs",
    limited=False,
)

Limit = Annotated[int, Query(ge=1, le=1000, description="At most this many items per page")]
Cursor = Annotated[str | None, Query(max_length=1024, description="The Next-Page-Cursor of the page before")]
LocationCode = Annotated[str | None, Query(pattern=r"^[A-Z]{2}[A-Z2-9]{3}$", min_length=5, max_length=5)]
_PAGED = {
    "headers": {
        "API-Version": {"schema": {"type": "string"}},
        "Next-Page-Cursor": {"schema": {"type": "string"}},
    }
}


def _cursor_state(cursor: str, path: str) -> tuple[int, list[tuple[str, str]]]:
    """The offset and the first page's query parameters a cursor of this endpoint carries."""
    try:
        state = json.loads(base64.urlsafe_b64decode(cursor.encode() + b"==="))
        offset, params, made_for = int(state["offset"]), state["params"], state["path"]
        pairs = [(str(name), str(value)) for name, value in params]
    except (ValueError, KeyError, TypeError) as error:
        raise ValidationFailed({"cursor": "Not a cursor this provider gave"}) from error
    if made_for != path or offset < 0 or any(name == "cursor" for name, _ in pairs):
        raise ValidationFailed({"cursor": "Not a cursor this provider gave for this endpoint"})
    return offset, pairs


def _with_cursor_query(request: Request) -> Request:
    """The request as its first page asked it, when it carries a cursor: the standard's client sends the
    cursor alone, so the parameters (required ones included) come from the cursor."""
    sent = QueryParams(request.scope.get("query_string", b""))
    cursor = sent.get("cursor")
    if not cursor:
        return request
    _, params = _cursor_state(cursor, request.url.path)
    then = dict(params)
    differing = sorted(
        {name for name, value in sent.multi_items() if name != "cursor" and then.get(name) != value}
    )
    if differing:
        raise ValidationFailed(
            {name: "Not the value of the first page: send the cursor alone" for name in differing}
        )
    scope = {**request.scope, "query_string": str(QueryParams([*params, ("cursor", cursor)])).encode()}
    return Request(scope, request.receive)


def _paged(request: Request, items: list[dict[str, Any]], limit: int, cursor: str | None) -> Response:
    """One page of `items`; the next page's cursor carries this request's query, so it alone reads on."""
    offset = _cursor_state(cursor, request.url.path)[0] if cursor else 0
    page = items[offset : offset + limit]
    response = JSONResponse(page)
    if offset + limit < len(items):
        params = [(name, value) for name, value in request.query_params.multi_items() if name != "cursor"]
        state = {"path": request.url.path, "offset": offset + limit, "params": params}
        response.headers["Next-Page-Cursor"] = (
            base64.urlsafe_b64encode(json.dumps(state, separators=(",", ":")).encode()).decode().rstrip("=")
        )
    return response


def _vessel_schedules(services: Services, filters: dict[str, Any]) -> list[dict[str, Any]]:
    with services.read_models.read() as tx:
        return [cs.wire_service(values) for _, values in service_schedules(tx, **filters)]


@router.get("/vessel-schedules", response_model=list[cs.CsServiceSchedule], responses={200: _PAGED})
async def vessel_schedules(
    request: Request,
    _: IntegrationCustomer,
    services: ServicesDep,
    vesselIMONumber: Annotated[str | None, Query(pattern=r"^\d{7,8}$")] = None,
    vesselName: Annotated[str | None, Query(max_length=50)] = None,
    carrierServiceCode: Annotated[str | None, Query(max_length=11)] = None,
    universalServiceReference: Annotated[str | None, Query(pattern=r"^SR\d{5}[A-Z]$")] = None,
    carrierVoyageNumber: Annotated[str | None, Query(max_length=50)] = None,
    universalVoyageReference: Annotated[str | None, Query(pattern=r"^\d{2}[0-9A-Z]{2}[NEWSR]$")] = None,
    UNLocationCode: LocationCode = None,
    facilitySMDGCode: Annotated[str | None, Query(max_length=6)] = None,
    vesselOperatorCarrierCode: Annotated[str | None, Query(max_length=10)] = None,
    startDate: date | None = None,
    endDate: date | None = None,
    limit: Limit = 100,
    cursor: Cursor = None,
) -> Response:
    """The published services with their vessels' schedules, cut to the vessels, voyages, ports and dates
    asked for."""
    filters = {
        "service_code": carrierServiceCode,
        "universal_service_reference": universalServiceReference,
        "vessel_imo": vesselIMONumber,
        "vessel_name": vesselName,
        "voyage": carrierVoyageNumber,
        "un_location_code": UNLocationCode,
        "start": startDate.isoformat() if startDate else None,
        "end": endDate.isoformat() if endDate else None,
    }
    items = await off_loop(_vessel_schedules, services, filters)
    if universalVoyageReference or facilitySMDGCode or vesselOperatorCarrierCode:
        items = [
            s
            for s in items
            if _matches_extra(s, universalVoyageReference, facilitySMDGCode, vesselOperatorCarrierCode)
        ]
    return _paged(request, items, limit, cursor)


def _matches_extra(
    service: dict[str, Any], voyage_ref: str | None, smdg: str | None, operator: str | None
) -> bool:
    for schedule in service["vesselSchedules"]:
        if operator and (schedule.get("vessel") or {}).get("operatorCarrierCode") != operator:
            continue
        for call in schedule.get("transportCalls", []):
            if voyage_ref and voyage_ref not in (
                call.get("universalImportVoyageReference"),
                call.get("universalExportVoyageReference"),
            ):
                continue
            if smdg and (call.get("location") or {}).get("facilitySMDGCode") != smdg:
                continue
            return True
    return False


def _port_schedules(services: Services, code: str, day: str) -> list[dict[str, Any]]:
    with services.read_models.read() as tx:
        port = port_by_code(tx, code)
        calls = port_calls(tx, code, day)
    return [cs.wire_port_schedule(code, port["name"] if port else None, calls)]


@router.get("/port-schedules", response_model=list[cs.CsPortSchedule], responses={200: _PAGED})
async def port_schedules(
    request: Request,
    _: IntegrationCustomer,
    services: ServicesDep,
    UNLocationCode: Annotated[str, Query(pattern=r"^[A-Z]{2}[A-Z2-9]{3}$", min_length=5, max_length=5)],
    date: Annotated[date, Query()],
    limit: Limit = 100,
    cursor: Cursor = None,
) -> Response:
    """The vessels calling at a port on a day, with their times and cut-offs."""
    items = await off_loop(_port_schedules, services, UNLocationCode, date.isoformat())
    return _paged(request, items, limit, cursor)


def _routes(
    services: Services, receipt: str, delivery: str, window: dict[str, str | None]
) -> list[dict[str, Any]]:
    with services.read_models.read() as tx:
        found = sailings_between(tx, receipt, delivery)
    # A departure's day is the port of loading's, an arrival's the port of discharge's (not the UTC day).
    days = [(s, port_day(s.departure, s.load_port), port_day(s.arrival, s.discharge_port)) for s in found]
    kept = [
        s
        for s, leaves, arrives in days
        if (not window["dep_from"] or leaves >= window["dep_from"])
        and (not window["dep_to"] or leaves <= window["dep_to"])
        and (not window["arr_from"] or arrives >= window["arr_from"])
        and (not window["arr_to"] or arrives <= window["arr_to"])
    ]
    return [cs.wire_route(s, number) for number, s in enumerate(kept, start=1)]


@router.get("/point-to-point-routes", response_model=list[cs.CsPointToPoint], responses={200: _PAGED})
async def point_to_point_routes(
    request: Request,
    _: IntegrationCustomer,
    services: ServicesDep,
    placeOfReceipt: Annotated[str, Query(pattern=r"^[A-Z]{2}[A-Z2-9]{3}$", min_length=5, max_length=5)],
    placeOfDelivery: Annotated[str, Query(pattern=r"^[A-Z]{2}[A-Z2-9]{3}$", min_length=5, max_length=5)],
    departureStartDate: date | None = None,
    departureEndDate: date | None = None,
    arrivalStartDate: date | None = None,
    arrivalEndDate: date | None = None,
    maxTranshipment: Annotated[int | None, Query(ge=0)] = None,
    receiptTypeAtOrigin: Annotated[str | None, Query(pattern="^(CY|SD|CFS)$")] = None,
    deliveryTypeAtDestination: Annotated[str | None, Query(pattern="^(CY|SD|CFS)$")] = None,
    limit: Limit = 100,
    cursor: Cursor = None,
) -> Response:
    """Routes from a place of receipt to a place of delivery. The portal offers direct sailings port to port
    (container yard to container yard): every route has one leg, so any `maxTranshipment` admits it; a
    receipt or delivery type other than CY finds none."""
    window = {
        "dep_from": departureStartDate.isoformat() if departureStartDate else None,
        "dep_to": departureEndDate.isoformat() if departureEndDate else None,
        "arr_from": arrivalStartDate.isoformat() if arrivalStartDate else None,
        "arr_to": arrivalEndDate.isoformat() if arrivalEndDate else None,
    }
    items: list[dict[str, Any]] = []
    if receiptTypeAtOrigin in (None, "CY") and deliveryTypeAtDestination in (None, "CY"):
        items = await off_loop(_routes, services, placeOfReceipt, placeOfDelivery, window)
    return _paged(request, items, limit, cursor)
