"""Poison events parked, not looped.

The store is the truth: an event that got in must never stop the world. A follower (the read models, a
policy, the webhooks) that fails on one event `PARK_AFTER` times in a row records it here, moves its
tracking row past it in the same transaction, and goes on with the events after it. A parked event stays
visible until someone acts: `/health` answers 503 and names it, `freight verify` counts it as a difference,
and `freight dead-letters` lists, explains, retries (after a fix) or skips it with a reason.

Only failures of the event itself are parked: a database that is away (`transient`) is waited for, since
parking every event while the database restarts would park the whole history.

Table `dead_letters` (in the read-model database, beside `tracking`; `freight replay` leaves it alone, so
a policy's parked events survive a rebuild, and the rebuild re-parks what still fails for the read models):
one row per follower and position, `state` parked, retried (applied later) or skipped (with `reason`).
"""

from __future__ import annotations

import sqlite3
import traceback
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from followers.positions import read_position
from infrastructure.read_db import Tx

# Failed tries of one event before it is parked (the follower waits `on_error_wait` between them).
PARK_AFTER = 3
PARKED, RETRIED, SKIPPED = "parked", "retried", "skipped"

DEAD_LETTERS_DDL = (
    "CREATE TABLE IF NOT EXISTS dead_letters ("
    " follower TEXT NOT NULL, position BIGINT NOT NULL, event_id TEXT NOT NULL, aggregate_id TEXT NOT NULL,"
    " topic TEXT NOT NULL, error TEXT NOT NULL, detail TEXT NOT NULL, attempts INTEGER NOT NULL,"
    " first_try TEXT NOT NULL, last_try TEXT NOT NULL, state TEXT NOT NULL, reason TEXT,"
    " PRIMARY KEY (follower, position))"
)


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def transient(error: BaseException) -> bool:
    """The database is away or busy (retry without end), rather than the event being unappliable."""
    import psycopg
    from eventsourcing.persistence import InterfaceError, OperationalError

    if isinstance(error, psycopg.OperationalError | psycopg.InterfaceError | InterfaceError):
        return True
    if isinstance(error, sqlite3.OperationalError | OperationalError):
        text = str(error).lower()
        return "locked" in text or "busy" in text or "unable to open" in text or "disk i/o" in text
    return False


def describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"[:1000]


def ensure(tx: Tx) -> None:
    tx.execute(DEAD_LETTERS_DDL)


def park(tx: Tx, follower: str, stored: Any, error: BaseException, attempts: int, first_try: str) -> None:
    """Record `stored` (a stored event: its notification id as `id` or `notification_id`,
    originator_id, originator_version, topic) as parked."""
    detail = "".join(traceback.format_exception(error))[-8000:]
    position = getattr(stored, "notification_id", None) or stored.id
    values = (
        follower,
        int(position),
        f"{stored.originator_id}:{stored.originator_version}",
        str(stored.originator_id),
        str(stored.topic),
        describe(error),
        detail,
        attempts,
        first_try,
        now_text(),
        PARKED,
    )
    tx.execute(
        "INSERT INTO dead_letters (follower, position, event_id, aggregate_id, topic, error, detail,"
        " attempts, first_try, last_try, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (follower, position) DO UPDATE SET error = excluded.error,"
        " detail = excluded.detail, attempts = dead_letters.attempts + excluded.attempts,"
        " last_try = excluded.last_try, state = excluded.state, reason = NULL",
        values,
    )


@dataclass(frozen=True)
class DeadLetter:
    follower: str
    position: int
    event_id: str
    aggregate_id: str
    topic: str
    error: str
    detail: str
    attempts: int
    first_try: str
    last_try: str
    state: str
    reason: str | None


def has_table(tx: Tx) -> bool:
    if tx.dialect == "sqlite":
        return (
            tx.scalar("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'dead_letters'")
            is not None
        )
    found = tx.scalar("SELECT to_regclass('dead_letters')")
    return found is not None


