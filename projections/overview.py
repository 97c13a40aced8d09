"""What each person has to do next: the customer's overview and the staff work queue.

Queries only (no tables of their own): they read the booking, registration and profile read models. Which
bookings a queue holds is derived from the lifecycle files (the states a staff trigger fires from, and whose
move the read model says it is), never from a list of states written here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, NamedTuple

from domain.shared.lifecycle import lifecycle
from domain.shared.personal import person_name
from infrastructure.read_db import Tx, placeholders
from projections.booking import queries as booking
from projections.booking.changes import AMENDMENT, CANCELLATION, CHANGES, MACHINES
from projections.booking.dcsa import TABLE as DCSA_TABLE
from projections.booking.queries import cargo_details, customer_name

WAITING_SHOWN = 10
QUEUE_SHOWN = 10


def _utc(text: str | None) -> str | None:
    return text.replace("+00:00", "Z") if text else None


def customer_overview(tx: Tx, customer_id: str) -> dict[str, Any]:
    """Counts by state (every state of the lifecycle file, with its code and badge: `requested` and `quoted`
    share a code but not a badge) and the bookings waiting for this customer (the latest `WAITING_SHOWN`, and
    how many in all)."""
    counted = {
        str(r["state_name"]): int(r["n"])
        for r in tx.all(
            "SELECT state_name, SUM(count) AS n FROM booking_request_counts WHERE customer_id = ?"
            " GROUP BY state_name",
            (customer_id,),
        )
    }
    machine = lifecycle("rate_request")
    counts = [
        {"state": code, "stateName": name, "name": machine.labels[name], "count": counted.get(name, 0)}
        for name, code in machine.codes.items()
    ]
    waiting = booking.rows_where(
        tx,
        f"WHERE r.customer_id = ? AND {booking.WAITING_FOR_CUSTOMER}",
        (customer_id,),
        order="r.updated_at DESC, r.id DESC",
        limit=WAITING_SHOWN,
    )
    # How many wait in all: the list shows the latest few, and its heading must not count only those.
    waiting_count = tx.scalar(
        "SELECT COUNT(*) FROM booking_rate_requests r"
        f" WHERE r.customer_id = ? AND {booking.WAITING_FOR_CUSTOMER}",
        (customer_id,),
    )
    return {"counts": counts, "waiting": waiting, "waitingCount": int(waiting_count or 0)}


def _sources(machine_id: str, trigger: str) -> list[str]:
    machine = lifecycle(machine_id)
    return sorted(
        {
            s
            for t in machine.spec["transitions"]
            if t["trigger"] == trigger and t["actor"] == "staff"
            for s in t["source"]
        }
    )


class QueueItem(NamedTuple):
    id: str  # a rate request's id, a registration's or an edit request's identity
    reference: str | None
    title: str
    since: str | None
    # The title's parts: whose it is (a name, maybe Persian) and what it is about, for a screen that sets the
    # name apart from the text around it.
    who: str = ""
    about: str | None = None
    # What a booking carries, in parts (`about` says it in English): for a screen in another language.
    cargo: dict[str, Any] | None = None
    # A sign-up's or an edit request's type of account: which review page opens it.
    account_type: int | None = None


@dataclass(frozen=True)
class Queue:
    """One kind of work waiting for staff (`kind`: `edit_requests`, `rate_requests_to_quote`, ...): how many,
    since when, and the oldest few (api/presenters/overview.py keys them as the wire does)."""

    kind: str
    count: int
    oldest_at: str | None
    items: list[QueueItem]


# A request made through the DCSA standard is firm (its content kept by projections/booking/dcsa.py).
_FIRM = f"EXISTS (SELECT 1 FROM {DCSA_TABLE} d WHERE d.id = r.id AND d.content IS NOT NULL)"


def _in(states: list[str]) -> str:
    return f"r.state_name IN ({placeholders(states)})"


def _booking_queue(tx: Tx, kind: str, which: str, states: tuple[str, ...]) -> Queue:
    """Bookings waiting for staff that `which` (a condition on `r`, its parameters `states`) holds."""
    where = f"WHERE r.waiting_for = 'staff' AND ({which})"
    summary = tx.one(
        f"SELECT COUNT(*) AS n, MIN(r.updated_at) AS oldest FROM booking_rate_requests r {where}", states
    )
    rows = booking.rows_where(tx, where, states, order="r.updated_at, r.id", limit=QUEUE_SHOWN)
    items = [
        QueueItem(
            r["id"],
            r["reference"],
            f"{customer_name(r)}: {cargo_details(r)}",
            r["updated_at"],
            customer_name(r),
            cargo_details(r),
            {
                "quantity": r["quantity"],
                "container_size": r["container_size_name"],
                "container_type": r["container_type_name"],
                "commodity": r["commodity"],
            },
        )
        for r in rows
    ]
    return Queue(kind, int(summary["n"]) if summary else 0, summary["oldest"] if summary else None, items)


def _waiting(
    tx: Tx, machine: str, trigger: str, table: str, state: str, since: str
) -> tuple[str, tuple[str, ...], int, str | None]:
    """What waits in `table` for staff's `trigger` (the states it fires from, by the lifecycle file): the
    WHERE clause and its parameters, how many, and since when the oldest (its `since` column)."""
    states = tuple(_sources(machine, trigger))
    where = f"WHERE {state} IN ({placeholders(states)})"
    count = int(tx.scalar(f"SELECT COUNT(*) FROM {table} {where}", states) or 0)
    oldest = _utc(tx.scalar(f"SELECT MIN({since}) FROM {table} {where}", states))
    return where, states, count, oldest


def _registrations(tx: Tx) -> Queue:
    where, states, count, oldest = _waiting(
        tx, "registration", "accept", "registrations", "state", "updated_at"
    )
    rows = tx.all(
        f"SELECT identity, kind, details, updated_at FROM registrations {where}"
        " ORDER BY updated_at, id LIMIT ?",
        (*states, QUEUE_SHOWN),
    )
    items = []
    for r in rows:
        details = json.loads(r["details"])
        name = person_name(details.get("firstName"), details.get("lastName"), details.get("name"))
        who = name or r["identity"]
        items.append(QueueItem(r["identity"], None, who, _utc(r["updated_at"]), who, account_type=r["kind"]))
    return Queue("registrations", count, oldest, items)


def _edit_requests(tx: Tx) -> Queue:
    where, states, count, oldest = _waiting(
        tx, "profile_edit_request", "approve", "profile_edit_requests r", "r.state", "r.requested_at"
    )
    rows = tx.all(
        "SELECT r.username, r.account_type, r.requested_at, p.profile AS customer_profile,"
        " r.username AS customer_username"
        f" FROM profile_edit_requests r LEFT JOIN customer_profiles p ON p.account_id = r.account_id {where}"
        " ORDER BY r.requested_at, r.id LIMIT ?",
        (*states, QUEUE_SHOWN),
    )
    items = [
        QueueItem(
            r["username"],
            None,
            customer_name(r),
            _utc(r["requested_at"]),
            customer_name(r),
            account_type=r["account_type"],
        )
        for r in rows
    ]
    return Queue("edit_requests", count, oldest, items)


def _change_queue(tx: Tx, kind: str, change: str, trigger: str) -> Queue:
    """Amendment or cancellation requests of confirmed bookings that wait for a staff decision:
    the states the staff `trigger` fires from, by the change's own lifecycle file."""
    states = _sources(MACHINES[change], trigger)
    marks = placeholders(states)
    where = f"WHERE c.kind = ? AND c.state_name IN ({marks})"
    params = (change, *states)
    summary = tx.one(f"SELECT COUNT(*) AS n, MIN(c.requested_at) AS oldest FROM {CHANGES} c {where}", params)
    rows = tx.all(
        "SELECT c.rate_request_id, c.requested_at, c.reason, r.reference, r.commodity,"
        " r.customer_username, p.profile AS customer_profile"
        f" FROM {CHANGES} c JOIN booking_rate_requests r ON r.id = c.rate_request_id"
        f" LEFT JOIN customer_profiles p ON p.account_id = r.customer_id {where}"
        " ORDER BY c.requested_at, c.rate_request_id LIMIT ?",
        (*params, QUEUE_SHOWN),
    )
    items = [
        QueueItem(
            r["rate_request_id"],
            r["reference"],
            f"{customer_name(r)}: {r['reason'] or r['commodity']}",
            r["requested_at"],
            customer_name(r),
            r["reason"] or r["commodity"],
        )
        for r in rows
    ]
    return Queue(kind, int(summary["n"]) if summary else 0, summary["oldest"] if summary else None, items)


