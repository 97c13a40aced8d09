"""How a rebuild's two parts write their batches: without waiting for the WAL, with the garbage collector
held back, indexes built at the end, and a page that fails applied again one event at a time, parking what
fails."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from followers import dead_letters
from followers.follower import write_position
from infrastructure.read_db import ReadModelDB, Tx
from projections.log_pages import Unreadable
from projections.projection import Projection, is_index
from projections.registry import READ_MODELS


class RebuildFailed(RuntimeError):
    """One part of a rebuild failed; the rebuild as a whole did not happen (tracking not advanced).

    The message is one line (what failed and the error's last line); `detail` keeps the helper's traceback."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


def start_batch(tx: Any) -> None:
    # What a rebuild commits is derived from the event store: a batch need not wait for its WAL flush. A
    # crash loses only a tail of batches, together with the tracking row written in the same transaction,
    # and the last (durable) commit flushes everything before it.
    if tx.dialect == "postgres":
        tx.execute("SET LOCAL synchronous_commit TO OFF")


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """The cyclic garbage collector, rarely, for the duration (a rebuild makes no cycles worth collecting).

    A page of decoded events is tens of thousands of young container objects: at the default threshold
    (700) the collector walked them again and again, about a third of a rebuild's CPU. Objects already alive
    are frozen out of the walks; the thresholds and the freeze are given back afterwards.
    """
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


def index_shares(projections: Sequence[Projection]) -> tuple[list[str], list[str]]:
    """The helper's read models' secondary indexes, split in two: the helper builds the first part and this
    process the second, at the same time (two `CREATE INDEX` on one table only share a lock)."""
    statements = [s for p in projections for s in p.schema if is_index(s)]
    half = (len(statements) + 1) // 2
    return statements[:half], statements[half:]


def building_indexes(tx: Any) -> None:
    # Index builds sort every row of a table: with more memory than the default 64 MB they sort in memory
    # (a 1,000,000-row event_log does not fit in 64 MB). For this transaction only.
    if tx.dialect == "postgres":
        tx.execute("SET LOCAL maintenance_work_mem TO '256MB'")


def apply_parking(
    db: ReadModelDB,
    apply: Callable[[Tx, Any], None] | None,
    rows: Sequence[Any],
    batch: Sequence[tuple[int, Any]],
    wait_for: Callable[[int], None] | None = None,
    apply_stored: Callable[[Tx, Sequence[Any]], None] | None = None,
) -> int:
    """A page failed: apply it one event at a time, parking each event that fails, so a rebuild
    finishes whatever the store holds. Answers how many were parked.

    `apply` takes decoded events (`batch`); `apply_stored` (the helper's event_log) takes stored rows. With
    `wait_for` (the helper's, seen from the main part), the page's position is written only once the helper
    has committed the page too."""
    decoded = dict(batch)
    parked = 0
    for row in rows:
        position = row.notification_id
        if position not in decoded and apply_stored is None:
            continue  # no projection of this part handles it
        try:
            event = decoded.get(position)
            if isinstance(event, Unreadable):
                raise event.error
            with db.transaction() as tx:
                start_batch(tx)
                if apply_stored is not None:
                    apply_stored(tx, [row])
                if apply is not None and position in decoded:
                    apply(tx, [(position, event)])
        except Exception as error:
            if dead_letters.transient(error):
                raise
            with db.transaction() as tx:
                dead_letters.park(tx, READ_MODELS, row, error, 1, dead_letters.now_text())
            parked += 1
    if wait_for is not None:
        wait_for(rows[-1].notification_id)
    if apply_stored is None:  # the helper writes no position: the main part does, for both
        with db.transaction() as tx:
            write_position(tx, READ_MODELS, rows[-1].notification_id)
    return parked
