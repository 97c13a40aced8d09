"""Which read models a follower may carry on from, and which followers are behind the head."""

from __future__ import annotations

from pathlib import Path

from followers.follower import TRACKING_DDL, write_position
from infrastructure.read_db import SqliteReadModels
from projections.condition import inspect
from projections.registry import READ_MODELS, ensure_schema, schema_fingerprint, stored_fingerprint


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


def test_read_models_built_with_other_tables_are_found_not_hidden(tmp_path: Path) -> None:
    db = SqliteReadModels(tmp_path / "read.db")
    try:
        ensure_schema(db)  # a first start: this version's tables and fingerprint
        with db.transaction() as tx:
            write_position(tx, READ_MODELS, 5)
        with db.read() as tx:
            assert stored_fingerprint(tx) == schema_fingerprint() and inspect(tx).damage() is None

        with db.transaction() as tx:  # as an earlier release left them
            tx.execute("UPDATE read_model_schema SET fingerprint = 'release-41'")
        ensure_schema(db)  # a later start creates what is missing but does not claim the tables are new
        with db.read() as tx:
            older = inspect(tx)
        assert older.other_schema and "another version" in str(older.damage())

        with db.transaction() as tx:  # read models from before fingerprints count as another version too
            tx.execute("DROP TABLE read_model_schema")
        with db.read() as tx:
            assert inspect(tx).other_schema
    finally:
        db.close()
