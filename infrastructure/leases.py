"""One active follower per group: a PostgreSQL session advisory lock, held on a connection of its own.

The first process to take a group's lock applies it; any other waits as a hot standby and tries again every
`STANDBY_RETRY` seconds. The lock lives as long as the holder's session: when the holder dies (kill -9, a lost
host) PostgreSQL ends the session and frees the lock, and a standby takes over at its next try. A holder pings
its session now and then, so one whose connection broke (an outage) stops and competes again.

The lock only decides who should work. What keeps two processes from applying the same batch even in the
moment a lock changes hands is the follower's tracking row (moved by compare-and-set in the batch's
transaction, followers/follower.py).
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

log = logging.getLogger(__name__)

STANDBY_RETRY = 0.5
# How often a holder confirms its session is still alive.
PING_INTERVAL = 1.0


def lock_key(group: str) -> int:
    """A stable signed 64-bit key for `pg_try_advisory_lock` (Python's hash() differs per process)."""
    return int.from_bytes(
        hashlib.blake2b(f"freight-follower:{group}".encode(), digest_size=8).digest(), "big", signed=True
    )


class Lease:
    def __init__(self, conninfo: str, group: str) -> None:
        self.conninfo = conninfo
        self.group = group
        self.key = lock_key(group)
        self._conn: Any = None
        self.held = False
        self._checked = 0.0

    def hold(self) -> bool:
        """Whether this process holds the group's lock now; takes it when it is free."""
        import psycopg

        try:
            if self._conn is None or self._conn.closed:
                self.held = False
                self._conn = psycopg.connect(self.conninfo, autocommit=True, connect_timeout=2)
            now = time.monotonic()
            if self.held:
                if now - self._checked >= PING_INTERVAL:
                    self._conn.execute("SELECT 1")
                    self._checked = now
                return True
            row = self._conn.execute("SELECT pg_try_advisory_lock(%s)", (self.key,)).fetchone()
            self.held = bool(row and row[0])
            self._checked = now
            if self.held:
                log.info("follower %s: active (lock taken)", self.group)
            return self.held
        except psycopg.Error as error:
            if self.held:
                log.warning("follower %s: lost its lock's session (%s); standing by", self.group, error)
            self.release()
            return False

    def release(self) -> None:
        self.held = False
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:
                log.debug("closing the lock session failed", exc_info=True)


@contextmanager
def schema_lock(conninfo: str) -> Iterator[None]:
    """Serialise start-up schema work across processes (API workers and followers start together).

    `CREATE TABLE IF NOT EXISTS` is not safe against a concurrent twin on PostgreSQL: both see no table,
    and the second fails on the catalog's unique index. Held on a session of its own, for the duration."""
    import psycopg

    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (lock_key("schema"),))
        try:
            yield
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (lock_key("schema"),))
