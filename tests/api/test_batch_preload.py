"""`BatchTx.preload` on both stores: text keys (one array parameter on PostgreSQL) and integer keys (an IN
list), in several statements past `PRELOAD_CHUNK`, answer every `get` as the stored rows are; and the
applier asks a key shared by several tables once per event."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from api.bootstrap import open_read_models
from followers.batch import PRELOAD_CHUNK, BatchTx
from projections.projection import Projection
from projections.registry import applier
from tests.conftest import make_settings

KEYS = PRELOAD_CHUNK * 2 + 5  # three statements per table


def test_preloaded_rows_are_the_stored_rows(database_url: str | None, tmp_path: Path) -> None:
    db = open_read_models(make_settings(tmp_path / "var", database_url))
    try:
        with db.transaction() as tx:
            tx.execute("CREATE TABLE named (id TEXT PRIMARY KEY, note TEXT)")
            tx.execute("CREATE TABLE numbered (id INTEGER PRIMARY KEY, note TEXT)")
            # Every third key stored; Persian text survives the round trip.
            tx.executemany(
                "INSERT INTO named (id, note) VALUES (?, ?)",
                [(f"k{i}", f"یادداشت {i}") for i in range(0, KEYS, 3)],
            )
            tx.executemany(
                "INSERT INTO numbered (id, note) VALUES (?, ?)", [(i, f"n{i}") for i in range(0, KEYS, 3)]
            )
        with db.transaction() as tx:
            batch = BatchTx(tx, {"named": ("id",), "numbered": ("id",)})
            batch.preload("named", [f"k{i}" for i in range(KEYS)])
            batch.preload("numbered", list(range(KEYS)))
            assert batch.statements == 6
            for i in range(KEYS):
                named, numbered = batch.get("named", f"k{i}"), batch.get("numbered", i)
                if i % 3:
                    assert named is None and numbered is None
                else:
                    assert named == {"id": f"k{i}", "note": f"یادداشت {i}"}
                    assert numbered == {"id": i, "note": f"n{i}"}
            assert batch.statements == 6  # every get answered by the preload
    finally:
        db.close()


class _Event:
    def __init__(self, key: str) -> None:
        self.key = key


def test_a_key_read_for_several_tables_is_asked_once_per_event(tmp_path: Path) -> None:
    asked: list[str] = []

    def key(event: Any) -> str:
        asked.append(event.key)
        return str(event.key)

    tables = ("first", "second", "third")
    projection = Projection(
        name="shared_key",
        tables={table: ("id",) for table in tables},
        schema=[f"CREATE TABLE IF NOT EXISTS {table} (id TEXT PRIMARY KEY)" for table in tables],
    )
    seen: list[tuple[str, bool]] = []

    @projection.on(_Event)
    def handled(tx: BatchTx, event: _Event, position: int) -> None:
        seen.extend((table, tx.get(table, event.key) is None) for table in tables)

    for table in tables:
        projection.reads_by_key(_Event, table, key)
    db = open_read_models(make_settings(tmp_path / "var"))
    try:
        with db.transaction() as tx:
            projection.create(tx)
            applier([projection])(tx, [(1, _Event("a")), (2, _Event("b"))])
    finally:
        db.close()
    assert asked == ["a", "b"]
    assert seen == [(table, True) for table in tables] * 2
