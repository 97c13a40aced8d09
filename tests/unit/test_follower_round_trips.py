"""The read models' follower on PostgreSQL waits on the database twice per batch.

Its batch's transaction is pipelined: statements go out without waiting, and the follower waits only where
it reads an answer. The tracking row's compare-and-set and every table's rows the handlers read are sent
together and read once (one wait); the writes, the notification and the commit are the second. A batch
that another process applied already still rolls back whole, and is never taken for a poisoned event.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from psycopg import _queries as psycopg_queries
from psycopg._cursor_base import BaseCursor
from psycopg._pipeline_base import BasePipeline

from api.bootstrap import open_read_models
from api.cli.demo_seed import DEMO_PASSWORD, Seeder
from followers import dead_letters
from followers.batch import BatchTx
from followers.follower import Batch, Follower, PositionMoved
from infrastructure.event_store import SharedStore
from infrastructure.read_db import PostgresReadModels, Tx
from projections.rebuild import rebuild
from projections.registry import READ_MODELS, applier, ensure_schema
from projections.verify import compare
from tests.conftest import TEST_PASSWORDS, make_settings
from tests.pg import Cluster


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each time a pipelined transaction waits for answers it asked for (a round trip to PostgreSQL)."""
    counted: list[int] = []
    original = BasePipeline._fetch_gen

    def fetch_gen(self: BasePipeline, *, flush: bool) -> Iterator[Any]:
        if self.result_queue:
            counted.append(1)
        return (yield from original(self, flush=flush))

    monkeypatch.setattr(BasePipeline, "_fetch_gen", fetch_gen)
    return counted


