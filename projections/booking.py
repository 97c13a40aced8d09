"""Read models of the booking context: rate requests (with their order's state), shipping orders, files,
and the reference tables (ports, container types and sizes, document types, container inventory).

The reference tables are seeded from `domain/booking/reference/` at start (idempotent) and may be extended by
staff; they are not rebuilt from events, so they are outside `tables` (replay keeps them, verify skips them).
"""

from __future__ import annotations

import functools
import json
from datetime import datetime
from decimal import Decimal
from typing import Any

from domain.booking import reference
from domain.booking.files import StoredFile
from domain.booking.rate_request import RateRequest
from domain.booking.shipping_order import ShippingOrder
from domain.booking.values import order_fields_wire, parties_wire
from domain.shared.history import utc_text
from domain.shared.lifecycle import lifecycle
from projections.batch import BatchTx
from projections.db import ReadModelDB, Tx
from projections.projection import Projection

projection = Projection(
    name="booking",
    tables={
        "booking_rate_requests": ("id",),
        "booking_shipping_orders": ("id",),
        "booking_files": ("id",),
    },
    schema=[
        "CREATE TABLE IF NOT EXISTS booking_rate_requests ("
        " id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, customer_username TEXT NOT NULL,"
        " commodity TEXT NOT NULL, hs_code TEXT NOT NULL, quantity INTEGER NOT NULL,"
        " preferred_shipping_date TEXT, is_swbl INTEGER NOT NULL, is_danger INTEGER NOT NULL, msds TEXT,"
        " additional_comment TEXT, pol_id INTEGER NOT NULL, pod_id INTEGER NOT NULL,"
        " container_type_id INTEGER NOT NULL, container_size_id INTEGER NOT NULL,"
        " state_name TEXT NOT NULL, state INTEGER NOT NULL, price TEXT, valid_until TEXT,"
        " revision_message TEXT, rejection_message TEXT, documents TEXT NOT NULL,"
        " order_id TEXT, order_state INTEGER, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,"
        " position BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS booking_rr_customer ON booking_rate_requests (customer_id, created_at)",
        "CREATE INDEX IF NOT EXISTS booking_rr_state ON booking_rate_requests (state, created_at)",
        "CREATE INDEX IF NOT EXISTS booking_rr_created ON booking_rate_requests (created_at)",
        "CREATE INDEX IF NOT EXISTS booking_rr_due ON booking_rate_requests (state_name, valid_until)",
        "CREATE TABLE IF NOT EXISTS booking_shipping_orders ("
        " id TEXT PRIMARY KEY, rate_request_id TEXT NOT NULL, customer_id TEXT NOT NULL,"
        " status_name TEXT NOT NULL, status INTEGER NOT NULL, details TEXT NOT NULL, revise TEXT NOT NULL,"
        " edited_order TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, position BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS booking_so_rate_request ON booking_shipping_orders (rate_request_id)",
        "CREATE TABLE IF NOT EXISTS booking_files ("
        " id TEXT PRIMARY KEY, owner_id TEXT NOT NULL, name TEXT NOT NULL, content_type TEXT NOT NULL,"
        " size BIGINT NOT NULL, sha256 TEXT NOT NULL, storage_name TEXT NOT NULL, uploaded_at TEXT NOT NULL,"
        " position BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS booking_files_owner ON booking_files (owner_id)",
        # Reference tables (seeded, extendable by staff; not rebuilt from events).
        "CREATE TABLE IF NOT EXISTS booking_ports ("
        " id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, name TEXT NOT NULL, country TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS booking_container_types ("
        " id INTEGER PRIMARY KEY, name TEXT NOT NULL, value INTEGER NOT NULL)",
        "CREATE TABLE IF NOT EXISTS booking_container_sizes ("
        " id INTEGER PRIMARY KEY, name TEXT NOT NULL, value INTEGER NOT NULL)",
        "CREATE TABLE IF NOT EXISTS booking_document_types ("
        " id INTEGER PRIMARY KEY, name TEXT NOT NULL, template TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS booking_containers ("
        " id INTEGER PRIMARY KEY, number TEXT NOT NULL UNIQUE, type_id INTEGER"
        " NOT NULL, size_id INTEGER NOT NULL)",
    ],
)


