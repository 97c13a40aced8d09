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
