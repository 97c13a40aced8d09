"""The booking reference counter per year, in the shared database: every API worker takes the next number
from it (domain/booking/booking_reference.py `SharedCounter`), so two workers do not race for one number.

Not durable and not a read model: a counter lost in a crash only costs a lost race on the next create (the
reference claim in the store is the guarantee, and the loser raises the counter past the claims); `freight
replay` leaves the table alone.
"""

from __future__ import annotations

from infrastructure.read_db import ReadModelDB

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS reference_counters (year INTEGER PRIMARY KEY, next_number BIGINT NOT NULL)"
)
_TAKE = "UPDATE reference_counters SET next_number = next_number + 1 WHERE year = ? RETURNING next_number - 1"
_RAISE = (
    "INSERT INTO reference_counters (year, next_number) VALUES (?, ?) ON CONFLICT (year) DO UPDATE"
    " SET next_number = {greatest}(reference_counters.next_number, excluded.next_number)"
)


class ReferenceCounters:
    def __init__(self, db: ReadModelDB) -> None:
        self.db = db
        with db.transaction() as tx:
            tx.execute(SCHEMA)
            self._raise = _RAISE.format(greatest="GREATEST" if tx.dialect == "postgres" else "MAX")

    def take(self, year: int) -> int | None:
        pool = getattr(self.db, "pool", None)
        if pool is None:  # SQLite: no round trip to save
            with self.db.transaction(durable=False) as tx:
                number = tx.scalar(_TAKE, (year,))
            return None if number is None else int(number)
        # PostgreSQL, pipelined: the UPDATE's answer is read only once COMMIT is queued behind it, so the
        # statement and its commit travel in one round trip (reading it first cost a second one per create).
        with pool.connection() as conn:
            with conn.pipeline(), conn.transaction():
                conn.execute("SET LOCAL synchronous_commit TO OFF")
                taken = conn.execute(_TAKE.replace("?", "%s"), (year,))
            row = taken.fetchone()
        return None if row is None else int(next(iter(row.values())))

    def give_back(self, year: int, number: int) -> None:
        with self.db.transaction(durable=False) as tx:
            tx.execute(
                "UPDATE reference_counters SET next_number = ? WHERE year = ? AND next_number = ?",
                (number, year, number + 1),
            )

    def raise_to(self, year: int, number: int) -> None:
        with self.db.transaction(durable=False) as tx:
            tx.execute(self._raise, (year, number))
