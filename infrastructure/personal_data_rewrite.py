"""Sealing a store written before personal fields were sealed: every such event rewritten in place.

Each event whose class declares personal fields and still holds one of them in clear is read through the
store's mapper (the upcasters bring it to its class's current version) and written again, sealed, into the
same row: positions, aggregate ids, versions and topics stay. Before a row is replaced the new bytes are read
back and must open to exactly the event the old bytes gave, so the rewrite changes how the data is kept and
nothing it says. A second run finds nothing to do.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import resolve_topic

from domain.shared.personal import clear_fields, personal_fields, personal_owner
from infrastructure.event_store import SharedStore
from infrastructure.personal_data import SealingMapper, _apply_path, at_path, is_sealed

Progress = Callable[[int, int, float], None]


class RewriteDiffers(Exception):
    """A rewritten event would not open to the event it replaces: nothing of that batch was written."""


@dataclass
class SealStats:
    events: int
    rewritten: int
    seconds: float


def _without(state: dict[str, Any], path: str) -> dict[str, Any]:
    """`state` without the value at the dotted `path` (through dicts), copying what it changes."""
    head, _, rest = path.partition(".")
    if head not in state:
        return state
    if not rest:
        return {key: value for key, value in state.items() if key != head}
    inner = state[head]
    return {**state, head: _without(inner, rest)} if type(inner) is dict else state


def _holds_clear(event_class: type[Any], state: dict[str, Any]) -> bool:
    """Whether a personal field is in clear (one its class keeps in clear, `clear_fields`, is no one's)."""
    found = False

    def look(value: Any) -> Any:
        nonlocal found
        if not is_sealed(value):
            found = True
        return value

    for clear in clear_fields(event_class):
        state = _without(state, clear)
    for path in personal_fields(event_class, state):
        _apply_path(dict(state), path, look)
    return found


def seal_store(store: SharedStore, batch_size: int = 1000, progress: Progress | None = None) -> SealStats:
    """Rewrite every event that holds a personal field in clear; the caller holds the store exclusively."""
    mapper = store.mapper
    if not isinstance(mapper, SealingMapper):
        raise TypeError("the store does not seal personal fields")
    head = store.head()
    position = 0
    events = rewritten = 0
    started = time.perf_counter()
    while True:
        rows = store.recorder.select_notifications(
            start=position, limit=batch_size, stop=head, inclusive_of_start=False
        )
        if not rows:
            break
        updates: list[tuple[bytes, int]] = []
        chosen = []
        for row in rows:
            events += 1
            event_class = resolve_topic(row.topic)
            if not personal_fields(event_class) and not personal_owner(event_class):
                continue
            as_stored = mapper.to_sealed_event(row)
            if _holds_clear(event_class, vars(as_stored)):
                chosen.append((row, as_stored))
        # The batch's new keys in one transaction, not one each (an aggregate's first event names its owner).
        owners: dict[str, str | None] = {}
        for row, stored in chosen:
            owner_path = personal_owner(type(stored))
            owner = at_path(vars(stored), owner_path) if owner_path else None
            if owners.get(str(row.originator_id)) is None:
                owners[str(row.originator_id)] = owner
        mapper.vault.ensure_keys(owners)
        for row, _ in chosen:
            event = mapper.to_domain_event(row)
            state = mapper.to_stored_event(event).state
            again = mapper.to_domain_event(
                StoredEvent(row.originator_id, row.originator_version, row.topic, state)
            )
            if vars(again) != vars(event):
                raise RewriteDiffers(f"position {row.id}: the sealed event opens differently")
            updates.append((state, row.id))
        _write(store, updates)
        rewritten += len(updates)
        position = rows[-1].id
        if progress is not None:
            progress(position, head, time.perf_counter() - started)
        if len(rows) < batch_size:
            break
    _compact(store)
    return SealStats(events, rewritten, time.perf_counter() - started)


def _write(store: SharedStore, updates: list[tuple[bytes, int]]) -> None:
    if not updates:
        return
    recorder: Any = store.recorder
    datastore = recorder.datastore
    table = recorder.events_table_name
    if hasattr(datastore, "schema"):  # PostgreSQL
        statement = f'UPDATE "{datastore.schema}"."{table}" SET state = %s WHERE notification_id = %s'
        with datastore.transaction(commit=True) as cursor:
            cursor.executemany(statement, updates)
        return
    with datastore.get_connection(commit=True) as conn:
        # The clear bytes a row held are zeroed in the file, not left in its free pages.
        conn._sqlite_conn.execute("PRAGMA secure_delete = ON")
        with conn.transaction(commit=True) as cursor:
            cursor.executemany(f"UPDATE {table} SET state = ? WHERE rowid = ?", updates)


def _compact(store: SharedStore) -> None:
    """No copy of the clear rows survives: SQLite's log is emptied; PostgreSQL's table is rewritten whole."""
    recorder: Any = store.recorder
    datastore = recorder.datastore
    if hasattr(datastore, "schema"):
        with datastore.get_connection() as conn:
            conn.commit()
            conn.autocommit = True
            try:
                conn.execute(f'VACUUM FULL "{datastore.schema}"."{recorder.events_table_name}"')
            finally:
                conn.autocommit = False
        return
    with datastore.get_connection(commit=True) as conn:
        conn._sqlite_conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
