"""Where a booking's cargo is, from its tracking events: pure, so the read model keeps it per
booking as events arrive (projections/tracking.py) and the as-of view computes it for a past moment alike.

The stage is the latest ACTUAL milestone by when it happened; the arrival is the latest estimate (or plan)
of the vessel's arrival, compared with the first plan to say how late it is. Ports stay UN/LOCODEs here:
their names are the reference data's, put in when the words are written (`summary`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, replace
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from domain.shared.local_time import port_zone

# (event type, subtype) -> (stage, how it reads; {vessel} and {port} filled in)
STAGES: dict[tuple[str, str], tuple[str, str]] = {
    ("EQUIPMENT", "GTIN"): ("gated-in", "Gated in at {port}"),
    ("EQUIPMENT", "LOAD"): ("loaded", "Loaded on {vessel} at {port}"),
    ("TRANSPORT", "DEPA"): ("departed", "Departed {port} on {vessel}"),
    ("TRANSPORT", "ARRI"): ("arrived", "Arrived at {port} on {vessel}"),
    ("EQUIPMENT", "DISC"): ("discharged", "Discharged at {port}"),
    ("EQUIPMENT", "GTOT"): ("gated-out", "Gated out at {port}"),
    ("EQUIPMENT", "AVPU"): ("available", "Available for pick-up at {port}"),
    ("EQUIPMENT", "PICK"): ("picked-up", "Picked up at {port}"),
    ("EQUIPMENT", "DROP"): ("delivered", "Delivered at {port}"),
}
_WORDS = {stage: words for stage, words in STAGES.values()}
_BEFORE_ARRIVAL = {"gated-in", "loaded", "departed", None}
_ARRIVAL_FORECASTS = {("TRANSPORT", "ARRI", "EST"), ("TRANSPORT", "ARRI", "PLN")}
WAITING = "Booking confirmed; waiting for the first milestone"
# A booking that ended (decision 3831): where its cargo was last reported before then, and that no more is.
ENDED = "tracking stopped when the booking ended"
ENDED_BEFORE_ANY = "Tracking stopped when the booking ended, before any milestone"


@dataclass(frozen=True)
class Position:
    stage: str | None
    stage_port: str | None
    vessel: str | None
    last_milestone_at: str | None
    estimated_arrival: str | None
    arrival_port: str | None
    delay_hours: float | None
    milestones: int
    # The first plan of the arrival the delay is measured against (a PLN event; else, when the booking has
    # a sailing, its transport plan's arrival: `against_sailing`).
    planned_arrival: str | None = None

    def row(self) -> dict[str, Any]:
        return asdict(self)


NOWHERE = Position(None, None, None, None, None, None, None, 0)


def against_sailing(at: Position, vessel: str | None, discharge_port: str, arrival: str) -> Position:
    """The position with the booking's sailing's plan where the events gave none: the arrival planned at
    its port of discharge (so an estimate there is late or early against it) and its vessel."""
    changes: dict[str, Any] = {}
    if at.vessel is None and vessel:
        changes["vessel"] = vessel
    if at.planned_arrival is None and at.arrival_port in (None, discharge_port):
        changes["planned_arrival"] = arrival
        if at.estimated_arrival is None:
            changes.update(estimated_arrival=arrival, arrival_port=discharge_port)
        else:
            moved = instant(at.estimated_arrival) - instant(arrival)
            changes["delay_hours"] = round(moved.total_seconds() / 3600, 1)
    return replace(at, **changes)


def port_of(body: dict[str, Any]) -> str | None:
    code = (body.get("eventLocation") or {}).get("UNLocationCode") or (
        ((body.get("transportDetails") or {}).get("transportCall") or {}).get("location") or {}
    ).get("UNLocationCode")
    return None if code is None else str(code)


def vessel_of(body: dict[str, Any]) -> str | None:
    call = (body.get("transportDetails") or {}).get("transportCall") or {}
    name = (call.get("vesselTransport") or {}).get("vesselName")
    return None if name is None else str(name)


@dataclass(frozen=True)
class Departure:
    """The vessel seen leaving the booking's port of loading: when (the standard's text), on what, where."""

    at: str
    vessel: str | None
    port: str | None


def departure(events: Iterable[dict[str, Any]], load_port: str) -> Departure | None:
    """The first actual departure among `events` (rows as `position` takes them) from `load_port`, or from a
    place the publisher did not name; None while the vessel has not left it (a plan or an estimate is not a
    departure, nor is leaving a port of transshipment)."""
    left = [
        e
        for e in events
        if (e["event_type"], e["event_subtype"], e["classifier"]) == ("TRANSPORT", "DEPA", "ACT")
        and port_of(e["body"]) in (None, load_port)
    ]
    if not left:
        return None
    first = min(left, key=lambda e: instant(str(e["body"]["eventDateTime"])))
    return Departure(str(first["body"]["eventDateTime"]), vessel_of(first["body"]), port_of(first["body"]))


def instant(text: str) -> datetime:
    """The moment a standard's date-time text names (`Z` or an offset)."""
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def comes_to_load(event: dict[str, Any]) -> bool:
    """Whether the event is the vessel arriving at the booking's port of loading (`load_port`, as the event
    was matched to it): it comes to load the cargo, which has not arrived anywhere."""
    at = port_of(event["body"])
    return (
        (event["event_type"], event["event_subtype"]) == ("TRANSPORT", "ARRI")
        and at is not None
        and at == event.get("load_port")
    )


