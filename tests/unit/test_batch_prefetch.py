"""A live batch loads the rows its handlers read by originator id in one statement (`BatchTx.preload`):
the `get`s that follow ask nothing and answer what a `get` of its own would have answered."""

from __future__ import annotations

from pathlib import Path

from followers.batch import BatchTx
from infrastructure.read_db import SqliteReadModels

TABLES = {"rows": ("id",), "pairs": ("a", "b")}


def _db(tmp_path: Path) -> SqliteReadModels:
    db = SqliteReadModels(tmp_path / "read.db")
    with db.transaction() as tx:
        tx.execute("CREATE TABLE rows (id TEXT PRIMARY KEY, state TEXT NOT NULL)")
        tx.execute("CREATE TABLE pairs (a TEXT, b TEXT, PRIMARY KEY (a, b))")
        for key in ("r1", "r2", "r3"):
            tx.execute("INSERT INTO rows (id, state) VALUES (?, ?)", (key, f"state-{key}"))
    return db


def test_prefetched_rows_answer_every_get_with_one_statement(tmp_path: Path) -> None:
    db = _db(tmp_path)
    with db.transaction() as tx:
        batch = BatchTx(tx, TABLES)
        batch.preload("rows", ["r1", "r2", "r1", "missing"])
        assert batch.statements == 1
        assert batch.get("rows", "r1") == {"id": "r1", "state": "state-r1"}
        assert batch.get("rows", "r2") == {"id": "r2", "state": "state-r2"}
        assert batch.get("rows", "missing") is None
        assert batch.statements == 1  # no `get` asked the database
        assert batch.get("rows", "r3") == {"id": "r3", "state": "state-r3"}  # not prefetched: asked
        assert batch.statements == 2


def test_prefetch_leaves_what_the_batch_wrote_already(tmp_path: Path) -> None:
    db = _db(tmp_path)
    with db.transaction() as tx:
        batch = BatchTx(tx, TABLES)
        batch.update("rows", "r1", {"state": "moved"})
        batch.insert("rows", {"id": "new", "state": "fresh"})
        batch.preload("rows", ["r1", "new", "r2"])
        assert batch.get("rows", "r1") == {"id": "r1", "state": "moved"}
        assert batch.get("rows", "new") == {"id": "new", "state": "fresh"}
        batch.update("rows", "r2", {"state": "changed"})
        assert batch.get("rows", "r2") == {"id": "r2", "state": "changed"}
        batch.flush()
    with db.read() as tx:
        states = {r["id"]: r["state"] for r in tx.all("SELECT id, state FROM rows")}
    assert states == {"r1": "moved", "r2": "changed", "r3": "state-r3", "new": "fresh"}


def test_tables_of_several_key_columns_and_unknown_tables_are_not_prefetched(tmp_path: Path) -> None:
    db = _db(tmp_path)
    with db.transaction() as tx:
        batch = BatchTx(tx, TABLES)
        batch.preload("pairs", ["x"])
        batch.preload("not_in_this_batch", ["r1"])
        batch.preload("rows", [])
        assert batch.statements == 0
