"""What the booking API reads: list pages, a rate request's detail with its order, due quotes, files.

Queries answer read-model rows (a dict of column names) and plain records; they know no wire key. The API's
presenter (api/presenters/booking.py) shapes them into the response models.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from domain.booking.state_facts import expiring_states
from domain.shared.personal import person_name
from infrastructure.read_db import Tx, placeholders
from projections.booking.handlers import ALL_CUSTOMERS, iso
from projections.booking.reference import _reference_names
from projections.people_search import people_named

Row = dict[str, Any]

# -- queries --------------------------------------------------------------------------
# Whether tracking events reached the booking (projections/tracking.py's position of it): a row without
# them needs no progress read (api/presenters/tracking.py), which saves a statement on most reads.
_TRACKED = (
    "EXISTS (SELECT 1 FROM tracking_positions tp WHERE tp.rate_request_id = r.id AND tp.milestones > 0)"
    " AS tracked"
)
_LIST_COLUMNS = (
    "r.*, pol.code AS pol_code, pol.name AS pol_name, pod.code AS pod_code, pod.name AS pod_name,"
    " ct.name AS container_type_name, ct.value AS container_type_value, cs.name AS container_size_name,"
    " cp.profile AS customer_profile, dc.content IS NOT NULL AS via_api, "
    f"{_TRACKED}"
)
# A request's names and flags, joined to each row of `r`.
_JOINS = (
    " LEFT JOIN customer_profiles cp ON cp.account_id = r.customer_id"
    " LEFT JOIN booking_ports pol ON pol.id = r.pol_id"
    " LEFT JOIN booking_ports pod ON pod.id = r.pod_id"
    " LEFT JOIN booking_container_types ct ON ct.id = r.container_type_id"
    " LEFT JOIN booking_container_sizes cs ON cs.id = r.container_size_id"
    # Whether it came through the DCSA door (projections/booking/dcsa.py keeps the standard's content).
    " LEFT JOIN booking_dcsa dc ON dc.id = r.id"
)
_LIST_FROM = f" FROM booking_rate_requests r{_JOINS}"
_LIST_SELECT = f"SELECT {_LIST_COLUMNS}{_LIST_FROM}"
# What a list row shows (api/presenters/booking.py `list_row`), and nothing more: a page does not carry
# every row's documents, messages, etc.
_PAGE_COLUMNS = (
    "r.id, r.commodity, r.hs_code, r.quantity, r.state, r.state_name, r.order_state, r.order_state_name,"
    " r.price, r.valid_until,"
    " r.preferred_shipping_date, r.created_at, r.customer_username, pol.code AS pol_code,"
    " pol.name AS pol_name, pod.code AS pod_code, pod.name AS pod_name, ct.name AS container_type_name,"
    " cs.name AS container_size_name, cp.profile AS customer_profile, r.reference, r.waiting_for,"
    f" dc.content IS NOT NULL AS via_api, {_TRACKED}"
)
# A rate request has at most one shipping order (the order's id is name-based on the rate request's), so
# the detail joins it: the request, its order and their reference names in one statement.
_DETAIL_SELECT = (
    f"SELECT {_LIST_COLUMNS}, so.id AS so_id, so.status AS so_status, so.status_name AS so_status_name,"
    " so.details AS so_details, so.revise AS so_revise, so.edited_order AS so_edited_order,"
    " so.decline_message AS so_decline_message, so.revision_requests AS so_revision_requests,"
    " so.created_at AS so_created_at,"
    " so.updated_at AS so_updated_at"
    f"{_LIST_FROM} LEFT JOIN booking_shipping_orders so ON so.rate_request_id = r.id WHERE r.id IN "
)


def _profile(text: str) -> dict[str, Any]:
    """A stored profile's fields (none where its text is not a JSON object)."""
    try:
        profile = json.loads(text)
    except ValueError:
        return {}
    return profile if isinstance(profile, dict) else {}