def iso(moment: datetime | None) -> str | None:
    """UTC, fixed width, `Z`: sorts as text and reads as ISO 8601 on the wire."""
    return None if moment is None else utc_text(moment)


def _code(machine: str, state: str) -> int:
    return lifecycle(machine).code(state)


# -- rate requests --------------------------------------------------------------------------
RATE_REQUESTS = "booking_rate_requests"
ORDERS = "booking_shipping_orders"


def _detail_columns(details: dict[str, Any]) -> dict[str, Any]:
    return {
        "commodity": details["commodity"],
        "hs_code": details["hs_code"],
        "quantity": int(details["quantity"]),
        "preferred_shipping_date": details.get("preferred_shipping_date"),
        "is_swbl": int(bool(details.get("is_swbl"))),
        "is_danger": int(bool(details.get("is_danger"))),
        "msds": details.get("msds"),
        "additional_comment": details.get("additional_comment"),
        "pol_id": int(details["pol_id"]),
        "pod_id": int(details["pod_id"]),
        "container_type_id": int(details["container_type_id"]),
        "container_size_id": int(details["container_size_id"]),
    }


def _moved(event: Any, position: int) -> dict[str, Any]:
    """The columns every rate-request event sets: its state, when, and at which position."""
    return {
        "state_name": event.state,
        "state": _code("rate_request", event.state),
        "updated_at": iso(event.timestamp),
        "position": position,
    }


@projection.on(RateRequest.Created)  # type: ignore[attr-defined]
def rate_request_created(tx: BatchTx, event: Any, position: int) -> None:
    at = iso(event.timestamp)
    tx.insert(
        RATE_REQUESTS,
        {
            "id": str(event.originator_id),
            "customer_id": event.customer_id,
            "customer_username": event.customer_username,
            **_detail_columns(event.details),
            "state_name": event.state,
            "state": _code("rate_request", event.state),
            "price": None,
            "valid_until": None,
            "revision_message": None,
            "rejection_message": None,
            "documents": "[]",
            "order_id": None,
            "order_state": None,
            "created_at": at,
            "updated_at": at,
            "position": position,
        },
    )


@projection.on(RateRequest.Edited)  # type: ignore[attr-defined]
def rate_request_edited(tx: BatchTx, event: Any, position: int) -> None:
    tx.update(
        RATE_REQUESTS,
        str(event.originator_id),
        {
            **_detail_columns(event.details),
            **_moved(event, position),
            "price": None,
            "valid_until": None,
            "revision_message": None,
        },
    )


@projection.on(RateRequest.Quoted)  # type: ignore[attr-defined]
def rate_request_quoted(tx: BatchTx, event: Any, position: int) -> None:
    tx.update(
        RATE_REQUESTS,
        str(event.originator_id),
        {
            "price": str(event.price),
            "valid_until": iso(event.valid_until),
            "revision_message": None,
            **_moved(event, position),
        },
    )


@projection.on(RateRequest.RevisionRequested)  # type: ignore[attr-defined]
def rate_request_revision(tx: BatchTx, event: Any, position: int) -> None:
    tx.update(
        RATE_REQUESTS,
        str(event.originator_id),
        {"revision_message": event.message, "price": None, "valid_until": None, **_moved(event, position)},
    )


@projection.on(RateRequest.Rejected)  # type: ignore[attr-defined]
def rate_request_rejected(tx: BatchTx, event: Any, position: int) -> None:
    tx.update(
        RATE_REQUESTS,
        str(event.originator_id),
        {"rejection_message": event.message, **_moved(event, position)},
    )


