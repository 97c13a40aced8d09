"""Each follower's position: its row in `tracking`, committed with the rows its batch wrote."""

from __future__ import annotations

from infrastructure.read_db import Tx

TRACKING_DDL = "CREATE TABLE IF NOT EXISTS tracking (name TEXT PRIMARY KEY, position BIGINT NOT NULL)"


def read_position(tx: Tx, name: str) -> int:
    value = tx.scalar("SELECT position FROM tracking WHERE name = ?", (name,))
    return int(value) if value is not None else 0
