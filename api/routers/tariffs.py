"""/booking/api/v1/admin/tariffs: staff publish the carrier's tariff as CSV and see the rows in force; the
row a hand quote starts from; how quoting goes, by week."""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from api.bootstrap import Services
from api.edge.deps import AdminUser, CommandDep, ServicesDep, read_answer
from api.edge.envelope import success
from api.edge.input_screen import screened_body
from api.edge.languages import failure_in_language
from api.openapi import operation_ids
from api.presenters.booking import charge_lines
from api.schemas.envelope import Envelope, Paged, error_responses
from api.schemas.tariffs import QuotingWeek, TariffPublication, Tariffs, TariffSuggestion
from domain.booking.charges import CHARGE_KINDS, applies, per_container_total
from domain.booking.tariff import Equipment, TariffRow
from domain.shared.errors import NotFound, ValidationFailed
from domain.shared.messages import message
from projections.booking import queries as booking_read
from projections.booking import reference
from projections.booking import tariffs as read
from projections.booking.changes import pending_amendment_details

router = APIRouter(
    prefix="/booking/api/v1/admin",
    tags=["tariffs"],
    generate_unique_id_function=operation_ids("tariffs"),
)

# How many publications the tariff screen's own answer carries; the rest are paged (`/tariff-publications`).
LATEST_PUBLICATIONS = 50

_CSV_BODY = {
    "requestBody": {
        "required": True,
        "description": "The tariff, one row per lane and equipment; the header names the columns "
        "pol,pod,container_size,container_type,cargo,valid_from,valid_to,ocean_freight,baf,thc_origin,"
        "thc_destination,dg_surcharge,reefer_surcharge,documentation_fee (UTF-8).",
        "content": {"text/csv": {"schema": {"type": "string"}}},
    }
}


def row_answer(row: TariffRow) -> dict[str, Any]:
    """`TariffRow`."""
    money = {
        "oceanFreight": "ocean_freight",
        "baf": "baf",
        "thcOrigin": "thc_origin",
        "thcDestination": "thc_destination",
        "dgSurcharge": "dg_surcharge",
        "reeferSurcharge": "reefer_surcharge",
        "documentationFee": "documentation_fee",
    }
    return {
        "version": row.version,
        "row": row.row,
        "pol": row.pol,
        "pod": row.pod,
        "containerSize": row.container_size,
        "containerType": row.container_type,
        "cargo": row.cargo,
        "validFrom": row.valid_from.isoformat(),
        "validTo": row.valid_to.isoformat(),
        **{key: float(row.amounts[code]) for key, code in money.items()},
    }


def _publication(found: dict[str, Any]) -> dict[str, Any]:
    return {
        "version": found["version"],
        "publishedAt": found["published_at"],
        "publishedBy": found.get("username") or found["actor_id"],
        "rowCount": found["row_count"],
        "lanes": found["lanes"],
    }


def _equipment(services: Services) -> Equipment:
    with services.read_models.read() as tx:
        sizes = reference.choices(tx, "booking_container_sizes")
        types = reference.choices(tx, "booking_container_types")
    return Equipment({s["name"]: s["id"] for s in sizes}, {t["name"]: t["id"] for t in types})


@router.put(
    "/tariffs",
    response_model=Envelope[TariffPublication],
    openapi_extra=_CSV_BODY,
    responses=error_responses(400, 409, 413, 415),
)
async def publish_tariff(
    request: Request, principal: AdminUser, services: ServicesDep, command: CommandDep
) -> Response:
    """Publish a tariff: every row is checked and one bad row refuses the whole upload (400 naming each
    bad `rows.<line>.<column>`, nothing stored); a good one replaces the rows of the lanes it names."""
    body = await screened_body(request)
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "text/csv":
        raise ValidationFailed({"Content-Type": message("tariff.contentType")})
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValidationFailed({"body": message("tariff.encoding")}) from error
    equipment = _equipment(services)
    sha256 = hashlib.sha256(body).hexdigest()
    # The answer waits until the rows are in force (the read model shows them): a rate request asked
    # for after it is answered is priced by this version.
    try:
        version = command.returning(services.booking.publish_tariff, principal.actor, text, sha256, equipment)
    except ValidationFailed as error:
        # Named by the file's own words (`rows.4.valid_to`: line 4, column valid_to), not as wire keys.
        return failure_in_language(request.headers, 400, error.description, error.fields)
    with services.read_models.read() as tx:
        found = read.publication(tx, version)
    assert found is not None  # the command's answer waited for the read model
    return success(_publication(found))


