"""Wake-ups between the processes of `freight serve` on an embedded SQLite store, over Unix datagrams.

SQLite has no LISTEN/NOTIFY. The followers' process binds a hub socket; every API worker binds its own and
says hello to the hub (at start and every `HELLO_EVERY` seconds, so a restarted hub learns its workers
again). What travels, one short datagram each, never the disk:

- worker -> hub `events`: this worker committed events; the read-model follower looks now;
- hub -> workers `<name>:<position>`: a follower's tracking row reached `position` (after its commit), so a
  command's read-your-writes wait ends at once;
- worker -> hub -> workers `client:<account>:<position>`: an account answered before the read models showed
  its write (api/fresh_answers.py); its next read on any worker waits for that position.

Sockets live in Linux's abstract namespace (no file to clean up, no path-length trouble with deep VAR_DIRs),
named after the store's read-model database. A lost datagram (a full buffer, a hub restarting) costs a
waiter at most `FALLBACK_POLL`: it then reads the tracking row itself, as on PostgreSQL.
"""

from __future__ import annotations

import errno
import hashlib
import logging
import os
import secrets
import socket
import time
from pathlib import Path

from infrastructure.wakeups import Wakeups, tracking_payload

log = logging.getLogger(__name__)

HELLO_EVERY = 1.0
# A worker that heard nothing from the hub for this long stops relying on it (and polls the row instead).
SILENT_AFTER = 3 * HELLO_EVERY
EVENTS = b"events"
HELLO = b"hello"
ACK = b"ack"


def hub_address(store: Path) -> bytes:
    """The hub's abstract socket name for the store whose read models live at `store`."""
    digest = hashlib.sha256(str(store.resolve()).encode()).hexdigest()[:24]
    return f"\0freight-wakeups-{digest}".encode()


class LocalWakeups(Wakeups):
    def __init__(self, store: Path, hub: bool) -> None:
        super().__init__()
        self.hub = hub
        self.hub_address = hub_address(store)
        self.address = (
            self.hub_address if hub else self.hub_address + f"-{os.getpid()}-{secrets.token_hex(4)}".encode()
        )
        self._subscribers: set[bytes] = set()
        self._heard = 0.0
        self._socket: socket.socket | None = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        try:
            self._socket.bind(self.address)
        except OSError as error:
            # Another followers' process holds the hub (the store lock should have refused that already).
            log.warning("wake-ups: cannot bind %r (%s); waiters will poll", self.address, error)
            self._socket.close()
            self._socket = None
        else:
            self._socket.settimeout(HELLO_EVERY / 2)

    # -- telling -----------------------------------------------------------------------------------------
    def committed(self) -> None:
        if not self.hub:
            self._send(self.hub_address, EVENTS)

    def applied(self, name: str, position: int) -> None:
        self.saw(name, position)
        if self.hub:
            self._broadcast(tracking_payload(name, position).encode())

    def publish(self, name: str, position: int) -> None:
        """Tell every worker (this one at once) that `name` reached `position`."""
        self.saw(name, position)
        message = tracking_payload(name, position).encode()
        if self.hub:
            self._broadcast(message)
        else:
            self._send(self.hub_address, message)

    def _send(self, address: bytes, message: bytes) -> bool:
        if self._socket is None:
            return False
        try:
            self._socket.sendto(message, socket.MSG_DONTWAIT, address)
            return True
        except BlockingIOError:  # the peer's buffer is full: its fallback poll covers this one
            return True
        except OSError as error:
            if error.errno not in (errno.ECONNREFUSED, errno.ENOENT):
                log.debug("wake-ups: sending to %r failed (%s)", address, error)
            return False

    def _broadcast(self, message: bytes) -> None:
        for address in list(self._subscribers):
            if not self._send(address, message):
                self._subscribers.discard(address)  # that worker is gone

    # -- listening ---------------------------------------------------------------------------------------
    def stop(self) -> None:
        super().stop()
        if self._socket is not None:
            self._socket.close()

    def _run(self) -> None:
        if self._socket is None:
            return
        self.live = self.hub
        next_hello = 0.0
        while not self._stopping.is_set():
            now = time.monotonic()
            if not self.hub:
                if now >= next_hello:
                    self._send(self.hub_address, HELLO)
                    next_hello = now + HELLO_EVERY
                self.live = now - self._heard < SILENT_AFTER
            try:
                message, sender = self._socket.recvfrom(512)
            except TimeoutError:
                continue
            except OSError:
                if self._stopping.is_set():
                    return
                raise
            self._receive(message, sender)
        self.live = False

    def _receive(self, message: bytes, sender: bytes) -> None:
        if self.hub:
            if message == HELLO:
                self._subscribers.add(sender)
                self._send(sender, ACK)
            elif message == EVENTS:
                for listener in self.on_events:
                    listener()
            else:  # an account's unshown write: every worker learns it
                self._note(message)
                self._broadcast(message)
            return
        self._heard = time.monotonic()
        self.live = True
        if message != ACK:
            self._note(message)

    def _note(self, message: bytes) -> None:
        name, _, position = message.decode(errors="replace").rpartition(":")
        if name and position.isdigit():
            self.saw(name, int(position))
