"""The bench's rebuild floor (bench/rebuild_floor.py) writes back the very rows and indexes a rebuild wrote:
what it times is the store's cost of a rebuild's output, not of something smaller."""

from __future__ import annotations

from pathlib import Path

from api.bootstrap import open_read_models
from api.cli.demo_seed import Seeder
from api.settings import ExplicitSettings
from bench.rebuild_floor import write_back
from infrastructure.event_store import SharedStore
from projections.rebuild import rebuild
from projections.verify import compare, read_model_tables
from tests.pg import Cluster

_INDEXES = "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()"


def _indexes(db: object, schema: str) -> set[str]:
    with db.read() as tx:  # type: ignore[attr-defined]
        return {str(r["indexdef"]).replace(f"{schema}.", "") for r in tx.all(_INDEXES)}


def test_the_floor_writes_back_the_rows_and_indexes_of_a_rebuild(pg_cluster: Cluster, tmp_path: Path) -> None:
    settings = ExplicitSettings(DATABASE_URL=pg_cluster.create_database(), VAR_DIR=tmp_path / "var")
    store = SharedStore(settings.event_store_env())
    rebuilt = open_read_models(settings, schema="rebuilt", path=tmp_path / "rebuilt.db")
    floor = open_read_models(settings, schema="floor", path=tmp_path / "floor.db")
    try:
        Seeder(store, password_hash="not-a-real-hash", batch_events=200, seed=5).run(600)
        rebuild(store, rebuilt)
        rebuild(store, floor)
        before = _indexes(floor, "floor")

        result = write_back(floor, store.head())

        assert compare(rebuilt, floor) == []
        assert _indexes(floor, "floor") == before == _indexes(rebuilt, "rebuilt")
        with rebuilt.read() as tx:
            counts = {table: int(tx.scalar(f"SELECT count(*) FROM {table}")) for table in read_model_tables()}
        assert result["tables"] == len(counts)
        assert result["rows"] == sum(counts.values()) > 600
        assert result["events"] == store.head() and result["seconds"] > 0
    finally:
        floor.close()
        rebuilt.close()
        store.close()
