"""Read models of the tariff: its publications, the rows in force, and how quoting goes (per rate request:
when it was asked for, first quoted, whether by the system, whether the price was accepted).

A publication replaces the rows of the lanes it names; the rows of other lanes stay in force. The booking
commands ask for a lane's rows through `TableTariffs` (the domain's `TariffRates`).
"""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from functools import cache
from typing import Any

from domain.booking.rate_request import RateRequest
from domain.booking.tariff import COLUMNS, MONEY, Tariff, TariffRow
from domain.shared.actor import SYSTEM
from domain.shared.lifecycle import lifecycle
from followers.batch import BatchTx
from infrastructure.read_db import ReadModelDB, Tx
from projections.booking.handlers import iso
from projections.projection import Projection

ROWS = "booking_tariff_rows"
PUBLICATIONS = "booking_tariff_publications"
QUOTING = "booking_quoting"

projection = Projection(
    name="tariffs",
    tables={ROWS: ("version", "line"), PUBLICATIONS: ("version",), QUOTING: ("id",)},
    schema=[
        f"CREATE TABLE IF NOT EXISTS {ROWS} ("
        " version INTEGER NOT NULL, line INTEGER NOT NULL, pol TEXT NOT NULL, pod TEXT NOT NULL,"
        " pol_id INTEGER NOT NULL, pod_id INTEGER NOT NULL, container_size TEXT NOT NULL,"
        " container_size_id INTEGER NOT NULL, container_type TEXT NOT NULL,"
        " container_type_id INTEGER NOT NULL,"
        " cargo TEXT NOT NULL, valid_from TEXT NOT NULL, valid_to TEXT NOT NULL,"
        + ", ".join(f"{code} TEXT NOT NULL" for code in MONEY)
        + ", transit_days INTEGER, PRIMARY KEY (version, line))",
        f"CREATE INDEX IF NOT EXISTS booking_tariff_lane ON {ROWS} (pol_id, pod_id)",
        f"CREATE TABLE IF NOT EXISTS {PUBLICATIONS} ("
        " version INTEGER PRIMARY KEY, published_at TEXT NOT NULL, actor_id TEXT NOT NULL,"
        " row_count INTEGER NOT NULL, lanes TEXT NOT NULL, sha256 TEXT NOT NULL, position BIGINT NOT NULL)",
        f"CREATE TABLE IF NOT EXISTS {QUOTING} ("
        " id TEXT PRIMARY KEY, created_at TEXT NOT NULL, first_quoted_at TEXT, quoted_instantly INTEGER,"
        " accepted INTEGER NOT NULL)",
        f"CREATE INDEX IF NOT EXISTS booking_quoting_created ON {QUOTING} (created_at)",
    ],
)


# A quote reads its rate request's quoting row: loaded with the live batch's other rows.
projection.reads_by_key(RateRequest.Quoted, QUOTING, lambda event: str(event.originator_id))


@projection.on(Tariff.Published)
def tariff_published(tx: BatchTx, event: Tariff.Published, position: int) -> None:
    lanes = {(int(r["pol_id"]), int(r["pod_id"])) for r in event.rows}
    for pol_id, pod_id in sorted(lanes):
        tx.execute(f"DELETE FROM {ROWS} WHERE pol_id = ? AND pod_id = ?", (pol_id, pod_id))
    for record in event.rows:
        cells = {k: record[k] for k in _ROW_KEYS}
        transit = record.get("transit_days")
        tx.insert(ROWS, {"version": event.version, "line": record["row"], **cells, "transit_days": transit})
    tx.insert(
        PUBLICATIONS,
        {
            "version": event.version,
            "published_at": iso(event.timestamp),
            "actor_id": event.actor_id,
            "row_count": len(event.rows),
            "lanes": json.dumps(event.lanes),
            "sha256": event.sha256,
            "position": position,
        },
    )


_ROW_KEYS = ("pol_id", "pod_id", "container_size_id", "container_type_id", *COLUMNS)


@projection.on(RateRequest.Created)
def asked(tx: BatchTx, event: RateRequest.Created, position: int) -> None:
    tx.insert(
        QUOTING,
        {
            "id": str(event.originator_id),
            "created_at": iso(event.timestamp),
            "first_quoted_at": None,
            "quoted_instantly": None,
            "accepted": 0,
        },
    )


@projection.on(RateRequest.Quoted)
def quoted(tx: BatchTx, event: RateRequest.Quoted, position: int) -> None:
    row = tx.get(QUOTING, str(event.originator_id))
    if row is not None and row["first_quoted_at"] is None:
        tx.update(
            QUOTING,
            row["id"],
            {"first_quoted_at": iso(event.timestamp), "quoted_instantly": int(event.actor_role == SYSTEM)},
        )


@projection.on(RateRequest.PriceAccepted)
def accepted(tx: BatchTx, event: RateRequest.PriceAccepted, position: int) -> None:
    tx.update(QUOTING, str(event.originator_id), {"accepted": 1})


# -- queries ----------------------------------------------------------------------------------------------
def _row(found: dict[str, Any]) -> TariffRow:
    return TariffRow.from_record(int(found["version"]), {**found, "row": found["line"]})