@projection.on(RateRequest.BookingRequestSubmitted)  # type: ignore[attr-defined]
def booking_request_submitted(tx: BatchTx, event: Any, position: int) -> None:
    tx.update(
        RATE_REQUESTS,
        str(event.originator_id),
        {"documents": json.dumps(event.documents, sort_keys=True), **_moved(event, position)},
    )


@projection.on(
    RateRequest.PriceAccepted,  # type: ignore[attr-defined]
    RateRequest.PriceCancelled,  # type: ignore[attr-defined]
    RateRequest.QuoteExpired,  # type: ignore[attr-defined]
    RateRequest.BookingConfirmed,  # type: ignore[attr-defined]
    RateRequest.Completed,  # type: ignore[attr-defined]
)
def rate_request_moved(tx: BatchTx, event: Any, position: int) -> None:
    tx.update(RATE_REQUESTS, str(event.originator_id), _moved(event, position))


# -- shipping orders --------------------------------------------------------------------------
def _order_moved(tx: BatchTx, event: Any, position: int, **extra: Any) -> None:
    order_id = str(event.originator_id)
    code = _code("shipping_order", event.state)
    at = iso(event.timestamp)
    tx.update(
        ORDERS,
        order_id,
        {"status_name": event.state, "status": code, **extra, "updated_at": at, "position": position},
    )
    # The rate request whose `order_id` is this order: the one the order was created for.
    order = tx.get(ORDERS, order_id)
    if order is None:
        return
    request = tx.get(RATE_REQUESTS, order["rate_request_id"])
    if request is not None and request["order_id"] == order_id:
        tx.update(RATE_REQUESTS, request["id"], {"order_state": code, "updated_at": at, "position": position})


@projection.on(ShippingOrder.Created)  # type: ignore[attr-defined]
def order_created(tx: BatchTx, event: Any, position: int) -> None:
    at = iso(event.timestamp)
    code = _code("shipping_order", event.state)
    tx.insert(
        ORDERS,
        {
            "id": str(event.originator_id),
            "rate_request_id": event.rate_request_id,
            "customer_id": event.customer_id,
            "status_name": event.state,
            "status": code,
            "details": json.dumps(event.details, sort_keys=True),
            "revise": "{}",
            "edited_order": None,
            "created_at": at,
            "updated_at": at,
            "position": position,
        },
    )
    tx.update(
        RATE_REQUESTS,
        event.rate_request_id,
        {"order_id": str(event.originator_id), "order_state": code, "updated_at": at, "position": position},
    )


@projection.on(ShippingOrder.RevisionRequested)  # type: ignore[attr-defined]
def order_revision(tx: BatchTx, event: Any, position: int) -> None:
    edited = json.dumps(event.edited_order, sort_keys=True) if event.edited_order is not None else None
    _order_moved(tx, event, position, revise=json.dumps(event.revise, sort_keys=True), edited_order=edited)


@projection.on(ShippingOrder.Edited)  # type: ignore[attr-defined]
def order_edited(tx: BatchTx, event: Any, position: int) -> None:
    current = tx.get(ORDERS, str(event.originator_id))
    details = {**json.loads((current or {}).get("details") or "{}"), **event.changes}
    _order_moved(
        tx, event, position, details=json.dumps(details, sort_keys=True), revise="{}", edited_order=None
    )


@projection.on(ShippingOrder.Accepted, ShippingOrder.Approved)  # type: ignore[attr-defined]
def order_moved(tx: BatchTx, event: Any, position: int) -> None:
    _order_moved(tx, event, position)


# -- files --------------------------------------------------------------------------
@projection.on(StoredFile.Stored)  # type: ignore[attr-defined]
def file_stored(tx: BatchTx, event: Any, position: int) -> None:
    tx.insert(
        "booking_files",
        {
            "id": str(event.originator_id),
            "owner_id": event.owner_id,
            "name": event.name,
            "content_type": event.content_type,
            "size": event.size,
            "sha256": event.sha256,
            "storage_name": event.storage_name,
            "uploaded_at": iso(event.timestamp),
            "position": position,
        },
    )


