"""`BatchTx`'s buffered delete, its rows inserted as tuples and its read of a row kept by `ON CONFLICT DO
NOTHING` leave the very rows the plain statements leave, whatever the order of writes (random sequences
against a statement-per-call twin)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from followers.batch import BatchTx
from infrastructure.read_db import SqliteReadModels, Tx

TABLE = "parts"
DDL = (
    f"CREATE TABLE {TABLE} (owner TEXT NOT NULL, item INTEGER NOT NULL, note TEXT, PRIMARY KEY (owner, item))"
)
KEY = ("owner", "item")


def _plain(tx: Tx, step: tuple[Any, ...]) -> Any:
    """The statement each step stands for, executed at once."""
    kind, owner, item, note = step
    if kind in ("insert_keep", "insert_values"):
        tx.execute(
            f"INSERT INTO {TABLE} (owner, item, note) VALUES (?, ?, ?) ON CONFLICT (owner, item) DO NOTHING",
            (owner, item, note),
        )
    elif kind == "update":
        tx.execute(f"UPDATE {TABLE} SET note = ? WHERE owner = ? AND item = ?", (note, owner, item))
    elif kind == "delete":
        tx.execute(f"DELETE FROM {TABLE} WHERE owner = ?", (owner,))
    else:
        return tx.one(f"SELECT * FROM {TABLE} WHERE owner = ? AND item = ?", (owner, item))
    return None


def _batched(tx: BatchTx, step: tuple[Any, ...]) -> Any:
    kind, owner, item, note = step
    if kind == "insert_keep":
        tx.insert(TABLE, {"owner": owner, "item": item, "note": note}, keep_existing=True)
    elif kind == "insert_values":  # a page's rows as tuples (a rebuild's event_log)
        tx.insert_values(TABLE, ("owner", "item", "note"), [(owner, item, note)], keep_existing=True)
    elif kind == "update":
        tx.update(TABLE, (owner, item), {"note": note})
    elif kind == "delete":
        tx.delete(TABLE, owner)
    else:
        found = tx.get(TABLE, (owner, item))
        return None if found is None else dict(found)
    return None


def _rows(tx: Tx) -> list[dict[str, Any]]:
    return tx.all(f"SELECT * FROM {TABLE} ORDER BY owner, item")


def _assert_twins_agree(
    tmp_path: Path, stored: Callable[[Tx], None], run: Callable[[Tx, bool], list[Any]], rows_sql: str
) -> None:
    """The same steps on two equal databases, by plain statements (`run(tx, False)`) and through a batch
    (`run(tx, True)`): the same answers, then the same rows."""
    answers: dict[bool, list[Any]] = {}
    rows: dict[bool, list[dict[str, Any]]] = {}
    for batched in (False, True):
        db = SqliteReadModels(tmp_path / f"{'batched' if batched else 'plain'}.db")
        try:
            with db.transaction() as tx:
                stored(tx)
            with db.transaction() as tx:
                answers[batched] = run(tx, batched)
            with db.read() as tx:
                rows[batched] = tx.all(rows_sql)
        finally:
            db.close()
    assert answers[True] == answers[False]
    assert rows[True] == rows[False]


def _assert_steps_agree(
    tmp_path: Path, existing: list[tuple[Any, ...]], steps: list[tuple[Any, ...]]
) -> None:
    """`steps` (`_plain`'s and `_batched`'s) on a table holding `existing`, each way: the same answers and
    rows."""

    def stored(tx: Tx) -> None:
        tx.execute(DDL)
        tx.executemany(f"INSERT INTO {TABLE} (owner, item, note) VALUES (?, ?, ?)", existing)

    def run(tx: Tx, batched: bool) -> list[Any]:
        if not batched:
            return [_plain(tx, step) for step in steps]
        batch = BatchTx(tx, {TABLE: KEY})
        answers = [_batched(batch, step) for step in steps]
        batch.flush()
        return answers

    _assert_twins_agree(tmp_path, stored, run, f"SELECT * FROM {TABLE} ORDER BY owner, item")


@pytest.mark.parametrize("seed", range(40))
def test_batched_writes_equal_the_plain_statements(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    owners, items = ["a", "b", "c"], [1, 2, 3]
    existing = [(o, i, f"old-{o}{i}") for o in owners for i in items if rng.random() < 0.4]
    steps = [
        (
            rng.choice(["insert_keep", "insert_values", "update", "delete", "get", "get"]),
            rng.choice(owners),
            rng.choice(items),
            f"n{n}",
        )
        for n in range(30)
    ]

    _assert_steps_agree(tmp_path, existing, steps)


def test_a_delete_stays_buffered_with_the_other_writes(tmp_path: Path) -> None:
    db = SqliteReadModels(tmp_path / "one.db")
    try:
        with db.transaction() as tx:
            tx.execute(DDL)
            tx.execute(f"INSERT INTO {TABLE} (owner, item, note) VALUES ('a', 1, 'old')")
            batch = BatchTx(tx, {TABLE: KEY})
            batch.delete(TABLE, "a")
            batch.insert(TABLE, {"owner": "a", "item": 2, "note": "new"}, keep_existing=True)
            assert batch.get(TABLE, ("a", 1)) is None  # deleted, before anything is written
            assert batch.statements == 0
            batch.flush()
            assert batch.statements == 2  # one DELETE, one INSERT
            assert [(r["owner"], r["item"]) for r in _rows(tx)] == [("a", 2)]
    finally:
        db.close()


ONE_KEY = "parts_by_id"
ONE_KEY_DDL = f"CREATE TABLE {ONE_KEY} (id TEXT PRIMARY KEY, note TEXT)"


@pytest.mark.parametrize("seed", range(40))
def test_a_preloaded_batch_equals_the_plain_statements(tmp_path: Path, seed: int) -> None:
    """Rows loaded for the page at its start (a rebuild's `preload`), then read, kept or written."""
    rng = random.Random(seed)
    ids = ["a", "b", "c", "d"]
    existing = [(i, f"old-{i}") for i in ids if rng.random() < 0.5]
    preloaded = [i for i in ids if rng.random() < 0.7]
    kinds = ["insert_keep", "update", "get", "get"]
    steps = [(rng.choice(kinds), rng.choice(ids), f"n{n}") for n in range(20)]

    def stored(tx: Tx) -> None:
        tx.execute(ONE_KEY_DDL)
        tx.executemany(f"INSERT INTO {ONE_KEY} (id, note) VALUES (?, ?)", existing)

    def run(tx: Tx, batched: bool) -> list[Any]:
        batch = BatchTx(tx, {ONE_KEY: ("id",)})
        if batched:
            batch.preload(ONE_KEY, preloaded)
        answers: list[Any] = []
        for kind, key, note in steps:
            if kind == "insert_keep" and not batched:
                tx.execute(
                    f"INSERT INTO {ONE_KEY} (id, note) VALUES (?, ?) ON CONFLICT (id) DO NOTHING",
                    (key, note),
                )
            elif kind == "insert_keep":
                batch.insert(ONE_KEY, {"id": key, "note": note}, keep_existing=True)
            elif kind == "update" and not batched:
                tx.execute(f"UPDATE {ONE_KEY} SET note = ? WHERE id = ?", (note, key))
            elif kind == "update":
                batch.update(ONE_KEY, key, {"note": note})
            elif not batched:
                answers.append(tx.one(f"SELECT * FROM {ONE_KEY} WHERE id = ?", (key,)))
            else:
                found = batch.get(ONE_KEY, key)
                answers.append(None if found is None else dict(found))
        batch.flush()
        return answers

    _assert_twins_agree(tmp_path, stored, run, f"SELECT * FROM {ONE_KEY} ORDER BY id")


COUNTERS = "counters"
COUNTERS_DDL = f"CREATE TABLE {COUNTERS} (id TEXT PRIMARY KEY, label TEXT NOT NULL, count INTEGER NOT NULL)"


@pytest.mark.parametrize("seed", range(20))
def test_batched_adds_equal_one_upsert_each(tmp_path: Path, seed: int) -> None:
    """Counters (`add`): a batch's adds to one row fold into one upsert; the rows end as the plain upserts
    leave them, rows stored before the batch included, with other tables' writes between the adds."""
    rng = random.Random(seed)
    ids = ["x", "y", "z"]
    existing = [(i, f"label-{i}", rng.randint(0, 5)) for i in ids if rng.random() < 0.5]
    steps = [(rng.choice(ids), rng.choice([-1, 1, 2])) for _ in range(30)]
    notes = [f"n{n}" for n in range(30)]

    def stored(tx: Tx) -> None:
        tx.execute(COUNTERS_DDL)
        tx.execute(ONE_KEY_DDL)
        tx.executemany(f"INSERT INTO {COUNTERS} (id, label, count) VALUES (?, ?, ?)", existing)

    def run(tx: Tx, batched: bool) -> list[Any]:
        batch = BatchTx(tx, {COUNTERS: ("id",), ONE_KEY: ("id",)}) if batched else None
        for (counter, delta), note in zip(steps, notes, strict=True):
            row = {"id": counter, "label": f"label-{counter}", "count": delta}
            if batch is None:
                tx.execute(
                    f"INSERT INTO {COUNTERS} (id, label, count) VALUES (?, ?, ?) ON CONFLICT (id)"
                    f" DO UPDATE SET count = {COUNTERS}.count + excluded.count",
                    (counter, row["label"], delta),
                )
                tx.execute(f"INSERT INTO {ONE_KEY} (id, note) VALUES (?, ?)", (note, counter))
            else:
                batch.add(COUNTERS, row, "count")
                batch.insert(ONE_KEY, {"id": note, "note": counter})
        if batch is not None:
            batch.flush()
            # One statement per table: every add folded into the counters' one upsert.
            assert batch.statements == 2
        return []

    _assert_twins_agree(tmp_path, stored, run, f"SELECT * FROM {COUNTERS} ORDER BY id")


LATEST = "latest_acts"
LATEST_DDL = (
    f"CREATE TABLE {LATEST} (who TEXT NOT NULL, what TEXT NOT NULL, at INTEGER NOT NULL,"
    " PRIMARY KEY (who, what))"
)


@pytest.mark.parametrize("seed", range(20))
def test_greatest_values_kept_by_a_batch_equal_one_upsert_each(tmp_path: Path, seed: int) -> None:
    """`raise_to` (each person's latest act per booking, decision 3912): a batch's values for one row fold
    into one upsert keeping the greatest, stored rows included, whatever order the values come in."""
    rng = random.Random(seed)
    keys = [("a", "x"), ("a", "y"), ("b", "x")]
    existing = [(*k, rng.randint(0, 20)) for k in keys if rng.random() < 0.5]
    steps = [(*rng.choice(keys), rng.randint(0, 30)) for _ in range(30)]

    def stored(tx: Tx) -> None:
        tx.execute(LATEST_DDL)
        tx.executemany(f"INSERT INTO {LATEST} (who, what, at) VALUES (?, ?, ?)", existing)

    def run(tx: Tx, batched: bool) -> list[Any]:
        batch = BatchTx(tx, {LATEST: ("who", "what")}) if batched else None
        for who, what, at in steps:
            if batch is None:
                tx.execute(
                    f"INSERT INTO {LATEST} (who, what, at) VALUES (?, ?, ?) ON CONFLICT (who, what)"
                    f" DO UPDATE SET at = MAX({LATEST}.at, excluded.at)",
                    (who, what, at),
                )
            else:
                batch.raise_to(LATEST, {"who": who, "what": what, "at": at}, "at")
        if batch is not None:
            batch.flush()
            assert batch.statements == 1
        return []

    _assert_twins_agree(tmp_path, stored, run, f"SELECT * FROM {LATEST} ORDER BY who, what")


def test_adds_of_several_columns_fold_per_column_and_one_row_keeps_its_columns(tmp_path: Path) -> None:
    db = SqliteReadModels(tmp_path / "two.db")
    try:
        with db.transaction() as tx:
            tx.execute("CREATE TABLE tallies (who TEXT PRIMARY KEY, total INTEGER NOT NULL, open INTEGER)")
            tx.execute("INSERT INTO tallies VALUES ('a', 10, 4)")
            batch = BatchTx(tx, {"tallies": ("who",)})
            for who, total, still_open in [("a", 1, 1), ("b", 1, 1), ("a", 0, -1), ("a", 1, 1), ("b", 0, -1)]:
                batch.add("tallies", {"who": who, "total": total, "open": still_open}, "total", "open")
            with pytest.raises(ValueError, match="tallies"):
                batch.add("tallies", {"who": "a", "total": 1}, "total")
            batch.flush()
            assert batch.statements == 1
            rows = tx.all("SELECT who, total, open FROM tallies ORDER BY who")
        assert [(r["who"], r["total"], r["open"]) for r in rows] == [("a", 12, 5), ("b", 1, 0)]
    finally:
        db.close()


def test_rows_inserted_as_tuples_are_read_back_by_the_batch(tmp_path: Path) -> None:
    # A row the batch had found missing, then inserted as a tuple: its next read finds it.
    steps = [("get", "a", 1, ""), ("insert_values", "a", 1, "new"), ("get", "a", 1, "")]
    steps += [("get", "b", 2, ""), ("insert_values", "b", 2, "kept?"), ("get", "b", 2, "")]
    _assert_steps_agree(tmp_path, [("b", 2, "old")], steps)
