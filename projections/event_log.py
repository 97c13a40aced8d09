"""Read model `event_log`: one row per stored event, indexed for the auditors' filters.

The events stay the truth; this table only makes "who did what, when" searchable without scanning history.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from eventsourcing.domain import DomainEvent
from eventsourcing.utils import resolve_topic

from domain.shared.personal import person_name
from followers.batch import BatchTx
from infrastructure.read_db import Tx, placeholders
from projections.booking.queries import customer_name
from projections.history import log_entry, log_entry_of_stored
from projections.projection import Projection

projection = Projection(
    name="event_log",
    tables={"event_log": ("position",)},
    schema=[
        "CREATE TABLE IF NOT EXISTS event_log ("
        " position BIGINT PRIMARY KEY, aggregate_id TEXT NOT NULL, aggregate_kind TEXT NOT NULL,"
        " version INTEGER NOT NULL, type TEXT NOT NULL, topic TEXT NOT NULL, recorded_at TEXT NOT NULL,"
        " actor_id TEXT, actor_role TEXT, reason TEXT, changes TEXT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS event_log_aggregate ON event_log (aggregate_id, version)",
        "CREATE INDEX IF NOT EXISTS event_log_kind ON event_log (aggregate_kind, position)",
        "CREATE INDEX IF NOT EXISTS event_log_actor ON event_log (actor_id, position)",
        "CREATE INDEX IF NOT EXISTS event_log_time ON event_log (recorded_at)",
        # The auditor's overview: staff's latest decisions, newest first, without reading everyone else's.
        "CREATE INDEX IF NOT EXISTS event_log_role ON event_log (actor_role, position)",
    ],
)


# Every stored event is one of the library's domain events (each aggregate's events derive from it).
@projection.on(DomainEvent)
def logged(tx: BatchTx, event: DomainEvent, position: int) -> None:
    insert_entry(tx, position, log_entry(event))


# event_log's columns in `log_entry`'s order, after the position.
COLUMNS = (
    "position",
    "aggregate_id",
    "aggregate_kind",
    "version",
    "type",
    "topic",
    "recorded_at",
    "actor_id",
    "actor_role",
    "reason",
    "changes",
)


def insert_entry(tx: BatchTx, position: int, entry: tuple[Any, ...]) -> None:
    """The row of one `log_entry` (describe's values, `changes` already compact JSON text)."""
    tx.insert("event_log", dict(zip(COLUMNS, (position, *entry), strict=True)), keep_existing=True)


def apply_stored(
    tx: Tx,
    rows: Iterable[Any],
    decode: Callable[[Any], Any],
    *,
    bulk: bool = False,
    open_sealed: Callable[[type, dict[str, Any]], None] | None = None,
) -> None:
    """The handler above, applied to stored events (a rebuild's fast path): each row's entry is worked out
    from its stored JSON (`log_entry_of_stored`), or from the decoded event where that cannot be sure.

    `rows` carry notification_id, originator_id, originator_version, topic and state (the store's plain JSON
    format: the caller checks there is no cipher or compression); `decode` turns one into its domain event;
    `open_sealed` (the mapper's `open_state`) opens an event's personal fields in its stored JSON.
    """
    batch = BatchTx(tx, projection.tables, bulk=bulk)
    classes: dict[str, type] = {}
    values = []
    for row in rows:
        topic = row.topic
        event_class = classes.get(topic)
        if event_class is None:
            event_class = classes[topic] = resolve_topic(topic)
        entry = log_entry_of_stored(
            event_class, row.originator_id, row.originator_version, row.state, open_sealed
        )
        values.append((row.notification_id, *(entry if entry is not None else log_entry(decode(row)))))
    # A page's positions are new and distinct: its rows go out as tuples, without a dict each.
    batch.insert_values("event_log", COLUMNS, values, keep_existing=True)


# Who acted, by name: the account's profile name or username, a visitor's sign-up name, a publisher key's
# label, or "System"; and the booking the event is part of (`projections.booking_trail`), by its reference.
_WITH_ACTOR = (
    "SELECT e.*, a.username AS customer_username, p.profile AS customer_profile,"
    " r.details AS visitor_details, b.reference AS booking_reference, k.label AS publisher_label,"
    " m.name AS member_name, m.role AS member_role, m.company_name AS member_company,"
    " ma.username AS member_company_username, mp.profile AS member_company_profile"
    " FROM event_log e"
    " LEFT JOIN accounts a ON a.id = e.actor_id"
    " LEFT JOIN customer_profiles p ON p.account_id = e.actor_id"
    " LEFT JOIN registrations r ON e.actor_role = 'visitor' AND r.identity = e.actor_id"
    " LEFT JOIN booking_trail t ON t.position = e.position"
    " LEFT JOIN booking_rate_requests b ON b.id = t.booking_id"
    # A tracking publisher acts with its key: the key's label says which terminal or carrier system it is.
    " LEFT JOIN tracking_publisher_keys k ON e.actor_role = 'publisher' AND k.id = e.actor_id"
    # A company's colleague acted (not the company's own login): named with their role and company.
    " LEFT JOIN team_members m ON m.id = e.actor_id AND m.id <> m.company_id"
    # ... named by the company's name as it is now (its profile), not as it was when he was invited.
    " LEFT JOIN accounts ma ON ma.id = m.company_id"
    " LEFT JOIN customer_profiles mp ON mp.account_id = m.company_id"
)


def actor_name(row: dict[str, Any]) -> str:
    """Who acted, by name alone (a colleague's role and company are `member_of`'s)."""
    if row["actor_role"] == "system" or row["actor_id"] in (None, "system"):
        return "System"
    if row.get("member_name"):
        return str(row["member_name"])
    if row.get("customer_username") or row.get("customer_profile"):
        return customer_name({**row, "customer_username": row.get("customer_username") or row["actor_id"]})
    if row.get("publisher_label"):
        return str(row["publisher_label"])
    if row.get("visitor_details"):
        details = json.loads(row["visitor_details"])
        name = person_name(details.get("firstName"), details.get("lastName"), details.get("name"))
        if name:
            return str(name)
    return str(row["actor_id"])


def member_of(row: dict[str, Any]) -> tuple[str | None, str | None]:
    """A company's colleague who acted: (his role in its team, the company's name as it is now); else
    (None, None). Kept apart from his name, so that each reader is told the role in his own words."""
    if row["actor_role"] == "system" or not row.get("member_name"):
        return None, None
    company = customer_name(
        {
            "customer_profile": row.get("member_company_profile"),
            "customer_username": row.get("member_company_username") or row["member_company"],
        }
    )
    return str(row["member_role"]), company


@dataclass(frozen=True)
class LoggedEvent:
    """One row of the log as domain facts: the field names the event carried, no wire keys (the presenter,
    `api/presenters/audit.py`, shapes these for the audit API)."""

    position: int
    aggregate_id: str
    aggregate_kind: str
    version: int
    type: str
    recorded_at: str
    actor_id: str | None
    actor_role: str | None
    actor_name: str
    reason: str | None
    changes: dict[str, Any]
    # The reference of the booking the event is part of (rate request, its order, its tracking), if any.
    booking_reference: str | None = None
    # A company's colleague acted: his role in its team (owner, booker, viewer) and the company, by name.
    actor_team_role: str | None = None
    actor_company: str | None = None


def _record(row: dict[str, Any]) -> LoggedEvent:
    team_role, company = member_of(row)
    return LoggedEvent(
        position=int(row["position"]),
        aggregate_id=row["aggregate_id"],
        aggregate_kind=row["aggregate_kind"],
        version=int(row["version"]),
        type=row["type"],
        recorded_at=row["recorded_at"],
        actor_id=row["actor_id"],
        actor_role=row["actor_role"],
        actor_name=actor_name(row),
        reason=row["reason"],
        changes=json.loads(row["changes"]),
        booking_reference=row.get("booking_reference"),
        actor_team_role=team_role,
        actor_company=company,
    )


def aggregate_events(tx: Tx, aggregate_id: str) -> list[LoggedEvent]:
    rows = tx.all(f"{_WITH_ACTOR} WHERE e.aggregate_id = ? ORDER BY e.version", (aggregate_id,))
    return [_record(r) for r in rows]


@dataclass(frozen=True)
class LatestOf:
    """The latest event of a kind: where it is in the log, who recorded it and when."""

    position: int
    actor_id: str | None
    recorded_at: str


def latest_by_role(
    tx: Tx, wanted: dict[str, tuple[str, tuple[str, ...]]], role: str
) -> dict[str, LatestOf | None]:
    """For each name in `wanted` (an aggregate and its event types), its latest such event recorded by an
    actor of `role` (a booking's shared drafts last sent by the customer's side: decision 3886). One query on
    the aggregate index, whatever is asked; who acted, by name, is `events_at`'s to say where it matters."""
    ids = sorted({aggregate_id for aggregate_id, _ in wanted.values()})
    kinds = sorted({kind for _, types in wanted.values() for kind in types})
    if not ids or not kinds:
        return dict.fromkeys(wanted)
    rows = tx.all(
        f"SELECT aggregate_id, type, position, actor_id, recorded_at FROM event_log"
        f" WHERE aggregate_id IN ({placeholders(ids)}) AND type IN ({placeholders(kinds)}) AND actor_role = ?"
        " ORDER BY position DESC",
        (*ids, *kinds, role),
    )
    found: dict[str, LatestOf | None] = dict.fromkeys(wanted)
    for name, (aggregate_id, types) in wanted.items():
        row = next((r for r in rows if r["aggregate_id"] == aggregate_id and r["type"] in types), None)
        if row is not None:
            found[name] = LatestOf(row["position"], row["actor_id"], row["recorded_at"])
    return found


def events_at(tx: Tx, positions: list[int]) -> list[LoggedEvent]:
    """The rows at these positions (a booking's trail: `projections.booking_trail`), in store order."""
    if not positions:
        return []
    marks = placeholders(positions)
    rows = tx.all(f"{_WITH_ACTOR} WHERE e.position IN ({marks}) ORDER BY e.position", tuple(positions))
    return [_record(r) for r in rows]


def global_log(
    tx: Tx,
    after: int,
    limit: int,
    kind: str | None = None,
    actor: str | None = None,
    since: str | None = None,
    until: str | None = None,
    actors: list[str] | None = None,
) -> list[LoggedEvent]:
    clauses: list[str] = ["e.position > ?"]
    params: list[object] = [after]
    for column, op, value in (
        ("e.aggregate_kind", "=", kind),
        ("e.actor_id", "=", actor),
        ("e.recorded_at", ">=", since),
        ("e.recorded_at", "<=", until),
    ):
        if value is not None:
            clauses.append(f"{column} {op} ?")
            params.append(value)
    if actors is not None:  # the people a name matched (`projections.booking_trail.people_named`)
        if not actors:
            return []
        clauses.append(f"e.actor_id IN ({placeholders(actors)})")
        params.extend(actors)
    rows = tx.all(
        f"{_WITH_ACTOR} WHERE {' AND '.join(clauses)} ORDER BY e.position LIMIT ?",
        (*params, limit),
    )
    return [_record(r) for r in rows]


def version_at(tx: Tx, aggregate_id: str, position: int | None, at: str | None) -> int | None:
    """The aggregate's last version recorded at or before a position or a time."""
    if position is not None:
        value = tx.scalar(
            "SELECT MAX(version) FROM event_log WHERE aggregate_id = ? AND position <= ?",
            (aggregate_id, position),
        )
    else:
        value = tx.scalar(
            "SELECT MAX(version) FROM event_log WHERE aggregate_id = ? AND recorded_at <= ?",
            (aggregate_id, at),
        )
    return int(value) if value is not None else None


# Who decides: staff accounts (the admin role) act as "admin" or "staff".
STAFF_ROLES = ("admin", "staff")


def staff_decision_counts(tx: Tx, since: str) -> list[tuple[str, str, int]]:
    """(aggregate kind, event type, how many) of staff's acts recorded at or after `since`."""
    rows = tx.all(
        "SELECT aggregate_kind, type, COUNT(*) AS n FROM event_log"
        f" WHERE recorded_at >= ? AND actor_role IN ({placeholders(STAFF_ROLES)})"
        " GROUP BY aggregate_kind, type",
        (since, *STAFF_ROLES),
    )
    return [(str(r["aggregate_kind"]), str(r["type"]), int(r["n"])) for r in rows]


def latest_staff_decisions(tx: Tx, limit: int) -> list[LoggedEvent]:
    """Staff's latest acts, newest first (each role read from its end of the index, then merged)."""
    rows = tx.all(
        f"{_WITH_ACTOR} WHERE e.position IN ("
        + " UNION ALL ".join(
            f"SELECT * FROM (SELECT position FROM event_log WHERE actor_role = ? ORDER BY position DESC"
            f" LIMIT {int(limit)}) r{i}"
            for i in range(len(STAFF_ROLES))
        )
        + f") ORDER BY e.position DESC LIMIT {int(limit)}",
        STAFF_ROLES,
    )
    return [_record(r) for r in rows]
