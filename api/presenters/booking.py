"""Booking read-model rows and records as the response models of api/schemas/booking.py shape them.

Plain dicts keyed as the response models are (rendered straight to JSON, no validation on the read path);
the contract tests check that every answer conforms to its declared schema.
"""

from __future__ import annotations

import json
from typing import Any

from api.edge.envelope import Plain, plain_float
from api.presenters.keys import copied, keys_of
from api.schemas.booking import (
    BookingDocument,
    BookingRequest,
    Choice,
    Container,
    OrderFields,
    OrderParty,
    RateRequestDetail,
    RateRequestRow,
    ShippingOrder,
)
from api.schemas.envelope import Listed, Lookup
from api.schemas.overview import WaitingRow
from api.schemas.tariffs import QuoteCharge
from api.schemas.tracking import TrackingProgress
from domain.booking.charges import Charge, booking_total, from_records
from domain.booking.values import package_code
from domain.shared.actor import SYSTEM
from domain.shared.lifecycle import lifecycle
from projections.booking.queries import (
    OrderRecord,
    RateRequestRecord,
    Row,
    cargo_details,
    customer_address,
    customer_name,
)

# Each wire shape's keys, from its response model (api/presenters/keys.py).
ROW = keys_of(RateRequestRow)
WAITING = keys_of(WaitingRow)
PAGE = keys_of(Lookup[RateRequestRow])
LISTED = keys_of(Listed[RateRequestRow])
DETAIL = keys_of(RateRequestDetail)
CHOICE = keys_of(Choice)
BOOKING_REQUEST = keys_of(BookingRequest)
DOCUMENT = keys_of(BookingDocument)
ORDER = keys_of(ShippingOrder)
PARTY = keys_of(OrderParty)
CONTAINER = keys_of(Container)
CHARGE = keys_of(QuoteCharge)
PROGRESS = keys_of(TrackingProgress)

# The order's own fields (those the customer fills, `OrderFields`) by their stored name and their key in the
# answer (`ShippingOrder`'s, misspellings included): a new field is declared on the models, not here.
ORDER_FIELDS = tuple(
    (ORDER[name], name) for name in OrderFields.model_fields if name not in ("parties", "containers")
)

# The list row's fields that are stored under their own names and answered as they are stored.
AS_STORED = (
    "id",
    "reference",
    "waiting_for",
    "commodity",
    "hs_code",
    "quantity",
    "state",
    "state_name",
    "order_state",
    "order_state_name",
)


def _money(text: str | None) -> float | None:
    # Money travels as a JSON number of USD (DESIGN section 6); it is kept as decimal text, which `float`
    # reads to the same nearest float as `float(Decimal(text))` (both round the exact decimal value once).
    return None if text is None else float(text)


def _title(row: Row, side: str) -> str | None:
    code = row.get(f"{side}_code")
    return f"{row[f'{side}_name']} ({code})" if code else None


# The list row's keys in the order it answers them (the bytes of a page depend on it).
_STORED = tuple((ROW[name], name) for name in AS_STORED)
_POL, _POD, _CARGO, _PRICE = ROW["pol_title"], ROW["pod_title"], ROW["cargo_details"], ROW["price"]
_VALID, _PREFERRED = ROW["valid_until"], ROW["preferred_shipping_date"]
_TYPE, _SIZE, _CUSTOMER = ROW["container_type"], ROW["container_size"], ROW["customer_name"]
_CREATED, _VIA_API, _PROGRESS = ROW["created_at"], ROW["via_api"], ROW["progress"]


def list_row(row: Row) -> dict[str, Any]:
    """`RateRequestRow` (its `progress`, when the caller read it, rides on the row). Written key by key
    into one dict: a page builds ten of them per read."""
    answer = {key: row[name] for key, name in _STORED}
    answer[_POL] = _title(row, "pol")
    answer[_POD] = _title(row, "pod")
    answer[_CARGO] = cargo_details(row)
    answer[_PRICE] = _money(row["price"])
    answer[_VALID] = row["valid_until"]
    answer[_PREFERRED] = row["preferred_shipping_date"]
    answer[_TYPE] = row["container_type_name"]
    answer[_SIZE] = row["container_size_name"]
    answer[_CUSTOMER] = customer_name(row)
    answer[_CREATED] = row["created_at"]
    answer[_VIA_API] = bool(row["via_api"])
    answer[_PROGRESS] = row.get("progress")
    return answer


def page(rows: list[Row], total: int) -> dict[str, Any]:
    """`Lookup[RateRequestRow]`: one page of a list and the count of all its rows; `Plain` (written by
    orjson, api/edge/envelope.py) when its floats, the prices and the progress's delays, are plain."""
    listed = [list_row(r) for r in rows]
    answer = {PAGE["list"]: {LISTED["list"]: listed, LISTED["total_count"]: total}}
    return Plain(answer) if _plain_floats(listed) else answer


def _plain_floats(listed: list[dict[str, Any]]) -> bool:
    delay = PROGRESS["arrival_delay_hours"]
    floats = [row[_PRICE] for row in listed]
    floats += [at[delay] for row in listed if (at := row[_PROGRESS]) is not None]
    return all(map(plain_float, floats))


def waiting_row(row: Row) -> dict[str, Any]:
    """`WaitingRow`: a list row with when it last changed."""
    return {**list_row(row), WAITING["updated_at"]: row["updated_at"]}


