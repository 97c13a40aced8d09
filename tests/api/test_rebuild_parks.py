"""Every rebuild path parks an event it cannot apply, finishes, and reports it; `freight replay`
exits 1 on bad data, never 3. Both stores; on PostgreSQL the one-process rebuild and the two-process one
(`projections/rebuild.py`'s helper) alike.

Two poison events are written straight into the store between real histories: one whose topic names no class
(nothing can decode it) and one of a real class whose stored state lacks every attribute (it decodes, and
the handlers fail on it). The events after them must be applied.
"""

from __future__ import annotations

import argparse
import uuid
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import get_topic

import projections.rebuild as rebuild_module
from api.bootstrap import open_read_models
from api.cli.demo_seed import Seeder
from api.cli.outcome import FOUND, Console
from api.cli.read_models import replay
from api.settings import Settings
from domain.accounts.account import Account
from followers import dead_letters
from followers.follower import read_position
from infrastructure.event_store import SharedStore
from infrastructure.read_db import ReadModelDB
from projections.rebuild import rebuild
from projections.rebuild_helper import Helper
from projections.registry import READ_MODELS
from projections.verify import compare
from tests.conftest import make_settings
from tests.pg import Cluster

UNREADABLE_TOPIC = "domain.gone:Vanished.Happened"


def _poisoned_history(settings: Settings) -> tuple[list[int], str]:
    """A real history, the two poison events, more real history. Answers the poison positions and the
    username of an account opened after them."""
    store = SharedStore(settings.event_store_env())
    try:
        seeder = Seeder(store, password_hash="not-a-real-hash", batch_events=100, seed=3)
        seeder.run(150)
        gone = StoredEvent(uuid.uuid4(), 1, UNREADABLE_TOPIC, b"{}")
        hollow = StoredEvent(uuid.uuid4(), 1, get_topic(Account.Opened), b"{}")
        positions = [int(p) for p in store.recorder.insert_events([gone, hollow]) or []]
        after = Seeder(store, password_hash="not-a-real-hash", batch_events=100, seed=4, prefix="after")
        after.run(60)
        return positions, after.actors[0][1]
    finally:
        store.close()


def _parked(settings: Settings) -> list[dead_letters.DeadLetter]:
    db = open_read_models(settings)
    try:
        with db.read() as tx:
            return dead_letters.letters(tx, dead_letters.PARKED, READ_MODELS)
    finally:
        db.close()


def _state(settings: Settings, username: str) -> tuple[int, int, bool]:
    """The read models' position, the store's head, and whether `username`'s account row is there."""
    store, db = SharedStore(settings.event_store_env()), open_read_models(settings)
    try:
        with db.read() as tx:
            found = tx.scalar("SELECT 1 FROM accounts WHERE username = ?", (username,)) is not None
            return read_position(tx, READ_MODELS), store.head(), found
    finally:
        db.close()
        store.close()


def _rebuild_parks_and_finishes(settings: Settings, parallel: bool) -> None:
    positions, later = _poisoned_history(settings)
    store, db = SharedStore(settings.event_store_env()), open_read_models(settings)
    helpers: list[Helper] = []

    class Recorded(Helper):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            helpers.append(self)

    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(rebuild_module, "Helper", Recorded)
            stats = rebuild(store, db, batch_size=40, parallel=parallel)
    finally:
        db.close()
        store.close()
    assert len(helpers) == (1 if parallel else 0)  # the path named is the path taken
    assert stats.parked == 2
    parked = _parked(settings)
    assert sorted(letter.position for letter in parked) == sorted(positions)
    assert any(UNREADABLE_TOPIC in letter.topic for letter in parked)
    position, head, found = _state(settings, later)
    assert position == head and found  # finished: the events after the poison were applied


def _matches_a_one_process_rebuild(settings: Settings, one: ReadModelDB) -> None:
    """A one-process rebuild into `one` parks the same two poison events and builds the live rows."""
    store, live = SharedStore(settings.event_store_env()), open_read_models(settings)
    try:
        assert rebuild(store, one, batch_size=40, parallel=False).parked == 2
        assert compare(live, one) == []
    finally:
        for db in (one, live):
            db.close()
        store.close()


def test_a_one_process_rebuild_parks_poison_and_finishes(settings: Settings) -> None:
    _rebuild_parks_and_finishes(settings, parallel=False)


@pytest.mark.postgres
def test_the_two_process_rebuild_parks_poison_and_finishes(pg_cluster: Cluster, tmp_path: Path) -> None:
    # The helper process applies event_log: both poison events fail there too, and are parked by it.
    settings = make_settings(tmp_path / "var", pg_cluster.create_database())
    _rebuild_parks_and_finishes(settings, parallel=True)
    # And its rows are the one-process rebuild's: nothing of a parked event in either part's tables.
    _matches_a_one_process_rebuild(settings, open_read_models(settings, schema="one_process"))


def test_the_two_process_rebuild_on_sqlite_parks_poison_and_finishes(tmp_path: Path) -> None:
    # The helper writes event_log into its side file and parks both poison events there; this process
    # copies its rows and its parked events a page at a time (one parked event per position, not two).
    settings = make_settings(tmp_path / "var")
    _rebuild_parks_and_finishes(settings, parallel=True)
    assert not list((tmp_path / "var").glob("*.rebuild-side*"))  # the side file is gone
    _matches_a_one_process_rebuild(settings, open_read_models(settings, path=tmp_path / "one.db"))


def test_freight_replay_exits_1_on_bad_data_never_3(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    positions, later = _poisoned_history(settings)
    for name in ("DATABASE_URL", "VAR_DIR", "JWT_SECRET", "ADMIN_USERNAME", "ADMIN_PASSWORD", "WEB_DIST"):
        value = getattr(settings, name)
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, str(value))
    monkeypatch.chdir(tmp_path)  # no .env of the working tree
    # The command's own choice of path: on PostgreSQL the two-process rebuild from the first event.
    monkeypatch.setattr(rebuild_module, "PARALLEL_FROM", 0)
    code = replay(argparse.Namespace(changed=False), Console(json=False))
    assert code == FOUND != 3
    assert sorted(letter.position for letter in _parked(settings)) == sorted(positions)
    position, head, found = _state(settings, later)
    assert position == head and found
