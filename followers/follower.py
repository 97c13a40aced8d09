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

import bisect
import logging
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from eventsourcing.utils import resolve_topic

from followers import dead_letters, heartbeats
from followers.dead_letters import transient
from followers.positions import TRACKING_DDL as TRACKING_DDL  # re-exported: the followers' table
from followers.positions import read_position as read_position
from infrastructure.event_store import SharedStore
from infrastructure.leases import STANDBY_RETRY, Lease
from infrastructure.read_db import ReadModelDB, Tx, send
from infrastructure.wakeups import FALLBACK_POLL, TRACKING_CHANNEL, Wakeups, tracking_payload

log = logging.getLogger(__name__)

Batch = Sequence[tuple[int, Any]]


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


def send_advance(tx: Tx, name: str, expected: int, position: int) -> Callable[[], None]:
    """`advance_position` whose answer is read later: the returned check raises `PositionMoved`.

    On a pipelined PostgreSQL transaction the statement goes out with the batch's first reads and all come
    back in one round trip (the row is still locked first, so a second process with the same batch waits
    there). Only for a follower whose `apply` does nothing outside its transaction: a batch someone else
    applied already runs its statements and then rolls back whole when the check raises."""
    answer = send(
        tx,
        "UPDATE tracking SET position = ? WHERE name = ? AND position = ? RETURNING position",
        (position, name, expected),
    )

    def check() -> None:
        if not answer():
            raise PositionMoved(f"{name}: tracking row is no longer at {expected}")

    return check


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


class SharedPages:
    """The notification log as this process's followers read it: one query per wake-up for all of them.

    The followers of one process (the read models and the policies) all read the same log from nearly the
    same place; each asked PostgreSQL for its own page at every wake-up. The last pages read are kept here
    (one run of consecutive notifications, as the store answered them) and a follower whose position lies
    in that run is answered from it, decoding and filtering as before on its own.

    A page shorter than asked means the log's end *at that query*: it is trusted only while no new events
    were announced since (`announce`: every poke of a follower, which each recorded command, a policy's
    commit and another process's NOTIFY or datagram cause) and for at most `FRESH_FOR`, so a commit nobody
    announced (another process writing a SQLite store without a wake-up) is found as soon as before."""

    FRESH_FOR = 0.05
    KEEP = 2000

    def __init__(self, store: SharedStore) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._after = -1  # the run holds every notification with an id in (_after, _after's last]
        self._run: list[Any] = []
        self._announced = 0  # new events announced so far (a counter, compared, never reset)
        self._end: tuple[int, float] | None = None  # (announcements, when) of a read that reached the end
        self.queries = 0

    def announce(self) -> None:
        with self._lock:
            self._announced += 1

    def select(self, start: int, limit: int) -> list[Any]:
        with self._lock:
            last = self._run[-1].id if self._run else self._after
            if self._after <= start <= last:
                found = self._run[bisect.bisect_right(self._run, start, key=_notification_id) :][:limit]
                end = self._end
                if len(found) == limit or (
                    end is not None
                    and end[0] == self._announced
                    and time.monotonic() - end[1] < self.FRESH_FOR
                ):
                    return found
            announced = self._announced
        asked = time.monotonic()
        page = self.store.recorder.select_notifications(start=start, limit=limit, inclusive_of_start=False)
        with self._lock:
            self.queries += 1
            last = self._run[-1].id if self._run else self._after
            if self._after <= start <= last:  # the page continues the run: keep the older part for laggards
                index = bisect.bisect_right(self._run, start, key=_notification_id)
                self._run = [*self._run[:index], *page]
            else:
                self._after, self._run = start, list(page)
            if len(self._run) > self.KEEP:
                dropped = len(self._run) - self.KEEP
                self._after = self._run[dropped - 1].id
                self._run = self._run[dropped:]
            self._end = (announced, asked) if len(page) < limit else None
        return list(page)


def _notification_id(notification: Any) -> int:
    return int(notification.id)


_shared_pages: weakref.WeakKeyDictionary[SharedStore, SharedPages] = weakref.WeakKeyDictionary()
_shared_lock = threading.Lock()