# -- reference data --------------------------------------------------------------------------
def seed_reference(db: ReadModelDB) -> None:
    """Copy the seed files into the reference tables; rows already there (or added by staff) stay."""
    with db.transaction() as tx:
        for statement in projection.schema:
            if (
                "booking_ports" in statement
                or "booking_container" in statement
                or "booking_document" in statement
            ):
                tx.execute(statement)
        tx.executemany(
            "INSERT INTO booking_ports (id, code, name, country) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            [(p.id, p.code, p.name, p.country) for p in reference.seed_ports()],
        )
        tx.executemany(
            "INSERT INTO booking_container_types (id, name, value) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            [(t.id, t.name, t.value) for t in reference.seed_container_types()],
        )
        tx.executemany(
            "INSERT INTO booking_container_sizes (id, name, value) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            [(s.id, s.name, s.value) for s in reference.seed_container_sizes()],
        )
        tx.executemany(
            "INSERT INTO booking_document_types (id, name, template) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            [(d.id, d.name, d.template) for d in reference.seed_document_types()],
        )
        tx.executemany(
            "INSERT INTO booking_containers (id, number, type_id, size_id) VALUES (?, ?, ?, ?)"
            " ON CONFLICT DO NOTHING",
            [(c.id, c.number, c.type_id, c.size_id) for c in reference.seed_containers()],
        )


def port_title(row: dict[str, Any] | None) -> str | None:
    return f"{row['name']} ({row['code']})" if row else None


def ports(tx: Tx) -> list[dict[str, Any]]:
    rows = tx.all("SELECT id, code, name, country FROM booking_ports ORDER BY id")
    return [
        {"id": r["id"], "name": port_title(r), "value": r["id"], "code": r["code"], "country": r["country"]}
        for r in rows
    ]


def choices(tx: Tx, table: str) -> list[dict[str, Any]]:
    assert table in ("booking_container_types", "booking_container_sizes")
    return tx.all(f"SELECT id, name, value FROM {table} ORDER BY id")


def document_types(tx: Tx) -> list[dict[str, Any]]:
    return tx.all("SELECT id, name, template FROM booking_document_types ORDER BY id")


def search_containers(tx: Tx, number: str, limit: int = 20) -> list[dict[str, Any]]:
    text = "".join(ch for ch in number.upper() if ch.isalnum())
    rows = tx.all(
        "SELECT id, number FROM booking_containers WHERE number LIKE ? ORDER BY number LIMIT ?",
        (f"%{text}%", limit),
    )
    return [{"name": r["number"], "value": r["id"]} for r in rows]


def add_port(tx: Tx, code: str, name: str, country: str) -> int:
    next_id = int(tx.scalar("SELECT COALESCE(MAX(id), 0) + 1 FROM booking_ports"))
    tx.execute(
        "INSERT INTO booking_ports (id, code, name, country) VALUES (?, ?, ?, ?)",
        (next_id, code, name, country),
    )
    return next_id


def add_container(tx: Tx, number: str, type_id: int, size_id: int) -> int:
    next_id = int(tx.scalar("SELECT COALESCE(MAX(id), 0) + 1 FROM booking_containers"))
    tx.execute(
        "INSERT INTO booking_containers (id, number, type_id, size_id) VALUES (?, ?, ?, ?)",
        (next_id, number, type_id, size_id),
    )
    return next_id


