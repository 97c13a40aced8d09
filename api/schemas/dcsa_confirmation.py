"""What a confirmed booking carries in the standard's terms: the equipment the carrier confirmed and the
charges it confirmed them at. The one place that builds them (`confirmation`), for `GET /v2` and any other
answer that shows a confirmed booking.

Charges come from the booking's quote: its breakdown (`charges`, the read model's JSON of the quote's lines,
each per container or once per booking) item by item; a row without one is one ocean-freight charge, the
price per container times the units.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from domain.booking.charges import PER_BOOKING, Charge
from domain.booking.iso_equipment import equipment_kind, iso_code_for

CURRENCY = "USD"  # the portal quotes in US dollars (the quote's feedback says so)
OCEAN_FREIGHT = "Ocean freight"
PER_CONTAINER = "Per container"
BOOKING_BASIS = "Per booking"
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


def _charge(name: str, unit_price: Any, quantity: Any, currency: str, basis: str) -> dict[str, Any]:
    amount = Decimal(str(unit_price)) * Decimal(str(quantity))
    return {
        "chargeName": name[:50],
        "currencyAmount": _money(amount),
        "currencyCode": currency,
        "paymentTermCode": "PRE",
        "calculationBasis": basis[:50],
        "unitPrice": _money(unit_price),
        "quantity": float(quantity),
    }


def charges(row: dict[str, Any]) -> list[dict[str, Any]]:
    """The charges of the booking's quote (none before it has a price): each line of its breakdown, a
    per-container line for every container and a per-booking fee once, so that they add up to the total
    the screens show."""
    itemised = row.get("charges")
    if itemised:
        items = json.loads(itemised) if isinstance(itemised, str) else itemised
        return [_line(item, int(row["quantity"])) for item in items]
    if row.get("price") is None:
        return []
    return [_charge(OCEAN_FREIGHT, row["price"], int(row["quantity"]), CURRENCY, PER_CONTAINER)]


def _line(item: dict[str, Any], quantity: int) -> dict[str, Any]:
    if "per" in item:  # the quote's own breakdown (domain/booking/charges.py)
        charge = Charge.from_record(item)
        if charge.per == PER_BOOKING:
            return _charge(charge.name, charge.amount, 1, CURRENCY, BOOKING_BASIS)
        return _charge(charge.name, charge.amount, quantity, CURRENCY, PER_CONTAINER)
    return _charge(
        str(item["name"]),
        item["unitPrice"],
        item.get("quantity", quantity),
        str(item.get("currency") or CURRENCY),
        str(item.get("basis") or PER_CONTAINER),
    )


def confirmation(row: dict[str, Any], requested: list[dict[str, Any]]) -> dict[str, Any]:
    """`confirmedEquipments` and `charges` of a booking the carrier confirmed (`requested`: the document's
    `requestedEquipments`)."""
    found: dict[str, Any] = {"confirmedEquipments": confirmed_equipments(row, requested)}
    priced = charges(row)
    if priced:
        found["charges"] = priced
    return found
