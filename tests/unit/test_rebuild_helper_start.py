"""The rebuild's helper process starts a fresh interpreter: what it imports is CPU every rebuild pays. On a
SQLite store reading the log's pages loads neither the PostgreSQL module nor psycopg, and the helper imports
only the read models it rebuilds; the pages it reads are the library's own rows."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from api.cli.demo_seed import Seeder
from infrastructure.event_store import SharedStore
from projections.log_pages import _library_page_reader, stored_pages
from projections.registry import all_projections, projections_named

# In a fresh interpreter, as the helper starts: its imports, its read models, the store, every page read.
HELPER_START = """
import json, sys
import projections.rebuild_helper
from infrastructure.event_store import SharedStore
from projections.log_pages import stored_pages
from projections.registry import projections_named
named = [p.name for p in projections_named(["event_log"])]
store = SharedStore(json.loads(sys.argv[1]))
read = sum(len(rows) for rows in stored_pages(store, store.head(), 40))
store.close()
print(json.dumps({"named": named, "read": read, "loaded": sorted(
    m for m in ("psycopg", "eventsourcing.postgres", "projections.address_book", "projections.tracking")
    if m in sys.modules)}))
"""


def _store(tmp_path: Path) -> tuple[SharedStore, dict[str, str]]:
    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "events.db")}
    return SharedStore(env), env


def test_the_helper_on_sqlite_imports_no_postgresql_and_no_other_read_model(tmp_path: Path) -> None:
    store, env = _store(tmp_path)
    try:
        Seeder(store, password_hash="not-a-real-hash", batch_events=100, seed=3).run(120)
        head = store.head()
    finally:
        store.close()
    done = subprocess.run(
        [sys.executable, "-c", HELPER_START, json.dumps(env)], capture_output=True, text=True, check=True
    )
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert answer == {"named": ["event_log"], "read": head, "loaded": []}


def test_sqlite_pages_are_the_library_s_rows(tmp_path: Path) -> None:
    store, _ = _store(tmp_path)
    try:
        Seeder(store, password_hash="not-a-real-hash", batch_events=100, seed=5).run(150)
        head = store.head()
        mine = [row for rows in stored_pages(store, head - 3, 17) for row in rows]
        library = _library_page_reader(store)
        theirs = [*library(0, head - 3, head)]
        assert len(mine) == len(theirs) == head - 3
        for row, expected in zip(mine, theirs, strict=True):
            assert (row.notification_id, row.originator_id, row.originator_version, row.topic, row.state) == (
                expected.notification_id,
                expected.originator_id,
                expected.originator_version,
                expected.topic,
                expected.state,
            )
            assert type(row.originator_id) is type(expected.originator_id)
    finally:
        store.close()


def test_projections_named_are_all_projections_ones() -> None:
    every = {p.name: p for p in all_projections()}
    for names in (["event_log"], ["event_log", "notifications"], ["booking", "event_log"]):
        assert projections_named(names) == [p for p in every.values() if p.name in names]
