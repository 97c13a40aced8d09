"""`freight replay` on SQLite (the library's page reader; event_log by the helper process, through its side
file) gives the live follower's rows."""

from __future__ import annotations

from pathlib import Path

from api.cli.demo_seed import Seeder
from followers.follower import Follower, read_position
from infrastructure.event_store import SharedStore
from infrastructure.read_db import SqliteReadModels
from projections.rebuild import rebuild
from projections.registry import READ_MODELS, applier, ensure_schema
from projections.verify import compare


def test_rebuild_equals_the_live_follower(tmp_path: Path) -> None:
    store = SharedStore(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "events.db")}
    )
    live, rebuilt = SqliteReadModels(tmp_path / "live.db"), SqliteReadModels(tmp_path / "rebuilt.db")
    try:
        Seeder(store, password_hash="not-a-real-hash", batch_events=400, seed=11).run(1500)
        ensure_schema(live)
        Follower(READ_MODELS, store, live, applier(), batch_size=7).catch_up()
        stats = rebuild(store, rebuilt, batch_size=250, parallel=True)  # the helper writes a side file
        assert stats.events == store.head() >= 1500
        assert compare(live, rebuilt) == []
        with rebuilt.read() as tx:
            assert read_position(tx, READ_MODELS) == store.head()
            assert tx.scalar("SELECT COUNT(*) FROM event_log") == store.head()
    finally:
        live.close()
        rebuilt.close()
        store.close()