def rows_in_force(tx: Tx, valid_on: date | None = None) -> list[TariffRow]:
    """The published rows (each lane's latest publication); `valid_on`: only those valid that day."""
    where, params = (
        ("WHERE valid_from <= ? AND valid_to >= ?", (valid_on.isoformat(),) * 2) if valid_on else ("", ())
    )
    found = tx.all(
        f"SELECT * FROM {ROWS} {where} ORDER BY pol, pod, container_size_id, container_type_id, cargo,"
        " valid_from, version, line",
        params,
    )
    return [_row(r) for r in found]


def publications(tx: Tx, limit: int = 50, offset: int = 0) -> list[dict[str, Any]]:
    """The publications, newest first: `limit` of them after skipping `offset` (a page of the history)."""
    found = tx.all(
        f"SELECT p.*, a.username FROM {PUBLICATIONS} p LEFT JOIN accounts a ON a.id = p.actor_id"
        f" ORDER BY p.version DESC LIMIT {int(limit)} OFFSET {int(offset)}"
    )
    return [{**r, "lanes": json.loads(r["lanes"])} for r in found]


def publication_count(tx: Tx) -> int:
    return int(tx.scalar(f"SELECT COUNT(*) FROM {PUBLICATIONS}") or 0)


def publication(tx: Tx, version: int) -> dict[str, Any] | None:
    found = tx.one(
        f"SELECT p.*, a.username FROM {PUBLICATIONS} p LEFT JOIN accounts a ON a.id = p.actor_id"
        " WHERE p.version = ?",
        (version,),
    )
    return None if found is None else {**found, "lanes": json.loads(found["lanes"])}


class TableTariffs:
    """The `TariffRates` the booking application asks: the rows in force of a lane, from the read model."""

    def __init__(self, db: ReadModelDB) -> None:
        self.db = db

    def lane_rows(self, pol_id: int, pod_id: int) -> list[TariffRow]:
        with self.db.read() as tx:
            found = tx.all(f"SELECT * FROM {ROWS} WHERE pol_id = ? AND pod_id = ?", (pol_id, pod_id))
        return [_row(r) for r in found]


# -- how quoting goes, by week -------------------------------------------------------------------------------
def week_start(day: date) -> date:
    return day - timedelta(days=day.weekday())


def percentile(values: list[float], share: float) -> float | None:
    """Nearest-rank percentile (the value at or below which `share` of the values lie); None if none."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-int(share * 1000) * len(ordered) // 1000))  # ceil(share * n), in integers
    return ordered[min(rank, len(ordered)) - 1]


@cache
def quotable_states() -> tuple[str, ...]:
    """The states a rate request may be priced in: the sources of the lifecycle's `quote` (rate_request.json).
    One in them never quoted waits for a price; one sent back to the customer to revise, withdrawn, declined
    or rejected does not (it is in none of them)."""
    spec = lifecycle("rate_request").spec
    return tuple(sorted({s for t in spec["transitions"] if t["trigger"] == "quote" for s in t["source"]}))


def quoting_by_week(tx: Tx, now: datetime, weeks: int) -> list[dict[str, Any]]:
    """Per week of asking (Monday first, oldest first, `weeks` of them up to `now`'s): how many rate
    requests, how many quoted and how many of those instantly, time to the first quote (median and 90th
    percentile, seconds) of all of them and apart for each way of quoting (`from_tariff`, `by_staff`: an
    instant quote takes no time, and mixed with staff's it would hide how long requests waited for a
    person), how many quotes were accepted, and how many of the week's requests still wait for a price at
    `now` (never quoted and in a state a quote may come from) with the seconds the oldest of them has waited.

    One statement: the week's quoting rows by their `created_at` index, each with its request's state by the
    booking read model's primary key."""
    first = week_start(now.date()) - timedelta(weeks=weeks - 1)
    found = tx.all(
        f"SELECT q.created_at, q.first_quoted_at, q.quoted_instantly, q.accepted, r.state_name"
        f" FROM {QUOTING} q LEFT JOIN booking_rate_requests r ON r.id = q.id WHERE q.created_at >= ?",
        (first.isoformat(),),
    )
    buckets: dict[date, list[dict[str, Any]]] = {first + timedelta(weeks=i): [] for i in range(weeks)}
    for row in found:
        start = week_start(_moment(row["created_at"]).date())
        if start in buckets:
            buckets[start].append(row)
    answer = []
    for start, rows in buckets.items():
        quoted = [r for r in rows if r["first_quoted_at"] is not None]
        from_tariff = [r for r in quoted if r["quoted_instantly"]]
        by_staff = [r for r in quoted if not r["quoted_instantly"]]
        waiting = [
            _moment(r["created_at"])
            for r in rows
            if r["first_quoted_at"] is None and r["state_name"] in quotable_states()
        ]
        answer.append(
            {
                "week_start": start,
                "requests": len(rows),
                **_times(quoted),
                "quoted_instantly": len(from_tariff),
                "from_tariff": _times(from_tariff),
                "by_staff": _times(by_staff),
                "accepted": sum(1 for r in quoted if r["accepted"]),
                "waiting": len(waiting),
                "oldest_wait_seconds": (now - min(waiting)).total_seconds() if waiting else None,
            }
        )
    return answer


def _times(quoted: list[dict[str, Any]]) -> dict[str, Any]:
    """How many of these rate requests were quoted and the time to their first quote (None without any)."""
    waits = [(_moment(r["first_quoted_at"]) - _moment(r["created_at"])).total_seconds() for r in quoted]
    return {
        "quoted": len(quoted),
        "median_seconds": percentile(waits, 0.5),
        "p90_seconds": percentile(waits, 0.9),
    }


def _moment(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))
