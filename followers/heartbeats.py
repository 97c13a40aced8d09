"""Each follower group's holder says it is alive: a heartbeat row per group.

The holder of a group (the process that applies it: the one process on SQLite, the lock's holder on
PostgreSQL) writes `follower_heartbeats` every `HEARTBEAT_INTERVAL` seconds while it runs, with its name
(host and pid). `/health` reads the rows: a group whose last heartbeat is older than its threshold has no
live holder, whatever its position says. Wall-clock seconds (epoch), since the reader is another process.
"""

from __future__ import annotations

import os
import socket
import time
from typing import Any

from infrastructure.read_db import ReadModelDB, Tx

HEARTBEAT_INTERVAL = 2.0

HEARTBEATS_DDL = (
    "CREATE TABLE IF NOT EXISTS follower_heartbeats"
    " (follower TEXT PRIMARY KEY, holder TEXT NOT NULL, beat_at DOUBLE PRECISION NOT NULL)"
)


def holder_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def ensure(tx: Tx) -> None:
    tx.execute(HEARTBEATS_DDL)


def beat(db: ReadModelDB, follower: str, holder: str) -> None:
    with db.transaction(durable=False) as tx:
        tx.execute(
            "INSERT INTO follower_heartbeats (follower, holder, beat_at) VALUES (?, ?, ?)"
            " ON CONFLICT (follower) DO UPDATE SET holder = excluded.holder, beat_at = excluded.beat_at",
            (follower, holder, time.time()),
        )


def heartbeats(tx: Tx) -> dict[str, dict[str, Any]]:
    """{follower: {holder, beat_at}} (empty when no follower ever ran)."""
    if tx.dialect == "sqlite":
        present = tx.scalar(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'follower_heartbeats'"
        )
    else:
        present = tx.scalar("SELECT to_regclass('follower_heartbeats')")
    if present is None:
        return {}
    rows = tx.all("SELECT follower, holder, beat_at FROM follower_heartbeats")
    return {str(r["follower"]): {"holder": r["holder"], "beat_at": float(r["beat_at"])} for r in rows}