def order(record: OrderRecord) -> dict[str, Any]:
    """`ShippingOrder`."""
    details = record.details
    return {
        ORDER["id"]: record.id,
        ORDER["rate_request_id"]: record.rate_request_id,
        ORDER["status"]: record.status,
        ORDER["status_name"]: record.status_name,
        ORDER["status_label"]: lifecycle("shipping_order").labels[record.status_name],
        **{key: details.get(name) for key, name in ORDER_FIELDS},
        ORDER["parties"]: [
            {
                PARTY["name"]: p["name"],
                PARTY["address"]: p["address"],
                PARTY["phone_number"]: p["phone_number"],
                PARTY["fax"]: p.get("fax"),
                PARTY["party_type"]: p["party_type"],
                PARTY["is_for_swbl"]: p["is_for_swbl"],
            }
            for p in details.get("parties", [])
        ],
        ORDER["containers"]: [
            {
                CONTAINER["container_id"]: c["container_id"],
                CONTAINER["container_number"]: record.container_numbers.get(c["container_id"]),
                CONTAINER["seal"]: c["seal"],
                CONTAINER["count"]: c["count"],
                CONTAINER["type"]: c["type"],
                CONTAINER["gross_weight"]: c["gross_weight"],
                CONTAINER["net_weight"]: c["net_weight"],
                CONTAINER["package_code"]: package_code(c),
                CONTAINER["package_description"]: c.get("package_description"),
            }
            for c in details.get("containers", [])
        ],
        ORDER["revise"]: record.revise,
        ORDER["edited_order"]: record.edited_order,
        ORDER["decline_message"]: record.decline_message,
        ORDER["created_at"]: record.created_at,
        ORDER["updated_at"]: record.updated_at,
    }


def detail(record: RateRequestRecord) -> dict[str, Any]:
    """`RateRequestDetail`: the list row's fields, the reference choices, documents and the order."""
    row = record.row
    msds = row["msds"]
    address, postal_code = customer_address(row)
    return {
        **list_row(row),
        DETAIL["customer_id"]: row["customer_id"],
        DETAIL["customer_address"]: address,
        DETAIL["customer_postal_code"]: postal_code,
        DETAIL["pol"]: {
            CHOICE["id"]: row["pol_id"],
            CHOICE["name"]: _title(row, "pol"),
            CHOICE["value"]: row["pol_id"],
        },
        DETAIL["pod"]: {
            CHOICE["id"]: row["pod_id"],
            CHOICE["name"]: _title(row, "pod"),
            CHOICE["value"]: row["pod_id"],
        },
        DETAIL["container_type"]: {
            CHOICE["id"]: row["container_type_id"],
            CHOICE["name"]: row["container_type_name"],
            CHOICE["value"]: row["container_type_value"],
        },
        DETAIL["container_size"]: {
            CHOICE["id"]: row["container_size_id"],
            CHOICE["name"]: row["container_size_name"],
            CHOICE["value"]: row["container_size_id"],
        },
        DETAIL["is_swbl"]: bool(row["is_swbl"]),
        DETAIL["is_swbl_as_specified"]: bool(row["is_swbl"]),
        DETAIL["is_danger"]: bool(row["is_danger"]),
        DETAIL["msds"]: msds,
        DETAIL["msds_file_name"]: record.file_names.get(msds) if msds else None,
        **copied(DETAIL, row, "additional_comment", "revision_message", "rejection_message"),
        DETAIL["booking_request"]: (
            {
                BOOKING_REQUEST["documents"]: [
                    {
                        DOCUMENT["document_type_id"]: d["document_type_id"],
                        DOCUMENT["document_type"]: record.document_names.get(d["document_type_id"]),
                        DOCUMENT["file_id"]: d["file_id"],
                        DOCUMENT["file_name"]: record.file_names.get(d["file_id"]),
                    }
                    for d in record.documents
                ]
            }
            if record.documents
            else None
        ),
        DETAIL["order"]: None if record.order is None else order(record.order),
        # The booking's own time, not its order's (decision 3920): staff decisions name it.
        DETAIL["updated_at"]: row["booking_updated_at"],
        **quote_charges(row),
    }


def charge_lines(charges: list[Charge]) -> list[dict[str, Any]]:
    """`Charge`s: money as JSON numbers of USD, like `price`."""
    return [
        {
            CHARGE["code"]: c.code,
            CHARGE["name"]: c.name,
            CHARGE["amount"]: float(c.amount),
            CHARGE["per"]: c.per,
        }
        for c in charges
    ]


def quote_charges(row: Row) -> dict[str, Any]:
    """The quote's breakdown, the booking's total and who quoted (the tariff row for an instant quote)."""
    charges = from_records(json.loads(row["charges"])) if row.get("charges") else []
    by = row.get("quoted_by")
    return {
        DETAIL["charges"]: charge_lines(charges),
        DETAIL["total_price"]: float(booking_total(charges, int(row["quantity"]))) if charges else None,
        DETAIL["quoted_by"]: None if by is None else ("system" if by == SYSTEM else "staff"),
        DETAIL["tariff_version"]: row.get("tariff_version"),
        DETAIL["tariff_row"]: row.get("tariff_row"),
    }
