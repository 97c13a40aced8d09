"""The transport plan a booking is confirmed with when no published sailing is named: an estimate from the
booking's ports and shipping date, the lane's transit time and the carrier's usual cut-off leads.

A confirmed booking always says when it sails and when its documents, VGM and cargo are due; until staff
name a published sailing, these are estimated (`Sailing.estimated`) and say so wherever they are shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta

from domain.booking.schedules import CutOff, Sailing, utc_text

# How long before departure each cut-off falls, in hours, when no schedule says: documentation (DCO), VGM
# (VCO) and FCL delivery (FCO).
DEFAULT_CUT_OFF_HOURS: Mapping[str, int] = {"DCO": 72, "VCO": 48, "FCO": 24}
DEFAULT_TRANSIT_DAYS = 21
# An estimated departure on the shipping date: midday, so the cut-offs before it fall on whole days earlier.
ESTIMATED_DEPARTURE_TIME = time(12, 0, tzinfo=UTC)


def is_estimated(record: Mapping[str, object] | None) -> bool:
    """Whether a sailing's record (as events carry it) is an estimate."""
    return bool(record and record.get("estimated"))


@dataclass(frozen=True)
class SailingEstimates:
    """The carrier's settings an estimate is made with."""

    transit_days: int = DEFAULT_TRANSIT_DAYS
    cut_off_hours: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_CUT_OFF_HOURS))


def cut_offs_before(departure: str, hours: Mapping[str, int]) -> tuple[CutOff, ...]:
    """The cut-offs `hours` before a departure (UTC ISO text), earliest first."""
    leaving = datetime.fromisoformat(departure.replace("Z", "+00:00"))
    found = [CutOff(code, utc_text(leaving - timedelta(hours=lead))) for code, lead in hours.items()]
    return tuple(sorted(found, key=lambda c: c.at))


def earliest_departure_day(now: datetime, cut_off_hours: Mapping[str, int]) -> date:
    """The first day a sailing could leave with every cut-off still ahead: the day after the longest lead."""
    longest = max(cut_off_hours.values(), default=0)
    return (now.astimezone(UTC) + timedelta(hours=longest) + timedelta(days=1)).date()


def estimated_sailing(
    load_port: str,
    discharge_port: str,
    shipping_date: date,
    transit_days: int,
    cut_off_hours: Mapping[str, int],
) -> Sailing:
    """A sailing on the shipping date, `transit_days` long, with cut-offs `cut_off_hours` before it: no
    vessel, service or voyage (none is known), marked estimated."""
    leaving = datetime.combine(shipping_date, ESTIMATED_DEPARTURE_TIME)
    departure = utc_text(leaving)
    return Sailing(
        service_code="",
        service_name="",
        vessel_imo_number=None,
        vessel_name=None,
        export_voyage="",
        import_voyage="",
        load_port=load_port,
        load_call_reference="",
        departure=departure,
        discharge_port=discharge_port,
        discharge_call_reference="",
        arrival=utc_text(leaving + timedelta(days=transit_days)),
        cut_offs=cut_offs_before(departure, cut_off_hours),
        estimated=True,
    )