class TableCatalog:
    """The `ReferenceCatalog` the booking application asks, answered from the reference tables."""

    def __init__(self, db: ReadModelDB) -> None:
        self.db = db

    def _exists(self, table: str, key: int) -> bool:
        return self._value(table, "id", key) is not None

    def _value(self, table: str, column: str, key: int) -> Any:
        # Reference rows are only ever inserted (see `_reference_names`): a row once found is kept.
        with self.db.read() as tx:
            return _reference_names(tx, table, column, [key]).get(key)

    def has_port(self, port_id: int) -> bool:
        return self._exists("booking_ports", port_id)

    def has_container_type(self, type_id: int) -> bool:
        return self._exists("booking_container_types", type_id)

    def container_type_value(self, type_id: int) -> int | None:
        value = self._value("booking_container_types", "value", type_id)
        return None if value is None else int(value)

    def has_container_size(self, size_id: int) -> bool:
        return self._exists("booking_container_sizes", size_id)

    def has_document_type(self, document_type_id: int) -> bool:
        return self._exists("booking_document_types", document_type_id)

    def has_container(self, container_id: int) -> bool:
        return self._exists("booking_containers", container_id)


# -- queries --------------------------------------------------------------------------
_LIST_COLUMNS = (
    "r.*, pol.code AS pol_code, pol.name AS pol_name, pod.code AS pod_code, pod.name AS pod_name,"
    " ct.name AS container_type_name, ct.value AS container_type_value, cs.name AS container_size_name,"
    " cp.profile AS customer_profile"
)
_LIST_FROM = (
    " FROM booking_rate_requests r"
    " LEFT JOIN customer_profiles cp ON cp.account_id = r.customer_id"
    " LEFT JOIN booking_ports pol ON pol.id = r.pol_id"
    " LEFT JOIN booking_ports pod ON pod.id = r.pod_id"
    " LEFT JOIN booking_container_types ct ON ct.id = r.container_type_id"
    " LEFT JOIN booking_container_sizes cs ON cs.id = r.container_size_id"
)
_LIST_SELECT = f"SELECT {_LIST_COLUMNS}{_LIST_FROM}"
# What `list_row` reads, and nothing more: a page does not carry every row's documents, messages, etc.
_PAGE_COLUMNS = (
    "r.id, r.commodity, r.hs_code, r.quantity, r.state, r.state_name, r.order_state, r.price, r.valid_until,"
    " r.preferred_shipping_date, r.created_at, r.customer_username, pol.code AS pol_code,"
    " pol.name AS pol_name, pod.code AS pod_code, pod.name AS pod_name, ct.name AS container_type_name,"
    " cs.name AS container_size_name, cp.profile AS customer_profile"
)
# A rate request has at most one shipping order (the order's id is name-based on the rate request's), so
# the detail joins it: the request, its order and their reference names in one statement.
_DETAIL_SELECT = (
    f"SELECT {_LIST_COLUMNS}, so.id AS so_id, so.status AS so_status, so.status_name AS so_status_name,"
    " so.details AS so_details, so.revise AS so_revise, so.edited_order AS so_edited_order,"
    " so.created_at AS so_created_at, so.updated_at AS so_updated_at"
    f"{_LIST_FROM} LEFT JOIN booking_shipping_orders so ON so.rate_request_id = r.id WHERE r.id = ?"
)


def _reference_names(tx: Tx, table: str, column: str, ids: list[Any]) -> dict[Any, Any]:
    """{id: column} for the ids found in a reference table whose rows never change once written.

    Reference rows (ports, container types and sizes, document types, container numbers) are only ever
    inserted (seed, staff's `add_port`/`add_container`), never updated or deleted, and ids are never
    reused; so a row once read is kept in the database object's `memo` (per ReadModelDB, so two databases
    in one process never share it) and later answers read only the ids not seen yet. An id not found is
    not remembered: a row added later is found then.
    """
    memo = getattr(tx, "memo", None)
    known: dict[Any, Any] = memo.setdefault((table, column), {}) if memo is not None else {}
    missing = list(dict.fromkeys(i for i in ids if i not in known))
    if missing:
        marks = ", ".join("?" for _ in missing)
        for r in tx.all(f"SELECT id, {column} FROM {table} WHERE id IN ({marks})", missing):
            known[r["id"]] = r[column]
    return {i: known[i] for i in ids if i in known}


def _money(text: str | None) -> float | None:
    # Money travels as a JSON number of USD (DESIGN section 6); it is kept as decimal text.
    return None if text is None else float(Decimal(text))


