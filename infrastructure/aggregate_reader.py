"""Aggregates as they are now, for a policy's batch: the ones the batch will read loaded in one statement.

The notice and e-mail builders read an aggregate or two per event (a booking's reference, a customer's
address). Loading each through the repository cost a query and a deep copy per read, one after the other.
A policy's `AggregateReader` keeps the aggregates it read (no copy: builders only read them) and, at the
start of each batch, brings the ones the batch names up to date with one statement: the events of each
after the version it holds (all of them for one it does not hold). An aggregate not named is read at its
first use, as before. Within a batch an aggregate is read once; the next batch reads its new events again.
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent

from infrastructure.event_store import SharedStore

# SQLite binds at most a few thousand values per statement: larger batches take several.
CHUNK = 500


class AggregateReader:
    def __init__(self, store: SharedStore, keep: int = 1000) -> None:
        self.store = store
        self.keep = keep
        self._held: OrderedDict[UUID, Any] = OrderedDict()  # up to `keep` aggregates, least recent first
        self._fresh: dict[UUID, Any] = {}  # read during this batch (None: no such aggregate)
        self.statements = 0

    def begin(self, wanted: Iterable[Any] = ()) -> None:
        """A new batch: forget what was current, and bring the `wanted` aggregates up to date at once."""
        self._fresh = {}
        self.load(wanted)

    def __call__(self, aggregate_id: Any) -> Any:
        """The aggregate as it is now (this batch), or None when there is none with that id."""
        key = _uuid(aggregate_id)
        if key is None:
            return None
        if key not in self._fresh:
            self.load([key])
        return self._fresh.get(key)

    def load(self, ids: Iterable[Any]) -> None:
        keys = [k for k in dict.fromkeys(_uuid(i) for i in ids) if k is not None and k not in self._fresh]
        for start in range(0, len(keys), CHUNK):
            chunk = keys[start : start + CHUNK]
            held = {key: self._held.get(key) for key in chunk}
            after = {key: (0 if aggregate is None else aggregate.version) for key, aggregate in held.items()}
            self.statements += 1
            decode = self.store.mapper.to_domain_event
            for stored in select_events_after(self.store.recorder, after):
                key = _uuid(stored.originator_id)
                if key is not None:
                    event: Any = decode(stored)
                    held[key] = event.mutate(held.get(key))
            for key, aggregate in held.items():
                self._fresh[key] = aggregate
                if aggregate is not None:
                    self._held[key] = aggregate
                    self._held.move_to_end(key)
        while len(self._held) > self.keep:
            self._held.popitem(last=False)


def _uuid(value: Any) -> UUID | None:
    if isinstance(value, UUID):
        return value
    try:
        return UUID(str(value))
    except ValueError:
        return None


def select_events_after(recorder: Any, after: dict[UUID, int]) -> list[StoredEvent]:
    """Every stored event of each originator in `after` with a version above the one given, in one
    statement, each originator's in version order."""
    if not after:
        return []
    # Looked up, not imported: a SQLite store never loads the PostgreSQL module (and psycopg) for this.
    postgres, sqlite = sys.modules.get("eventsourcing.postgres"), sys.modules.get("eventsourcing.sqlite")
    if postgres is not None and isinstance(recorder, postgres.PostgresApplicationRecorder):
        return _postgres(recorder, after)
    if sqlite is not None and isinstance(recorder, sqlite.SQLiteAggregateRecorder):
        return _sqlite(recorder, after)
    # Another recorder (the in-memory one of some tests): one originator at a time.
    return [stored for key, version in after.items() for stored in recorder.select_events(key, gt=version)]


def events_after_statement(recorder: Any) -> Any:
    """PostgreSQL's statement of `select_events_after`: (ids, versions, ids) as its parameters.

    The ids are matched twice on purpose. Joined to the unnest alone, the planner has to guess how many events
    each id has; without statistics on the events table (a store just seeded, restored or bulk-loaded, until
    autovacuum's first ANALYZE) it guesses high, and from about 30 ids it scanned the whole table in parallel
    (20-50 ms and both cores per policy batch at 50,000 events; docs/decisions/0020). Said as
    `originator_id = ANY(ids)` the primary key's index is the way in whatever the statistics say; the join
    then only compares versions."""
    from psycopg import sql

    datastore = recorder.datastore
    id_type = sql.SQL(datastore.originator_id_type)
    return sql.SQL(
        "SELECT e.originator_id, e.originator_version, e.topic, e.state"
        " FROM {}.{} e JOIN unnest(%s::{}[], %s::bigint[]) AS w(id, v) ON e.originator_id = w.id"
        " WHERE e.originator_id = ANY(%s::{}[]) AND e.originator_version > w.v"
        " ORDER BY e.originator_id, e.originator_version"
    ).format(sql.Identifier(datastore.schema), sql.Identifier(recorder.events_table_name), id_type, id_type)


def _postgres(recorder: Any, after: dict[UUID, int]) -> list[StoredEvent]:
    datastore = recorder.datastore
    ids = list(after) if datastore.originator_id_type == "uuid" else [str(key) for key in after]
    with datastore.get_connection() as conn, conn.cursor() as curs:
        curs.execute(events_after_statement(recorder), (ids, list(after.values()), ids), prepare=True)
        return [
            StoredEvent(
                originator_id=row["originator_id"],
                originator_version=row["originator_version"],
                topic=row["topic"],
                state=bytes(row["state"]),
            )
            for row in curs.fetchall()
        ]


def _sqlite(recorder: Any, after: dict[UUID, int]) -> list[StoredEvent]:
    values = ", ".join("(?, ?)" for _ in after)
    statement = (
        f"WITH w(id, v) AS (VALUES {values})"
        " SELECT e.originator_id, e.originator_version, e.topic, e.state"
        f" FROM {recorder.events_table_name} e JOIN w"
        " ON e.originator_id = w.id AND e.originator_version > w.v"
        " ORDER BY e.originator_id, e.originator_version"
    )
    uuid_ids = recorder.datastore.originator_id_type == "uuid"
    params: list[Any] = []
    for key, version in after.items():
        params += [key.hex if uuid_ids else str(key), version]
    with recorder.datastore.transaction(commit=False) as c:
        c.execute(statement, params)
        return [
            StoredEvent(
                originator_id=recorder.convert_originator_id(row["originator_id"]),
                originator_version=row["originator_version"],
                topic=row["topic"],
                state=row["state"],
            )
            for row in c.fetchall()
        ]
