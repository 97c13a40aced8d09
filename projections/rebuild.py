"""`freight replay` and `freight verify`: rebuild read models, and compare a rebuild with the live ones.

On PostgreSQL a rebuild runs in two processes: this one, and a helper (`python -m projections.rebuild`)
that rebuilds the read models named in `HELPER_READ_MODELS` from the same pages of the log, so two cores
share the work. They are one command: either part failing fails the rebuild (the other is stopped), and the
`read_models` tracking position only ever says what both have committed (see `rebuild`).

An event that a part cannot decode or apply is not a failure of the rebuild (issue 22): each part applies
that page again one event at a time and parks the ones that fail in `dead_letters`, as a follower would;
the rebuild finishes and reports them (`freight replay` exits 1). What fails it is the rest: the database
away, a part's process gone.
"""

from __future__ import annotations

import contextlib
import gc
import json
import queue
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from eventsourcing.persistence import DatetimeAsISO, DecimalAsStr, StoredEvent, UUIDAsHex
from eventsourcing.utils import resolve_topic

from infrastructure.event_store import SharedStore
from infrastructure.read_db import PostgresReadModels, ReadModelDB, Tx
from infrastructure.transcoding import FastJSONTranscoder
from projections import dead_letters, event_log
from projections.condition import ReadModelCondition, inspect
from projections.follower import TRACKING_DDL, write_position
from projections.projection import Projection, is_index
from projections.registry import READ_MODELS, all_projections, applier, write_fingerprint

Progress = Callable[[int, int, float], None]
T = TypeVar("T")

# Rebuilt by the helper process on PostgreSQL: event_log is append-only and independent of the other tables
# (no handler reads it), so it can be written by another connection at the same time. See DESIGN-NOTES.
HELPER_READ_MODELS = ("event_log",)
# Below this many events the helper's start (a fresh interpreter, ~0.3 s of CPU) costs more than it saves.
PARALLEL_FROM = 20_000