@pytest.fixture
def parsed_afresh(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Statements psycopg parses afresh (more than 50 parameters: outside its cache of parsed statements)."""
    parsed: list[str] = []
    original = psycopg_queries._query2pg_nocache

    def nocache(query: bytes, encoding: str) -> Any:
        parsed.append(query.decode()[:60])
        return original(query, encoding)

    monkeypatch.setattr(psycopg_queries, "_query2pg_nocache", nocache)
    return parsed


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each statement sent to the server (prepared or not; `executemany` sends one per row)."""
    statements: list[str] = []
    for name in ("_execute_send", "_send_query_prepared"):
        original = getattr(BaseCursor, name)

        def counted(
            self: BaseCursor[Any, Any], *args: Any, _how: str = name, _original: Any = original, **kwargs: Any
        ) -> Any:
            statements.append(_how)
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(BaseCursor, name, counted)
    return statements


def test_a_live_batch_waits_twice_and_gives_the_rebuilds_rows(
    pg_cluster: Cluster, tmp_path: Path, waits: list[int], parsed_afresh: list[str]
) -> None:
    settings = make_settings(tmp_path / "var", pg_cluster.create_database())
    store = SharedStore(settings.event_store_env())
    Seeder(store, password_hash=TEST_PASSWORDS.hash(DEMO_PASSWORD), batch_events=400).run(800)
    live = open_read_models(settings, schema="live")
    rebuilt = open_read_models(settings, schema="rebuilt")
    try:
        ensure_schema(live)
        follower = Follower(READ_MODELS, store, live, applier(), batch_size=40, effects_in_transaction=True)
        per_batch = []
        while True:
            waits.clear()
            if not follower.step():
                break
            per_batch.append(len(waits))
        assert follower.position == store.head()
        assert len(per_batch) >= 15
        # The seeded history's batches move rate requests, shipping orders and DCSA rows (several tables
        # read per batch): before, one wait for the tracking row, one per table loaded, one per row read
        # alone, and the commit.
        assert max(per_batch) <= 2, per_batch
        assert parsed_afresh == []
        rebuild(store, rebuilt)
        assert compare(live, rebuilt) == []
    finally:
        live.close()
        rebuilt.close()
        store.close()


def _inserting(table: str) -> Any:
    def apply(tx: Tx, batch: Batch) -> None:
        for position, _ in batch:
            tx.execute(f"INSERT INTO {table} (position) VALUES (?)", (position,))

    return apply


@pytest.mark.parametrize("late", [True, False])
def test_a_batch_another_process_applied_rolls_back_and_is_not_poison(
    pg_cluster: Cluster, tmp_path: Path, late: bool
) -> None:
    """Two followers of one group both at the same position: the second's batch writes rows that exist (a
    primary key violation) and must end as `PositionMoved`, its writes rolled back, nothing parked."""
    settings = make_settings(tmp_path / "var", pg_cluster.create_database())
    store = SharedStore(settings.event_store_env())
    Seeder(store, password_hash=TEST_PASSWORDS.hash(DEMO_PASSWORD), batch_events=100).run(30)
    dbs = [open_read_models(settings) for _ in range(2)]
    try:
        with dbs[0].transaction() as tx:
            tx.execute("CREATE TABLE applied (position BIGINT PRIMARY KEY)")
        first, second = (
            Follower("group", store, db, _inserting("applied"), effects_in_transaction=late) for db in dbs
        )
        assert first.position == second.position == 0
        applied = first.apply_next()
        assert applied > 0
        for _ in range(dead_letters.PARK_AFTER + 1):
            with pytest.raises(PositionMoved):
                second.apply_next()
        with dbs[0].read() as tx:
            assert tx.scalar("SELECT COUNT(*) FROM applied") == applied
            assert tx.scalar("SELECT COUNT(*) FROM dead_letters") == 0
    finally:
        for db in dbs:
            db.close()
        store.close()


def test_a_pipelined_load_of_many_rows_waits_once_and_stays_in_psycopgs_cache(
    pg_cluster: Cluster, waits: list[int], parsed_afresh: list[str]
) -> None:
    """A live batch naming 100 rows of a table with integer keys and 3 of one with text keys: the integers in
    statements of at most 32 keys (psycopg parses a statement of more than 50 parameters afresh every time),
    the texts as one text[] parameter, all answered after one wait."""
    db = PostgresReadModels(pg_cluster.url(pg_cluster.create_database().rsplit("/", 1)[1]))
    try:
        with db.transaction() as tx:
            tx.execute("CREATE TABLE rows (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)")
            tx.execute("CREATE TABLE others (id TEXT PRIMARY KEY)")
            tx.executemany("INSERT INTO rows (id, n) VALUES (?, ?)", [(n, n * 2) for n in range(100)])
            tx.execute("INSERT INTO others (id) VALUES ('o1')")
        waits.clear()
        with db.transaction(durable=False) as tx:
            batch = BatchTx(tx, {"rows": ("id",), "others": ("id",)})
            batch.preload_tables({"rows": list(range(100)), "others": ["o1", "o2", "o3"]})
            assert len(waits) == 1 and batch.statements == 5  # 32 + 32 + 32 + 4 integer keys; 3 texts in one
            assert [batch.get("rows", n) for n in (0, 57, 99)] == [
                {"id": 0, "n": 0}, {"id": 57, "n": 114}, {"id": 99, "n": 198}
            ]  # fmt: skip
            assert batch.get("others", "o1") == {"id": "o1"} and batch.get("others", "o2") is None
            assert len(waits) == 1 and batch.statements == 5
        assert parsed_afresh == []
    finally:
        db.close()


def test_pipelined_inserts_go_as_a_few_multi_row_statements(
    pg_cluster: Cluster, parsed_afresh: list[str]
) -> None:
    """psycopg's `executemany` sends one statement per row even pipelined: a live batch's rows go as
    `INSERT`s of a power of two rows each, at most 50 parameters, the same rows and conflict rule."""
    db = PostgresReadModels(pg_cluster.url(pg_cluster.create_database().rsplit("/", 1)[1]))
    try:
        with db.transaction() as tx:
            tx.execute("CREATE TABLE rows (id TEXT PRIMARY KEY, n INTEGER NOT NULL, note TEXT)")
            tx.execute("INSERT INTO rows (id, n, note) VALUES ('kept', 0, 'stored')")
        with db.transaction(durable=False) as tx:
            batch = BatchTx(tx, {"rows": ("id",)})
            for n in range(1, 14):
                batch.insert("rows", {"id": f"r{n}", "n": n, "note": None})
            for key in ("kept", "new"):
                batch.insert("rows", {"id": key, "n": 99, "note": "buffered"}, keep_existing=True)
            batch.flush()
            # 13 rows of 3 columns: 8 + 4 + 1 rows (16 would be 48 parameters); 2 kept-or-new: one statement.
            assert batch.statements == 4
        with db.read() as tx:
            rows = {r["id"]: (r["n"], r["note"]) for r in tx.all("SELECT * FROM rows")}
        assert rows == {
            **{f"r{n}": (n, None) for n in range(1, 14)},
            "kept": (0, "stored"),
            "new": (99, "buffered"),
        }
        assert parsed_afresh == []
    finally:
        db.close()


def test_pipelined_counter_adds_go_as_a_few_multi_row_upserts(
    pg_cluster: Cluster, parsed_afresh: list[str], sent: list[str]
) -> None:
    """A live batch's counters (a state change moves two per scope): upserts of a power of two rows each, at
    most 50 parameters, not one statement per counter; stored counts are added to, new ones inserted."""
    db = PostgresReadModels(pg_cluster.url(pg_cluster.create_database().rsplit("/", 1)[1]))
    try:
        with db.transaction() as tx:
            tx.execute("CREATE TABLE counts (id TEXT PRIMARY KEY, label TEXT NOT NULL, n INTEGER NOT NULL)")
            tx.execute("INSERT INTO counts (id, label, n) VALUES ('c1', 'stored', 10), ('c5', 'stored', -3)")
        with db.transaction(durable=False) as tx:
            batch = BatchTx(tx, {"counts": ("id",)})
            for n in range(1, 12):
                batch.add("counts", {"id": f"c{n}", "label": "added", "n": n}, "n")
            batch.add("counts", {"id": "c1", "label": "added", "n": -1}, "n")
            sent.clear()
            batch.flush()
            # 11 counters of 3 columns: 8 + 2 + 1 rows (16 would be 48 parameters).
            assert len(sent) == batch.statements == 3
        with db.read() as tx:
            rows = {r["id"]: (r["label"], r["n"]) for r in tx.all("SELECT * FROM counts")}
        assert rows == {
            "c1": ("stored", 10 + 1 - 1),
            "c5": ("stored", -3 + 5),
            **{f"c{n}": ("added", n) for n in (2, 3, 4, 6, 7, 8, 9, 10, 11)},
        }
        assert parsed_afresh == []
    finally:
        db.close()
