"""The published sailing schedules' read model: one row per service, one per port call, and the questions
the Commercial Schedules answers, the sailing picker and the booking commands ask of it."""

from __future__ import annotations

import json
from typing import Any

from domain.booking.schedules import (
    CallTime,
    CutOff,
    PortCall,
    Sailing,
    ServiceSchedule,
    ServiceScheduleValues,
    Vessel,
    VesselSchedule,
)
from domain.shared.local_time import port_day
from followers.batch import BatchTx
from infrastructure.read_db import ReadModelDB, Tx
from projections.history import utc_text
from projections.projection import Projection

SERVICES = "schedule_services"
CALLS = "schedule_calls"

projection = Projection(
    name="schedules",
    tables={SERVICES: ("service_code",), CALLS: ("service_code", "vessel_index", "call_index")},
    schema=[
        f"CREATE TABLE IF NOT EXISTS {SERVICES} ("
        " service_code TEXT PRIMARY KEY, service_name TEXT NOT NULL, universal_service_reference TEXT,"
        " vessel_schedules TEXT NOT NULL, published_at TEXT NOT NULL, published_by TEXT NOT NULL,"
        " publications INTEGER NOT NULL, position BIGINT NOT NULL)",
        f"CREATE TABLE IF NOT EXISTS {CALLS} ("
        " service_code TEXT NOT NULL, vessel_index INTEGER NOT NULL, call_index INTEGER NOT NULL,"
        " vessel_imo TEXT, vessel_name TEXT, transport_call_reference TEXT NOT NULL,"
        " import_voyage TEXT NOT NULL, export_voyage TEXT, un_location_code TEXT, arrival TEXT,"
        " departure TEXT, call TEXT NOT NULL, PRIMARY KEY (service_code, vessel_index, call_index))",
        f"CREATE INDEX IF NOT EXISTS schedule_calls_port ON {CALLS} (un_location_code, departure)",
        f"CREATE INDEX IF NOT EXISTS schedule_calls_vessel ON {CALLS} (vessel_imo)",
    ],
)


@projection.on(ServiceSchedule.Published)
def schedule_published(tx: BatchTx, event: ServiceSchedule.Published, position: int) -> None:
    values = ServiceScheduleValues.from_record(event.schedule)
    code = values.service_code
    before = tx.get(SERVICES, code)
    row = {
        "service_code": code,
        "service_name": values.service_name,
        "universal_service_reference": values.universal_service_reference,
        "vessel_schedules": json.dumps(event.schedule["vessel_schedules"], sort_keys=True),
        "published_at": utc_text(event.timestamp),
        "published_by": event.actor_id,
        "publications": 1 + (int(before["publications"]) if before else 0),
        "position": position,
    }
    if before is None:
        tx.insert(SERVICES, row)
    else:
        tx.update(SERVICES, code, {k: v for k, v in row.items() if k != "service_code"})
    # A publication replaces the service's calls whole.
    tx.execute(f"DELETE FROM {CALLS} WHERE service_code = ?", (code,))
    for v, schedule in enumerate(values.vessel_schedules):
        vessel = schedule.vessel or Vessel()
        for c, call in enumerate(schedule.calls):
            tx.insert(
                CALLS,
                {
                    "service_code": code,
                    "vessel_index": v,
                    "call_index": c,
                    "vessel_imo": vessel.imo_number,
                    "vessel_name": vessel.name,
                    "transport_call_reference": call.transport_call_reference,
                    "import_voyage": call.import_voyage,
                    "export_voyage": call.export_voyage,
                    "un_location_code": call.un_location_code,
                    "arrival": call.time("ARRI"),
                    "departure": call.time("DEPA"),
                    "call": json.dumps(_call_record(call), sort_keys=True),
                },
            )


@projection.on(ServiceSchedule.Withdrawn)
def schedule_withdrawn(tx: BatchTx, event: ServiceSchedule.Withdrawn, position: int) -> None:
    """A withdrawn service is off every answer (a later publication counts its publications afresh)."""
    tx.delete(SERVICES, event.service_code)
    tx.delete(CALLS, event.service_code)


def _call_record(call: PortCall) -> dict[str, Any]:
    return {
        **{k: v for k, v in vars(call).items() if k not in ("times", "cut_offs")},
        "times": [vars(t) for t in call.times],
        "cut_offs": [vars(c) for c in call.cut_offs],
    }


def _call(raw: str) -> PortCall:
    record = json.loads(raw)
    record["times"] = tuple(CallTime(**t) for t in record.get("times", ()))
    record["cut_offs"] = tuple(CutOff(**c) for c in record.get("cut_offs", ()))
    return PortCall(**record)


