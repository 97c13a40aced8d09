"""A booking's progress after confirmation in words (issue 29), from its tracking events.

A field of its own on the booking's detail (`progress`): the specification's state codes do not change (a
delivered booking is still state 4 to the specification's client). The stage is the latest ACTUAL milestone
by when it happened; the arrival is the latest estimate (or plan) of the vessel's arrival, compared with the
first plan to say how late it is.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from infrastructure.read_db import Tx
from projections.tracking import timeline

# (event type, subtype) -> (stage, how it reads; {vessel} and {port} filled in)
_STAGES: dict[tuple[str, str], tuple[str, str]] = {
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
_BEFORE_ARRIVAL = {"gated-in", "loaded", "departed", None}


def _port(tx: Tx, body: dict[str, Any]) -> tuple[str | None, str | None]:
    code = (body.get("eventLocation") or {}).get("UNLocationCode") or (
        ((body.get("transportDetails") or {}).get("transportCall") or {}).get("location") or {}
    ).get("UNLocationCode")
    if code is None:
        return None, None
    name = tx.scalar("SELECT name FROM booking_ports WHERE code = ?", (code,))
    return code, str(name) if name else code


def _vessel(body: dict[str, Any]) -> str | None:
    call = (body.get("transportDetails") or {}).get("transportCall") or {}
    return (call.get("vesselTransport") or {}).get("vesselName")


def _day(text: str) -> str:
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return f"{moment.day} {moment:%b}"


def _hours_between(later: str, earlier: str) -> float:
    a = datetime.fromisoformat(later.replace("Z", "+00:00"))
    b = datetime.fromisoformat(earlier.replace("Z", "+00:00"))
    return (a - b).total_seconds() / 3600


def _lateness(hours: float) -> str:
    if abs(hours) < 1:
        return "on time"
    if abs(hours) < 24:
        amount = f"{round(abs(hours))} h"
    else:
        days = round(abs(hours) / 24)
        amount = f"{days} day{'s' if days != 1 else ''}"
    return f"{amount} {'late' if hours > 0 else 'early'}"


def progress(tx: Tx, rate_request_id: str) -> dict[str, Any] | None:
    """`TrackingProgress`, or None while no tracking event has reached the booking."""
    events = timeline(tx, rate_request_id)
    if not events:
        return None
    vessel = next((_vessel(e["body"]) for e in reversed(events) if _vessel(e["body"])), None)
    stage, words, last = None, "Booking confirmed; waiting for the first milestone", None
    for event in events:
        known = _STAGES.get((event["event_type"], event["event_subtype"] or ""))
        if known is None or event["classifier"] != "ACT":
            continue
        _, port = _port(tx, event["body"])
        stage, last = known[0], event
        words = known[1].format(vessel=vessel or "the vessel", port=port or "an unnamed place")
    arrivals = [
        e
        for e in events
        if e["event_type"] == "TRANSPORT"
        and e["event_subtype"] == "ARRI"
        and e["classifier"] in ("EST", "PLN")
    ]
    estimated = max(arrivals, key=lambda e: e["body"].get("eventUpdatedDateTime") or "", default=None)
    planned = next((e for e in arrivals if e["classifier"] == "PLN"), None)
    delay = None
    if estimated is not None and planned is not None:
        delay = round(_hours_between(estimated["body"]["eventDateTime"], planned["body"]["eventDateTime"]), 1)
    if estimated is not None and stage in _BEFORE_ARRIVAL:
        _, port = _port(tx, estimated["body"])
        words += f", arriving {port} {_day(estimated['body']['eventDateTime'])}"
        if delay is not None:
            words += f", {_lateness(delay)}"
    return {
        "stage": stage,
        "summary": words,
        "vesselName": vessel,
        "lastMilestoneAt": None if last is None else last["body"]["eventDateTime"],
        "estimatedArrival": None if estimated is None else estimated["body"]["eventDateTime"],
        "arrivalDelayHours": delay,
        "milestones": len(events),
    }


def with_progress(services: Any, detail: dict[str, Any]) -> dict[str, Any]:
    """The booking detail with its tracking progress (one indexed read of the tracking read model)."""
    with services.read_models.read() as tx:
        return {**detail, "progress": progress(tx, str(detail["id"]))}