@functools.lru_cache(maxsize=1024)
def _profile_name(text: str) -> str:
    # Keyed by the profile's whole text, so a changed profile is a new key; a page repeats one customer.
    profile = _profile(text)
    return (
        person_name(profile.get("firstName"), profile.get("lastName"))
        or str(profile.get("name") or "").strip()
    )


def customer_name(row: Row) -> str:
    """The profile's name (a person's first and last name, a company's name), else the username."""
    return _profile_name(row.get("customer_profile") or "{}") or str(row["customer_username"])


@functools.lru_cache(maxsize=1024)
def _profile_address(text: str) -> tuple[str | None, str | None]:
    profile = _profile(text)
    address, postal_code = (str(profile.get(key) or "").strip() for key in ("address", "postalCode"))
    return address or None, postal_code or None


def customer_address(row: Row) -> tuple[str | None, str | None]:
    """The booking party's address and postal code as its profile gives them now (a person's, a domestic or
    foreign company's, known since sign-up): what the letters it signs are written from (decision 3885)."""
    return _profile_address(row.get("customer_profile") or "{}")


def cargo_details(row: Row) -> str:
    """`2 x 40ft Dry, Dates`: what a list row says the booking carries."""
    size, kind = row["container_size_name"], row["container_type_name"]
    return f"{row['quantity']} x {size} {kind}, {row['commodity']}"


# A count statement and its parameters.
Count = tuple[str, tuple[Any, ...]]

# The orders a customer's list is read in, each the order of an index that starts with the customer
# (projections/booking/handlers.py), so that a page reads only its own rows: newest first (the default),
# oldest first (the same index read backwards), and by container type, in the types' own order (their ids,
# as the request form lists them, whatever the reader's language), newest first within a type.
ListOrder = Literal["newest", "oldest", "type"]
LIST_ORDERS: dict[ListOrder, str] = {
    "newest": "r.created_at DESC, r.id DESC",
    "oldest": "r.created_at ASC, r.id ASC",
    "type": "r.container_type_id ASC, r.created_at DESC, r.id DESC",
}
NEWEST_FIRST = LIST_ORDERS["newest"]

# The bookings waiting for their customer (her move): written once, for the overview's count and list and
# her booking list's filter, which must name the same bookings (decision 3909).
WAITING_FOR_CUSTOMER = "r.waiting_for = 'customer'"
# Whom a customer's list is filtered by: everyone (the default), or the bookings waiting for her.
WaitingFor = Literal["anyone", "customer"]


def _page(
    tx: Tx,
    where: str,
    params: tuple[Any, ...],
    limit: int,
    page: int,
    total: Count | None = None,
    order: str = NEWEST_FIRST,
) -> tuple[list[Row], int]:
    """One statement: the page, each row carrying the count of all matching rows (an uncorrelated scalar
    subquery, computed once). A page past the end has no row to carry it, so only then is the count asked
    for on its own. The count is `total` where one is given (the counts table's few rows, `_counted`), else
    the matching rows counted through the same index.

    LIMIT and OFFSET are written into the statement (integers, never text from the caller): with them as
    parameters PostgreSQL re-plans the prepared statement on every call (a generic plan cannot cost an
    unknown LIMIT, so it keeps choosing custom plans), and planning this join cost ~20x its execution."""
    size, skip = int(limit), (int(page) - 1) * int(limit)
    count_sql, count_params = total or (f"SELECT COUNT(*) FROM booking_rate_requests r {where}", params)
    # The page's rows are chosen first, alone (an index in the list's order reads only them), and only those
    # are joined: joined first, a customer with thousands of requests had every one of them joined and then
    # sorted for each page (the planner, with statistics from when the table was small, expected four).
    rows = tx.all(
        f"SELECT {_PAGE_COLUMNS}, ({count_sql}) AS total_count FROM (SELECT r.* FROM booking_rate_requests r"
        f" {where} ORDER BY {order} LIMIT {size} OFFSET {skip}) r{_JOINS} ORDER BY {order}",
        (*count_params, *params),
    )
    if rows:
        found = int(rows[0]["total_count"])
    elif page == 1 and total is None:
        found = 0
    else:
        found = int(tx.scalar(count_sql, count_params) or 0)
    return rows, found


