"""`freight replay`: rebuild the read models from the whole log (`freight verify` compares such a rebuild with
the live ones: projections/verify.py).

A rebuild runs in two processes: this one, and a helper (projections/rebuild_helper.py) that rebuilds the
read models named in `HELPER_READ_MODELS` (`SQLITE_HELPER_READ_MODELS`) from the same pages of the log, so two
cores share the work. On SQLite the helper writes a side file that this process copies a page at a time.
They are one command: either part failing fails the rebuild (the other is stopped), and the `read_models`
tracking position only ever says what both have committed (see `rebuild`).

An event that a part cannot decode or apply is not a failure of the rebuild: each part applies
that page again one event at a time and parks the ones that fail in `dead_letters`, as a follower would;
the rebuild finishes and reports them (`freight replay` exits 1). What fails it is the rest: the database
away, a part's process gone.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from followers import dead_letters
from followers.follower import TRACKING_DDL, write_position
from infrastructure.event_store import SharedStore
from infrastructure.private_files import private_file
from infrastructure.read_db import PostgresReadModels, ReadModelDB, SqliteReadModels, Tx
from projections.log_pages import pages, pg_page_reader, prefetched, readable
from projections.rebuild_batches import (
    RebuildFailed,
    apply_parking,
    building_indexes,
    fewer_collections,
    index_shares,
    start_batch,
)
from projections.rebuild_helper import SIDE, Helper, attach_side, copy_side_page, remove_side
from projections.registry import READ_MODELS, all_projections, applier, write_fingerprint

Progress = Callable[[int, int, float], None]

# Rebuilt by the helper process on PostgreSQL: event_log is append-only and independent of the other tables
# (no handler reads it), so it can be written by another connection at the same time (docs/decisions/0018);
# notifications read only their own tables, and with them the two processes' CPU is about even (2001).
HELPER_READ_MODELS = ("event_log", "notifications")
# On SQLite the helper's rows are copied from its side file by position: only tables keyed by position.
SQLITE_HELPER_READ_MODELS = ("event_log",)
# Below this many events the helper's start (a fresh interpreter, ~0.3 s of CPU) costs more than it saves.
PARALLEL_FROM = 20_000


@dataclass
class RebuildStats:
    events: int
    seconds: float
    # Events the read models could not apply, parked in `dead_letters` (followers/dead_letters.py).
    parked: int = 0

    @property
    def events_per_second(self) -> float:
        return self.events / self.seconds if self.seconds > 0 else float("inf")


def rebuild(
    store: SharedStore,
    db: ReadModelDB,
    *,
    batch_size: int = 5000,
    progress: Progress | None = None,
    parallel: bool | None = None,
    stop: int | None = None,
) -> RebuildStats:
    """Drop every read model and apply the whole history again (up to `stop`, default the head), one batch
    per transaction.

    The tables start empty and without their secondary indexes (bulk inserts; COPY on PostgreSQL); the
    indexes are built once at the end (were that step lost, the server's start creates them: IF NOT EXISTS).

    `parallel` (default: on PostgreSQL from `PARALLEL_FROM` events): the helper process rebuilds
    `HELPER_READ_MODELS` at the same time. This process commits the tracking position of a batch only once
    the helper has committed that batch too, so the position always means "every read model has every
    event up to here" (the helper may be ahead; its event_log rows are `ON CONFLICT DO NOTHING`, so a follower
    resuming there writes nothing twice).
    """
    projections = all_projections()
    head = store.head() if stop is None else stop
    if parallel is None:
        parallel = head >= PARALLEL_FROM
    helper: Helper | None = None
    if parallel and isinstance(db, PostgresReadModels) and pg_page_reader(store) is not None:
        # Started first: the new interpreter's imports overlap with dropping and creating the tables.
        helper = Helper(store, db, HELPER_READ_MODELS, head, batch_size)
    elif parallel and isinstance(db, SqliteReadModels) and db.path != ":memory:":
        helper = Helper(
            store, db, SQLITE_HELPER_READ_MODELS, head, batch_size, side=Path(db.path + ".rebuild-side")
        )
    side = None if helper is None else helper.side
    if side is not None:
        private_file(side)  # personal data, as the read models are: created 0600 before either part opens it
    # How the side file is read (`attach_side`): attached to this connection (`reader` None), once the helper
    # has written its first page.
    attached = False
    reader: sqlite3.Connection | None = None
    copied = 0

    def wait_for_side(last: int) -> None:
        # Before the transaction that copies the page: an attached file may be read as of its start.
        nonlocal attached, reader
        if side is not None and helper is not None:
            helper.wait_for(last)
            if not attached and reader is None:
                assert isinstance(db, SqliteReadModels)
                reader = attach_side(db, side)
                attached = reader is None

    def copy_side(tx: Tx, last: int) -> None:
        # The helper's rows of this page, from its side file, in the transaction that claims the page.
        nonlocal copied
        if side is not None and helper is not None:
            copy_side_page(tx, reader, helper.names, copied, last)
            copied = last

    def wait_and_copy(last: int) -> None:  # a page applied one event at a time (parking): its own commit
        assert helper is not None
        helper.wait_for(last)
        if side is not None:
            wait_for_side(last)
            with db.transaction() as tx:
                copy_side(tx, last)

    wait_for = None if helper is None else wait_and_copy
    try:
        with db.transaction() as tx:
            tx.execute(TRACKING_DDL)
            for projection in projections:
                projection.drop(tx)
                projection.create(tx, indexes=False)
            write_position(tx, READ_MODELS, 0)
            write_fingerprint(tx)
            # Before the helper starts: what it parks from now on belongs to this rebuild.
            dead_letters.forget_parked(tx, READ_MODELS)
        mine = [p for p in projections if helper is None or p.name not in helper.names]
        if helper is not None:
            helper.go()
        apply = applier(mine, bulk=True)
        started = time.perf_counter()
        done = 0
        with fewer_collections():
            for rows, batch in prefetched(pages(store, mine, head, batch_size)):
                last = rows[-1].notification_id
                try:
                    readable(batch)
                    wait_for_side(last)
                    with db.transaction() as tx:  # not pipelined: COPY needs the plain protocol
                        start_batch(tx)
                        apply(tx, batch)
                        if helper is not None:
                            helper.wait_for(last)
                            copy_side(tx, last)
                        write_position(tx, READ_MODELS, last)
                except Exception as error:
                    # The helper's own failure, or the database away: the rebuild fails. An event that
                    # cannot be applied: the page again one event at a time, parking the ones that fail.
                    if isinstance(error, RebuildFailed) or dead_letters.transient(error):
                        raise
                    apply_parking(db, apply, rows, batch, wait_for)
                done += len(rows)
                if progress is not None:
                    progress(done, head, time.perf_counter() - started)
        if helper is not None and side is not None:
            helper.wait_done()
            wait_for_side(head)
        with db.transaction() as tx:
            building_indexes(tx)
            for projection in mine:
                projection.create_indexes(tx)
            if helper is not None and side is not None:
                copy_side(tx, head)
                for projection in helper.projections:
                    projection.create_indexes(tx)
            elif helper is not None:
                # Once the helper has committed every row, build the second half of its indexes here
                # while it builds the first half.
                helper.wait_for(head)
                for statement in index_shares(helper.projections)[1]:
                    tx.execute(statement)
                helper.wait_done()
            write_position(tx, READ_MODELS, head)
    except BaseException:
        if helper is not None:
            helper.stop()
        raise
    finally:
        if reader is not None:
            reader.close()
        if attached:
            assert isinstance(db, SqliteReadModels)
            with contextlib.suppress(sqlite3.Error):  # never in place of the error that ended the rebuild
                db.detach(SIDE)
        if side is not None:
            remove_side(side)
    if helper is not None:
        helper.join()
    seconds = time.perf_counter() - started
    # Counted once the parts are done: an event both parts could not apply is one parked event.
    with db.read() as tx:
        parked = len(dead_letters.letters(tx, dead_letters.PARKED, READ_MODELS))
    return RebuildStats(events=done, seconds=seconds, parked=parked)
