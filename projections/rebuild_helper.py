"""The helper process of a parallel rebuild (`python -m projections.rebuild_helper`): it rebuilds the read
models it is given from the same pages of the log as the main part (projections/rebuild.py), so two cores
share the work; `Helper` is that process seen from the main part.

On PostgreSQL it writes the read models' own tables through a second connection. On SQLite (one writer per
file) it writes them into a side file of its own, which the main part copies from a page at a time (its
rows are computed here, the copy is a plain read and insert: `copy_side_page`)."""

from __future__ import annotations

import contextlib
import json
import queue
import sqlite3
import subprocess
import sys
import threading
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from followers import dead_letters
from infrastructure.event_store import SharedStore
from infrastructure.private_files import private_file
from infrastructure.read_db import PostgresReadModels, ReadModelDB, SqliteReadModels, Tx, placeholders
from projections import event_log
from projections.log_pages import key_preloader, pages, plain_json_store, prefetched, readable
from projections.projection import Projection
from projections.rebuild_batches import (
    RebuildFailed,
    apply_parking,
    building_indexes,
    fewer_collections,
    index_shares,
    start_batch,
)
from projections.registry import all_projections, applier, projections_named


class Helper:
    """The other process of a parallel rebuild (`python -m projections.rebuild_helper`), seen from the main
    part.

    A plain child process with JSON lines on its stdin and stdout (rather than multiprocessing's spawn,
    which re-runs the caller's main module in the child and so depends on how the caller was started).
    """

    def __init__(
        self,
        store: SharedStore,
        db: ReadModelDB,
        names: Sequence[str],
        head: int,
        batch_size: int,
        side: Path | None = None,
    ) -> None:
        self.names = tuple(names)
        self.side = side
        self.projections = [p for p in all_projections() if p.name in self.names]
        self.applied = 0
        self.finished = False
        self.process = subprocess.Popen(
            [sys.executable, "-m", "projections.rebuild_helper"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, name="rebuild-helper-reader", daemon=True).start()
        spec = {
            # The helper only reads the log: one connection (and a spare), no group-commit writer, no DDL.
            "env": {
                **store.env,
                "POSTGRES_POOL_SIZE": "1",
                "POSTGRES_MAX_OVERFLOW": "1",
                "GROUP_COMMIT": "n",
                "CREATE_TABLE": "n",
            },
            "conninfo": str(db.pool.conninfo) if isinstance(db, PostgresReadModels) else None,
            "schema": db.schema if isinstance(db, PostgresReadModels) else None,
            # SQLite: the file the helper writes its read models into (the main part copies them).
            "side": None if side is None else str(side),
            "names": self.names,
            "head": head,
            "batch_size": batch_size,
        }
        self._send(json.dumps(spec))

    def _send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put("")  # end of output: the process ended

    def go(self) -> None:
        """The tables exist: start."""
        self._send("go")

    def _receive(self) -> None:
        part = ", ".join(self.names)
        try:
            line = self.lines.get(timeout=60)
        except queue.Empty:
            if self.process.poll() is None:
                return  # still working (a slow batch)
            line = ""
        if not line:
            raise RebuildFailed(f"the rebuild of {part} stopped (exit code {self.process.wait(10)})")
        message = json.loads(line)
        if "failed" in message:
            detail = str(message["failed"])
            last = detail.strip().splitlines()[-1] if detail.strip() else "no reason given"
            raise RebuildFailed(f"the rebuild of {part} failed: {last}", detail)
        if "done" in message:
            self.finished = True
            self.applied = int(message["done"])
        else:
            self.applied = int(message["applied"])

    def wait_for(self, position: int) -> None:
        """Until the helper has committed every event up to `position`."""
        while self.applied < position and not self.finished:
            self._receive()

    def wait_done(self) -> None:
        """Until the helper has finished (its indexes included)."""
        while not self.finished:
            self._receive()

    def join(self) -> None:
        self.process.wait(timeout=30)
        self._close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._close()

    def _close(self) -> None:
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


def helper_main() -> int:
    """The helper process: rebuild the named read models up to `head`, reporting each committed batch.

    Stops without writing anything if its stdin closes before "go" (the other process failed), and stops at
    the next batch if its stdout breaks (the other process is gone).
    """
    out = sys.stdout
    sys.stdout = sys.stderr  # only the protocol goes to stdout

    def report(**message: Any) -> None:
        out.write(json.dumps(message) + "\n")
        out.flush()

    try:
        spec = json.loads(sys.stdin.readline())
        store = SharedStore(spec["env"])
        side = spec.get("side")
        db: ReadModelDB = (
            SqliteReadModels(side)
            if side
            else PostgresReadModels(spec["conninfo"], schema=spec["schema"], max_size=2)
        )
        try:
            # Everything short of writing is under way while the other part drops and creates the tables
            # (the read models' modules take a third of a second to import, the first pages are read).
            projections = projections_named(spec["names"])
            head, size = spec["head"], spec["batch_size"]
            # event_log's rows straight from the stored JSON, mostly without decoding (see apply_stored);
            # the other read models from the decoded events they handle.
            raw_log = "event_log" in spec["names"] and plain_json_store(store)
            others = [p for p in projections if not (raw_log and p.name == "event_log")]
            apply = applier(others, bulk=True) if others else None
            decode = store.mapper.to_domain_event
            # Personal fields opened in the stored JSON, as decoding opens them, without the domain event.
            open_sealed = getattr(store.mapper, "open_state", None)
            preload = key_preloader(store)

            def apply_raw(tx: Tx, rows: Sequence[Any]) -> None:
                # The events whose personal fields it opens: their keys in one statement per page.
                preload(rows)
                event_log.apply_stored(tx, rows, decode, bulk=True, open_sealed=open_sealed)

            stored = apply_raw if raw_log else None
            reading = prefetched(pages(store, others, head, size, text_ids=raw_log))
            if sys.stdin.readline().strip() != "go":
                return 1
            if side:
                _fresh_side(db, projections)
            with fewer_collections():
                for rows, batch in reading:
                    try:
                        readable(batch)
                        with db.transaction() as tx:
                            start_batch(tx)
                            if stored is not None:
                                stored(tx, rows)
                            if apply is not None:
                                apply(tx, batch)
                    except Exception as error:
                        if dead_letters.transient(error):
                            raise
                        # As the main part does: park what cannot be applied, in the same table.
                        apply_parking(db, apply, rows, batch, apply_stored=stored)
                    report(applied=rows[-1].notification_id)
            if not side:  # a side file's indexes would be thrown away: the main part builds them
                with db.transaction() as tx:
                    building_indexes(tx)
                    for statement in index_shares(projections)[0]:
                        tx.execute(statement)
            report(done=spec["head"])
        finally:
            db.close()
            store.close()
    except BaseException:
        with contextlib.suppress(OSError):
            report(failed=traceback.format_exc())
        return 1
    return 0


def _fresh_side(db: ReadModelDB, projections: Sequence[Projection]) -> None:
    """The side file's tables, empty and without secondary indexes (a file left by a rebuild that stopped
    is emptied first)."""
    with db.transaction() as tx:
        dead_letters.ensure(tx)
        tx.execute("DELETE FROM dead_letters")
        for projection in projections:
            projection.drop(tx)
            projection.create(tx, indexes=False)


# The helper's read models on SQLite: tables whose rows are each one position's (copied a page at a time).
SIDE_TABLES = {"event_log": "position"}
# The side file's name where it is attached to the main part's connection (`attach_side`).
SIDE = "rebuild_side"


def attach_side(db: SqliteReadModels, path: Path) -> sqlite3.Connection | None:
    """How the main part reads the helper's side file: attached to its own connection, read-only, so a page is
    copied by one `INSERT ... SELECT` per table inside SQLite (None); else, where this SQLite cannot attach
    it read-only, a connection of its own whose rows are read into Python and inserted again.

    Call it once the helper has written its first page (the file is then a WAL database with its tables)
    and outside a transaction; the main part then waits for a page before beginning the transaction that
    copies it, since the attached file may be read as of that transaction's start."""
    if db.attach_read_only(path, SIDE):
        return None
    return open_side(path)


def copy_side_page(
    tx: Tx, side: sqlite3.Connection | None, names: Sequence[str], after: int, last: int
) -> None:
    """Copy the helper's rows of positions (after, last] from its side file into the main part's transaction,
    with the events it parked there. `side` None: the file is attached as `SIDE` (see `attach_side`)."""
    for projection in all_projections():
        if projection.name not in names:
            continue
        for table in projection.tables:
            column = SIDE_TABLES[table]
            if side is None:
                tx.execute(
                    f"INSERT INTO {table} SELECT * FROM {SIDE}.{table}"
                    f" WHERE {column} > ? AND {column} <= ? ORDER BY {column}",
                    (after, last),
                )
                continue
            cursor = side.execute(
                f"SELECT * FROM {table} WHERE {column} > ? AND {column} <= ? ORDER BY {column}", (after, last)
            )
            rows = cursor.fetchall()
            if rows:
                marks = placeholders(cursor.description)
                tx.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)
    if side is None:
        # An event both parts could not apply is one parked event.
        tx.execute(
            f"INSERT INTO dead_letters SELECT * FROM {SIDE}.dead_letters WHERE position > ? AND position <= ?"
            " ON CONFLICT DO NOTHING",
            (after, last),
        )
        return
    parked = side.execute(
        "SELECT * FROM dead_letters WHERE position > ? AND position <= ?", (after, last)
    ).fetchall()
    if parked:
        marks = placeholders(parked[0])
        # An event both parts could not apply is one parked event.
        tx.executemany(f"INSERT INTO dead_letters VALUES ({marks}) ON CONFLICT DO NOTHING", parked)


def open_side(path: Path) -> sqlite3.Connection:
    """The main part's read connection to the helper's side file (each statement its own snapshot)."""
    private_file(path)  # personal data, as the read models are: created 0600 whoever opens it first
    return sqlite3.connect(str(path), isolation_level=None, check_same_thread=False, timeout=30)


def remove_side(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            Path(str(path) + suffix).unlink()


if __name__ == "__main__":
    raise SystemExit(helper_main())
