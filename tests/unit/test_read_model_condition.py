"""Which read models a follower may carry on from, and which followers are behind the head."""

from __future__ import annotations

from pathlib import Path

from infrastructure.read_db import SqliteReadModels
from projections.condition import inspect
from projections.follower import TRACKING_DDL, write_position
from projections.registry import READ_MODELS, ensure_schema


def test_conditions(tmp_path: Path) -> None:
    db = SqliteReadModels(tmp_path / "read.db")
    try:
        with db.read() as tx:  # never served: nothing there, nothing wrong
            fresh = inspect(tx)
        assert fresh.positions == {} and fresh.missing_tables and fresh.damage() is None
        assert [lag.name for lag in fresh.behind(0, [READ_MODELS])] == []
        assert [(lag.name, lag.events) for lag in fresh.behind(7, [READ_MODELS])] == [(READ_MODELS, 7)]

        ensure_schema(db)
        with db.transaction() as tx:
            tx.execute(TRACKING_DDL)
            tx.execute(
                "INSERT INTO event_log (position, aggregate_id, aggregate_kind, version, type, topic,"
                " recorded_at, changes) VALUES (1, 'a', 'Account', 1, 'Opened', 't', 'now', '{}')"
            )
        with db.read() as tx:  # rows no position accounts for
            untracked = inspect(tx)
        assert untracked.untracked_rows == ["event_log"] and "no position" in str(untracked.damage())

        with db.transaction() as tx:
            write_position(tx, READ_MODELS, 1)
            write_position(tx, "notifications_policy", 0)
            tx.execute("DROP TABLE accounts")
        with db.read() as tx:  # a table gone under a tracked position
            dropped = inspect(tx)
        assert dropped.missing_tables == ["accounts"] and "accounts" in str(dropped.damage())
        # Every tracked follower counts, named or not.
        assert [lag.name for lag in dropped.behind(1, [READ_MODELS])] == ["notifications_policy"]
    finally:
        db.close()
