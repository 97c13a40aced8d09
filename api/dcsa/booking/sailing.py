"""A confirmed booking's sailing in DCSA Booking 2.0.5 terms: `transportPlan` (its legs) and
`shipmentCutOffTimes` (the cut-offs of its sailing at the port of loading). Kept apart from the view builder
(`dcsa_view.py`): the /v2 answer adds these two keys once the booking is confirmed and has a sailing.

An estimated sailing (no published one was named at confirmation) has no vessel, service or voyage, which
the standard's leg does not require; the standard has no property saying a plan is estimated, so an INFO
feedback says it (docs/decisions/0201-estimated-transport-plan.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from api.dcsa.booking.feedbacks import estimated_plan_feedback
from domain.booking.estimated_sailing import DEFAULT_CUT_OFF_HOURS, cut_offs_before
from domain.booking.schedules import Sailing
from domain.shared.local_time import port_day

# Booking 2.0.5's cut-off codes; a schedule's other codes (a carrier's own) are not the standard's to carry.
BOOKING_CUT_OFF_CODES = ("DCO", "VCO", "FCO", "LCO", "EFC")


def transport_plan(sailing: Sailing) -> list[dict[str, Any]]:
    """The booking's one main-carriage leg (port to port, yard to yard)."""
    leg: dict[str, Any] = {
        "transportPlanStage": "MNC",
        "transportPlanStageSequenceNumber": 1,
        "loadLocation": {"UNLocationCode": sailing.load_port},
        "dischargeLocation": {"UNLocationCode": sailing.discharge_port},
        # The days at the ports, by their clocks (as the screens and e-mails say them), not UTC's.
        "plannedDepartureDate": port_day(sailing.departure, sailing.load_port),
        "plannedArrivalDate": port_day(sailing.arrival, sailing.discharge_port),
        "modeOfTransport": "VESSEL",
    }
    if not sailing.estimated:
        leg["carrierServiceCode"] = sailing.service_code
        leg["carrierExportVoyageNumber"] = sailing.export_voyage
        leg["carrierImportVoyageNumber"] = sailing.import_voyage
    if sailing.vessel_name:
        leg["vesselName"] = sailing.vessel_name[:50]
    if sailing.vessel_imo_number:
        leg["vesselIMONumber"] = sailing.vessel_imo_number
    if sailing.universal_service_reference:
        leg["universalServiceReference"] = sailing.universal_service_reference
    return [leg]


def shipment_cut_off_times(
    sailing: Sailing, usual_hours: Mapping[str, int] = DEFAULT_CUT_OFF_HOURS
) -> list[dict[str, Any]]:
    """The sailing's cut-offs the standard names; a published schedule that gives none has the carrier's
    usual ones (`usual_hours` before departure): a confirmed booking always says when what is due."""
    kept = [c for c in sailing.cut_offs if c.code in BOOKING_CUT_OFF_CODES]
    if not kept:
        kept = list(cut_offs_before(sailing.departure, usual_hours))
    return [{"cutOffDateTimeCode": c.code, "cutOffDateTime": c.at} for c in kept]


def confirmed_sailing_terms(
    sailing: Sailing | None, usual_hours: Mapping[str, int] = DEFAULT_CUT_OFF_HOURS
) -> dict[str, Any]:
    """The two keys a CONFIRMED booking carries (empty when the booking has no sailing), and for an
    estimated plan the feedback that says so (`feedbacks`, to add to the booking's own)."""
    if sailing is None:
        return {}
    terms: dict[str, Any] = {
        "transportPlan": transport_plan(sailing),
        "shipmentCutOffTimes": shipment_cut_off_times(sailing, usual_hours),
    }
    if sailing.estimated:
        # The same words the booking's notifications carry (policies/webhooks), so both doors agree.
        terms["feedbacks"] = [estimated_plan_feedback()]
    return terms
