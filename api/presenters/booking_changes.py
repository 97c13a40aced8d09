"""A booking's changes (amendments, cancellation requests) as api/schemas/booking_changes.py shapes them:
each latest request with the original beside the amended content, reference ids shown by name."""

from __future__ import annotations

import json
from typing import Any

from api.presenters import booking as present
from infrastructure.read_db import Tx
from projections.booking import changes as read_changes
from projections.booking import queries as read
from projections.booking import reference

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


def reference_names(tx: Tx, rows: list[dict[str, Any]]) -> Names:
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
            names[table] = reference.port_titles(tx, list(ids)) if ids else {}
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


def change(names: Names, row: dict[str, Any] | None) -> dict[str, Any] | None:
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


def open_queue(tx: Tx) -> dict[str, Any]:
    """The changes awaiting staff with their bookings: a fixed number of statements for the whole page
    (the changes, their bookings' details by one IN list, each reference table once)."""
    rows = read_changes.open_changes(tx)
    details = read.rate_request_details(tx, [row["rate_request_id"] for row in rows])
    names = reference_names(tx, rows)
    listed = [
        {
            "kind": row["kind"],
            "rateRequest": present.detail(details[row["rate_request_id"]]),
            "change": change(names, row),
        }
        for row in rows
        if row["rate_request_id"] in details
    ]
    return {"list": {"list": listed, "totalCount": len(listed)}}
