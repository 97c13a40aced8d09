"""The portal's own wire shapes of sailings (envelope answers): a sailing to choose, a booking's sailing
(transport plan and cut-offs), a published service for the console, and how a sailing is named."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any

from pydantic import Field

from api.mapping import SAILING
from api.schemas.wire_model import WireAnswer, WireModel, wire_keys
from domain.booking.schedules import CUT_OFF_NAMES, Sailing, SailingChoice
from domain.tracking.position import Departure


class SailingChoiceBody(WireModel):
    """A sailing named as the DCSA standards name one: a vessel and its export voyage, a service and the
    expected departure date, or a point-to-point route's `routingReference`."""

    # `vesselIMONumber` on the wire (api/mapping.py's SAILING).
    model_config = wire_keys(SAILING)

    vessel_imo_number: Annotated[str | None, Field(pattern=r"^\d{7,8}$")] = None
    carrier_export_voyage_number: Annotated[str | None, Field(max_length=50)] = None
    carrier_service_code: Annotated[str | None, Field(max_length=11)] = None
    expected_departure_date: date | None = None
    routing_reference: Annotated[str | None, Field(max_length=5000)] = None

    def choice(self) -> SailingChoice:
        return SailingChoice(
            vessel_imo_number=self.vessel_imo_number,
            export_voyage=self.carrier_export_voyage_number,
            service_code=self.carrier_service_code,
            departure_date=self.expected_departure_date.isoformat() if self.expected_departure_date else None,
            routing_reference=self.routing_reference,
        )


class ChooseSailingBody(WireModel):
    sailing: SailingChoiceBody


class ConfirmBookingBody(WireModel):
    """Staff may set or change the booking's sailing as they confirm it."""

    sailing: SailingChoiceBody | None = None
    # The booking's `updatedAt` as staff's screen read it: documents the customer sent since are refused
    # (409, decision 3908). Left out, nothing is compared.
    seen_updated_at: datetime | None = None


class CutOffTime(WireAnswer):
    code: str
    name: str
    at: str


class SailingView(WireAnswer):
    # `vesselIMONumber` on the wire (api/mapping.py's SAILING).
    model_config = wire_keys(SAILING)
    service_code: str
    service_name: str
    vessel_name: str | None
    vessel_imo_number: str | None
    voyage: str
    import_voyage: str
    port_of_loading: str
    port_of_discharge: str
    departure: str
    arrival: str
    transit_days: int
    cut_offs: list[CutOffTime]
    routing_reference: str
    # Estimated at confirmation (no published sailing was named): no vessel, service or voyage yet.
    estimated: bool = False


class SailingDeparture(WireAnswer):
    """The vessel seen leaving the booking's port of loading, by its tracking (an actual `DEPA` event):
    when (as the publisher sent it), the vessel's name (null when not sent) and the port (UN/LOCODE, null
    when the publisher named none)."""

    at: str
    vessel_name: str | None
    port: str | None


class BookingSailing(WireAnswer):
    """A booking's sailing: its transport plan and cut-offs, what a republication moved, the reminders
    sent, whether the shipping order came in after the shipping-instruction cut-off, and whether the vessel
    has left (`departed`, from the booking's tracking: the plan's cut-offs and estimates are then past)."""

    sailing: SailingView
    previous: SailingView | None
    chosen_by: str
    reminders_sent: list[str]
    order_submitted_at: str | None
    order_late: bool
    departed: SailingDeparture | None = None


class PublishedService(WireModel):
    service_code: str
    service_name: str
    published_at: str
    published_by: str
    publications: int
    sailings: list[SailingView]


def sailing_view(sailing: Sailing) -> dict[str, Any]:
    """The answer's keys come from the model (the presenter names no wire key)."""
    return _sailing(sailing).model_dump()


def _sailing(sailing: Sailing) -> SailingView:
    return SailingView(
        service_code=sailing.service_code,
        service_name=sailing.service_name,
        vessel_name=sailing.vessel_name,
        vessel_imo_number=sailing.vessel_imo_number,
        voyage=sailing.export_voyage,
        import_voyage=sailing.import_voyage,
        port_of_loading=sailing.load_port,
        port_of_discharge=sailing.discharge_port,
        departure=sailing.departure,
        arrival=sailing.arrival,
        transit_days=sailing.transit_days,
        cut_offs=[
            CutOffTime(code=c.code, name=CUT_OFF_NAMES.get(c.code, c.code), at=c.at) for c in sailing.cut_offs
        ],
        routing_reference="" if sailing.estimated else sailing.routing_reference,
        estimated=sailing.estimated,
    )


def booking_sailing(row: dict[str, Any], departed: Departure | None = None) -> dict[str, Any]:
    return BookingSailing(
        sailing=_sailing(row["sailing"]),
        previous=_sailing(row["previous"]) if row["previous"] else None,
        chosen_by=row["chosen_by"],
        reminders_sent=list(row["reminders"]),
        order_submitted_at=row["order_submitted_at"],
        order_late=bool(row["order_late"]),
        departed=None
        if departed is None
        else SailingDeparture(at=departed.at, vessel_name=departed.vessel, port=departed.port),
    ).model_dump()
