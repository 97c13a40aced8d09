"""PostgreSQL LISTEN/NOTIFY for the processes of one deployment: who learns what, without polling.

Two channels:

- the store's own channel (the library sends `NOTIFY <events table>` in every insert's transaction): a
  follower wakes as soon as any process committed events, instead of at its next idle poll;
- `freight_tracking`: a follower sends `<name>:<position>` in the transaction that moves its tracking row, so
  an API worker whose read-your-writes wait watches that row learns of it at the commit.

One listening connection per process, on a thread of its own. Polling stays the fallback: a waiter never
waits longer than `FALLBACK_POLL` without looking at the table itself, so a lost notification (a dropped
connection, an outage) costs at most that delay. When the connection comes back after an outage the
process's pools are told to check their idle connections, so no command is handed one that died with the
old server.
"""

from __future__ import annotations

import logging
import select
import socket
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

TRACKING_CHANNEL = "freight_tracking"
# The longest a waiter relies on notifications alone before it reads the tracking row itself.
FALLBACK_POLL = 0.25
RECONNECT_WAIT = 0.2


def tracking_payload(name: str, position: int) -> str:
    return f"{name}:{position}"


class Wakeups:
    """What a process learns from the others: positions reached (tracking rows, accounts' unshown writes)
    and that new events were committed. Subclasses carry it (PostgreSQL's NOTIFY, a Unix socket)."""

    def __init__(self) -> None:
        # Called (on the listening thread) whenever some process committed new events.
        self.on_events: list[Callable[[], None]] = []
        self._positions: dict[str, int] = {}
        self._changed = threading.Condition()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self.live = False  # listening now (a waiter may rely on notifications between its polls)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="wakeups", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    # -- waiting ---------------------------------------------------------------------------------------
    def position(self, name: str) -> int:
        return self._positions.get(name, 0)

    def wait_for(self, name: str, position: int, timeout: float) -> bool:
        """Block until a notification says `name` reached `position`, at most `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while self._positions.get(name, 0) < position:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._changed.wait(remaining)
        return True

    def saw(self, name: str, position: int) -> None:
        with self._changed:
            if position > self._positions.get(name, 0):
                self._positions[name] = position
                self._changed.notify_all()

    # -- telling the other processes -------------------------------------------------------------------
    def committed(self) -> None:
        """This process committed events (the followers' process should look now)."""

    def applied(self, name: str, position: int) -> None:
        """A follower of this process committed its tracking row at `position` (after the commit)."""

    def _run(self) -> None:
        raise NotImplementedError


class PostgresWakeups(Wakeups):
    def __init__(
        self,
        conninfo: str,
        events_channel: str,
        on_reconnected: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.conninfo = conninfo
        self.events_channel = events_channel
        self.on_reconnected = on_reconnected
        # Written to by `stop`: the listening thread waits on it beside the connection.
        self._stop_reader, self._stop_writer = socket.socketpair()

    def stop(self) -> None:
        if not self._stopping.is_set():
            self._stopping.set()
            self._stop_writer.send(b"x")
        thread = self._thread
        super().stop()
        if thread is None or not thread.is_alive():
            self._stop_reader.close()
            self._stop_writer.close()

    # -- listening -------------------------------------------------------------------------------------
    def _run(self) -> None:
        import psycopg
        from psycopg import sql

        outage = False
        while not self._stopping.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True, connect_timeout=2) as conn:
                    if self.events_channel:  # none where no follower runs (an API worker): no wake per commit
                        conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(self.events_channel)))
                    conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(TRACKING_CHANNEL)))
                    self.live = True
                    if outage:
                        outage = False
                        log.info("database reachable again; checking pooled connections")
                        self._reconnected()
                    while not self._stopping.is_set():
                        # Wakes for a notification (or a lost connection) and for `stop`, at once for either.
                        stop = self._stop_reader.fileno()
                        readable, _, _ = select.select([conn.fileno(), stop], [], [])
                        if stop in readable:
                            break
                        for notify in conn.notifies(timeout=0):
                            self._dispatch(notify.channel, notify.payload)
            except psycopg.Error as error:
                if not outage:
                    log.warning("wake-up connection lost (%s); polling until it is back", error)
                outage = True
                self.live = False
                self._stopping.wait(RECONNECT_WAIT)
        self.live = False

    def _reconnected(self) -> None:
        if self.on_reconnected is not None:
            try:
                self.on_reconnected()
            except Exception:
                log.exception("checking pooled connections failed")
        # Whatever was committed while nobody listened: let followers look.
        self._dispatch(self.events_channel, "")

    def _dispatch(self, channel: str, payload: str) -> None:
        if channel == TRACKING_CHANNEL:
            name, _, position = payload.rpartition(":")
            if name and position.isdigit():
                self.saw(name, int(position))
            return
        for listener in self.on_events:
            listener()