def _title(row: dict[str, Any], side: str) -> str | None:
    code = row.get(f"{side}_code")
    return f"{row[f'{side}_name']} ({code})" if code else None


@functools.lru_cache(maxsize=1024)
def _profile_name(text: str) -> str:
    # Keyed by the profile's whole text, so a changed profile is a new key; a page repeats one customer.
    try:
        profile = json.loads(text)
    except ValueError:
        profile = {}
    if not isinstance(profile, dict):
        profile = {}
    person = " ".join(str(profile.get(k) or "").strip() for k in ("firstName", "lastName")).strip()
    return person or str(profile.get("name") or "").strip()


def customer_name(row: dict[str, Any]) -> str:
    """The profile's name (a person's first and last name, a company's name), else the username."""
    return _profile_name(row.get("customer_profile") or "{}") or str(row["customer_username"])


def list_row(row: dict[str, Any]) -> dict[str, Any]:
    cargo = (
        f"{row['quantity']} x {row['container_size_name']} {row['container_type_name']}, {row['commodity']}"
    )
    return {
        "id": row["id"],
        "commodity": row["commodity"],
        "hsCode": row["hs_code"],
        "quantity": row["quantity"],
        "state": row["state"],
        "stateName": row["state_name"],
        "orderState": row["order_state"],
        "polTitle": _title(row, "pol"),
        "podTitle": _title(row, "pod"),
        "cargoDetails": cargo,
        "price": _money(row["price"]),
        "validUntil": row["valid_until"],
        "preferredShippingDate": row["preferred_shipping_date"],
        "containerType": row["container_type_name"],
        "containerSize": row["container_size_name"],
        "customerName": customer_name(row),
        "createdAt": row["created_at"],
    }


def _page(
    tx: Tx, where: str, params: tuple[Any, ...], limit: int, page: int
) -> tuple[list[dict[str, Any]], int]:
    """One statement: the page, each row carrying the count of all matching rows (an uncorrelated scalar
    subquery, computed once, through the same index as a separate COUNT). A page past the end has no row to
    carry it, so only then is the count asked for on its own.

    LIMIT and OFFSET are written into the statement (integers, never text from the caller): with them as
    parameters PostgreSQL re-plans the prepared statement on every call (a generic plan cannot cost an
    unknown LIMIT, so it keeps choosing custom plans), and planning this join cost ~20x its execution."""
    size, skip = int(limit), (int(page) - 1) * int(limit)
    rows = tx.all(
        f"SELECT {_PAGE_COLUMNS}, (SELECT COUNT(*) FROM booking_rate_requests r {where}) AS total_count"
        f"{_LIST_FROM} {where} ORDER BY r.created_at DESC, r.id DESC LIMIT {size} OFFSET {skip}",
        (*params, *params),
    )
    if rows:
        total = int(rows[0]["total_count"])
    elif page == 1:
        total = 0
    else:
        total = int(tx.scalar(f"SELECT COUNT(*) FROM booking_rate_requests r {where}", params) or 0)
    return [list_row(r) for r in rows], total


def customer_rate_requests(
    tx: Tx, customer_id: str, limit: int, page: int
) -> tuple[list[dict[str, Any]], int]:
    return _page(tx, "WHERE r.customer_id = ?", (customer_id,), limit, page)


def all_rate_requests(
    tx: Tx, state: int | None, state_name: str | None, limit: int, page: int
) -> tuple[list[dict[str, Any]], int]:
    clauses: list[str] = []
    params: list[Any] = []
    if state is not None:
        clauses.append("r.state = ?")
        params.append(state)
    if state_name:
        clauses.append("r.state_name = ?")
        params.append(state_name)
    where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
    return _page(tx, where, tuple(params), limit, page)


