"""/booking/api/v1/client: the customer's booking calls (specification 001, section 7; DESIGN section 6).

Payload keys are the specification's, misspellings included (`frightType`, `temprature`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import FileResponse
from pydantic import BaseModel

from api.deps import CustomerUser, ServicesDep, read_answer
from api.envelope import success
from api.security import Principal
from domain.booking.reference import TEMPLATES_DIR
from domain.shared.errors import NotFound
from projections.booking import queries as read
from projections.booking import reference

router = APIRouter(prefix="/booking/api/v1/client", tags=["booking"])

Scalar = str | int | float | None


def lookup(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The lookup shape the client reads: response.list.list and response.list.totalCount."""
    return {"list": {"list": rows, "totalCount": len(rows)}}


def own_detail(services: Any, rate_request_id: str, principal: Principal) -> dict[str, Any]:
    with services.read_models.read() as tx:
        detail = read.rate_request_detail(tx, rate_request_id)
    if detail is None or (detail["customerId"] != principal.account_id and not principal.is_admin):
        raise NotFound("Rate request not found")
    return detail


# -- lookups (the client's paths lack the leading slash; served here with it) ---------------------------
# Read endpoints are `async def` and do their blocking part through `read_answer` (api/deps.py): one light
# thread hop per request instead of FastAPI's anyio hop per `def` endpoint.
def _lookup_of(services: Any, query: Callable[[Any], list[dict[str, Any]]]) -> dict[str, Any]:
    with services.read_models.read() as tx:
        return lookup(query(tx))


@router.get("/rate-request/general/container/types", response_model=None)
async def container_types(_: CustomerUser, services: ServicesDep) -> Any:
    return await read_answer(
        _lookup_of, services, lambda tx: reference.choices(tx, "booking_container_types")
    )


@router.get("/rate-request/general/container/sizes", response_model=None)
async def container_sizes(_: CustomerUser, services: ServicesDep) -> Any:
    return await read_answer(
        _lookup_of, services, lambda tx: reference.choices(tx, "booking_container_sizes")
    )


@router.get("/rate-request/general/port/loadings", response_model=None)
async def ports(_: CustomerUser, services: ServicesDep) -> Any:
    return await read_answer(_lookup_of, services, reference.ports)


@router.get("/rate-request/general/containers", response_model=None)
async def containers(_: CustomerUser, services: ServicesDep, number: str = Query("", max_length=20)) -> Any:
    if not number.strip():
        return success(lookup([]))
    return await read_answer(_lookup_of, services, lambda tx: reference.search_containers(tx, number))


def _documents(services: Any) -> dict[str, Any]:
    with services.read_models.read() as tx:
        rows = reference.document_types(tx)
    listed = [
        {
            "id": r["id"],
            "name": r["name"],
            "value": r["id"],
            "templateUrl": f"/booking/api/v1/client/rate-requests/documents/{r['id']}/template",
        }
        for r in rows
    ]
    return lookup(listed)


@router.get("/rate-requests/documents", response_model=None)
async def documents(_: CustomerUser, services: ServicesDep) -> Any:
    return await read_answer(_documents, services)


@router.get("/rate-requests/documents/{documentTypeId}/template", response_model=None)
def document_template(documentTypeId: int, _: CustomerUser, services: ServicesDep) -> Any:
    with services.read_models.read() as tx:
        row = next((r for r in reference.document_types(tx) if r["id"] == documentTypeId), None)
    path = TEMPLATES_DIR / row["template"] if row else None
    if row is None or path is None or not path.is_file():
        raise NotFound("Document type not found")
    filename = f"{row['name'].replace(' ', '-')}.pdf"
    return FileResponse(path, media_type="application/pdf", filename=filename)


# -- rate requests --------------------------------------------------------------------------
class RateRequestBody(BaseModel):
    # Shapes only; the rules and their messages live in domain/booking/values.py.
    commodity: str | None = None
    hsCode: str | int | None = None
    preferredShippingDate: str | None = None
    isSwbl: bool | None = None
    isSWBL: bool | None = None
    quantity: int | float | str | None = None
    isDanger: bool | None = None
    msds: str | None = None
    additionalComment: str | None = None
    polId: int | str | None = None
    podId: int | str | None = None
    containerSizeId: int | str | None = None
    containerTypeId: int | str | None = None


def _payload(body: BaseModel) -> dict[str, Any]:
    data = body.model_dump()
    if data.get("isSwbl") is None and "isSWBL" in data:
        data["isSwbl"] = data.get("isSWBL")
    return data


def _customer_page(
    services: Any, customer_id: str, limit: int, offset: int, search: str | None
) -> dict[str, Any]:
    with services.read_models.read() as tx:
        rows, total = read.customer_rate_requests(tx, customer_id, limit, offset, search)
    return {"list": {"list": rows, "totalCount": total}}


