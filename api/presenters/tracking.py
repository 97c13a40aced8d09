"""A booking's progress after confirmation in words, from the tracking read model's position of
each booking (projections/tracking.py keeps it as events arrive; domain/tracking/position.py says how).

A field of its own on the booking's detail and list rows (`progress`): the specification's state codes do
not change (a delivered booking is still state 4 to the specification's client). A customer reads a booking
that ended as it stood then (decision 3831: the events that reached it before the end, no forecast, `ended`);
staff read every event. Both are told that it ended, how and when (decision 3836: `booking_ended_as`,
`booking_ended_at`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from uuid import UUID

from api.bootstrap import Services
from api.presenters.keys import keys_of
from api.schemas.tracking import ContainerMilestone, TrackingProgress
from domain.tracking.milestone import TrackingEvent
from domain.tracking.position import (
    Position,
    against_sailing,
    arrival_day,
    position,
    summary,
    until_end,
)
from infrastructure.read_db import Tx, placeholders
from projections.booking.queries import rows_where
from projections.event_log import version_at
from projections.tracking import (
    EVENTS,
    ends_of,
    latest_moved,
    moment,
    positions,
    timeline,
    timelines_until_end,
)

UNDERWAY_SHOWN = 10
PROGRESS = keys_of(TrackingProgress)
MILESTONE = keys_of(ContainerMilestone)


def _port_names(tx: Tx, rows: list[dict[str, Any]]) -> Callable[[str | None], str | None]:
    codes = sorted({c for r in rows for c in (r["stage_port"], r["arrival_port"]) if c})
    names: dict[str, str] = {}
    if codes:
        marks = placeholders(codes)
        for found in tx.all(f"SELECT code, name FROM booking_ports WHERE code IN ({marks})", tuple(codes)):
            names[found["code"]] = str(found["name"])
    return lambda code: None if code is None else names.get(code)


def progress_from(
    at: Position,
    port_name: Callable[[str | None], str | None],
    ended: bool = False,
    end: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """`TrackingProgress` (`ended`: of a booking that ended, `at` its position `until_end`; `end`: how and
    when the booking ended, `ends_of`'s, for whoever reads it)."""
    return {
        PROGRESS["planned_arrival"]: at.planned_arrival,
        PROGRESS["stage"]: at.stage,
        PROGRESS["summary"]: summary(at, port_name, ended),
        PROGRESS["vessel_name"]: at.vessel,
        PROGRESS["last_milestone_at"]: at.last_milestone_at,
        PROGRESS["estimated_arrival"]: at.estimated_arrival,
        PROGRESS["arrival_delay_hours"]: at.delay_hours,
        PROGRESS["milestones"]: at.milestones,
        PROGRESS["stage_port"]: at.stage_port,
        PROGRESS["stage_port_name"]: port_name(at.stage_port),
        PROGRESS["arrival_port"]: at.arrival_port,
        PROGRESS["arrival_port_name"]: port_name(at.arrival_port),
        PROGRESS["arrival_day"]: arrival_day(at),
        PROGRESS["ended"]: ended,
        PROGRESS["booking_ended_as"]: None if end is None else end["ended_as"],
        PROGRESS["booking_ended_at"]: None if end is None else end["ended_at"],
    }


def _position(row: dict[str, Any]) -> Position:
    return Position(**{name: row[name] for name in Position.__dataclass_fields__})


def _sailings(tx: Tx, rate_request_ids: list[str]) -> dict[str, dict[str, Any]]:
    if not rate_request_ids:
        return {}
    marks = placeholders(rate_request_ids)
    found = tx.all(
        f"SELECT rate_request_id, vessel_name, discharge_port, arrival FROM booking_sailings"
        f" WHERE rate_request_id IN ({marks})",
        tuple(rate_request_ids),
    )
    return {str(r["rate_request_id"]): dict(r) for r in found}


def _planned(at: Position, sailing: dict[str, Any] | None) -> Position:
    if sailing is None:
        return at
    return against_sailing(at, sailing["vessel_name"], sailing["discharge_port"], sailing["arrival"])


def _until_end(tx: Tx, ended: list[str]) -> dict[str, Position | None]:
    """The positions of these bookings that ended, as their customer reads them (decision 3831): after the
    events that reached each before its end (None when none did), without forecasts."""
    found = timelines_until_end(tx, sorted(ended))
    then = {rid: position(found.get(rid, [])) for rid in ended}
    return {rid: None if at is None else until_end(at) for rid, at in then.items()}


def progress_of(tx: Tx, rate_request_ids: list[str], *, customer: bool) -> dict[str, dict[str, Any]]:
    """`TrackingProgress` of each of these bookings that has tracking events (four indexed reads), its
    lateness measured against its sailing's plan where the events gave none, and how and when it ended if it
    did. To its `customer`, a booking that ended reads as it stood then (one read more): none when no event
    reached it before the end; staff read every event of it (decision 3836)."""
    rows = positions(tx, rate_request_ids)
    ends = ends_of(tx, list(rows))
    ended = _until_end(tx, list(ends)) if customer and ends else {}
    sailings = _sailings(tx, [rid for rid in rows if rid not in ended])
    at = {rid: _planned(_position(row), sailings.get(rid)) for rid, row in rows.items() if rid not in ended}
    name = _port_names(tx, [p.row() for p in (*at.values(), *ended.values()) if p is not None])
    answer = {rid: progress_from(p, name, end=ends.get(rid)) for rid, p in at.items()}
    answer.update({rid: progress_from(p, name, True, ends[rid]) for rid, p in ended.items() if p is not None})
    return answer


def progress(tx: Tx, rate_request_id: str, *, customer: bool) -> dict[str, Any] | None:
    """`TrackingProgress`, or None while no tracking event has reached the booking (for its `customer`:
    before it ended)."""
    return progress_of(tx, [rate_request_id], customer=customer).get(rate_request_id)


def with_progress(services: Services, detail: dict[str, Any], *, customer: bool) -> dict[str, Any]:
    """The booking detail with its tracking progress."""
    with services.read_models.read() as tx:
        return {**detail, "progress": progress(tx, str(detail["id"]), customer=customer)}


def container_milestones(tx: Tx, rate_request_id: str) -> list[dict[str, Any]]:
    """`ContainerMilestone` of each container of the booking's actual equipment events (the booking's
    timeline, every event as staff read it: decision 3836), by container number: the last to happen."""
    latest: dict[str, dict[str, Any]] = {}
    for event in timeline(tx, rate_request_id):  # in the order they happened: the last one stays
        box = event["equipment_reference"]
        actual = event["event_type"] == "EQUIPMENT" and event["classifier"] == "ACT"
        if box and actual and event["event_subtype"]:
            latest[str(box)] = event
    return [
        {
            MILESTONE["equipment_reference"]: box,
            MILESTONE["milestone"]: event["event_subtype"],
            MILESTONE["event_date_time"]: str(event["body"]["eventDateTime"]),  # as published, as `progress`
            MILESTONE["location"]: (event["body"].get("eventLocation") or {}).get("UNLocationCode"),
        }
        for box, event in sorted(latest.items())
    ]


def tracked(row: dict[str, Any]) -> bool:
    """Whether tracking events may have reached this booking: the list and detail statements say so
    (`tracked`); a row built elsewhere (a command's own answer) says nothing, so it is asked."""
    return bool(row.get("tracked", True))


def rows_with_progress(tx: Tx, rows: list[dict[str, Any]], *, customer: bool) -> list[dict[str, Any]]:
    """List rows (`RateRequestRow`) with where each booking is (null before any tracking event), as its
    `customer` or staff read it."""
    found = progress_of(tx, [str(r["id"]) for r in rows if tracked(r)], customer=customer)
    for row in rows:  # in place: the rows are the caller's, fresh from its query
        row["progress"] = found.get(str(row["id"])) if found else None
    return rows


def underway_rows(tx: Tx, customer_id: str) -> list[dict[str, Any]]:
    """The customer's bookings on their way (list rows; not one that ended), the latest moved first."""
    ids = latest_moved(tx, customer_id, UNDERWAY_SHOWN)
    if not ids:
        return []
    marks = placeholders(ids)
    where = f"WHERE r.customer_id = ? AND r.id IN ({marks})"
    rows = rows_where(tx, where, (customer_id, *ids), order="r.id", limit=len(ids))
    rank = {rid: i for i, rid in enumerate(ids)}
    return sorted(rows, key=lambda r: rank[str(r["id"])])


def progress_as_of(
    services: Services, rate_request_id: str, at_position: int | None, at: str | None
) -> dict[str, Any] | None:
    """`TrackingProgress` of a booking as it was at a store position or a moment (the audit's as-of view):
    each of its tracking events rebuilt at its version then, as the as-of view rebuilds any aggregate; the
    events then withdrawn, not yet tied to the booking or not yet published are left out."""
    with services.read_models.read() as tx:
        found = tx.all(f"SELECT id FROM {EVENTS} WHERE rate_request_id = ?", (rate_request_id,))
        ids = [str(r["id"]) for r in found]
        versions = {i: version_at(tx, i, at_position, at) for i in ids}
    rows = []
    for event_id, version in versions.items():
        if version is None:
            continue
        event: TrackingEvent = services.tracking.repository.get(UUID(event_id), version=version)
        if event.retracted or event.facts.get("rate_request_id") != rate_request_id:
            continue
        facts = event.facts
        rows.append(
            {
                "id": event_id,
                "event_type": facts["event_type"],
                "event_subtype": facts.get("event_subtype"),
                "classifier": facts.get("classifier"),
                "event_date_time": moment(facts["event_date_time"]),
                "load_port": facts.get("load_port"),
                "body": json.loads(event.body),
            }
        )
    rows.sort(key=lambda r: (r["event_date_time"], r["id"]))
    then = position(rows)
    if then is None:
        return None
    with services.read_models.read() as tx:
        then = _planned(then, _sailings(tx, [rate_request_id]).get(rate_request_id))
        names = _port_names(tx, [then.row()])
    return progress_from(then, names)
