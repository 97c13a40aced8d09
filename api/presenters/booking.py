"""Booking rows shaped into the wire's rate-request rows, details and shipping orders (`schemas/booking.py`).

`temprature`, `isSWBL`/`isSwbl` and the other wire spellings are the specification's, declared once at the
schemas; here they are only written out.
"""

from __future__ import annotations

import functools
import json
from decimal import Decimal
from typing import Any

from domain.booking.values import order_fields_wire, parties_wire
from domain.shared.lifecycle import lifecycle
from projections.booking.queries import RateRequestRecord


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


def rate_request_row(row: dict[str, Any]) -> dict[str, Any]:
    """A rate request as the lists show it (`RateRequestRow`)."""
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


def rate_request_page(rows: list[dict[str, Any]], total: int) -> dict[str, Any]:
    """A page of rate requests in the lookup shape the client reads (`Lookup[RateRequestRow]`)."""
    return {"list": {"list": [rate_request_row(r) for r in rows], "totalCount": total}}


def shipping_order(row: dict[str, Any] | None, container_numbers: dict[int, str]) -> dict[str, Any] | None:
    """A shipping order (`ShippingOrder`), its containers named by their numbers."""
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


def rate_request_detail(record: RateRequestRecord) -> dict[str, Any]:
    """A rate request with its reference names, documents and order (`RateRequestDetail`)."""
    row, names = record.row, record.document_names
    documents = json.loads(row["documents"])
    return {
        **rate_request_row(row),
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
        "order": shipping_order(record.order, record.container_numbers),
        "updatedAt": row["updated_at"],
    }
