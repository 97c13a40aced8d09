"""/booking/api/v1/admin: staff operations on rate requests and shipping orders (DESIGN section 6)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from decimal import Decimal
from typing import Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from api.deps import AdminUser, ServicesDep, read_answer
from api.envelope import success
from domain.booking.containers import is_valid
from domain.shared.errors import AlreadyExists, NotFound, ValidationFailed
from projections.booking import queries as read
from projections.booking import reference

router = APIRouter(prefix="/booking/api/v1/admin", tags=["booking-admin"])


def _detail(services: Any, rate_request_id: str) -> dict[str, Any]:
    with services.read_models.read() as tx:
        detail = read.rate_request_detail(tx, rate_request_id)
    if detail is None:
        raise NotFound("Rate request not found")
    return detail


def _page(
    services: Any, state: int | None, state_name: str | None, limit: int, offset: int, search: str | None
) -> Any:
    with services.read_models.read() as tx:
        rows, total = read.all_rate_requests(tx, state, state_name, limit, offset, search)
    return {"list": {"list": rows, "totalCount": total}}


# Read endpoints: `async def` with their blocking part on a reader thread (api/deps.py `read_answer`).
@router.get("/rate-requests", response_model=None)
async def list_rate_requests(
    _: AdminUser,
    services: ServicesDep,
    state: int | None = Query(None, ge=0, le=7),
    stateName: str | None = Query(None, max_length=40),
    limit: int = Query(10, ge=1, le=100),
    offset: int = Query(1, ge=1),
    search: str | None = Query(None, max_length=100),
) -> Any:
    return await read_answer(_page, services, state, stateName, limit, offset, search)


@router.get("/rate-requests/{id}", response_model=None)
async def rate_request_detail(id: str, _: AdminUser, services: ServicesDep) -> Any:
    return await read_answer(_detail, services, id)


class QuoteBody(BaseModel):
    price: Decimal
    validUntil: str = Field(max_length=40)


def valid_until(text: str) -> datetime:
    """A date means the end of that day (UTC); a time without a zone is UTC."""
    try:
        if len(text.strip()) == 10:
            return datetime.combine(date.fromisoformat(text.strip()), time.max, tzinfo=UTC)
        moment = datetime.fromisoformat(text.strip())
    except ValueError as error:
        raise ValidationFailed({"validUntil": "Validity must be an ISO 8601 date or time"}) from error
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@router.put("/rate-requests/{id}/quote", response_model=None)
def quote(id: str, body: QuoteBody, principal: AdminUser, services: ServicesDep) -> Any:
    services.settle(services.booking.quote(id, principal.actor, body.price, valid_until(body.validUntil)))
    return success(_detail(services, id))


class MessageBody(BaseModel):
    message: str = Field(max_length=2000)


@router.put("/rate-requests/{id}/request-revision", response_model=None)
def request_revision(id: str, body: MessageBody, principal: AdminUser, services: ServicesDep) -> Any:
    services.settle(services.booking.request_revision(id, principal.actor, body.message))
    return success(_detail(services, id))


@router.put("/rate-requests/{id}/reject", response_model=None)
def reject(id: str, body: MessageBody, principal: AdminUser, services: ServicesDep) -> Any:
    services.settle(services.booking.reject(id, principal.actor, body.message))
    return success(_detail(services, id))


@router.put("/rate-requests/{id}/confirm-booking", response_model=None)
def confirm_booking(id: str, principal: AdminUser, services: ServicesDep) -> Any:
    services.settle(services.booking.confirm_booking(id, principal.actor))
    return success(_detail(services, id))


class OrderRevisionBody(BaseModel):
    revise: dict[str, str]
    editedOrder: dict[str, Any] | None = None


@router.put("/shipping-orders/{id}/request-revision", response_model=None)
def request_order_revision(
    id: str, body: OrderRevisionBody, principal: AdminUser, services: ServicesDep
) -> Any:
    position = services.booking.request_order_revision(id, principal.actor, body.revise, body.editedOrder)
    services.settle(position)
    order = services.booking.shipping_order(id, principal.actor)
    return success(_detail(services, order.rate_request_id)["order"])


@router.put("/shipping-orders/{id}/accept", response_model=None)
def accept_shipping_order(id: str, principal: AdminUser, services: ServicesDep) -> Any:
    services.settle(services.booking.accept_shipping_order(id, principal.actor))
    order = services.booking.shipping_order(id, principal.actor)
    return success(_detail(services, order.rate_request_id)["order"])


# -- reference data that staff extend -------------------------------------------------------------------
class PortBody(BaseModel):
    code: str = Field(min_length=5, max_length=5)
    name: str = Field(min_length=1, max_length=100)
    country: str = Field(min_length=1, max_length=100)


@router.post("/reference/ports", response_model=None)
def add_port(body: PortBody, _: AdminUser, services: ServicesDep) -> Any:
    code = body.code.upper()
    if not code.isalnum() or not code[:2].isalpha():
        raise ValidationFailed({"code": "A UN/LOCODE is a 2-letter country code and 3 letters or digits"})
    with services.read_models.transaction() as tx:
        if tx.scalar("SELECT 1 FROM booking_ports WHERE code = ?", (code,)) is not None:
            raise AlreadyExists("Port exists already")
        port_id = reference.add_port(tx, code, body.name.strip(), body.country.strip())
    return success(
        {"id": port_id, "name": f"{body.name.strip()} ({code})", "value": port_id}, status_code=201
    )


class ContainerBody(BaseModel):
    number: str = Field(max_length=11)
    typeId: int
    sizeId: int


@router.post("/reference/containers", response_model=None)
def add_container(body: ContainerBody, _: AdminUser, services: ServicesDep) -> Any:
    number = body.number.strip().upper()
    errors = {}
    if not is_valid(number):
        errors["number"] = "Not an ISO 6346 container number with a valid check digit"
    if not services.booking.catalog.has_container_type(body.typeId):
        errors["typeId"] = "Container type not found"
    if not services.booking.catalog.has_container_size(body.sizeId):
        errors["sizeId"] = "Container size not found"
    if errors:
        raise ValidationFailed(errors)
    with services.read_models.transaction() as tx:
        if tx.scalar("SELECT 1 FROM booking_containers WHERE number = ?", (number,)) is not None:
            raise AlreadyExists("Container exists already")
        container_id = reference.add_container(tx, number, body.typeId, body.sizeId)
    return success({"name": number, "value": container_id}, status_code=201)
