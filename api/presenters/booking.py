"""Booking read-model rows and records as the response models of api/schemas/booking.py shape them.

Plain dicts keyed as the response models are (rendered straight to JSON, no validation on the read path);
the contract tests check that every answer conforms to its declared schema.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from api.schemas.booking import OrderFields, ShippingOrder
from domain.booking.charges import Charge, booking_total, from_records
from domain.shared.actor import SYSTEM
from domain.shared.lifecycle import lifecycle
from projections.booking.queries import OrderRecord, RateRequestRecord, Row, cargo_details, customer_name

# The order's own fields (those the customer fills, `OrderFields`) by their stored name and their key in the
# answer (`ShippingOrder`'s, misspellings included): a new field is declared on the models, not here.
ORDER_FIELDS = tuple(
    (ShippingOrder.model_fields[name].alias or name, name)
    for name in OrderFields.model_fields
    if name not in ("parties", "containers")
)


def _money(text: str | None) -> float | None:
    # Money travels as a JSON number of USD (DESIGN section 6); it is kept as decimal text.
    return None if text is None else float(Decimal(text))


def _title(row: Row, side: str) -> str | None:
    code = row.get(f"{side}_code")
    return f"{row[f'{side}_name']} ({code})" if code else None


def list_row(row: Row) -> dict[str, Any]:
    """`RateRequestRow` (its `progress`, when the caller read it, rides on the row)."""
    return {
        "id": row["id"],
        "reference": row["reference"],
        "waitingFor": row["waiting_for"],
        "commodity": row["commodity"],
        "hsCode": row["hs_code"],
        "quantity": row["quantity"],
        "state": row["state"],
        "stateName": row["state_name"],
        "orderState": row["order_state"],
        "polTitle": _title(row, "pol"),
        "podTitle": _title(row, "pod"),
        "cargoDetails": cargo_details(row),
        "price": _money(row["price"]),
        "validUntil": row["valid_until"],
        "preferredShippingDate": row["preferred_shipping_date"],
        "containerType": row["container_type_name"],
        "containerSize": row["container_size_name"],
        "customerName": customer_name(row),
        "createdAt": row["created_at"],
        "viaApi": bool(row["via_api"]),
        "progress": row.get("progress"),
    }


def page(rows: list[Row], total: int) -> dict[str, Any]:
    """`Lookup[RateRequestRow]`: one page of a list and the count of all its rows."""
    return {"list": {"list": [list_row(r) for r in rows], "totalCount": total}}


def waiting_row(row: Row) -> dict[str, Any]:
    """`WaitingRow`: a list row with when it last changed."""
    return {**list_row(row), "updatedAt": row["updated_at"]}


def order(record: OrderRecord) -> dict[str, Any]:
    """`ShippingOrder`."""
    details = record.details
    return {
        "id": record.id,
        "rateRequestId": record.rate_request_id,
        "status": record.status,
        "statusName": record.status_name,
        "statusLabel": lifecycle("shipping_order").labels[record.status_name],
        **{key: details.get(name) for key, name in ORDER_FIELDS},
        "parties": [
            {
                "name": p["name"],
                "address": p["address"],
                "phoneNumber": p["phone_number"],
                "fax": p.get("fax"),
                "partyType": p["party_type"],
                "isForSwbl": p["is_for_swbl"],
            }
            for p in details.get("parties", [])
        ],
        "containers": [
            {
                "containerId": c["container_id"],
                "containerNumber": record.container_numbers.get(c["container_id"]),
                "seal": c["seal"],
                "count": c["count"],
                "type": c["type"],
                "grossWeight": c["gross_weight"],
                "netWeight": c["net_weight"],
            }
            for c in details.get("containers", [])
        ],
        "revise": record.revise,
        "editedOrder": record.edited_order,
        "createdAt": record.created_at,
        "updatedAt": record.updated_at,
    }


def detail(record: RateRequestRecord) -> dict[str, Any]:
    """`RateRequestDetail`: the list row's fields, the reference choices, documents and the order."""
    row = record.row
    msds = row["msds"]
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
        "msds": msds,
        "msdsFileName": record.file_names.get(msds) if msds else None,
        "additionalComment": row["additional_comment"],
        "revisionMessage": row["revision_message"],
        "rejectionMessage": row["rejection_message"],
        "bookingRequest": (
            {
                "documents": [
                    {
                        "documentTypeId": d["document_type_id"],
                        "documentType": record.document_names.get(d["document_type_id"]),
                        "fileId": d["file_id"],
                        "fileName": record.file_names.get(d["file_id"]),
                    }
                    for d in record.documents
                ]
            }
            if record.documents
            else None
        ),
        "order": None if record.order is None else order(record.order),
        "updatedAt": row["updated_at"],
        **quote_charges(row),
    }


def charge_lines(charges: list[Charge]) -> list[dict[str, Any]]:
    """`Charge`s: money as JSON numbers of USD, like `price`."""
    return [{"code": c.code, "name": c.name, "amount": float(c.amount), "per": c.per} for c in charges]


def quote_charges(row: Row) -> dict[str, Any]:
    """The quote's breakdown, the booking's total and who quoted (the tariff row for an instant quote)."""
    charges = from_records(json.loads(row["charges"])) if row.get("charges") else []
    by = row.get("quoted_by")
    return {
        "charges": charge_lines(charges),
        "totalPrice": float(booking_total(charges, int(row["quantity"]))) if charges else None,
        "quotedBy": None if by is None else ("system" if by == SYSTEM else "staff"),
        "tariffVersion": row.get("tariff_version"),
        "tariffRow": row.get("tariff_row"),
    }
