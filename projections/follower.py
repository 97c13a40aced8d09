"""Followers read the store's notification log in order and apply it, each with its own tracking row.

A pull loop over `select_notifications` works on SQLite and PostgreSQL alike (the library's subscriptions
need PostgreSQL). A follower's position commits in the same read-model transaction as the rows it wrote,
so a restart resumes exactly where it stopped.

Several processes may run the same follower (a hot standby, a rolling deploy). On PostgreSQL only the holder
of the group's advisory lock works (infrastructure/leases.py); and each batch's transaction first moves the
tracking row from the position the follower read to the batch's last one (compare-and-set), so a batch
someone else applied already rolls back whole instead of being applied twice. After any failed batch the
follower reads its tracked position again rather than trusting the one it held.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from eventsourcing.utils import resolve_topic

from infrastructure.event_store import SharedStore
from infrastructure.leases import STANDBY_RETRY, Lease
from infrastructure.read_db import ReadModelDB, Tx
from infrastructure.wakeups import FALLBACK_POLL, TRACKING_CHANNEL, Wakeups, tracking_payload

log = logging.getLogger(__name__)

TRACKING_DDL = "CREATE TABLE IF NOT EXISTS tracking (name TEXT PRIMARY KEY, position BIGINT NOT NULL)"

Batch = Sequence[tuple[int, Any]]


def read_position(tx: Tx, name: str) -> int:
    value = tx.scalar("SELECT position FROM tracking WHERE name = ?", (name,))
    return int(value) if value is not None else 0


class PositionMoved(Exception):
    """The tracking row is not where this follower left it: another process applied that batch."""


def advance_position(tx: Tx, name: str, expected: int, position: int) -> None:
    """Move the tracking row from `expected` to `position`, or raise `PositionMoved` (rolling back).

    Issued first in the batch's transaction: on PostgreSQL it also locks the row, so a second process with
    the same batch waits here, then finds the row moved and applies nothing."""
    moved = tx.scalar(
        "UPDATE tracking SET position = ? WHERE name = ? AND position = ? RETURNING position",
        (position, name, expected),
    )
    if moved is None:
        raise PositionMoved(f"{name}: tracking row is no longer at {expected}")


def write_position(tx: Tx, name: str, position: int) -> None:
    tx.execute(
        "INSERT INTO tracking (name, position) VALUES (?, ?) "
        "ON CONFLICT (name) DO UPDATE SET position = excluded.position",
        (name, position),
    )


def stream_events(
    store: SharedStore, after: int, batch_size: int, stop: int | None = None
) -> Iterator[list[tuple[int, Any]]]:
    """Batches of (position, domain event) after `after`, up to `stop`; never the whole history at once."""
    position = after
    while True:
        notifications = store.recorder.select_notifications(
            start=position, limit=batch_size, stop=stop, inclusive_of_start=False
        )
        if not notifications:
            return
        yield [(n.id, store.mapper.to_domain_event(n)) for n in notifications]
        position = notifications[-1].id
        if len(notifications) < batch_size:
            return


class TopicFilter:
    """Whether a stored event's topic names a class outside `handles` (decided once per topic)."""

    def __init__(self, handles: tuple[type, ...]) -> None:
        self.handles = handles
        self._skip: dict[str, bool] = {}

    def __call__(self, topic: str) -> bool:
        skip = self._skip.get(topic)
        if skip is None:
            try:
                skip = not issubclass(resolve_topic(topic), self.handles)
            except Exception:  # an unknown topic: decode it, and let decoding say what is wrong
                skip = False
            self._skip[topic] = skip
        return skip