class RebuildFailed(RuntimeError):
    """One part of a rebuild failed; the rebuild as a whole did not happen (tracking not advanced).

    The message is one line (what failed and the error's last line); `detail` keeps the helper's traceback."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


@dataclass
class RebuildStats:
    events: int
    seconds: float
    # Events the read models could not apply, parked in `dead_letters` (projections/dead_letters.py).
    parked: int = 0

    @property
    def events_per_second(self) -> float:
        return self.events / self.seconds if self.seconds > 0 else float("inf")


class Unreadable:
    """An event of a page that could not be decoded (its topic names no class, its state is not what its
    class reads): carried in the page in its place, so the page is read and this one event is parked."""

    def __init__(self, error: Exception) -> None:
        self.error = error


def _readable(batch: Sequence[tuple[int, Any]]) -> None:
    """Raise the decoding error of the first unreadable event of `batch`, if any (before anything is
    applied: the page is then applied one event at a time, and only that one is parked)."""
    for _, event in batch:
        if isinstance(event, Unreadable):
            raise event.error


# A page of the log: its stored events (notification_id, originator_id, originator_version, topic, state) and
# [(position, domain event)] of the ones the reader's projections handle.
Page = tuple[Sequence[Any], list[tuple[int, Any]]]


def pages(
    store: SharedStore,
    projections: Sequence[Projection],
    stop: int,
    batch_size: int,
    *,
    text_ids: bool = False,
) -> Iterator[Page]:
    """One `Page` per `batch_size` events of the log, up to `stop`.

    Only events some of `projections` handle are decoded (the others are skipped, but still counted in
    the page's last position). On PostgreSQL the page is read with one binary, tuple-row query on the
    library's events table instead of `select_notifications` (which builds a dict and a `Notification`
    per row): the same rows, a fifth of the client CPU.
    """
    wanted: dict[str, bool] = {}

    def handled(row: Any) -> bool:
        topic = row.topic
        known = wanted.get(topic)
        if known is None:
            try:
                cls = resolve_topic(topic)
            except Exception:  # a topic naming no class: decoded (and so parked) rather than passed over
                known = wanted[topic] = True
            else:
                known = wanted[topic] = any(p.handler_for_type(cls) is not None for p in projections)
        return known

    to_domain_event = store.mapper.to_domain_event

    def decoded(row: Any) -> Any:
        try:
            return to_domain_event(cast(StoredEvent, row))
        except Exception as error:  # the page is still read; this event is parked where it is applied
            return Unreadable(error)

    for rows in stored_pages(store, stop, batch_size, text_ids=text_ids):
        yield (rows, [(row.notification_id, decoded(row)) for row in rows if handled(row)])


def stored_pages(
    store: SharedStore, stop: int, batch_size: int, *, text_ids: bool = False
) -> Iterator[Sequence[Any]]:
    """The log up to `stop` in pages of stored events (notification_id, originator_id, originator_version,
    topic, state), not decoded. `text_ids`: originator_id as its text on PostgreSQL (no UUID object made
    for a reader that wants the text; the mapper still turns it into the UUID when it decodes)."""
    read = _pg_page_reader(store, text_ids) or _library_page_reader(store)
    position = 0
    while position < stop:
        rows = read(position, stop, batch_size)
        if not rows:
            return
        yield rows
        position = rows[-1].notification_id
        if len(rows) < batch_size:
            return


def _plain_json_store(store: SharedStore) -> bool:
    """Whether stored events are the plain JSON of `SharedStore`'s own transcoder (no cipher, no compression,
    the three registered custom types): what `event_log.apply_stored` reads without decoding."""
    mapper = store.mapper
    transcoder = mapper.transcoder
    return (
        mapper.cipher is None
        and mapper.compressor is None
        and isinstance(transcoder, FastJSONTranscoder)
        and {name: type(t) for name, t in transcoder.names.items()}
        == {"uuid_hex": UUIDAsHex, "decimal_str": DecimalAsStr, "datetime_iso": DatetimeAsISO}
    )


def _library_page_reader(store: SharedStore) -> Callable[[int, int, int], Sequence[Any]]:
    @dataclass(frozen=True)
    class _Row:
        notification_id: int
        originator_id: Any
        originator_version: int
        topic: str
        state: bytes

    def read(after: int, stop: int, limit: int) -> Sequence[Any]:
        notifications = store.recorder.select_notifications(
            start=after, limit=limit, stop=stop, inclusive_of_start=False
        )
        return [_Row(n.id, n.originator_id, n.originator_version, n.topic, n.state) for n in notifications]

    return read


def _pg_page_reader(
    store: SharedStore, text_ids: bool = False
) -> Callable[[int, int, int], Sequence[Any]] | None:
    from eventsourcing.postgres import PostgresApplicationRecorder

    recorder = store.recorder
    if not isinstance(recorder, PostgresApplicationRecorder):
        return None
    from psycopg.rows import namedtuple_row

    statement = pg_page_statement(recorder, text_ids)

    def read(after: int, stop: int, limit: int) -> Sequence[Any]:
        with (
            recorder.datastore.get_connection() as conn,
            conn.cursor(row_factory=namedtuple_row, binary=True) as cursor,
        ):
            cursor.execute(statement, (after, limit), prepare=True)
            rows: list[Any] = cursor.fetchall()
        # `stop` is applied here, not in the statement (see pg_page_statement): only a last page is cut.
        if rows and rows[-1].notification_id > stop:
            rows = [row for row in rows if row.notification_id <= stop]
        return rows

    return read


def pg_page_statement(recorder: Any, text_ids: bool = False) -> Any:
    """One page of the log after a position: `notification_id > %s ORDER BY notification_id LIMIT %s`.

    No upper bound in the statement: with `AND notification_id <= stop` the planner (its custom plans, the
    first five pages; the events table is rarely analysed) estimated the whole range and read it by a bitmap
    scan and a sort for each page: ~0.25 s of server CPU per 50,000 events in each of the rebuild's two
    processes, against ~0.03 s for the ordered index scan that the LIMIT alone gives."""
    from psycopg.sql import SQL, Identifier

    return SQL(
        "SELECT notification_id, originator_id{cast} AS originator_id, originator_version, topic, state"
        " FROM {schema}.{table} WHERE notification_id > %s ORDER BY notification_id LIMIT %s"
    ).format(
        cast=SQL("::text" if text_ids else ""),
        schema=Identifier(recorder.datastore.schema),
        table=Identifier(recorder.events_table_name),
    )


def _start_batch(tx: Any) -> None:
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


def _building_indexes(tx: Any) -> None:
    # Index builds sort every row of a table: with more memory than the default 64 MB they sort in memory
    # (a 1,000,000-row event_log does not fit in 64 MB). For this transaction only.
    if tx.dialect == "postgres":
        tx.execute("SET LOCAL maintenance_work_mem TO '256MB'")


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
    helper: _Helper | None = None
    if parallel and isinstance(db, PostgresReadModels) and _pg_page_reader(store) is not None:
        # Started first: the new interpreter's imports overlap with dropping and creating the tables.
        helper = _Helper(store, db, HELPER_READ_MODELS, head, batch_size)
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
                    _readable(batch)
                    with db.transaction() as tx:  # not pipelined: COPY needs the plain protocol
                        _start_batch(tx)
                        apply(tx, batch)
                        if helper is not None:
                            helper.wait_for(last)
                        write_position(tx, READ_MODELS, last)
                except Exception as error:
                    # The helper's own failure, or the database away: the rebuild fails. An event that
                    # cannot be applied: the page again one event at a time, parking the ones that fail.
                    if isinstance(error, RebuildFailed) or dead_letters.transient(error):
                        raise
                    _apply_parking(db, apply, rows, batch, helper)
                done += len(rows)
                if progress is not None:
                    progress(done, head, time.perf_counter() - started)
        with db.transaction() as tx:
            _building_indexes(tx)
            for projection in mine:
                projection.create_indexes(tx)
            if helper is not None:
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
    if helper is not None:
        helper.join()
    seconds = time.perf_counter() - started
    # Counted once the parts are done: an event both parts could not apply is one parked event.
    with db.read() as tx:
        parked = len(dead_letters.letters(tx, dead_letters.PARKED, READ_MODELS))
    return RebuildStats(events=done, seconds=seconds, parked=parked)


def _apply_parking(
    db: ReadModelDB,
    apply: Callable[[Tx, Any], None] | None,
    rows: Sequence[Any],
    batch: Sequence[tuple[int, Any]],
    helper: _Helper | None = None,
    apply_stored: Callable[[Tx, Sequence[Any]], None] | None = None,
) -> int:
    """A page failed: apply it one event at a time, parking each event that fails (issue 22), so a rebuild
    finishes whatever the store holds. Answers how many were parked.

    `apply` takes decoded events (`batch`); `apply_stored` (the helper's event_log) takes stored rows. With
    a `helper`, the page's position is written only once the helper has committed the page too."""
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
                _start_batch(tx)
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
    if helper is not None:
        helper.wait_for(rows[-1].notification_id)
    if apply_stored is None:  # the helper writes no position: the main part does, for both
        with db.transaction() as tx:
            write_position(tx, READ_MODELS, rows[-1].notification_id)
    return parked


class _Helper:
    """The other process of a parallel rebuild (`python -m projections.rebuild`), seen from this one.

    A plain child process with JSON lines on its stdin and stdout (rather than multiprocessing's spawn,
    which re-runs the caller's main module in the child and so depends on how the caller was started).
    """

    def __init__(
        self, store: SharedStore, db: PostgresReadModels, names: Sequence[str], head: int, batch_size: int
    ) -> None:
        self.names = tuple(names)
        self.projections = [p for p in all_projections() if p.name in self.names]
        self.applied = 0
        self.finished = False
        self.process = subprocess.Popen(
            [sys.executable, "-m", "projections.rebuild"],
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
            "conninfo": str(db.pool.conninfo),
            "schema": db.schema,
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


def _helper_main() -> int:
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
        db = PostgresReadModels(spec["conninfo"], schema=spec["schema"], max_size=2)
        try:
            if sys.stdin.readline().strip() != "go":
                return 1
            projections = [p for p in all_projections() if p.name in spec["names"]]
            head, size = spec["head"], spec["batch_size"]
            # event_log's rows straight from the stored JSON, mostly without decoding (see apply_stored);
            # the other read models from the decoded events they handle.
            raw_log = "event_log" in spec["names"] and _plain_json_store(store)
            others = [p for p in projections if not (raw_log and p.name == "event_log")]
            apply = applier(others, bulk=True) if others else None
            decode = store.mapper.to_domain_event
            stored = (
                (lambda tx, rows: event_log.apply_stored(tx, rows, decode, bulk=True)) if raw_log else None
            )
            with fewer_collections():
                for rows, batch in prefetched(pages(store, others, head, size, text_ids=raw_log)):
                    try:
                        _readable(batch)
                        with db.transaction() as tx:
                            _start_batch(tx)
                            if stored is not None:
                                stored(tx, rows)
                            if apply is not None:
                                apply(tx, batch)
                    except Exception as error:
                        if dead_letters.transient(error):
                            raise
                        # As the main part does: park what cannot be applied, in the same table.
                        _apply_parking(db, apply, rows, batch, apply_stored=stored)
                    report(applied=rows[-1].notification_id)
            with db.transaction() as tx:
                _building_indexes(tx)
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


_END = object()


def prefetched(batches: Iterator[T], ahead: int = 2) -> Iterator[T]:
    """Iterate `batches` on a helper thread, at most `ahead` batches in advance.

    Reading the next page of the log (a database round trip and decoding) overlaps with applying the
    current one; memory stays bounded by `ahead` batches.
    """
    slots: queue.Queue[Any] = queue.Queue(maxsize=ahead)
    stop = threading.Event()

    def produce() -> None:
        try:
            for batch in batches:
                while not stop.is_set():
                    try:
                        slots.put(batch, timeout=0.1)
                        break
                    except queue.Full:
                        continue
                if stop.is_set():
                    return
            slots.put(_END)
        except BaseException as error:  # handed to the consumer, raised there
            slots.put(error)

    thread = threading.Thread(target=produce, name="rebuild-reader", daemon=True)
    thread.start()
    try:
        while True:
            item = slots.get()
            if item is _END:
                return
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stop.set()
        thread.join(timeout=10)


@dataclass
class Difference:
    table: str
    key: tuple[Any, ...]
    live: dict[str, Any] | None
    rebuilt: dict[str, Any] | None


def _rows(tx: Tx, table: str, key: tuple[str, ...]) -> list[dict[str, Any]]:
    return tx.all(f"SELECT * FROM {table} ORDER BY {', '.join(key)}")


def _key(row: dict[str, Any], key: tuple[str, ...]) -> tuple[Any, ...]:
    return tuple(row[k] for k in key)


def compare_tables(
    live: Tx, rebuilt: Tx, tables: dict[str, tuple[str, ...]], progress: Progress | None = None
) -> list[Difference]:
    """Row-by-row comparison of `tables` (name: key columns), walking both sides in key order."""
    differences: list[Difference] = []
    started = time.perf_counter()
    for number, (table, key) in enumerate(tables.items(), start=1):
        by_key_left = {_key(r, key): r for r in _rows(live, table, key)}
        by_key_right = {_key(r, key): r for r in _rows(rebuilt, table, key)}
        for k in sorted(set(by_key_left) | set(by_key_right), key=repr):
            a, b = by_key_left.get(k), by_key_right.get(k)
            if a != b:
                differences.append(Difference(table, k, a, b))
        if progress is not None:
            progress(number, len(tables), time.perf_counter() - started)
    return differences


def read_model_tables() -> dict[str, tuple[str, ...]]:
    return {table: key for projection in all_projections() for table, key in projection.tables.items()}


def compare(live: ReadModelDB, rebuilt: ReadModelDB) -> list[Difference]:
    """Row-by-row comparison of every read-model table."""
    with live.read() as left, rebuilt.read() as right:
        return compare_tables(left, right, read_model_tables())


@dataclass
class Verification:
    """What `verify_snapshot` found: the live read models' condition, the position they were compared at,
    and every row that differs from a rebuild up to that position."""

    condition: ReadModelCondition
    position: int
    differences: list[Difference]


def verify_snapshot(
    store: SharedStore,
    live: ReadModelDB,
    scratch: ReadModelDB,
    *,
    rebuild_progress: Progress | None = None,
    compare_progress: Progress | None = None,
) -> Verification:
    """Rebuild into `scratch` up to the live read models' position, then compare them row by row.

    The live side is read in one snapshot (its position and its rows alike), so a server that goes on
    applying events meanwhile neither disturbs the comparison nor is disturbed: nothing live is written."""
    with live.snapshot() as tx:
        condition = inspect(tx)
        position = condition.read_models_position
        rebuild(store, scratch, stop=position, progress=rebuild_progress)
        tables = {t: k for t, k in read_model_tables().items() if t not in condition.missing_tables}
        with scratch.read() as rebuilt:
            differences = compare_tables(tx, rebuilt, tables, compare_progress)
    return Verification(condition, position, differences)


def verify(store: SharedStore, live: ReadModelDB, scratch: ReadModelDB) -> list[Difference]:
    """The rows where the live read models differ from a rebuild up to their own position."""
    return verify_snapshot(store, live, scratch).differences


if __name__ == "__main__":
    raise SystemExit(_helper_main())
