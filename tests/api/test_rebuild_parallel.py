"""`freight replay` on PostgreSQL: the two-process rebuild gives the rows of the one-process rebuild, and one
part failing fails the whole rebuild without claiming a position it did not reach."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg.rows import tuple_row
from psycopg.sql import SQL

import projections.rebuild as rebuild_module
from api.bootstrap import open_read_models
from api.cli.demo_seed import Seeder
from followers.follower import read_position
from infrastructure.event_store import SharedStore
from infrastructure.read_db import PostgresReadModels
from projections import event_log, log_pages
from projections.rebuild import HELPER_READ_MODELS, rebuild
from projections.rebuild_batches import RebuildFailed
from projections.rebuild_helper import Helper
from projections.registry import READ_MODELS
from projections.verify import compare
from tests.conftest import make_settings
from tests.pg import Cluster

pytestmark = pytest.mark.postgres

# The seeding store and the stores rebuilding from it are one installation, so they wrap personal data keys
# under one master key and one key ring (docs/personal-data.md); each has a VAR_DIR of its own, so both are
# given.
PERSONAL_DATA_KEY = base64.b64encode(b"rebuild-personal-data-key-32byte").decode()


@pytest.fixture(scope="module")
def key_ring(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("keys") / "personal-data-ring"


@pytest.fixture(scope="module")
def seeded_url(
    pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory, key_ring: Path
) -> Iterator[str]:
    url = pg_cluster.create_database("rebuild")
    store = SharedStore(
        make_settings(
            tmp_path_factory.mktemp("seed"),
            url,
            PERSONAL_DATA_KEY=PERSONAL_DATA_KEY,
            PERSONAL_DATA_KEY_RING=key_ring,
        ).event_store_env()
    )
    try:
        Seeder(store, password_hash="not-a-real-hash", batch_events=500, seed=5).run(2500)
    finally:
        store.close()
    yield url


def _open(url: str, tmp_path: Path, schema: str, ring: Path) -> tuple[SharedStore, PostgresReadModels]:
    settings = make_settings(
        tmp_path / "var", url, PERSONAL_DATA_KEY=PERSONAL_DATA_KEY, PERSONAL_DATA_KEY_RING=ring
    )
    db = open_read_models(settings, schema=schema)
    assert isinstance(db, PostgresReadModels)
    return SharedStore(settings.event_store_env()), db


def _position(db: PostgresReadModels) -> int:
    with db.read() as tx:
        return read_position(tx, READ_MODELS)


@pytest.mark.parametrize("helper_models", [HELPER_READ_MODELS, ("event_log",)])
def test_two_processes_rebuild_the_same_rows_as_one(
    seeded_url: str,
    tmp_path: Path,
    key_ring: Path,
    monkeypatch: pytest.MonkeyPatch,
    helper_models: tuple[str, ...],
) -> None:
    # The helper's share is a setting: event_log from the stored JSON, any other model from decoded events.
    monkeypatch.setattr(rebuild_module, "HELPER_READ_MODELS", helper_models)
    store, single = _open(seeded_url, tmp_path, "single", key_ring)
    _, double = _open(seeded_url, tmp_path, "double", key_ring)
    try:
        head = store.head()
        one = rebuild(store, single, batch_size=300, parallel=False)
        two = rebuild(store, double, batch_size=300, parallel=True)
        assert one.events == two.events == head >= 2500
        assert one.parked == two.parked == 0  # every event decoded (its personal fields opened) and applied
        assert compare(single, double) == []
        assert _position(single) == _position(double) == head
        with double.read() as tx:
            assert tx.scalar("SELECT COUNT(*) FROM event_log") == head
            # The helper built its secondary indexes too (and the primary key's).
            declared = sum("CREATE INDEX" in statement for statement in event_log.projection.schema)
            assert (
                tx.scalar(
                    "SELECT COUNT(*) FROM pg_indexes WHERE schemaname = 'double' AND tablename = 'event_log'"
                )
                == 1 + declared
            )
    finally:
        single.drop_schema()
        double.drop_schema()
        single.close()
        double.close()
        store.close()


def test_a_failing_helper_fails_the_rebuild(seeded_url: str, tmp_path: Path, key_ring: Path) -> None:
    store, db = _open(seeded_url, tmp_path, "broken", key_ring)
    try:
        store.env["POSTGRES_DBNAME"] = "no_such_database"  # only the helper connects with it
        # Its pool would retry for the default 30 s before giving up: the failure is the point, not the wait.
        store.env["POSTGRES_CONNECT_TIMEOUT"] = "2"
        with pytest.raises(RebuildFailed, match=HELPER_READ_MODELS[0]):
            rebuild(store, db, batch_size=300, parallel=True)
        assert _position(db) < store.head()  # never claims what the helper did not write
    finally:
        db.drop_schema()
        db.close()
        store.close()


def test_a_failing_main_part_stops_the_helper(
    seeded_url: str, tmp_path: Path, key_ring: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    helpers: list[Helper] = []

    class Recorded(Helper):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            helpers.append(self)

    def broken(projections: Any, *, bulk: bool = False) -> Any:
        # The database lost (an event it cannot apply is parked instead: tests/api/test_rebuild_parks.py).
        def apply(tx: Any, batch: Any) -> None:
            raise psycopg.OperationalError("the read-model database went away")

        return apply

    monkeypatch.setattr(rebuild_module, "Helper", Recorded)
    monkeypatch.setattr(rebuild_module, "applier", broken)  # this process only; the helper is unaffected
    store, db = _open(seeded_url, tmp_path, "main_broken", key_ring)
    try:
        with pytest.raises(psycopg.OperationalError, match="went away"):
            rebuild(store, db, batch_size=300, parallel=True)
        assert len(helpers) == 1
        assert helpers[0].process.poll() is not None  # stopped, not left running
        assert _position(db) == 0
    finally:
        db.drop_schema()
        db.close()
        store.close()


def test_pages_are_read_in_order_by_the_index_without_a_sort(
    seeded_url: str, tmp_path: Path, key_ring: Path
) -> None:
    # A bound on both sides made the planner sort the whole rest of the log for each page: the
    # first page's plan, with every event still ahead, is an ordered index scan.
    store, db = _open(seeded_url, tmp_path, "plans", key_ring)
    try:
        recorder = store.recorder
        assert isinstance(recorder, PostgresApplicationRecorder)
        statement = SQL("EXPLAIN {}").format(log_pages.pg_page_statement(recorder))
        with recorder.datastore.get_connection() as conn, conn.cursor(row_factory=tuple_row) as cursor:
            cursor.execute(statement, (0, 300))
            plan = "\n".join(str(row[0]) for row in cursor.fetchall())
        assert "Index Scan" in plan
        assert "Sort" not in plan
    finally:
        db.close()
        store.close()


@pytest.mark.parametrize("text_ids", [False, True])
def test_pages_stop_at_the_position_asked(
    seeded_url: str, tmp_path: Path, key_ring: Path, text_ids: bool
) -> None:
    store, db = _open(seeded_url, tmp_path, "pages", key_ring)
    try:
        head = store.head()
        for stop in (head - 7, 301, 300, 1):
            read = [
                row.notification_id
                for rows in log_pages.stored_pages(store, stop, 100, text_ids=text_ids)
                for row in rows
            ]
            every = [n.id for n in store.recorder.select_notifications(start=1, limit=stop, stop=stop)]
            assert read == every
            assert read[-1] == stop  # the seeder leaves no gaps
    finally:
        db.close()
        store.close()
