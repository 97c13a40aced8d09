"""A booking's changes (amendments, cancellation requests) as api/schemas/booking_changes.py shapes them:
each latest request with the original beside the amended content, reference ids shown by name."""

from __future__ import annotations

import json
from typing import Any

from api.presenters import booking as present
from api.presenters.booking import LISTED, PAGE, charge_lines
from api.presenters.keys import copied, keys_of
from api.schemas.booking_changes import AmendmentView, CancellationView, ChangeView, FieldChange, OpenChange
from domain.booking.charges import booking_total, from_records
from domain.booking.named_field import for_people
from domain.shared.field_labels import field_label
from infrastructure.read_db import Tx
from projections.booking import changes as read_changes
from projections.booking import queries as read
from projections.booking import reference

FIELD = keys_of(FieldChange)
CHANGE = keys_of(ChangeView)
AMENDMENT = keys_of(AmendmentView)
CANCELLATION = keys_of(CancellationView)
OPEN = keys_of(OpenChange)

# The order in which a side-by-side view lists the booking's fields (labels: contract/field-labels.json).
FIELD_ORDER = (
    "commodity",
    "hs_code",
    "quantity",
    "container_type_id",
    "container_size_id",
    "preferred_shipping_date",
    "pol_id",
    "pod_id",
    "is_danger",
    "msds",
    "is_swbl",
    "additional_comment",
)


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
        return value  # a yes-or-no stays a boolean: the screens word it in the language shown
    return names[table].get(value) or value


def _diff(names: Names, row: dict[str, Any]) -> list[dict[str, Any]]:
    original = json.loads(row["original"] or "{}")
    amended = json.loads(row["amended"] or "{}")
    changed = set(json.loads(row["changed"]))
    fields = [n for n in FIELD_ORDER if n in original or n in amended]
    fields += sorted((original.keys() | amended.keys()) - set(FIELD_ORDER))
    return [
        {
            FIELD["field"]: name,
            FIELD["label"]: field_label(name),
            FIELD["original"]: _shown(names, name, original.get(name)),
            FIELD["amended"]: _shown(names, name, amended.get(name)),
            FIELD["changed"]: name in changed,
        }
        for name in fields
    ]


def _new_price_lines(row: dict[str, Any]) -> dict[str, Any]:
    """A requoted amendment's lines and its total for the amended quantity, as the booking shows its own."""
    charges = from_records(json.loads(row["charges"] or "null"))
    amended = {**json.loads(row["original"] or "{}"), **json.loads(row["amended"] or "{}")}
    quantity = amended.get("quantity")
    total = booking_total(charges, int(quantity)) if charges and quantity is not None else None
    return {
        AMENDMENT["charges"]: charge_lines(charges),
        AMENDMENT["total_price"]: None if total is None else float(total),
    }


def change(names: Names, row: dict[str, Any] | None) -> dict[str, Any] | None:
    if row is None:
        return None
    shown: dict[str, Any] = {
        **copied(CHANGE, row, "number", "state", "state_name", "requested_at", "updated_at"),
        # Staff's words for people: a leading field path (the DCSA door's jsonPath) is not read out.
        CHANGE["message"]: None if row["message"] is None else for_people(row["message"]),
    }
    if row["kind"] == read_changes.AMENDMENT:
        shown |= {
            # Staff's reason for asking the customer to amend (null when the customer asked of its own).
            AMENDMENT["asked_for"]: None if row["reason"] is None else for_people(row["reason"]),
            AMENDMENT["fields"]: _diff(names, row),
            AMENDMENT["changes_price"]: bool(row["changes_price"]),
            AMENDMENT["price"]: None if row["price"] is None else float(row["price"]),
            **_new_price_lines(row),
            AMENDMENT["valid_until"]: row["valid_until"],
        }
    else:
        shown[CANCELLATION["reason"]] = row["reason"]
    return shown


def open_queue(tx: Tx) -> dict[str, Any]:
    """The changes awaiting staff with their bookings: a fixed number of statements for the whole page
    (the changes, their bookings' details by one IN list, each reference table once)."""
    rows = read_changes.open_changes(tx)
    details = read.rate_request_details(tx, [row["rate_request_id"] for row in rows])
    names = reference_names(tx, rows)
    listed = [
        {
            OPEN["kind"]: row["kind"],
            OPEN["rate_request"]: present.detail(details[row["rate_request_id"]]),
            OPEN["change"]: change(names, row),
        }
        for row in rows
        if row["rate_request_id"] in details
    ]
    return {PAGE["list"]: {LISTED["list"]: listed, LISTED["total_count"]: len(listed)}}