class Follower:
    """Keeps one consumer (all read models, or one policy) current with the store."""

    def __init__(
        self,
        name: str,
        store: SharedStore,
        db: ReadModelDB,
        apply: Callable[[Tx, Batch], None],
        *,
        batch_size: int = 500,
        idle_wait: float = 0.2,
        on_error_wait: float = 1.0,
        lease: Lease | None = None,
        wakeups: Wakeups | None = None,
        handles: tuple[type, ...] | None = None,
    ) -> None:
        self.name = name
        # A policy that acts on a few event classes: the others are skipped by their stored topic, never
        # decoded (the position still moves past them). None: every event is decoded and applied.
        self.skips = None if handles is None else TopicFilter(handles)
        self.store = store
        self.db = db
        self.apply = apply
        self.batch_size = batch_size
        self.idle_wait = idle_wait
        self.on_error_wait = on_error_wait
        # PostgreSQL: the group's lock (only its holder applies) and the process's notifications.
        self.lease = lease
        self.wakeups = wakeups
        # Applying in this process now (False while standing by for another process's follower).
        self.active = False
        self._changed = threading.Condition()
        self._poked = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        with db.transaction() as tx:
            tx.execute(TRACKING_DDL)
            tx.execute(
                "INSERT INTO tracking (name, position) VALUES (?, 0) ON CONFLICT (name) DO NOTHING", (name,)
            )
            self.position = read_position(tx, name)

    # -- running -------------------------------------------------------------------------------------
    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=f"follower-{self.name}", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._poked.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
        self.active = False
        if self.lease is not None:
            self.lease.release()

    def poke(self) -> None:
        """A command was just saved: look now rather than at the next poll."""
        self._poked.set()

    def _run(self) -> None:
        while not self._stopping.is_set():
            if self.lease is not None and not self.lease.hold():
                self.active = False
                self._stopping.wait(STANDBY_RETRY)
                continue
            try:
                if not self.active:
                    # Starting, or taking over: whoever held the group before may have moved the row.
                    self.reload_position()
                    self.active = True
                applied = self.apply_next()
            except PositionMoved:
                log.warning("follower %s: another process applied this batch; re-reading", self.name)
                self._recover()
                continue
            except Exception:
                log.exception("follower %s failed; retrying", self.name)
                self._recover()
                self._stopping.wait(self.on_error_wait)
                continue
            # A short page means the log's end was reached: asking again at once would only cost an empty
            # query, so wait for a poke (a command just saved) or the idle timeout.
            if applied < self.batch_size:
                self._poked.wait(self.idle_wait)
                self._poked.clear()

    def _recover(self) -> None:
        """After a failed batch: never trust the position held in memory; read the tracked one."""
        try:
            self.reload_position()
        except Exception:
            self.active = False  # could not read it (the database is away): read it before the next batch
            log.warning("follower %s: could not re-read its position yet", self.name)

    def reload_position(self) -> int:
        with self.db.read() as tx:
            position = read_position(tx, self.name)
        with self._changed:
            self.position = position
            self._changed.notify_all()
        return position

    def step(self) -> bool:
        """Apply the next batch, if any. Returns whether anything was applied."""
        return self.apply_next() > 0

    def apply_next(self) -> int:
        """Apply the next batch, if any; answer how many events it held."""
        notifications = self.store.recorder.select_notifications(
            start=self.position, limit=self.batch_size, inclusive_of_start=False
        )
        if not notifications:
            return 0
        skips, decode = self.skips, self.store.mapper.to_domain_event
        batch = [(n.id, decode(n)) for n in notifications if skips is None or not skips(n.topic)]
        last = notifications[-1].id
        # Not durable: a follower's rows and position are rebuilt from the (durable) event store, and
        # replaying a lost tail is what a restart does anyway (see DESIGN-NOTES, Benchmarks).
        with self.db.transaction(durable=False) as tx:
            advance_position(tx, self.name, self.position, last)
            self.apply(tx, batch)
            if tx.dialect == "postgres":  # delivered at commit to every process's waiters
                tx.execute("SELECT pg_notify(?, ?)", (TRACKING_CHANNEL, tracking_payload(self.name, last)))
        if self.wakeups is not None:  # SQLite's several processes: told after the commit (a datagram)
            self.wakeups.applied(self.name, last)
        with self._changed:
            self.position = last
            self._changed.notify_all()
        return len(notifications)

    def catch_up(self) -> int:
        """Apply everything stored so far (used by tools and tests that run no thread)."""
        while self.step():
            pass
        return self.position

    def wait_for(self, position: int, timeout: float = 1.0) -> bool:
        """Block until this follower has applied `position` (read-your-writes), at most `timeout` seconds."""
        if self.position >= position:
            return True
        if self._thread is None or not self.active:
            return self._await_tracking(position, timeout)
        self.poke()
        deadline = time.monotonic() + timeout
        with self._changed:
            while self.position < position:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._changed.wait(remaining)
        return True

    def _await_tracking(self, position: int, timeout: float) -> bool:
        """Another process applies this follower (a worker with followers off, or a standby): watch its
        tracking row, woken by its notifications where there are any and reading the row as the fallback."""
        deadline = time.monotonic() + timeout
        # Listening: the notification usually comes within milliseconds; wait for it before reading the row
        # (one database round trip less per command in an API worker).
        wakeups = self.wakeups
        if (
            wakeups is not None
            and wakeups.live
            and wakeups.wait_for(self.name, position, min(timeout, FALLBACK_POLL))
        ):
            return True
        while True:
            if self.wakeups is not None and self.wakeups.position(self.name) >= position:
                return True
            with self.db.read() as tx:
                tracked = read_position(tx, self.name)
            if tracked >= position:
                return True
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            if self.wakeups is not None and self.wakeups.live:
                if self.wakeups.wait_for(self.name, position, min(remaining, FALLBACK_POLL)):
                    return True
            else:
                time.sleep(min(remaining, 0.01))
