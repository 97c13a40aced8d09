"""What a confirmed booking carries in the standard's terms: the equipment the carrier confirmed and the
charges it confirmed them at. The one place that builds them (`confirmation`), for `GET /v2` and any other
answer that shows a confirmed booking.

Charges come from the booking's quote, item by item as its read model row holds them (`charges`: the
domain's records, per container or per booking); a row without a breakdown is one ocean-freight charge:
the price per container times the units.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from domain.booking.charges import PER_CONTAINER as CONTAINER
from domain.booking.charges import all_in, from_records
from domain.booking.iso_equipment import equipment_kind, iso_code_for

CURRENCY = "USD"  # the portal quotes in US dollars (the quote's feedback says so)
OCEAN_FREIGHT = "Ocean freight"
PER_CONTAINER = "Per container"
PER_BOOKING = "Per booking"
_CENTS = Decimal("0.01")


def _money(value: Any) -> float:
    return float(Decimal(str(value)).quantize(_CENTS))


def confirmed_equipments(row: dict[str, Any], requested: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The equipment confirmed: the booking's kind and units as the screens hold them now, under the ISO
    code the shipper asked for when it names that kind (`22G1` stays `22G1`, not the group code `22GP`)."""
    kind = (row["container_type_id"], row["container_size_id"])
    asked = [str(line.get("ISOEquipmentCode", "")) for line in requested]
    same = [
        code
        for code in asked
        if (found := equipment_kind(code)) is not None
        and (found.container_type_id, found.container_size_id) == kind
    ]
    code = same[0] if same else iso_code_for(*kind) or "22GP"
    return [{"ISOEquipmentCode": code, "units": int(row["quantity"])}]


def _charge(name: str, unit_price: Decimal, quantity: int, basis: str) -> dict[str, Any]:
    return {
        "chargeName": name[:50],
        "currencyAmount": _money(unit_price * quantity),
        "currencyCode": CURRENCY,
        "paymentTermCode": "PRE",
        "calculationBasis": basis[:50],
        "unitPrice": _money(unit_price),
        "quantity": float(quantity),
    }


def charges(row: dict[str, Any]) -> list[dict[str, Any]]:
    """The charges of the booking's quote, line by line as the screens show them (none before it has a
    price): a per-container charge for each container, a per-booking fee once, so that they add up to the
    booking's total on every door."""
    itemised = from_records(json.loads(row["charges"])) if row.get("charges") else []
    quantity = int(row["quantity"])
    if not itemised:
        if row.get("price") is None:
            return []
        itemised = all_in(Decimal(str(row["price"])))
    return [
        _charge(c.name, c.amount, quantity, PER_CONTAINER)
        if c.per == CONTAINER
        else _charge(c.name, c.amount, 1, PER_BOOKING)
        for c in itemised
    ]


def confirmation(row: dict[str, Any], requested: list[dict[str, Any]]) -> dict[str, Any]:
    """`confirmedEquipments` and `charges` of a booking the carrier confirmed (`requested`: the document's
    `requestedEquipments`)."""
    found: dict[str, Any] = {"confirmedEquipments": confirmed_equipments(row, requested)}
    priced = charges(row)
    if priced:
        found["charges"] = priced
    return found