def letters(tx: Tx, state: str | None = PARKED, follower: str | None = None) -> list[DeadLetter]:
    """Dead letters (parked ones by default; `state=None`: every one), oldest first."""
    if not has_table(tx):
        return []
    sql = "SELECT * FROM dead_letters WHERE 1 = 1"
    params: list[Any] = []
    if state is not None:
        sql += " AND state = ?"
        params.append(state)
    if follower is not None:
        sql += " AND follower = ?"
        params.append(follower)
    rows = tx.all(sql + " ORDER BY position, follower", params)
    return [_letter(row) for row in rows]


def _letter(row: dict[str, Any]) -> DeadLetter:
    values: dict[str, Any] = dict(row)
    values["position"], values["attempts"] = int(row["position"]), int(row["attempts"])
    return DeadLetter(**values)


def parked_counts(tx: Tx) -> dict[str, int]:
    """Parked events per follower (followers with none are left out)."""
    if not has_table(tx):
        return {}
    rows = tx.all(
        "SELECT follower, COUNT(*) AS n FROM dead_letters WHERE state = ? GROUP BY follower", (PARKED,)
    )
    return {str(r["follower"]): int(r["n"]) for r in rows}


def settle(tx: Tx, follower: str, position: int, state: str, reason: str | None = None) -> bool:
    """Mark a parked event retried or skipped; False when it was not parked."""
    done = tx.scalar(
        "UPDATE dead_letters SET state = ?, reason = ?, last_try = ? WHERE follower = ? AND position = ?"
        " AND state = ? RETURNING position",
        (state, reason, now_text(), follower, position, PARKED),
    )
    return done is not None


def note_failed_retry(tx: Tx, follower: str, position: int, error: BaseException) -> None:
    tx.execute(
        "UPDATE dead_letters SET error = ?, detail = ?, attempts = attempts + 1, last_try = ?"
        " WHERE follower = ? AND position = ?",
        (describe(error), "".join(traceback.format_exception(error))[-8000:], now_text(), follower, position),
    )


def forget_parked(tx: Tx, follower: str) -> None:
    """A rebuild applies the whole history again: its parked events are parked again if they still fail."""
    ensure(tx)
    tx.execute("DELETE FROM dead_letters WHERE follower = ? AND state = ?", (follower, PARKED))


def retry(
    store: Any, db: Any, follower: str, apply: Any, position: int, *, with_tail: bool = False
) -> str | None:
    """Apply a parked event again with `apply` (the follower's own, after a fix); on success it is marked
    retried. Answers None, or why it failed again (the row keeps it). The follower's position is not
    touched. `with_tail` (the read models, whose handlers are replays of state): the same aggregate's later
    events that were applied meanwhile are applied again after it, in order, so its rows end as a replay
    would leave them (a policy's later events are not run twice: they may have sent something)."""
    found = store.recorder.select_notifications(start=position, limit=1)
    if not found or found[0].id != position:
        return f"no event at position {position} in the store"
    try:
        batch = [(position, store.mapper.to_domain_event(found[0]))]
        if with_tail:
            batch += _aggregate_tail(store, db, follower, found[0].originator_id, position)
        with db.transaction() as tx:
            apply(tx, batch)
            if not settle(tx, follower, position, RETRIED):
                raise LookupError(f"{follower} has no parked event at {position}")
    except Exception as error:
        with db.transaction() as tx:
            note_failed_retry(tx, follower, position, error)
        return describe(error)
    return None


def _aggregate_tail(store: Any, db: Any, follower: str, originator_id: Any, after: int) -> list[Any]:
    """(position, event) of `originator_id`'s events after `after` that `follower` has applied."""
    with db.read() as tx:
        tracked = read_position(tx, follower)
    tail: list[Any] = []
    start = after
    while start < tracked:
        page = store.recorder.select_notifications(
            start=start, limit=1000, stop=tracked, inclusive_of_start=False
        )
        if not page:
            break
        tail += [(n.id, store.mapper.to_domain_event(n)) for n in page if n.originator_id == originator_id]
        start = page[-1].id
    return tail
