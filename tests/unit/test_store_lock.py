"""The store's lock on SQLite: servers and verify share it, a rebuild needs it alone, and a holder that dies
frees it. (PostgreSQL's advisory lock: its release below, and the CLI matrix against a running server.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from infrastructure.store_lock import StoreBusy, StoreLock
from tests.pg import Cluster


def test_shared_holders_coexist_and_keep_a_rebuild_out(tmp_path: Path) -> None:
    path = tmp_path / "store-use.lock"
    server, verify, rebuild = StoreLock(path=path), StoreLock(path=path), StoreLock(path=path)
    server.acquire(exclusive=False)
    verify.acquire(exclusive=False)
    with pytest.raises(StoreBusy):
        rebuild.acquire(exclusive=True)
    server.release()
    with pytest.raises(StoreBusy):
        rebuild.acquire(exclusive=True)
    verify.release()
    rebuild.acquire(exclusive=True)
    with pytest.raises(StoreBusy):
        server.acquire(exclusive=False)
    rebuild.release()
    server.acquire(exclusive=False)
    server.release()


def test_a_holder_that_is_killed_frees_the_store(tmp_path: Path) -> None:
    path = tmp_path / "store-use.lock"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from infrastructure.store_lock import StoreLock;"
            f" lock = StoreLock(path=Path({str(path)!r})); lock.acquire(exclusive=False);"
            " print('held', flush=True); time.sleep(60)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(StoreBusy):
            StoreLock(path=path).acquire(exclusive=True)
    finally:
        holder.kill()
        holder.wait()
    rebuild = StoreLock(path=path)
    rebuild.acquire(exclusive=True)
    rebuild.release()


def test_a_released_advisory_lock_is_free_when_release_returns(
    pg_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL frees a closed session's locks only once its backend has exited, after the client's
    `close()` returned: a rebuild started right after a server stopped found the store in use (seen in a
    full run under load). A session that outlives `close()` stands for that backend here; the lock must be
    free all the same, because release unlocks before it ends the session."""
    import psycopg

    conninfo = pg_cluster.create_database()
    server = StoreLock(conninfo=conninfo)
    server.acquire(exclusive=False)
    lingering = server._conn
    monkeypatch.setattr(lingering, "close", lambda: None)  # the backend is still there after close()
    try:
        server.release()
        rebuild = StoreLock(conninfo=conninfo)
        rebuild.acquire(exclusive=True)
        rebuild.release()
    finally:
        psycopg.Connection.close(lingering)
