"""The rebuild's side file on SQLite, attached read-only to the main part's connection
(`SqliteReadModels.attach_read_only`): its writer goes on while the main part holds its write transaction, the
main part cannot write it, and its pages are copied by `copy_side_page` in SQL, each row once."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from followers import dead_letters
from infrastructure.read_db import SqliteReadModels
from projections import event_log
from projections.rebuild_helper import SIDE, copy_side_page, remove_side
from tests.corpus import NATIONAL_IDS


def _row(position: int, actor: str) -> tuple[object, ...]:
    return (position, f"agg-{position}", "account", 1, "Opened", "t", "2026-01-01T00:00:00.000000Z", actor,
            "customer", None, "{}")  # fmt: skip


def _side(path: Path) -> SqliteReadModels:
    side = SqliteReadModels(path)
    with side.transaction() as tx:
        dead_letters.ensure(tx)
        event_log.projection.create(tx, indexes=False)
    return side


def test_a_page_is_copied_in_sql_while_the_helper_goes_on_writing(tmp_path: Path) -> None:
    main, side_path = SqliteReadModels(tmp_path / "main.db"), tmp_path / "main.db.rebuild-side"
    side = _side(side_path)
    try:
        with main.transaction() as tx:
            dead_letters.ensure(tx)
            event_log.projection.create(tx, indexes=False)
        actors = list(NATIONAL_IDS[:3])  # who acted, as the rows carry it
        with side.transaction() as tx:
            tx.executemany("INSERT INTO event_log VALUES (?,?,?,?,?,?,?,?,?,?,?)", [_row(1, actors[0])])
        assert main.attach_read_only(side_path, SIDE)
        with main.transaction() as tx:
            # The helper commits its next page while the main part holds BEGIN IMMEDIATE: no lock held.
            with side.transaction() as other:
                other.executemany(
                    "INSERT INTO event_log VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                    [_row(2, actors[1]), _row(3, actors[2])],
                )
            with pytest.raises(sqlite3.OperationalError, match="readonly"):
                tx.execute(f"DELETE FROM {SIDE}.event_log")
            copy_side_page(tx, None, ["event_log"], 0, 1)
        with main.transaction() as tx:
            copy_side_page(tx, None, ["event_log"], 1, 3)
        with main.read() as tx:
            copied = tx.all("SELECT position, actor_id FROM event_log ORDER BY position")
        assert [(r["position"], r["actor_id"]) for r in copied] == [
            (1, actors[0]),
            (2, actors[1]),
            (3, actors[2]),
        ]
        main.detach(SIDE)
    finally:
        side.close()
        main.close()
        remove_side(side_path)