def _counted(scope: str, clauses: list[str], params: list[Any]) -> Count:
    """The sum of the counts table's rows of `scope` (a customer, or all of them) that match `clauses`."""
    where = " AND ".join(["c.customer_id = ?", *clauses])
    return f"SELECT COALESCE(SUM(c.count), 0) FROM booking_request_counts c WHERE {where}", (scope, *params)


def rows_where(tx: Tx, where: str, params: tuple[Any, ...], *, order: str, limit: int) -> list[Row]:
    """List rows (and `updated_at`) matching `where`, in `order`, at most `limit` of them."""
    return tx.all(
        f"SELECT {_PAGE_COLUMNS}, r.updated_at FROM (SELECT r.* FROM booking_rate_requests r {where}"
        f" ORDER BY {order} LIMIT {int(limit)}) r{_JOINS} ORDER BY {order}",
        params,
    )


def _searching(
    search: str | None, clauses: list[str], params: list[Any], customers: list[str] | None = None
) -> None:
    """`search` finds a booking by (part of) its reference, any case, or by (part of) its commodity; and,
    where `customers` is given (the people the search names), by its customer."""
    text = (search or "").strip()
    if not text:
        return
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    by_customer = f" OR r.customer_id IN ({placeholders(customers)})" if customers else ""
    clauses.append(
        f"(r.reference_upper LIKE ? ESCAPE '\\' OR LOWER(r.commodity) LIKE ? ESCAPE '\\'{by_customer})"
    )
    params.extend((f"%{escaped.upper()}%", f"%{escaped.lower()}%", *(customers or ())))


def _where(clauses: list[str]) -> str:
    return ("WHERE " + " AND ".join(clauses)) if clauses else ""


def customer_rate_requests(
    tx: Tx,
    customer_id: str,
    limit: int,
    page: int,
    search: str | None = None,
    sort: ListOrder = "newest",
    waiting: WaitingFor = "anyone",
) -> tuple[list[Row], int]:
    """A page of the customer's rate requests in `sort`'s order (a key of LIST_ORDERS); `waiting="customer"`:
    only those waiting for her."""
    clauses, params = ["r.customer_id = ?"], [customer_id]
    filtered = bool((search or "").strip()) or waiting == "customer"
    total = None if filtered else _counted(customer_id, [], [])
    if waiting == "customer":
        clauses.append(WAITING_FOR_CUSTOMER)
    _searching(search, clauses, params)
    return _page(tx, _where(clauses), tuple(params), limit, page, total, LIST_ORDERS[sort])


def all_rate_requests(
    tx: Tx, state: int | None, state_name: str | None, limit: int, page: int, search: str | None = None
) -> tuple[list[Row], int]:
    clauses: list[str] = []
    params: list[Any] = []
    # Staff find a customer's bookings by her name too (as the audit search does, from the same name index).
    customers = people_named(tx, search) if search and search.strip() else None
    _searching(search, clauses, params, customers)
    counted: list[str] = []
    if state is not None:
        clauses.append("r.state = ?")
        counted.append("c.state = ?")
        params.append(state)
    if state_name:
        clauses.append("r.state_name = ?")
        counted.append("c.state_name = ?")
        params.append(state_name)
    searched = bool((search or "").strip())
    total = None if searched else _counted(ALL_CUSTOMERS, counted, params)
    return _page(tx, _where(clauses), tuple(params), limit, page, total)


