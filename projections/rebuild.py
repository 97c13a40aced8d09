"""`freight replay` and `freight verify`: rebuild read models, and compare a rebuild with the live ones."""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from domain.shared.store import SharedStore
from projections.catalog import READ_MODELS, all_projections, applier
from projections.db import ReadModelDB
from projections.follower import TRACKING_DDL, stream_events, write_position

Progress = Callable[[int, int, float], None]
T = TypeVar("T")


@dataclass
class RebuildStats:
    events: int
    seconds: float

    @property
    def events_per_second(self) -> float:
        return self.events / self.seconds if self.seconds > 0 else float("inf")


def rebuild(
    store: SharedStore, db: ReadModelDB, *, batch_size: int = 5000, progress: Progress | None = None
) -> RebuildStats:
    """Drop every read model and apply the whole history again, one batch per transaction.

    The tables start empty and without their secondary indexes (bulk inserts; COPY on PostgreSQL); the
    indexes are built once at the end (were that step lost, the server's start creates them: IF NOT EXISTS).
    """
    projections = all_projections()
    apply = applier(projections, bulk=True)
    head = store.head()
    with db.transaction() as tx:
        tx.execute(TRACKING_DDL)
        for projection in projections:
            projection.drop(tx)
            projection.create(tx, indexes=False)
        write_position(tx, READ_MODELS, 0)
    started = time.perf_counter()
    done = 0
    for batch in prefetched(stream_events(store, 0, batch_size, stop=head)):
        with db.transaction() as tx:  # durable, not pipelined: COPY needs the plain protocol
            apply(tx, batch)
            write_position(tx, READ_MODELS, batch[-1][0])
        done += len(batch)
        if progress is not None:
            progress(done, head, time.perf_counter() - started)
    with db.transaction() as tx:
        for projection in projections:
            projection.create_indexes(tx)
    return RebuildStats(events=done, seconds=time.perf_counter() - started)


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


def _rows(db: ReadModelDB, table: str, key: tuple[str, ...]) -> Iterator[dict[str, Any]]:
    with db.read() as tx:
        yield from tx.all(f"SELECT * FROM {table} ORDER BY {', '.join(key)}")


def _key(row: dict[str, Any], key: tuple[str, ...]) -> tuple[Any, ...]:
    return tuple(row[k] for k in key)


def compare(live: ReadModelDB, rebuilt: ReadModelDB) -> list[Difference]:
    """Row-by-row comparison of every read-model table, walking both sides in key order."""
    differences: list[Difference] = []
    for projection in all_projections():
        for table, key in projection.tables.items():
            left = list(_rows(live, table, key))
            right = list(_rows(rebuilt, table, key))
            by_key_left = {_key(r, key): r for r in left}
            by_key_right = {_key(r, key): r for r in right}
            for k in sorted(set(by_key_left) | set(by_key_right), key=repr):
                a, b = by_key_left.get(k), by_key_right.get(k)
                if a != b:
                    differences.append(Difference(table, k, a, b))
    return differences


def verify(store: SharedStore, live: ReadModelDB, scratch: ReadModelDB) -> list[Difference]:
    """Rebuild into `scratch` up to the live position, then compare with `live`."""
    with live.transaction() as tx:
        tx.execute(TRACKING_DDL)
        position = tx.scalar("SELECT position FROM tracking WHERE name = ?", (READ_MODELS,)) or 0
    projections = all_projections()
    apply = applier(projections)
    with scratch.transaction() as tx:
        tx.execute(TRACKING_DDL)
        for projection in projections:
            projection.drop(tx)
            projection.create(tx)
    for batch in stream_events(store, 0, 2000, stop=int(position)):
        with scratch.transaction() as tx:
            apply(tx, batch)
    return compare(live, scratch)
