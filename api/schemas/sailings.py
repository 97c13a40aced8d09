"""The portal's own wire shapes of sailings (envelope answers): a sailing to choose, a booking's sailing
(transport plan and cut-offs), a published service for the console, and how a sailing is named."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from pydantic import BaseModel, Field

from domain.booking.schedules import Sailing, SailingChoice

CUT_OFF_NAMES = {
    "DCO": "Shipping instructions (documentation)",
    "VCO": "Verified gross mass (VGM)",
    "FCO": "FCL delivery",
    "LCO": "LCL delivery",
    "EFC": "Earliest full-container delivery",
}


class SailingChoiceBody(BaseModel):
    """A sailing named as the DCSA standards name one: a vessel and its export voyage, a service and the
    expected departure date, or a point-to-point route's `routingReference`."""

    vesselIMONumber: Annotated[str | None, Field(pattern=r"^\d{7,8}$")] = None
    carrierExportVoyageNumber: Annotated[str | None, Field(max_length=50)] = None
    carrierServiceCode: Annotated[str | None, Field(max_length=11)] = None
    expectedDepartureDate: date | None = None
    routingReference: Annotated[str | None, Field(max_length=5000)] = None

    def choice(self) -> SailingChoice:
        return SailingChoice(
            vessel_imo_number=self.vesselIMONumber,
            export_voyage=self.carrierExportVoyageNumber,
            service_code=self.carrierServiceCode,
            departure_date=self.expectedDepartureDate.isoformat() if self.expectedDepartureDate else None,
            routing_reference=self.routingReference,
        )


class ChooseSailingBody(BaseModel):
    sailing: SailingChoiceBody


class ConfirmBookingBody(BaseModel):
    """Staff may set or change the booking's sailing as they confirm it."""

    sailing: SailingChoiceBody | None = None


class CutOffTime(BaseModel):
    code: str
    name: str
    at: str


class SailingView(BaseModel):
    serviceCode: str
    serviceName: str
    vesselName: str | None
    vesselIMONumber: str | None
    voyage: str
    importVoyage: str
    portOfLoading: str
    portOfDischarge: str
    departure: str
    arrival: str
    transitDays: int
    cutOffs: list[CutOffTime]
    routingReference: str


class BookingSailing(BaseModel):
    """A booking's sailing: its transport plan and cut-offs, what a republication moved, the reminders
    sent, and whether the shipping order came in after the shipping-instruction cut-off."""

    sailing: SailingView
    previous: SailingView | None
    chosenBy: str
    remindersSent: list[str]
    orderSubmittedAt: str | None
    orderLate: bool


class PublishedService(BaseModel):
    serviceCode: str
    serviceName: str
    publishedAt: str
    publishedBy: str
    publications: int
    sailings: list[SailingView]


def sailing_view(sailing: Sailing) -> dict[str, Any]:
    return {
        "serviceCode": sailing.service_code,
        "serviceName": sailing.service_name,
        "vesselName": sailing.vessel_name,
        "vesselIMONumber": sailing.vessel_imo_number,
        "voyage": sailing.export_voyage,
        "importVoyage": sailing.import_voyage,
        "portOfLoading": sailing.load_port,
        "portOfDischarge": sailing.discharge_port,
        "departure": sailing.departure,
        "arrival": sailing.arrival,
        "transitDays": sailing.transit_days,
        "cutOffs": [
            {"code": c.code, "name": CUT_OFF_NAMES.get(c.code, c.code), "at": c.at} for c in sailing.cut_offs
        ],
        "routingReference": sailing.routing_reference,
    }


def booking_sailing(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "sailing": sailing_view(row["sailing"]),
        "previous": sailing_view(row["previous"]) if row["previous"] else None,
        "chosenBy": row["chosen_by"],
        "remindersSent": list(row["reminders"]),
        "orderSubmittedAt": row["order_submitted_at"],
        "orderLate": bool(row["order_late"]),
    }
