"""An upgrade rebuilds only the read models it changed, with those tied to them (decision 3863): both stores,
on a seeded history, compared row by row with a whole rebuild; and the ties worked out from the code name
every read the handlers really make."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api.bootstrap import open_read_models
from api.cli.demo_seed import Seeder
from api.settings import Settings
from followers import dead_letters
from followers.follower import Follower
from followers.positions import read_position
from infrastructure.event_store import SharedStore
from infrastructure.read_db import ReadModelDB
from projections.condition import inspect
from projections.rebuild_changed import chosen_read_models, rebuild_changed
from projections.registry import READ_MODELS, all_projections, applier, ensure_schema
from projections.verify import verify_snapshot
from tests.conftest import make_settings
from tests.handler_touches import untied_touches

EVENTS = 1500


def seeded(settings: Settings) -> tuple[SharedStore, ReadModelDB]:
    store = SharedStore(settings.event_store_env())
    Seeder(store, password_hash="not-a-real-hash", batch_events=500, seed=11).run(EVENTS)
    live = open_read_models(settings)
    ensure_schema(live)
    Follower(READ_MODELS, store, live, applier(), batch_size=50).catch_up()
    return store, live


@pytest.fixture
def history(settings: Settings) -> Iterator[tuple[SharedStore, ReadModelDB]]:
    store, live = seeded(settings)
    try:
        yield store, live
    finally:
        live.close()
        store.close()


def released(tx: Any, *changed: str) -> None:
    """As a release that changed these read models finds the read models an earlier one built."""
    for name in changed:
        tx.execute("UPDATE read_model_fingerprints SET fingerprint = 'older' WHERE name = ?", (name,))
    tx.execute("UPDATE read_model_schema SET fingerprint = 'older'")


def test_an_upgrade_rebuilds_what_it_changed_and_what_is_tied_to_it_and_nothing_else(
    settings: Settings, history: tuple[SharedStore, ReadModelDB], tmp_path: Path
) -> None:
    store, live = history
    with live.transaction() as tx:
        booking = tx.one("SELECT * FROM booking_rate_requests ORDER BY id LIMIT 1")
        assert booking is not None
        # A row the earlier release wrote otherwise, in a read model tied to the changed one (its handlers
        # read `booking_dcsa`'s rows), and one in a read model neither changed nor tied: left as it is.
        tx.execute("UPDATE booking_rate_requests SET state = -1 WHERE id = ?", (booking["id"],))
        reason = tx.scalar("SELECT reason FROM event_log WHERE position = 1")
        tx.execute("UPDATE event_log SET reason = 'left as it was' WHERE position = 1")
        released(tx, "booking_dcsa")
        position = read_position(tx, READ_MODELS)
    with live.read() as tx:
        assert inspect(tx).changed == ["booking_dcsa"]
    outcome = rebuild_changed(store, live, batch_size=400)
    assert (outcome.names, outcome.whole) == (["booking", "booking_dcsa"], False)
    assert outcome.stats.events == position
    with live.read() as tx:
        assert tx.one("SELECT * FROM booking_rate_requests WHERE id = ?", (booking["id"],)) == booking
        assert tx.scalar("SELECT reason FROM event_log WHERE position = 1") == "left as it was"
        assert read_position(tx, READ_MODELS) == position
        assert inspect(tx).damage() is None
    with live.transaction() as tx:
        tx.execute("UPDATE event_log SET reason = ? WHERE position = 1", (reason,))
    scratch = open_read_models(settings, schema="changed_scratch", path=tmp_path / "scratch.db")
    try:
        assert verify_snapshot(store, live, scratch).differences == []
    finally:
        scratch.close()


def test_where_a_partial_rebuild_cannot_be_exact_everything_is_rebuilt(tmp_path: Path) -> None:
    store, live = seeded(make_settings(tmp_path / "var", None))
    try:
        with live.transaction() as tx:
            released(tx, "booking_sailings")
        assert chosen_read_models(live) == ["booking_sailings"]
        # An event parked earlier: retrying it applies it to every read model, the rebuilt ones included.
        first = store.recorder.select_notifications(1, 1)[0]
        with live.transaction() as tx:
            dead_letters.park(tx, READ_MODELS, first, ValueError("a fault"), 1, dead_letters.now_text())
        assert chosen_read_models(live) is None
        with live.transaction() as tx:
            tx.execute("DELETE FROM dead_letters")
            # A table missing from a read model this release did not change: the store is damaged.
            tx.execute("DROP TABLE notification_counts")
        assert chosen_read_models(live) is None
        with live.transaction() as tx:
            tx.execute("CREATE TABLE notification_counts (x INTEGER)")
            # Read models built before each had its own fingerprint: which changed is not known.
            tx.execute("DROP TABLE read_model_fingerprints")
        assert chosen_read_models(live) is None
        outcome = rebuild_changed(store, live)
        assert outcome.whole and len(outcome.names) == len(all_projections())
        with live.read() as tx:
            assert inspect(tx).damage() is None and inspect(tx).changed is None
    finally:
        live.close()
        store.close()


def test_the_ties_worked_out_from_the_code_cover_every_table_the_handlers_touch(tmp_path: Path) -> None:
    """Each handler's reads and writes recorded while a follower applies a seeded history (the whole-booking
    model checks the same on its histories: tests/property/test_crossings.py)."""
    settings = make_settings(tmp_path / "var", None)
    store, live = seeded(settings)
    fresh = open_read_models(settings, path=tmp_path / "fresh.db")
    try:
        touched, untied = untied_touches(store, fresh)
    finally:
        fresh.close()
        live.close()
        store.close()
    assert touched["booking"] >= {"booking", "booking_dcsa"}  # the recording saw the handlers' reads
    assert untied == []
