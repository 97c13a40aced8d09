"""The portal's own wire shape of a booking's bill of lading: what the standard's transport document says of
its state and its dates (decision 3855), read from the same document as `/v3/transport-documents`."""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from api.schemas.wire_model import WireAnswer


class BillOfLading(WireAnswer):
    """The bill of lading a booking's accepted shipping order produced: its reference (`BL-` and the booking's
    reference), its status, the vessel it names, and once issued its day of issue and its one date: shipped
    on board (the cargo loaded at the port of loading) or received for shipment (in the terminal)."""

    reference: str
    status: Literal["DRAFT", "APPROVED", "ISSUED"]
    vessel_name: str
    issue_date: date | None = None
    shipped_on_board_date: date | None = None
    received_for_shipment_date: date | None = None


# What tracking saw of the cargo that dates the bill: on board, received at the terminal, or neither.
Seen = Literal["ON_BOARD", "RECEIVED", "NOTHING"]


class IssueDating(WireAnswer):
    """What the bill of lading would say if staff issued it today: exactly one of its two dates, as issuing
    would set it (decision 3857). Shipped on board only when the instructions ask for it
    (`shippedOnBoardAsked`) and tracking saw the cargo on board; else received for shipment, on the day the
    cargo was received, or on the day of issue when tracking saw neither (`seen`)."""

    shipped_on_board_asked: bool
    shipped_on_board_date: date | None = None
    received_for_shipment_date: date | None = None
    seen: Seen


class StaffBillOfLading(BillOfLading):
    """The bill of lading as staff read it: the customer's, and while it awaits issue (APPROVED), what it
    would say issued today."""

    if_issued_today: IssueDating | None = None


def bill_of_lading(document: dict[str, Any]) -> BillOfLading:
    """The portal's answer from the standard's `TransportDocument` (api/dcsa/ebl/documents.py)."""
    return BillOfLading(
        reference=document["transportDocumentReference"],
        status=document["transportDocumentStatus"],
        vessel_name=document["transports"]["vesselVoyages"][0]["vesselName"],
        issue_date=document.get("issueDate"),
        shipped_on_board_date=document.get("shippedOnBoardDate"),
        received_for_shipment_date=document.get("receivedForShipmentDate"),
    )