# -- questions ----------------------------------------------------------------------------------------------
def service_schedules(
    tx: Tx,
    *,
    service_code: str | None = None,
    vessel_imo: str | None = None,
    vessel_name: str | None = None,
    voyage: str | None = None,
    un_location_code: str | None = None,
    universal_service_reference: str | None = None,
    start: str | None = None,
    end: str | None = None,
    page: tuple[int, int] | None = None,
) -> list[tuple[dict[str, Any], ServiceScheduleValues]]:
    """The published services (their row and schedule), each cut to the vessel schedules and calls that
    match: a vessel or voyage keeps that vessel's schedules; a port or dates keep the calls there/then.
    `page` (limit, offset): only those services, by code, read (for the staff console, which filters
    nothing)."""
    where: list[str] = []
    params: list[Any] = []
    if service_code:
        where.append("service_code = ?")
        params.append(service_code)
    if universal_service_reference:
        where.append("universal_service_reference = ?")
        params.append(universal_service_reference)
    sql = f"SELECT * FROM {SERVICES}" + (f" WHERE {' AND '.join(where)}" if where else "")
    sql += " ORDER BY service_code"
    if page is not None:
        sql += " LIMIT ? OFFSET ?"
        params.extend(page)
    answers = []
    for row in tx.all(sql, params):
        values = ServiceScheduleValues.from_record(
            {
                "service_code": row["service_code"],
                "service_name": row["service_name"],
                "universal_service_reference": row["universal_service_reference"],
                "vessel_schedules": json.loads(row["vessel_schedules"]),
            }
        )
        kept = []
        for schedule in values.vessel_schedules:
            vessel = schedule.vessel or Vessel()
            if vessel_imo and vessel.imo_number != vessel_imo:
                continue
            if vessel_name and (vessel.name or "").lower() != vessel_name.lower():
                continue
            calls = tuple(
                c
                for c in schedule.calls
                if (not voyage or voyage in (c.import_voyage, c.export_voyage))
                and (not un_location_code or c.un_location_code == un_location_code)
                and _within(c, start, end)
            )
            if calls:
                kept.append(VesselSchedule(schedule.is_dummy_vessel, schedule.vessel, calls))
        if kept or not (vessel_imo or vessel_name or voyage or un_location_code or start or end):
            answers.append(
                (
                    row,
                    ServiceScheduleValues(
                        values.service_code,
                        values.service_name,
                        values.universal_service_reference,
                        tuple(kept) if kept else values.vessel_schedules,
                    ),
                )
            )
    return answers


def service_count(tx: Tx) -> int:
    return int(tx.scalar(f"SELECT COUNT(*) FROM {SERVICES}"))


def _within(call: PortCall, start: str | None, end: str | None) -> bool:
    """A call is within [start, end] (dates, inclusive) when one of its times is, on the port's own day."""
    times = [port_day(t.at, call.un_location_code) for t in call.times]
    if not times:
        return not (start or end)
    return any((not start or t >= start) and (not end or t <= end) for t in times)


def port_calls(tx: Tx, un_location_code: str, day: str) -> list[tuple[dict[str, Any], PortCall]]:
    """The calls at a port with an arrival or departure on `day` (YYYY-MM-DD, the port's local day), by
    time."""
    rows = tx.all(
        f"SELECT c.*, s.service_name, s.universal_service_reference FROM {CALLS} c"
        f" JOIN {SERVICES} s ON s.service_code = c.service_code"
        " WHERE c.un_location_code = ? ORDER BY COALESCE(c.arrival, c.departure), c.service_code",
        (un_location_code,),
    )
    found = []
    for row in rows:
        call = _call(row["call"])
        if any(port_day(t.at, un_location_code) == day for t in call.times):
            found.append((row, call))
    return found


def sailings_between(tx: Tx, load_port: str, discharge_port: str) -> list[Sailing]:
    """Every published direct sailing from one port to another, by departure."""
    rows = tx.all(
        f"SELECT DISTINCT a.service_code FROM {CALLS} a JOIN {CALLS} b"
        " ON b.service_code = a.service_code AND b.vessel_index = a.vessel_index"
        " AND b.call_index > a.call_index"
        " WHERE a.un_location_code = ? AND b.un_location_code = ?",
        (load_port, discharge_port),
    )
    found: list[Sailing] = []
    for row in rows:
        for _, values in service_schedules(tx, service_code=row["service_code"]):
            found.extend(values.sailings_between(load_port, discharge_port))
    return sorted(found, key=lambda s: (s.departure, s.service_code, s.load_call_reference))


def route(tx: Tx, routing_reference: str) -> Sailing | None:
    parts = routing_reference.split("::")
    if len(parts) != 3:
        return None
    service_code, load, discharge = parts
    for _, values in service_schedules(tx, service_code=service_code):
        found = values.sailing(load, discharge)
        if found is not None and found.routing_reference == routing_reference:
            return found
    return None


class TableSailings:
    """The booking application's `SailingFinder`, answered from this read model."""

    def __init__(self, db: ReadModelDB) -> None:
        self.db = db

    def sailings_between(self, load_port: str, discharge_port: str) -> list[Sailing]:
        with self.db.read() as tx:
            return sailings_between(tx, load_port, discharge_port)

    def route(self, routing_reference: str) -> Sailing | None:
        with self.db.read() as tx:
            return route(tx, routing_reference)
