"""The transport document (the bill of lading) a booking's accepted order produced, read once for both doors:
the standard's `/v3/transport-documents` and the portal's own bill of lading (decision 3855)."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from api.bootstrap import Services
from api.dcsa.ebl import documents
from api.schemas.bill_of_lading import IssueDating, Seen, StaffBillOfLading, bill_of_lading
from domain.booking.document_references import transport_document_status
from domain.tracking.shipment import MILESTONES, Shipment, shipment
from infrastructure.read_db import Tx
from projections.booking import dcsa as dcsa_read
from projections.booking.sailings import sailing_of
from projections.tracking import actual_milestones


def container_numbers(services: Services, order: dict[str, Any]) -> dict[int, str]:
    """The numbers of the containers the order names, by their id in the reference list."""
    with services.read_models.read() as tx:
        return _numbers(tx, order)


def _numbers(tx: Tx, order: dict[str, Any]) -> dict[int, str]:
    ids = [int(c["container_id"]) for c in json.loads(order["details"]).get("containers", [])]
    if not ids:
        return {}
    marks = ", ".join("?" for _ in ids)
    rows = tx.all(f"SELECT id, number FROM booking_containers WHERE id IN ({marks})", tuple(ids))
    return {int(r["id"]): str(r["number"]) for r in rows}


def booking_and_order(tx: Tx, rate_request_id: str) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The booking's row in the DCSA read model (None: no such booking) and its shipping order's row (None:
    none yet)."""
    booking = dcsa_read.booking(tx, rate_request_id)
    if booking is None:
        return None, None
    order = tx.one("SELECT * FROM booking_shipping_orders WHERE rate_request_id = ?", (rate_request_id,))
    return booking, None if order is None else dict(order)


def transport_document_of(
    services: Services, booking: dict[str, Any], order: dict[str, Any]
) -> dict[str, Any] | None:
    """`transport_document_in` on a read transaction of its own."""
    with services.read_models.read() as tx:
        return transport_document_in(tx, booking, order)


def transport_document_in(tx: Tx, booking: dict[str, Any], order: dict[str, Any]) -> dict[str, Any] | None:
    """The standard's `TransportDocument` of the order (`booking`: the booking's row in the DCSA read model),
    its vessel and dates from the booking's tracking, read in `tx`; None before staff accept the order."""
    return _document_and_shipment(tx, booking, order)[0]


def _document_and_shipment(
    tx: Tx, booking: dict[str, Any], order: dict[str, Any]
) -> tuple[dict[str, Any] | None, Shipment | None]:
    if not transport_document_status(str(order["status_name"])):
        return None, None
    numbers = _numbers(tx, order)
    found = sailing_of(tx, booking["id"])
    events = actual_milestones(tx, booking["id"], MILESTONES)
    shipped = shipment(events, str(booking["pol_code"]), numbers.values())
    sailing = found["sailing"] if found else None
    return documents.transport_document(order, booking, numbers, sailing, shipped), shipped


def staff_bill_of_lading(tx: Tx, rate_request_id: str, today: date) -> StaffBillOfLading | None:
    """The booking's bill of lading as staff read it (None before they accept its order): the customer's, and
    while it awaits issue, what it would say issued `today` (decision 3857)."""
    booking, order = booking_and_order(tx, rate_request_id)
    if booking is None or order is None:
        return None
    document, shipped = _document_and_shipment(tx, booking, order)
    if document is None:
        return None
    answer = bill_of_lading(document)
    if answer.status != "APPROVED":
        return StaffBillOfLading(**dict(answer))
    asked = bool(document["isShippedOnBoardType"])
    dating = documents.dated(asked, shipped, today.isoformat())
    on_board = dating.get("shippedOnBoardDate")
    seen: Seen = "ON_BOARD" if on_board else "RECEIVED" if shipped and shipped.received else "NOTHING"
    if_issued = IssueDating(
        shipped_on_board_asked=asked,
        shipped_on_board_date=on_board,
        received_for_shipment_date=dating.get("receivedForShipmentDate"),
        seen=seen,
    )
    return StaffBillOfLading(**dict(answer), if_issued_today=if_issued)