def _orders_to_review(tx: Tx) -> Queue:
    states = _sources("shipping_order", "accept")
    return _booking_queue(
        tx, "orders_to_review", f"r.order_state_name IN ({placeholders(states)})", tuple(states)
    )


def _booking_requests(tx: Tx) -> list[Queue]:
    """Requests to price, and bookings to confirm: a portal request once its customer sent the booking
    request (`confirm_booking`), a firm one once it has its price (`confirm_request`), by the lifecycle."""
    quotable = _sources("rate_request", "quote")
    confirmable = _sources("rate_request", "confirm_booking")
    firm = _sources("rate_request", "confirm_request")
    return [
        _booking_queue(
            tx,
            "rate_requests_to_quote",
            f"{_in(quotable)} AND NOT ({_in(firm)} AND {_FIRM})",
            (*quotable, *firm),
        ),
        _booking_queue(
            tx,
            "booking_requests_to_confirm",
            f"{_in(confirmable)} OR ({_in(firm)} AND {_FIRM})",
            (*confirmable, *firm),
        ),
    ]


def work_queue(tx: Tx) -> list[Queue]:
    """What waits for staff, by kind: how many, since when, and the oldest few."""
    return [
        _registrations(tx),
        _edit_requests(tx),
        *_booking_requests(tx),
        _orders_to_review(tx),
        _change_queue(tx, "amendment_requests", AMENDMENT, "approve"),
        _change_queue(tx, "cancellation_requests", CANCELLATION, "confirm"),
    ]