def position(events: Iterable[dict[str, Any]]) -> Position | None:
    """The position after `events` (rows of the tracking read model with `body` decoded, not withdrawn, in
    the order they happened), or None when there are none. The vessel arriving at the port of loading is
    not a stage (`comes_to_load`)."""
    events = list(events)
    if not events:
        return None
    vessel = next((v for e in reversed(events) if (v := vessel_of(e["body"]))), None)
    stage, last = None, None
    for event in events:
        known = STAGES.get((event["event_type"], event["event_subtype"] or ""))
        if known is not None and event["classifier"] == "ACT" and not comes_to_load(event):
            stage, last = known[0], event
    arrivals = [
        e for e in events if (e["event_type"], e["event_subtype"], e["classifier"]) in _ARRIVAL_FORECASTS
    ]
    # The newest word on the arrival, by when it was given (instants, whatever offsets they are written in);
    # the plan it is measured against is the first at the same port (a later call of the vessel is another
    # arrival, not this one early).
    estimated = max(arrivals, key=_updated, default=None)
    at_port = None if estimated is None else port_of(estimated["body"])
    planned = next((e for e in arrivals if e["classifier"] == "PLN" and port_of(e["body"]) == at_port), None)
    delay = None
    if estimated is not None and planned is not None:
        moved = instant(estimated["body"]["eventDateTime"]) - instant(planned["body"]["eventDateTime"])
        delay = round(moved.total_seconds() / 3600, 1)
    return Position(
        stage=stage,
        stage_port=None if last is None else port_of(last["body"]),
        vessel=vessel,
        last_milestone_at=None if last is None else str(last["body"]["eventDateTime"]),
        estimated_arrival=None if estimated is None else str(estimated["body"]["eventDateTime"]),
        arrival_port=None if estimated is None else port_of(estimated["body"]),
        delay_hours=delay,
        milestones=len(events),
        planned_arrival=None if planned is None else str(planned["body"]["eventDateTime"]),
    )


def _updated(event: dict[str, Any]) -> datetime:
    """When a forecast was given: its `eventUpdatedDateTime`, else when it was published (its event time)."""
    body = event["body"]
    return instant(str(body.get("eventUpdatedDateTime") or body.get("eventCreatedDateTime") or _EPOCH))


_EPOCH = "1970-01-01T00:00:00Z"


def whole_hours(hours: float) -> int:
    """Hours rounded as every screen and message rounds them: half up (32.5 h is 33 h, never the even 32)."""
    return math.floor(abs(hours) + 0.5)


def until_end(at: Position) -> Position:
    """The position of a booking that ended, as its customer reads it (decision 3831): the last milestone
    before the end, without the arrival forecast or plan (a booking that ended will not arrive)."""
    return replace(at, estimated_arrival=None, arrival_port=None, delay_hours=None, planned_arrival=None)


def lateness(hours: float) -> str:
    if abs(hours) < 1:
        return "on time"
    if abs(hours) < 24:
        amount = f"{whole_hours(hours)} h"
    else:
        days = whole_hours(hours / 24)
        amount = f"{days} day{'s' if days != 1 else ''}"
    return f"{amount} {'late' if hours > 0 else 'early'}"


def arrival_day(at: Position) -> str | None:
    """The day (`YYYY-MM-DD`) of the estimated arrival at its port, in that port's time, as its timeline
    writes the arrival (decision 0901), not UTC's."""
    if at.estimated_arrival is None:
        return None
    return instant(at.estimated_arrival).astimezone(ZoneInfo(port_zone(at.arrival_port))).date().isoformat()


def summary(at: Position, port_name: Callable[[str | None], str | None], ended: bool = False) -> str:
    """The position in words ("Loaded on KING OF THE SEAS at Bandar Abbas, arriving Hamburg 2027/01/14,
    2 days late"); `port_name` names a UN/LOCODE (None when unknown: the code is written). Of a booking
    that `ended` (`until_end`): its last milestone, and that tracking stopped ("Loaded on KING OF THE SEAS
    at Bandar Abbas; tracking stopped when the booking ended")."""
    if ended and at.stage is None:
        return ENDED_BEFORE_ANY
    words = WAITING
    if at.stage is not None:
        port = (port_name(at.stage_port) or at.stage_port) if at.stage_port else "an unnamed place"
        words = _WORDS[at.stage].format(vessel=at.vessel or "the vessel", port=port)
    if at.estimated_arrival is not None and at.stage in _BEFORE_ARRIVAL:
        port = (port_name(at.arrival_port) or at.arrival_port) if at.arrival_port else "its port"
        day = arrival_day(at)
        words += f", arriving {port} {day.replace('-', '/') if day else ''}"
        if at.delay_hours is not None:
            words += f", {lateness(at.delay_hours)}"
    return f"{words}; {ENDED}" if ended else words
