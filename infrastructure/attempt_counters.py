"""Attempt counters in the shared database, so every worker process enforces the same limits.

One row per key: how many attempts fell into its current window and when that window ends. Taking an
attempt is one atomic upsert (`INSERT ... ON CONFLICT DO UPDATE ... RETURNING`), so no two workers and no two
threads can both see the last free attempt: checking and counting are the same statement.

The rows are not a read model (nothing rebuilds them from events); `freight replay` leaves them alone.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass

from infrastructure.read_db import ReadModelDB, Tx

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS attempt_counters ("
    " key TEXT PRIMARY KEY, attempts INTEGER NOT NULL, window_ends DOUBLE PRECISION NOT NULL)"
)

_TAKE = (
    "INSERT INTO attempt_counters (key, attempts, window_ends) VALUES (?, 1, ?) "
    "ON CONFLICT (key) DO UPDATE SET"
    " attempts = CASE WHEN attempt_counters.window_ends <= ? THEN 1 ELSE attempt_counters.attempts + 1 END,"
    " window_ends = CASE WHEN attempt_counters.window_ends <= ? THEN excluded.window_ends"
    " ELSE attempt_counters.window_ends END "
    "RETURNING attempts, window_ends"
)

# Expired rows are deleted now and then, not on every call.
SWEEP_EVERY = 500


@dataclass(frozen=True)
class Count:
    attempts: int
    window_ends: float


def stored_key(key: str) -> str:
    """A counter's key as stored: its kind in clear, what it counts hashed (a phone, an identity or an
    address is personal data, and the table outlives no window but is a file of the product all the same)."""
    kind, _, what = key.partition(":")
    return f"{kind}:{hashlib.sha256(what.encode()).hexdigest()}"


class AttemptCounters:
    def __init__(self, db: ReadModelDB, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.clock = clock
        self._calls = 0
        with db.transaction() as tx:
            tx.execute(SCHEMA)

    def take(self, keys: tuple[str, ...], window: float) -> list[Count]:
        """Count one attempt on every key (in one transaction) and answer each key's count afterwards."""
        now = self.clock()
        with self.db.transaction() as tx:
            _quick_commit(tx)
            counts = []
            for key in keys:
                row = tx.one(_TAKE, (stored_key(key), now + window, now, now))
                assert row is not None  # RETURNING always answers the row it wrote
                counts.append(Count(int(row["attempts"]), float(row["window_ends"])))
        self._calls += 1
        if self._calls % SWEEP_EVERY == 0:
            self.sweep()
        return counts

    def peek(self, key: str) -> int:
        """The attempts counted on `key` in its current window (0 when none), counting nothing."""
        with self.db.read() as tx:
            row = tx.one(
                "SELECT attempts FROM attempt_counters WHERE key = ? AND window_ends > ?",
                (stored_key(key), self.clock()),
            )
        return int(row["attempts"]) if row else 0

    def give_back(self, keys: tuple[str, ...]) -> None:
        """An attempt that turned out fine does not count."""
        with self.db.transaction() as tx:
            _quick_commit(tx)
            for key in keys:
                tx.execute(
                    "UPDATE attempt_counters SET attempts = attempts - 1 WHERE key = ? AND attempts > 0",
                    (stored_key(key),),
                )

    def reset(self, keys: tuple[str, ...]) -> None:
        with self.db.transaction() as tx:
            _quick_commit(tx)
            for key in keys:
                tx.execute("DELETE FROM attempt_counters WHERE key = ?", (stored_key(key),))

    def sweep(self) -> None:
        with self.db.transaction() as tx:
            _quick_commit(tx)
            tx.execute("DELETE FROM attempt_counters WHERE window_ends <= ?", (self.clock(),))


def _quick_commit(tx: Tx) -> None:
    # A counter lost in a crash of PostgreSQL costs one attempt's worth of leniency; waiting for the WAL
    # flush on every login would cost every caller.
    if tx.dialect == "postgres":
        tx.execute("SET LOCAL synchronous_commit TO OFF")
