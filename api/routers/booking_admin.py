"""/booking/api/v1/admin: staff operations on rate requests and shipping orders (DESIGN section 6)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import Response

from api import staff_actions
from api.bootstrap import Services
from api.dcsa.ebl.documents import ISSUING_OFFICE
from api.edge.deps import AdminUser, ServicesDep, read_answer
from api.edge.envelope import success
from api.openapi import operation_ids
from api.presenters import booking as present
from api.presenters.attention import needs_attention
from api.presenters.tracking import container_milestones, progress, rows_with_progress, tracked
from api.schemas.booking import Choice, ContainerChoice
from api.schemas.booking_admin import (
    PortBody,
    ReferenceContainerBody,
    StaffRateRequestDetail,
    StaffRateRequestRow,
)
from api.schemas.envelope import Envelope, Lookup
from api.transport_documents import staff_bill_of_lading
from domain.booking.amendments import order_quantity_mismatch
from domain.shared.errors import NotFound
from domain.shared.lifecycle import lifecycle
from domain.shared.local_time import port_day
from projections import attention
from projections.booking import queries as read

router = APIRouter(
    prefix="/booking/api/v1/admin",
    tags=["booking-admin"],
    generate_unique_id_function=operation_ids("booking_admin"),
)


def today() -> date:
    """Today at the carrier's issuing office: the day a bill of lading issued now says (decision 3877)."""
    return date.fromisoformat(port_day(datetime.now(UTC), ISSUING_OFFICE))


def staff_detail(services: Services, rate_request_id: str) -> dict[str, Any]:
    """One connection for the detail, the parked events, the progress and each container's latest milestone
    (decision 3843), the last two asked only where tracking events reached the booking (as the customer's
    detail, api/booking_reads.py), and the bill of lading where the booking has an order."""
    with services.read_models.read() as tx:
        record = read.rate_request_detail(tx, rate_request_id)
        if record is None:
            raise NotFound("Rate request not found")
        parked = attention.parked_by_aggregate(tx)
        answer = present.detail(record)
        seen = tracked(record.row)
        found = progress(tx, str(answer["id"]), customer=False) if seen else None
        boxes = container_milestones(tx, str(answer["id"])) if seen else []
        billed = None if record.order is None else staff_bill_of_lading(tx, rate_request_id, today())
    answer = {**answer, "progress": found, "orderMismatch": _order_mismatch(record)}
    if record.order is not None:
        answer["order"] = {**answer["order"], "revisionRequests": record.order.revision_requests}
    answer["containerMilestones"] = boxes
    answer["billOfLading"] = None if billed is None else billed.model_dump(mode="json", by_alias=True)
    return {**answer, "needsAttention": needs_attention(attention.of_booking(parked, answer["id"]))}


def _order_mismatch(record: read.RateRequestRecord) -> str | None:
    if record.order is None or record.order.status_name in _ORDER_SETTLED:
        return None
    containers = len(record.order.details.get("containers", []))
    return order_quantity_mismatch(containers, int(record.row["quantity"]))


def staff_page(
    services: Services, state: int | None, state_name: str | None, limit: int, offset: int, search: str | None
) -> dict[str, Any]:
    with services.read_models.read() as tx:
        rows, total = read.all_rate_requests(tx, state, state_name, limit, offset, search)
        parked = attention.parked_by_aggregate(tx)
        answer = present.page(rows_with_progress(tx, rows, customer=False), total)
    for row in answer["list"]["list"]:
        row["needsAttention"] = needs_attention(attention.of_booking(parked, row["id"]))
    return answer


# The staff list filters by any state of the request's lifecycle file (a new state is a new code).
HIGHEST_STATE = max(lifecycle("rate_request").codes.values())
# An order in a final state is settled: nothing is left to accept, nothing to warn of.
_ORDER_SETTLED = {s["name"] for s in lifecycle("shipping_order").spec["states"] if s.get("final")}


# Read endpoints: `async def` with their blocking part on a reader thread (api/edge/deps.py `read_answer`).
@router.get("/rate-requests", response_model=Envelope[Lookup[StaffRateRequestRow]])
async def list_rate_requests(
    _: AdminUser,
    services: ServicesDep,
    state: int | None = Query(None, ge=0, le=HIGHEST_STATE),
    stateName: str | None = Query(None, max_length=40),
    limit: int = Query(10, ge=1, le=100),
    offset: int = Query(1, ge=1),
    search: str | None = Query(None, max_length=100),
) -> Response:
    return await read_answer(staff_page, services, state, stateName, limit, offset, search)


@router.get("/rate-requests/{id}", response_model=Envelope[StaffRateRequestDetail])
async def rate_request_detail(id: str, _: AdminUser, services: ServicesDep) -> Response:
    return await read_answer(staff_detail, services, id)


def _order_answer(services: Services, rate_request_id: str) -> dict[str, Any]:
    answer: dict[str, Any] = staff_detail(services, rate_request_id)["order"]
    return answer


# Staff's actions on a booking: a route per row of contract/staff-actions.json (api/staff_actions.py).
staff_actions.register(router, _order_answer)


# -- reference data that staff extend -------------------------------------------------------------------


@router.post("/reference/ports", response_model=Envelope[Choice], status_code=201)
def add_port(body: PortBody, principal: AdminUser, services: ServicesDep) -> Response:
    port = services.booking.add_port(principal.actor, body.code, body.name, body.country)
    return success({"id": port.id, "name": f"{port.name} ({port.code})", "value": port.id}, status_code=201)


@router.post("/reference/containers", response_model=Envelope[ContainerChoice], status_code=201)
def add_container(body: ReferenceContainerBody, principal: AdminUser, services: ServicesDep) -> Response:
    container = services.booking.add_container(principal.actor, body.number, body.type_id, body.size_id)
    return success({"name": container.number, "value": container.id}, status_code=201)