def _tariffs(services: Services, valid_on: date | None) -> dict[str, Any]:
    with services.read_models.read() as tx:
        rows = read.rows_in_force(tx, valid_on)
        published = read.publications(tx, LATEST_PUBLICATIONS)
        count = read.publication_count(tx)
    return {
        "rows": [row_answer(r) for r in rows],
        "publications": [_publication(p) for p in published],
        "publicationCount": count,
    }


@router.get("/tariffs", response_model=Envelope[Tariffs])
async def tariffs(
    _: AdminUser, services: ServicesDep, validOn: str | None = Query(None, max_length=10)
) -> Response:
    """The rows in force (each with the version that published it; `validOn=YYYY-MM-DD`: only the rows
    valid that day), the latest 50 publications and how many there are in all (every one, a page at a time:
    `GET /tariff-publications`)."""
    try:
        day = None if validOn is None else date.fromisoformat(validOn)
    except ValueError as error:
        raise ValidationFailed({"validOn": message("tariff.date")}) from error
    return await read_answer(_tariffs, services, day)


def _publication_page(services: Services, page: int, limit: int) -> dict[str, Any]:
    with services.read_models.read() as tx:
        found = read.publications(tx, limit, (page - 1) * limit)
        total = read.publication_count(tx)
    return {"list": [_publication(p) for p in found], "totalCount": total, "page": page, "limit": limit}


@router.get("/tariff-publications", response_model=Envelope[Paged[TariffPublication]])
async def tariff_publications(
    _: AdminUser, services: ServicesDep, limit: int = Query(20, ge=1, le=100), page: int = Query(1, ge=1)
) -> Response:
    """Every publication of the tariff, newest first, a page at a time (`totalCount`: how many in all)."""
    return await read_answer(_publication_page, services, page, limit)


KINDS = tuple(CHARGE_KINDS.items())


def _suggestion(services: Services, rate_request_id: str) -> dict[str, Any]:
    with services.read_models.read() as tx:
        record = booking_read.rate_request_detail(tx, rate_request_id)
        amended = pending_amendment_details(tx, rate_request_id)
    if record is None:
        raise NotFound("Rate request not found")
    row, charges, matched = services.booking.tariff_suggestion(record.row)
    # An amendment awaiting its price is priced for the cargo it asks for (a reefer changed to a dry box).
    cargo = services.booking.cargo({**record.row, **amended})
    return {
        "matched": matched,
        "row": None if row is None else row_answer(row),
        "charges": charge_lines(charges),
        "price": float(per_container_total(charges)) if charges else None,
        # Only what this booking's cargo may carry: a dry, general booking is offered no DG or reefer line.
        "chargeKinds": [
            {"code": code, "name": name, "per": per} for code, (name, per) in KINDS if applies(code, cargo)
        ],
    }


@router.get("/rate-requests/{id}/tariff-suggestion", response_model=Envelope[TariffSuggestion])
async def tariff_suggestion(id: str, _: AdminUser, services: ServicesDep) -> Response:
    """What the breakdown editor starts from: the matching row in force, else the nearest on the lane."""
    return await read_answer(_suggestion, services, id)


def _way(times: dict[str, Any]) -> dict[str, Any]:
    """`QuotingWay`."""
    return {
        "quoted": times["quoted"],
        "medianSecondsToQuote": times["median_seconds"],
        "p90SecondsToQuote": times["p90_seconds"],
    }


def _weeks(services: Services, weeks: int) -> list[dict[str, Any]]:
    with services.read_models.read() as tx:
        found = read.quoting_by_week(tx, datetime.now(UTC), weeks)
    return [
        {
            "weekStart": w["week_start"].isoformat(),
            "requests": w["requests"],
            "quoted": w["quoted"],
            "quotedInstantly": w["quoted_instantly"],
            "instantShare": w["quoted_instantly"] / w["requests"] if w["requests"] else None,
            "medianSecondsToQuote": w["median_seconds"],
            "p90SecondsToQuote": w["p90_seconds"],
            "fromTariff": _way(w["from_tariff"]),
            "byStaff": _way(w["by_staff"]),
            "accepted": w["accepted"],
            "acceptedShare": w["accepted"] / w["quoted"] if w["quoted"] else None,
            "waiting": w["waiting"],
            "oldestWaitSeconds": w["oldest_wait_seconds"],
        }
        for w in found
    ]


@router.get("/quoting-stats", response_model=Envelope[list[QuotingWeek]])
async def quoting_stats(
    _: AdminUser, services: ServicesDep, weeks: int = Query(12, ge=1, le=104)
) -> Response:
    """Per week of asking, oldest first up to this week: the share of rate requests quoted instantly, time
    to the first quote (median, 90th percentile) apart for quotes from the tariff and quotes by staff, the
    share of quotes accepted, and how many of the week's requests still wait for a price (the oldest's wait
    so far)."""
    return await read_answer(_weeks, services, weeks)
