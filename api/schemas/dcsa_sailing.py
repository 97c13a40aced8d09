"""A confirmed booking's sailing in DCSA Booking 2.0.5 terms: `transportPlan` (its legs) and
`shipmentCutOffTimes` (the cut-offs of its sailing at the port of loading). Kept apart from the view builder
(`dcsa_view.py`): the /v2 answer adds these two keys once the booking is confirmed and has a sailing."""

from __future__ import annotations

from typing import Any

from domain.booking.schedules import Sailing

# Booking 2.0.5's cut-off codes; a schedule's other codes (a carrier's own) are not the standard's to carry.
BOOKING_CUT_OFF_CODES = ("DCO", "VCO", "FCO", "LCO", "EFC")


def transport_plan(sailing: Sailing) -> list[dict[str, Any]]:
    """The booking's one main-carriage leg (port to port, yard to yard)."""
    leg: dict[str, Any] = {
        "transportPlanStage": "MNC",
        "transportPlanStageSequenceNumber": 1,
        "loadLocation": {"UNLocationCode": sailing.load_port},
        "dischargeLocation": {"UNLocationCode": sailing.discharge_port},
        "plannedDepartureDate": sailing.departure[:10],
        "plannedArrivalDate": sailing.arrival[:10],
        "modeOfTransport": "VESSEL",
        "carrierServiceCode": sailing.service_code,
        "carrierExportVoyageNumber": sailing.export_voyage,
        "carrierImportVoyageNumber": sailing.import_voyage,
    }
    if sailing.vessel_name:
        leg["vesselName"] = sailing.vessel_name[:50]
    if sailing.vessel_imo_number:
        leg["vesselIMONumber"] = sailing.vessel_imo_number
    if sailing.universal_service_reference:
        leg["universalServiceReference"] = sailing.universal_service_reference
    return [leg]


def shipment_cut_off_times(sailing: Sailing) -> list[dict[str, Any]]:
    return [
        {"cutOffDateTimeCode": c.code, "cutOffDateTime": c.at}
        for c in sailing.cut_offs
        if c.code in BOOKING_CUT_OFF_CODES
    ]


def confirmed_sailing_terms(sailing: Sailing | None) -> dict[str, Any]:
    """The two keys a CONFIRMED booking carries (empty when the booking has no sailing)."""
    if sailing is None:
        return {}
    terms: dict[str, Any] = {"transportPlan": transport_plan(sailing)}
    cut_offs = shipment_cut_off_times(sailing)
    if cut_offs:
        terms["shipmentCutOffTimes"] = cut_offs
    return terms