@dataclass(frozen=True)
class OrderRecord:
    """A rate request's shipping order as booking_shipping_orders keeps it, its JSON columns read."""

    id: str
    rate_request_id: str
    status: int
    status_name: str
    details: dict[str, Any]  # the order's values as its events carry them (domain/booking/values.py)
    revise: dict[str, str]
    edited_order: dict[str, Any] | None
    decline_message: str | None  # why staff declined it, while it stands declined
    # Staff's latest revision request, until they decide on the customer's answer to it (staff's screens).
    revision_requests: dict[str, str]
    created_at: str
    updated_at: str
    container_numbers: dict[int, str]  # container id -> its number


@dataclass(frozen=True)
class RateRequestRecord:
    """A rate request's row (the list columns and its own), its documents and its order, with the names of
    what they refer to: everything its detail shows, read in one statement plus a name lookup per kind."""

    row: Row
    documents: list[dict[str, Any]]  # {document_type_id, file_id}
    document_names: dict[int, str]
    file_names: dict[str, str]  # file id -> the name it was uploaded under (documents and msds)
    order: OrderRecord | None

    @property
    def customer_id(self) -> str:
        return str(self.row["customer_id"])


def _order(row: Row, numbers: dict[int, str]) -> OrderRecord | None:
    """The joined order's columns of a detail row, and its containers' numbers (`numbers`: read once for
    every row of a batch)."""
    if row["so_id"] is None:
        return None
    details = json.loads(row["so_details"])
    ids = [c["container_id"] for c in details.get("containers", [])]
    return OrderRecord(
        id=row["so_id"],
        rate_request_id=row["id"],
        status=row["so_status"],
        status_name=row["so_status_name"],
        details=details,
        revise=json.loads(row["so_revise"]),
        edited_order=json.loads(row["so_edited_order"]) if row["so_edited_order"] else None,
        decline_message=row["so_decline_message"],
        revision_requests=json.loads(row["so_revision_requests"] or "{}"),
        created_at=row["so_created_at"],
        updated_at=row["so_updated_at"],
        container_numbers={i: numbers[i] for i in ids if i in numbers},
    )


# The columns the detail joins to a rate request's row, for a row that is not (yet) in the table.
_JOINED_SELECT = (
    "SELECT pol.code AS pol_code, pol.name AS pol_name, pod.code AS pod_code, pod.name AS pod_name,"
    " ct.name AS container_type_name, ct.value AS container_type_value, cs.name AS container_size_name,"
    " (SELECT profile FROM customer_profiles WHERE account_id = ?) AS customer_profile"
    " FROM (SELECT 1 AS one) one"
    " LEFT JOIN booking_ports pol ON pol.id = ?"
    " LEFT JOIN booking_ports pod ON pod.id = ?"
    " LEFT JOIN booking_container_types ct ON ct.id = ?"
    " LEFT JOIN booking_container_sizes cs ON cs.id = ?"
)


def rate_request_detail(tx: Tx, rate_request_id: str) -> RateRequestRecord | None:
    return rate_request_details(tx, [rate_request_id]).get(rate_request_id)


def rate_request_details(tx: Tx, rate_request_ids: list[str]) -> dict[str, RateRequestRecord]:
    """{id: record} of the rate requests found, in a fixed number of statements however many are asked
    (the rows with their orders in one, then each reference table once for all of them)."""
    ids = list(dict.fromkeys(rate_request_ids))
    if not ids:
        return {}
    return _details(tx, tx.all(f"{_DETAIL_SELECT}({placeholders(ids)})", tuple(ids)))


def detail_of_rows(
    tx: Tx, request: dict[str, Any], order: dict[str, Any] | None, via_api: bool
) -> RateRequestRecord:
    """The record of a rate request's row and its order's row as the tables would hold them (a command's
    own answer, built before the read models apply it: projections/booking/preview.py); the reference
    tables and the customer's profile are read as they are."""
    joined = tx.one(
        _JOINED_SELECT,
        (
            request["customer_id"],
            request["pol_id"],
            request["pod_id"],
            request["container_type_id"],
            request["container_size_id"],
        ),
    )
    row = {**request, **(joined or {}), "via_api": via_api, **_joined_order(order)}
    return _details(tx, [row])[request["id"]]