def shared_pages(store: SharedStore) -> SharedPages:
    """The one `SharedPages` of this store in this process."""
    with _shared_lock:
        pages = _shared_pages.get(store)
        if pages is None:
            pages = _shared_pages[store] = SharedPages(store)
        return pages


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
        effects_in_transaction: bool = False,
    ) -> None:
        self.name = name
        # `apply` writes only inside the batch's transaction (the read models, not a policy that sends or
        # records elsewhere): the tracking row's compare-and-set is then read at the end of the batch
        # (`send_advance`), one round trip less per batch.
        self.effects_in_transaction = effects_in_transaction
        # A policy that acts on a few event classes: the others are skipped by their stored topic, never
        # decoded (the position still moves past them). None: every event is decoded and applied.
        self.skips = None if handles is None else TopicFilter(handles)
        self.store = store
        # The pages every follower of this store in this process reads from (one query per wake-up).
        self.pages = shared_pages(store)
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
        # Poison events: tries of one event, and parking it after `PARK_AFTER` (followers/dead_letters.py).
        self.poison = Poison(self)
        self._suspect_until = 0
        self.holder = heartbeats.holder_name()
        self._last_beat = float("-inf")
        with db.transaction() as tx:
            tx.execute(TRACKING_DDL)
            dead_letters.ensure(tx)
            heartbeats.ensure(tx)
            tx.execute(
                "INSERT INTO tracking (name, position) VALUES (?, 0) ON CONFLICT (name) DO NOTHING", (name,)
            )
            self.position = read_position(tx, name)

    # -- running -------------------------------------------------------------------------------------
    def start(self) -> None:
        self._stopping.clear()  # a stopped follower may be started again
        if self.lease is None:  # the only process following this store: its holder from now on
            self._heartbeat()
        self._thread = threading.Thread(target=self._run, name=f"follower-{self.name}", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._poked.set()
        with self._changed:  # a reader waiting for a position is told now, not at its timeout
            self._changed.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
        self.active = False
        if self.lease is not None:
            self.lease.release()

    def poke(self) -> None:
        """A command was just saved: look now rather than at the next poll."""
        self.pages.announce()  # before the wake-up: the page that reached the log's end is old now
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
                self._heartbeat()
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

    def _heartbeat(self) -> None:
        """This process holds the group: say so now and then (followers/heartbeats.py)."""
        now = time.monotonic()
        if now - self._last_beat >= heartbeats.HEARTBEAT_INTERVAL:
            heartbeats.beat(self.db, self.name, self.holder)
            self._last_beat = now

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
        """Apply the next batch, if any; answer how many events it held (a parked event counts)."""
        # After a failed batch, one event at a time up to its end, to find the one that fails.
        limit = 1 if self.position < self._suspect_until else self.batch_size
        notifications = self.pages.select(self.position, limit)
        if not notifications:
            return 0
        last = notifications[-1].id
        try:
            skips, decode = self.skips, self.store.mapper.to_domain_event
            batch = [(n.id, decode(n)) for n in notifications if skips is None or not skips(n.topic)]
            # Not durable: a follower's rows and position are rebuilt from the (durable) event store, and
            # replaying a lost tail is what a restart does anyway (docs/decisions/0002).
            with self.db.transaction(durable=False) as tx:
                if self.effects_in_transaction:
                    moved = send_advance(tx, self.name, self.position, last)
                    self.apply(tx, batch)
                    moved()
                else:
                    advance_position(tx, self.name, self.position, last)
                    self.apply(tx, batch)
                if tx.dialect == "postgres":  # delivered at commit to every process's waiters
                    tx.execute(
                        "SELECT pg_notify(?, ?)", (TRACKING_CHANNEL, tracking_payload(self.name, last))
                    )
        except PositionMoved:
            raise
        except Exception as error:
            if self.effects_in_transaction and self._moved_elsewhere():
                # The batch failed because another process applied it first (its rows exist): not poison.
                raise PositionMoved(f"{self.name}: tracking row is no longer at {self.position}") from error
            if transient(error) or not self.poison.failed(notifications, error):
                raise
            if len(notifications) > 1:  # narrow it down at once, one event at a time
                self._suspect_until = last
                return self.apply_next()
        else:
            self.poison.applied(last)
        self._moved_to(last)
        return len(notifications)

    def _moved_elsewhere(self) -> bool:
        """Whether the tracking row left the position this follower holds (read afresh; False when it
        cannot be read: the failure is then dealt with as any other)."""
        try:
            with self.db.read() as tx:
                return read_position(tx, self.name) != self.position
        except Exception:
            return False

    def _moved_to(self, position: int) -> None:
        if self.wakeups is not None:  # SQLite's several processes: told after the commit (a datagram)
            self.wakeups.applied(self.name, position)
        with self._changed:
            self.position = position
            self._changed.notify_all()

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
                if remaining <= 0 or self._stopping.is_set():
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


class Poison:
    """A follower's failed tries of one event, and the parking of an event that keeps failing.

    `failed(notifications, error)` answers True when the failure is dealt with here: a batch of several
    events is narrowed down (the follower then applies one at a time), and one event that failed
    `PARK_AFTER` times is parked: recorded in `dead_letters` and passed, in one transaction."""

    def __init__(self, follower: Follower) -> None:
        self.follower = follower
        self._tries: dict[int, tuple[int, str]] = {}

    def applied(self, position: int) -> None:
        if self._tries:
            self._tries = {p: t for p, t in self._tries.items() if p > position}

    def failed(self, notifications: Sequence[Any], error: Exception) -> bool:
        if len(notifications) > 1:
            log.warning(
                "follower %s: a batch failed (%s); applying it one event at a time",
                self.follower.name,
                dead_letters.describe(error),
            )
            return True
        notification = notifications[0]
        tries, first = self._tries.get(notification.id, (0, dead_letters.now_text()))
        tries += 1
        if tries < dead_letters.PARK_AFTER:
            self._tries[notification.id] = (tries, first)
            return False
        follower = self.follower
        with follower.db.transaction() as tx:
            advance_position(tx, follower.name, follower.position, notification.id)
            dead_letters.park(tx, follower.name, notification, error, tries, first)
            if tx.dialect == "postgres":
                payload = tracking_payload(follower.name, notification.id)
                tx.execute("SELECT pg_notify(?, ?)", (TRACKING_CHANNEL, payload))
        self._tries.pop(notification.id, None)
        log.error(
            "follower %s: parked event %s (%s) after %s tries: %s",
            follower.name,
            notification.id,
            notification.topic,
            tries,
            dead_letters.describe(error),
        )
        return True