def _order(row: dict[str, Any] | None, container_numbers: dict[int, str]) -> dict[str, Any] | None:
    if row is None:
        return None
    details = json.loads(row["details"])
    edited = json.loads(row["edited_order"]) if row["edited_order"] else None
    return {
        "id": row["id"],
        "rateRequestId": row["rate_request_id"],
        "status": row["status"],
        "statusName": row["status_name"],
        "statusLabel": lifecycle("shipping_order").labels[row["status_name"]],
        **order_fields_wire(details),
        "parties": parties_wire(details.get("parties", [])),
        "containers": [
            {
                "containerId": c["container_id"],
                "containerNumber": container_numbers.get(c["container_id"]),
                "seal": c["seal"],
                "count": c["count"],
                "type": c["type"],
                "grossWeight": c["gross_weight"],
                "netWeight": c["net_weight"],
            }
            for c in details.get("containers", [])
        ],
        "revise": json.loads(row["revise"]),
        "editedOrder": edited,
        "createdAt": row["created_at"],
        "updatedAt": row["updated_at"],
    }


def _order_row(row: dict[str, Any]) -> dict[str, Any] | None:
    """The joined order's columns of a detail row, named as booking_shipping_orders names them."""
    if row["so_id"] is None:
        return None
    return {
        "id": row["so_id"],
        "rate_request_id": row["id"],
        "status": row["so_status"],
        "status_name": row["so_status_name"],
        "details": row["so_details"],
        "revise": row["so_revise"],
        "edited_order": row["so_edited_order"],
        "created_at": row["so_created_at"],
        "updated_at": row["so_updated_at"],
    }


def rate_request_detail(tx: Tx, rate_request_id: str) -> dict[str, Any] | None:
    row = tx.one(_DETAIL_SELECT, (rate_request_id,))
    if row is None:
        return None
    order_row = _order_row(row)
    numbers: dict[int, str] = {}
    if order_row is not None:
        ids = [c["container_id"] for c in json.loads(order_row["details"]).get("containers", [])]
        if ids:
            numbers = _reference_names(tx, "booking_containers", "number", ids)
    documents = json.loads(row["documents"])
    names: dict[Any, Any] = {}
    if documents:
        names = _reference_names(
            tx, "booking_document_types", "name", [d["document_type_id"] for d in documents]
        )
    return {
        **list_row(row),
        "customerId": row["customer_id"],
        "pol": {"id": row["pol_id"], "name": _title(row, "pol"), "value": row["pol_id"]},
        "pod": {"id": row["pod_id"], "name": _title(row, "pod"), "value": row["pod_id"]},
        "containerType": {
            "id": row["container_type_id"],
            "name": row["container_type_name"],
            "value": row["container_type_value"],
        },
        "containerSize": {
            "id": row["container_size_id"],
            "name": row["container_size_name"],
            "value": row["container_size_id"],
        },
        "isSwbl": bool(row["is_swbl"]),
        "isSWBL": bool(row["is_swbl"]),
        "isDanger": bool(row["is_danger"]),
        "msds": row["msds"],
        "additionalComment": row["additional_comment"],
        "revisionMessage": row["revision_message"],
        "rejectionMessage": row["rejection_message"],
        "bookingRequest": (
            {
                "documents": [
                    {
                        "documentTypeId": d["document_type_id"],
                        "documentType": names.get(d["document_type_id"]),
                        "fileId": d["file_id"],
                    }
                    for d in documents
                ]
            }
            if documents
            else None
        ),
        "order": _order(order_row, numbers),
        "updatedAt": row["updated_at"],
    }


def due_quotes(tx: Tx, now: datetime, limit: int = 200) -> list[str]:
    rows = tx.all(
        "SELECT id FROM booking_rate_requests WHERE state_name = 'quoted' AND valid_until <= ?"
        " ORDER BY valid_until LIMIT ?",
        (iso(now), limit),
    )
    return [r["id"] for r in rows]


def stored_file(tx: Tx, file_id: str) -> dict[str, Any] | None:
    return tx.one("SELECT * FROM booking_files WHERE id = ?", (file_id,))
