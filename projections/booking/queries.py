"""What the booking API reads: list pages, a rate request's detail with its order, due quotes, files.

Rows in the read models' column names; `api/presenters/booking.py` shapes them for the wire.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from infrastructure.read_db import Tx
from projections.booking.handlers import iso
from projections.booking.reference import _reference_names

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
# What the list presenter (api/presenters/booking.py) reads, and nothing more: a page does not carry every
# row's documents, messages, etc.
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
    return rows, total


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


@dataclass(frozen=True)
class RateRequestRecord:
    """A rate request's row (with its reference names), its shipping order's row if it has one, and the
    names the detail shows for the order's containers and the request's documents."""

    row: dict[str, Any]
    order: dict[str, Any] | None
    container_numbers: dict[int, str]
    document_names: dict[int, str]


def rate_request_detail(tx: Tx, rate_request_id: str) -> RateRequestRecord | None:
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
    names: dict[int, str] = {}
    if documents:
        names = _reference_names(
            tx, "booking_document_types", "name", [d["document_type_id"] for d in documents]
        )
    return RateRequestRecord(row, order_row, numbers, names)


def due_quotes(tx: Tx, now: datetime, limit: int = 200) -> list[str]:
    rows = tx.all(
        "SELECT id FROM booking_rate_requests WHERE state_name = 'quoted' AND valid_until <= ?"
        " ORDER BY valid_until LIMIT ?",
        (iso(now), limit),
    )
    return [r["id"] for r in rows]


def stored_file(tx: Tx, file_id: str) -> dict[str, Any] | None:
    return tx.one("SELECT * FROM booking_files WHERE id = ?", (file_id,))
