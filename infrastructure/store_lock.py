"""Who is using a store: servers, followers and `freight verify` share it; a rebuild needs it alone.

`freight replay` and `freight seed-demo` drop and recreate the read-model tables; a running server reading
or following them at that moment would answer errors and write rows into tables being rebuilt. So every
process that uses the read models holds the store's lock shared, and a rebuild takes it exclusively or
refuses. The lock dies with its holder (kill -9 included), so a crash never leaves the store locked:

- SQLite (`VAR_DIR`): `flock` on `VAR_DIR/store.lock`.
- PostgreSQL (one database, whatever `VAR_DIR` says): a session advisory lock on a connection of its own.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
from pathlib import Path
from typing import Any


class StoreBusy(Exception):
    """The store is held the other way (a server while a rebuild is wanted, or the reverse)."""


def lock_key(name: str) -> int:
    """A stable signed 64-bit advisory-lock key (Python's hash() differs per process)."""
    digest = hashlib.blake2b(f"freight-store:{name}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class StoreLock:
    """One hold on a store's lock (shared or exclusive) by this process; `release()` gives it back."""

    def __init__(self, *, path: Path | None = None, conninfo: str | None = None, name: str = "use") -> None:
        if (path is None) == (conninfo is None):
            raise ValueError("a store lock needs a lock file (SQLite) or a conninfo (PostgreSQL)")
        self.path = path
        self.conninfo = conninfo
        self.name = name
        self._fd: int | None = None
        self._conn: Any = None

    @property
    def held(self) -> bool:
        return self._fd is not None or self._conn is not None

    def acquire(self, *, exclusive: bool) -> None:
        """Take the lock without waiting; raise `StoreBusy` when another process holds it the other way."""
        if self.held:
            raise RuntimeError("this lock is held already")
        if self.path is not None:
            self._acquire_file(exclusive)
        else:
            self._acquire_advisory(exclusive)

    def _acquire_file(self, exclusive: bool) -> None:
        assert self.path is not None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise StoreBusy(self.path) from None
        self._fd = fd

    def _acquire_advisory(self, exclusive: bool) -> None:
        import psycopg

        conn = psycopg.connect(str(self.conninfo), autocommit=True, connect_timeout=5)
        function = "pg_try_advisory_lock" if exclusive else "pg_try_advisory_lock_shared"
        row = conn.execute(f"SELECT {function}(%s)", (lock_key(self.name),)).fetchone()
        if not (row and row[0]):
            conn.close()
            raise StoreBusy(self.name)
        self._conn = conn

    def __del__(self) -> None:
        # A holder dropped without release (its owner failed while starting): a raw descriptor would
        # otherwise stay open, and the store locked, for the rest of the process.
        # (At interpreter exit this may fail: the process ending frees the lock anyway.)
        with contextlib.suppress(Exception):
            self.release()

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)  # closing the descriptor drops the flock
        conn, self._conn = self._conn, None
        if conn is not None:
            # Unlocked first, then the session ended: the server frees a closed session's locks only once its
            # backend has exited, after `close()` returned, so a rebuild started right after a server stopped
            # could still find the store in use. If the session is gone already, so is the lock.
            with contextlib.suppress(Exception):
                conn.execute("SELECT pg_advisory_unlock_all()")
            with contextlib.suppress(Exception):
                conn.close()
