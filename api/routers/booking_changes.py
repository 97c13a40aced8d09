"""Changes to a confirmed booking: the customer asks (amendment, cancellation), staff decide.

`/booking/api/v1/client/rate-requests/{id}/...` for the customer, `/booking/api/v1/admin/...` for staff. Each
command answers the booking's changes as they stand after it ({amendment, cancellation}, each the latest
request with the original beside the amended content), which is also what the two GETs answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
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


Names = dict[str, dict[Any, Any]]


def _reference_names(tx: Tx, rows: list[dict[str, Any]]) -> Names:
    """{table: {id: name}} of every reference id the amendments of `rows` name: one statement per table,
    however many rows (the staff queue lists many)."""
    wanted: dict[str, set[Any]] = {table: set() for table in REFERENCE_FIELDS.values()}
    for row in rows:
        for side in ("original", "amended"):
            for name, value in json.loads(row.get(side) or "{}").items():
                if name in REFERENCE_FIELDS and value is not None:
                    wanted[REFERENCE_FIELDS[name]].add(value)
    names: Names = {}
    for table, ids in wanted.items():
        if table == "booking_ports":
            found = tx.all(
                f"SELECT id, code, name FROM booking_ports WHERE id IN ({', '.join('?' for _ in ids)})",
                tuple(ids),
            ) if ids else []  # fmt: skip
            names[table] = {r["id"]: reference.port_title(r) for r in found}
        else:
            names[table] = reference._reference_names(tx, table, "name", list(ids)) if ids else {}
    return names


def _shown(names: Names, name: str, value: Any) -> Any:
    table = REFERENCE_FIELDS.get(name)
    if table is None or value is None:
        return ("Yes" if value else "No") if isinstance(value, bool) else value
    return names[table].get(value) or value


def _diff(names: Names, row: dict[str, Any]) -> list[dict[str, Any]]:
    original = json.loads(row["original"] or "{}")
    amended = json.loads(row["amended"] or "{}")
    changed = set(json.loads(row["changed"]))
    fields = [n for n in FIELD_LABELS if n in original or n in amended]
    fields += sorted((original.keys() | amended.keys()) - set(FIELD_LABELS))
    return [
        {
            "field": name,
            "label": FIELD_LABELS.get(name, name.replace("_", " ").capitalize()),
            "original": _shown(names, name, original.get(name)),
            "amended": _shown(names, name, amended.get(name)),
            "changed": name in changed,
        }
        for name in fields
    ]


def _change(names: Names, row: dict[str, Any] | None) -> dict[str, Any] | None:
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
            # Staff's reason for asking the customer to amend (null when the customer asked of its own).
            "askedFor": row["reason"],
            "fields": _diff(names, row),
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
        names = _reference_names(tx, [row for row in latest.values() if row is not None])
        return {
            "amendment": _change(names, latest[read_changes.AMENDMENT]),
            "cancellation": _change(names, latest[read_changes.CANCELLATION]),
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


@client.post("/{id}/cancellation-request", response_model=CHANGES)
def request_cancellation(
    id: str, body: CancellationBody, principal: CustomerUser, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.booking.request_cancellation, id, principal.actor, body.reason)
    return _answer(services, id, principal)


# The customer's steps that take no body: each runs the booking command of its name.
def _customer_step(name: str) -> Callable[..., Response]:
    def step(id: str, principal: CustomerUser, services: ServicesDep, command: CommandDep) -> Response:
        command(getattr(services.booking, name), id, principal.actor)
        return _answer(services, id, principal)

    return step


for path, name in (
    ("/{id}/amendments/accept-price", "accept_amended_price"),
    ("/{id}/amendments/withdraw", "withdraw_amendment"),
    ("/{id}/cancellation-request/withdraw", "withdraw_cancellation"),
):
    client.add_api_route(path, _customer_step(name), methods=["PUT"], response_model=CHANGES, name=name)


# -- staff ----------------------------------------------------------------------------------------------
def open_queue(tx: Tx) -> dict[str, Any]:
    """The changes awaiting staff with their bookings: a fixed number of statements for the whole page
    (the changes, their bookings' details by one IN list, each reference table once)."""
    rows = read_changes.open_changes(tx)
    details = read.rate_request_details(tx, [row["rate_request_id"] for row in rows])
    names = _reference_names(tx, rows)
    listed = [
        {
            "kind": row["kind"],
            "rateRequest": present.detail(details[row["rate_request_id"]]),
            "change": _change(names, row),
        }
        for row in rows
        if row["rate_request_id"] in details
    ]
    return {"list": {"list": listed, "totalCount": len(listed)}}


def _open(services: Any) -> dict[str, Any]:
    with services.read_models.read() as tx:
        return open_queue(tx)


@staff.get("/booking-changes", response_model=Envelope[Lookup[OpenChange]])
async def open_booking_changes(_: AdminUser, services: ServicesDep) -> Response:
    return await read_answer(_open, services)


@staff.get("/rate-requests/{id}/changes", response_model=CHANGES)
async def staff_booking_changes(id: str, principal: AdminUser, services: ServicesDep) -> Response:
    return await read_answer(_changes, services, id, principal)


@staff.put("/rate-requests/{id}/amendments/requote", response_model=CHANGES)
def requote_amendment(
    id: str, body: QuoteBody, principal: AdminUser, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.booking.requote_amendment, id, principal.actor, body.price, valid_until(body.validUntil))
    return _answer(services, id, principal)


# Staff's decisions: without a body (approve, confirm) or with a message to the customer (decline); each
# runs the booking command of its name, the route keeping that name (and so its operation id).
def _staff_decision(name: str) -> Callable[..., Response]:
    def decide(id: str, principal: AdminUser, services: ServicesDep, command: CommandDep) -> Response:
        command(getattr(services.booking, name), id, principal.actor)
        return _answer(services, id, principal)

    return decide


def _staff_decline(name: str) -> Callable[..., Response]:
    def decline(
        id: str, body: MessageBody, principal: AdminUser, services: ServicesDep, command: CommandDep
    ) -> Response:
        command(getattr(services.booking, name), id, principal.actor, body.message)
        return _answer(services, id, principal)

    return decline


for path, name, handler in (
    ("/rate-requests/{id}/amendments/approve", "approve_amendment", _staff_decision),
    ("/rate-requests/{id}/amendments/decline", "decline_amendment", _staff_decline),
    # The carrier asks the customer to amend the booking, saying why (DCSA use case 6).
    ("/rate-requests/{id}/amendments/ask", "ask_for_amendment", _staff_decline),
    ("/rate-requests/{id}/cancellation-request/confirm", "confirm_cancellation", _staff_decision),
    ("/rate-requests/{id}/cancellation-request/decline", "decline_cancellation", _staff_decline),
):
    staff.add_api_route(path, handler(name), methods=["PUT"], response_model=CHANGES, name=name)
