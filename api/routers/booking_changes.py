"""Changes to a confirmed booking: the customer asks (amendment, cancellation), staff decide.

`/booking/api/v1/client/rate-requests/{id}/...` for the customer, `/booking/api/v1/admin/...` for staff. Each
command answers the booking's changes as they stand after it ({amendment, cancellation}, each the latest
request with the original beside the amended content), which is also what the two GETs answer.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from api.deps import AdminUser, CommandDep, CustomerUser, ServicesDep, read_answer
from api.envelope import success
from api.openapi import operation_ids
from api.presenters import booking as present
from api.routers.booking import _payload, own_detail
from api.routers.booking_admin import valid_until
from api.schemas.booking import RateRequestBody
from api.schemas.booking_admin import MessageBody, QuoteBody
from api.schemas.booking_changes import BookingChanges, CancellationBody, OpenChange
from api.schemas.envelope import Envelope, Lookup
from api.security import Principal
from domain.shared.errors import NotFound
from infrastructure.read_db import Tx
from projections.booking import changes as read_changes
from projections.booking import queries as read
from projections.booking import reference

client = APIRouter(
    prefix="/booking/api/v1/client/rate-requests",
    tags=["booking-changes"],
    generate_unique_id_function=operation_ids("booking_changes"),
)
staff = APIRouter(
    prefix="/booking/api/v1/admin",
    tags=["booking-changes-admin"],
    generate_unique_id_function=operation_ids("booking_changes_admin"),
)

# The order in which a side-by-side view lists the booking's fields, with the customer's labels.
FIELD_LABELS = {
    "commodity": "Commodity",
    "hs_code": "HS code",
    "quantity": "Quantity",
    "container_type_id": "Container type",
    "container_size_id": "Container size",
    "preferred_shipping_date": "Preferred shipping date",
    "pol_id": "Port of loading",
    "pod_id": "Port of discharge",
    "is_danger": "Dangerous goods",
    "msds": "MSDS",
    "is_swbl": "Sea waybill",
    "additional_comment": "Additional comment",
}


# Reference ids are shown by name, as the booking's own screens show them.
REFERENCE_FIELDS = {
    "pol_id": "booking_ports",
    "pod_id": "booking_ports",
    "container_type_id": "booking_container_types",
    "container_size_id": "booking_container_sizes",
}


def _shown(tx: Tx, name: str, value: Any) -> Any:
    table = REFERENCE_FIELDS.get(name)
    if table is None or value is None:
        return ("Yes" if value else "No") if isinstance(value, bool) else value
    if table == "booking_ports":
        row = tx.one("SELECT code, name FROM booking_ports WHERE id = ?", (value,))
        return reference.port_title(row) or value
    return reference._reference_names(tx, table, "name", [value]).get(value, value)


def _diff(tx: Tx, row: dict[str, Any]) -> list[dict[str, Any]]:
    original = json.loads(row["original"] or "{}")
    amended = json.loads(row["amended"] or "{}")
    changed = set(json.loads(row["changed"]))
    names = [n for n in FIELD_LABELS if n in original or n in amended]
    names += sorted((original.keys() | amended.keys()) - set(FIELD_LABELS))
    return [
        {
            "field": name,
            "label": FIELD_LABELS.get(name, name.replace("_", " ").capitalize()),
            "original": _shown(tx, name, original.get(name)),
            "amended": _shown(tx, name, amended.get(name)),
            "changed": name in changed,
        }
        for name in names
    ]


def _change(tx: Tx, row: dict[str, Any] | None) -> dict[str, Any] | None:
    if row is None:
        return None
    shown: dict[str, Any] = {
        "number": row["number"],
        "state": row["state"],
        "stateName": row["state_name"],
        "requestedAt": row["requested_at"],
        "updatedAt": row["updated_at"],
        "message": row["message"],
    }
    if row["kind"] == read_changes.AMENDMENT:
        shown |= {
            "fields": _diff(tx, row),
            "changesPrice": bool(row["changes_price"]),
            "price": None if row["price"] is None else float(row["price"]),
            "validUntil": row["valid_until"],
        }
    else:
        shown["reason"] = row["reason"]
    return shown


def _changes(services: Any, rate_request_id: str, principal: Principal) -> dict[str, Any]:
    own_detail(services, rate_request_id, principal)  # 404 unless the caller may see the booking
    with services.read_models.read() as tx:
        latest = read_changes.latest_changes(tx, rate_request_id)
        return {
            "amendment": _change(tx, latest[read_changes.AMENDMENT]),
            "cancellation": _change(tx, latest[read_changes.CANCELLATION]),
        }


def _answer(services: Any, rate_request_id: str, principal: Principal) -> Response:
    return success(_changes(services, rate_request_id, principal))


CHANGES = Envelope[BookingChanges]


# -- the customer ---------------------------------------------------------------------------------------
@client.get("/{id}/changes", response_model=CHANGES)
async def booking_changes(id: str, principal: CustomerUser, services: ServicesDep) -> Response:
    return await read_answer(_changes, services, id, principal)


@client.post("/{id}/amendments", response_model=CHANGES)
def request_amendment(
    id: str, body: RateRequestBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.booking.request_amendment, id, principal.actor, _payload(body))
    return _answer(services, id, principal)


@client.put("/{id}/amendments/accept-price", response_model=CHANGES)
def accept_amended_price(
    id: str, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.booking.accept_amended_price, id, principal.actor)
    return _answer(services, id, principal)


@client.put("/{id}/amendments/withdraw", response_model=CHANGES)
def withdraw_amendment(
    id: str, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.booking.withdraw_amendment, id, principal.actor)
    return _answer(services, id, principal)


@client.post("/{id}/cancellation-request", response_model=CHANGES)
def request_cancellation(
    id: str, body: CancellationBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.booking.request_cancellation, id, principal.actor, body.reason)
    return _answer(services, id, principal)


@client.put("/{id}/cancellation-request/withdraw", response_model=CHANGES)
def withdraw_cancellation(
    id: str, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.booking.withdraw_cancellation, id, principal.actor)
    return _answer(services, id, principal)


# -- staff ----------------------------------------------------------------------------------------------
def _open(services: Any) -> dict[str, Any]:
    with services.read_models.read() as tx:
        rows = read_changes.open_changes(tx)
        listed = []
        for row in rows:
            record = read.rate_request_detail(tx, row["rate_request_id"])
            if record is None:
                raise NotFound("Rate request not found")
            change = _change(tx, row)
            listed.append({"kind": row["kind"], "rateRequest": present.detail(record), "change": change})
    return {"list": {"list": listed, "totalCount": len(listed)}}


@staff.get("/booking-changes", response_model=Envelope[Lookup[OpenChange]])
async def open_booking_changes(_: AdminUser, services: ServicesDep) -> Response:
    return await read_answer(_open, services)


@staff.get("/rate-requests/{id}/changes", response_model=CHANGES)
async def staff_booking_changes(id: str, principal: AdminUser, services: ServicesDep) -> Response:
    return await read_answer(_changes, services, id, principal)


@staff.put("/rate-requests/{id}/amendments/approve", response_model=CHANGES)
def approve_amendment(id: str, principal: AdminUser, services: ServicesDep, command: CommandDep) -> Response:
    command(services.booking.approve_amendment, id, principal.actor)
    return _answer(services, id, principal)


@staff.put("/rate-requests/{id}/amendments/requote", response_model=CHANGES)
def requote_amendment(
    id: str, body: QuoteBody, principal: AdminUser, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.booking.requote_amendment, id, principal.actor, body.price, valid_until(body.validUntil))
    return _answer(services, id, principal)


@staff.put("/rate-requests/{id}/amendments/decline", response_model=CHANGES)
def decline_amendment(
    id: str, body: MessageBody, principal: AdminUser, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.booking.decline_amendment, id, principal.actor, body.message)
    return _answer(services, id, principal)


@staff.put("/rate-requests/{id}/cancellation-request/confirm", response_model=CHANGES)
def confirm_cancellation(
    id: str, principal: AdminUser, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.booking.confirm_cancellation, id, principal.actor)
    return _answer(services, id, principal)


@staff.put("/rate-requests/{id}/cancellation-request/decline", response_model=CHANGES)
def decline_cancellation(
    id: str, body: MessageBody, principal: AdminUser, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.booking.decline_cancellation, id, principal.actor, body.message)
    return _answer(services, id, principal)