@router.get("/rate-requests", response_model=None)
async def list_rate_requests(
    principal: CustomerUser,
    services: ServicesDep,
    limit: int = Query(10, ge=1, le=100),
    offset: int = Query(1, ge=1),
    search: str | None = Query(None, max_length=100),
) -> Any:
    return await read_answer(_customer_page, services, principal.account_id, limit, offset, search)


@router.post("/rate-requests", response_model=None)
def create_rate_request(body: RateRequestBody, principal: CustomerUser, services: ServicesDep) -> Any:
    rate_request_id, position = services.booking.create_rate_request(
        principal.actor, principal.username, _payload(body)
    )
    services.settle(position)
    return success(own_detail(services, str(rate_request_id), principal), status_code=201)


@router.get("/rate-requests/{id}", response_model=None)
async def rate_request_detail(id: str, principal: CustomerUser, services: ServicesDep) -> Any:
    return await read_answer(own_detail, services, id, principal)


@router.put("/rate-requests/{id}", response_model=None)
def edit_rate_request(id: str, body: RateRequestBody, principal: CustomerUser, services: ServicesDep) -> Any:
    services.settle(services.booking.edit_rate_request(id, principal.actor, _payload(body)))
    return success(own_detail(services, id, principal))


@router.put("/rate-requests/{id}/approve", response_model=None)
def accept_price(id: str, principal: CustomerUser, services: ServicesDep) -> Any:
    services.settle(services.booking.accept_price(id, principal.actor))
    return success(own_detail(services, id, principal))


@router.put("/rate-requests/{id}/cancel", response_model=None)
def cancel_price(id: str, principal: CustomerUser, services: ServicesDep) -> Any:
    services.settle(services.booking.cancel_price(id, principal.actor))
    return success(own_detail(services, id, principal))


class DocumentBody(BaseModel):
    documentTypeId: int
    fileId: str


class BookingRequestBody(BaseModel):
    documents: list[DocumentBody]


@router.put("/rate-requests/{id}/booking-request", response_model=None)
def submit_booking_request(
    id: str, body: BookingRequestBody, principal: CustomerUser, services: ServicesDep
) -> Any:
    documents = [d.model_dump() for d in body.documents]
    services.settle(services.booking.submit_booking_request(id, principal.actor, documents))
    return success(own_detail(services, id, principal))


# -- shipping orders --------------------------------------------------------------------------
class PartyBody(BaseModel):
    name: str | None = None
    address: str | None = None
    phoneNumber: str | int | None = None
    fax: str | int | None = None
    partyType: int | None = None
    isForSwbl: bool | None = None


class ContainerBody(BaseModel):
    containerId: int | str | None = None
    seal: str | int | None = None
    count: int | float | str | None = None
    type: int | str | None = None
    grossWeight: float | str | None = None
    netWeight: float | str | None = None


class ShippingOrderBody(BaseModel):
    # `frightType` and `temprature` are the specification's spellings.
    rateRequestId: str
    isSWBL: bool | None = None
    frightType: int | None = None
    cargoDescription: str | None = None
    imcoClass: str | int | float | None = None
    unNumber: str | int | None = None
    temprature: float | str | None = None
    humidity: float | str | None = None
    hasVentilation: bool | None = None
    parties: list[PartyBody] = []
    containers: list[ContainerBody] = []


class ShippingOrderEditBody(BaseModel):
    # On edit the specification spells it `freightType`; parties and containers may be sent too.
    isSWBL: bool | None = None
    freightType: int | None = None
    cargoDescription: str | None = None
    imcoClass: str | int | float | None = None
    unNumber: str | int | None = None
    temprature: float | str | None = None
    humidity: float | str | None = None
    hasVentilation: bool | None = None
    parties: list[PartyBody] | None = None
    containers: list[ContainerBody] | None = None


@router.post("/shipping-orders", response_model=None)
def create_shipping_order(body: ShippingOrderBody, principal: CustomerUser, services: ServicesDep) -> Any:
    _, position = services.booking.create_shipping_order(principal.actor, body.model_dump())
    services.settle(position)
    return success(own_detail(services, body.rateRequestId, principal)["order"], status_code=201)


def _order_answer(services: Any, order_id: str, principal: Principal) -> Any:
    order = services.booking.shipping_order(order_id, principal.actor)
    return own_detail(services, order.rate_request_id, principal)["order"]


@router.put("/shipping-orders/{id}/edit", response_model=None)
def edit_shipping_order(
    id: str, body: ShippingOrderEditBody, principal: CustomerUser, services: ServicesDep
) -> Any:
    payload = body.model_dump(exclude_none=False)
    for key in ("parties", "containers"):
        if payload.get(key) is None:
            payload.pop(key, None)
    services.settle(services.booking.edit_shipping_order(id, principal.actor, payload))
    return success(_order_answer(services, id, principal))


@router.put("/shipping-orders/{id}/approve", response_model=None)
def approve_shipping_order(id: str, principal: CustomerUser, services: ServicesDep) -> Any:
    services.settle(services.booking.approve_shipping_order(id, principal.actor))
    return success(_order_answer(services, id, principal))
