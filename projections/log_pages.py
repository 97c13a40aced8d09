"""The event log read a page at a time, for a rebuild (projections/rebuild.py) and its helper process.

On PostgreSQL a page is one binary, tuple-row query on the library's events table rather than
`select_notifications` (which builds a dict and a `Notification` per row): the same rows, a fifth of the
client CPU. Pages are read ahead on a thread (`prefetched`) while the current one is applied.
"""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar, cast
from uuid import UUID

from eventsourcing.persistence import DatetimeAsISO, DecimalAsStr, StoredEvent, UUIDAsHex
from eventsourcing.utils import resolve_topic

from domain.shared.personal import personal_fields
from infrastructure.event_store import SharedStore
from infrastructure.transcoding import FastJSONTranscoder
from projections.projection import Projection

T = TypeVar("T")


class Unreadable:
    """An event of a page that could not be decoded (its topic names no class, its state is not what its
    class reads): carried in the page in its place, so the page is read and this one event is parked."""

    def __init__(self, error: Exception) -> None:
        self.error = error


def readable(batch: Sequence[tuple[int, Any]]) -> None:
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

    preload = key_preloader(store)
    for rows in stored_pages(store, stop, batch_size, text_ids=text_ids):
        chosen = [row for row in rows if handled(row)]
        preload(chosen)
        yield (rows, [(row.notification_id, decoded(row)) for row in chosen])


def key_preloader(store: SharedStore) -> Callable[[Sequence[Any]], None]:
    """A function that loads the personal-data keys of the stored events about to be decoded, a page's in one
    statement or a few (`PersonalDataVault.preload`). Without it every subject's first field asked the store
    on its own: one query (on PostgreSQL one round trip) per booking, notification or account, the largest
    part of decoding a seeded history."""
    personal: dict[str, bool] = {}

    def preload(rows: Sequence[Any]) -> None:
        subjects = []
        for row in rows:
            topic = row.topic
            known = personal.get(topic)
            if known is None:
                try:
                    known = bool(personal_fields(resolve_topic(topic)))
                except Exception:  # a topic naming no class: its decoding fails (and parks) anyway
                    known = False
                personal[topic] = known
            if known:
                subjects.append(str(row.originator_id))
        if subjects:
            store.vault.preload(subjects)

    return preload


def stored_pages(
    store: SharedStore, stop: int, batch_size: int, *, text_ids: bool = False
) -> Iterator[Sequence[Any]]:
    """The log up to `stop` in pages of stored events (notification_id, originator_id, originator_version,
    topic, state), not decoded. `text_ids`: originator_id as its text on PostgreSQL (no UUID object made
    for a reader that wants the text; the mapper still turns it into the UUID when it decodes)."""
    read = pg_page_reader(store, text_ids) or sqlite_page_reader(store) or _library_page_reader(store)
    position = 0
    while position < stop:
        rows = read(position, stop, batch_size)
        if not rows:
            return
        yield rows
        position = rows[-1].notification_id
        if len(rows) < batch_size:
            return


def plain_json_store(store: SharedStore) -> bool:
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


class PageRow(NamedTuple):
    """A stored event of a page as the SQLite reader gives it (the fields the mapper and the rebuild read)."""

    notification_id: int
    originator_id: Any
    originator_version: int
    topic: str
    state: bytes


def sqlite_page_reader(store: SharedStore) -> Callable[[int, int, int], Sequence[Any]] | None:
    """One page of the log on SQLite by one plain-tuple query on the library's events table: the rows
    `select_notifications` gives (originator_id a UUID, as it converts it: SQLite stores its hex without
    hyphens, so there is no text of PostgreSQL's form to hand on), without its `sqlite3.Row`, `Notification`
    and a frozen dataclass per row."""
    module = sys.modules.get("eventsourcing.sqlite")
    recorder = store.recorder
    if module is None or not isinstance(recorder, module.SQLiteApplicationRecorder):
        return None
    datastore = recorder.datastore
    statement = (
        "SELECT rowid, originator_id, originator_version, topic, state"
        f" FROM {recorder.events_table_name} WHERE rowid > ? AND rowid <= ? ORDER BY rowid LIMIT ?"
    )
    as_uuid = datastore.originator_id_type == "uuid"

    def read(after: int, stop: int, limit: int) -> Sequence[Any]:
        with datastore.transaction(commit=False) as cursor:
            plain = cursor.sqlite_cursor
            plain.row_factory = None
            plain.execute(statement, (after, stop, limit))
            rows = plain.fetchall()
        if as_uuid:
            return [PageRow(n, UUID(o), v, t, s) for n, o, v, t, s in rows]
        return [PageRow(*row) for row in rows]

    return read


def pg_page_reader(
    store: SharedStore, text_ids: bool = False
) -> Callable[[int, int, int], Sequence[Any]] | None:
    # Looked up, not imported: a SQLite store never loads the PostgreSQL module (and psycopg) for this.
    module = sys.modules.get("eventsourcing.postgres")
    recorder = store.recorder
    if module is None or not isinstance(recorder, module.PostgresApplicationRecorder):
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


_END = object()


def prefetched(batches: Iterator[T], ahead: int = 2) -> Iterator[T]:
    """Iterate `batches` on a helper thread, at most `ahead` batches in advance, from now on (not from the
    first `next`: the helper process reads its first pages before the tables are there to write).

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

    def consume() -> Iterator[T]:
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

    return consume()