def _joined_order(order: dict[str, Any] | None) -> dict[str, Any]:
    """An order's row named as the detail's join names its columns (`_order` reads them back)."""
    columns = (
        "id",
        "status",
        "status_name",
        "details",
        "revise",
        "edited_order",
        "decline_message",
        "revision_requests",
        "created_at",
        "updated_at",
    )
    return {f"so_{c}": (order or {}).get(c) for c in columns}


def _details(tx: Tx, rows: list[Row]) -> dict[str, RateRequestRecord]:
    containers = [
        c["container_id"]
        for row in rows
        if row["so_details"]
        for c in json.loads(row["so_details"]).get("containers", [])
    ]
    numbers = _reference_names(tx, "booking_containers", "number", containers) if containers else {}
    documents = {row["id"]: json.loads(row["documents"]) for row in rows}
    every_document = [d for listed in documents.values() for d in listed]
    names: dict[Any, Any] = {}
    if every_document:
        names = _reference_names(
            tx, "booking_document_types", "name", [d["document_type_id"] for d in every_document]
        )
    # Staff open the files from the detail: each file id comes with the name it was uploaded under.
    file_names = _file_names(
        tx, [d["file_id"] for d in every_document] + [row["msds"] for row in rows if row["msds"]]
    )
    return {
        row["id"]: RateRequestRecord(row, documents[row["id"]], names, file_names, _order(row, numbers))
        for row in rows
    }


def without_reference(tx: Tx) -> list[str]:
    """Rate requests created before booking references existed, oldest first."""
    rows = tx.all("SELECT id FROM booking_rate_requests WHERE reference IS NULL ORDER BY created_at")
    return [r["id"] for r in rows]


def _file_names(tx: Tx, file_ids: list[str]) -> dict[str, str]:
    if not file_ids:
        return {}
    marks = placeholders(file_ids)
    rows = tx.all(f"SELECT id, name FROM booking_files WHERE id IN ({marks})", tuple(file_ids))
    return {r["id"]: r["name"] for r in rows}


# A firm request (made through the DCSA standard) awaits staff's confirmation, not an acceptance: its quote
# does not expire (state-machines/rate_request.json, `portal_request`), and nobody is warned that it will.
_PORTAL_REQUEST = "NOT EXISTS (SELECT 1 FROM booking_dcsa d WHERE d.id = r.id AND d.content IS NOT NULL)"


def due_quotes(tx: Tx, now: datetime, limit: int = 200) -> list[str]:
    states = expiring_states()  # where rate_request.json's `expire` starts
    rows = tx.all(
        f"SELECT id FROM booking_rate_requests r WHERE state_name IN ({placeholders(states)})"
        f" AND valid_until <= ? AND {_PORTAL_REQUEST} ORDER BY valid_until LIMIT ?",
        (*states, iso(now), limit),
    )
    return [r["id"] for r in rows]


def expiring_quotes(tx: Tx, after: datetime, until: datetime, limit: int = 200) -> list[dict[str, Any]]:
    """Quotes still open whose validity ends in (after, until], of requests made on the portal: the customer
    is reminded of them."""
    states = expiring_states()
    return tx.all(
        "SELECT id, customer_id, reference, price, charges, quantity, valid_until"
        " FROM booking_rate_requests r"
        f" WHERE state_name IN ({placeholders(states)}) AND valid_until > ? AND valid_until <= ?"
        f" AND {_PORTAL_REQUEST} ORDER BY valid_until LIMIT ?",
        (*states, iso(after), iso(until), limit),
    )


def stored_file(tx: Tx, file_id: str) -> dict[str, Any] | None:
    return tx.one("SELECT * FROM booking_files WHERE id = ?", (file_id,))
