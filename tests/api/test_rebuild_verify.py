"""`freight verify` on a seeded history, both stores: the two-process rebuild (the helper's side file on
SQLite, its own connection on PostgreSQL) gives the rows the live follower wrote in small batches.

Small by default; `REBUILD_LARGE=1` seeds 200,000 events (minutes, not for every run)."""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any

import pytest

import projections.rebuild as rebuild_module
import projections.verify as verify_module
from api.bootstrap import open_read_models
from api.cli.demo_seed import Seeder
from api.settings import Settings
from domain.accounts.account import account_id
from followers.follower import Follower
from infrastructure.event_store import SharedStore
from projections.rebuild_helper import Helper
from projections.registry import READ_MODELS, applier, ensure_schema
from projections.verify import verify_snapshot

LARGE = os.environ.get("REBUILD_LARGE") == "1"
EVENTS = 200_000 if LARGE else 3_000
# The live side in small batches, as a server under light load applies them (larger for the large history).
LIVE_BATCH = 50 if LARGE else 7
# The rebuild's pages: several even in the small history, so rows written by one page are changed by the next.
PAGE = 5000 if LARGE else 400


def test_the_two_process_rebuild_equals_the_live_read_models(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SharedStore(settings.event_store_env())
    live = open_read_models(settings)
    scratch = open_read_models(settings, schema="verify_scratch", path=tmp_path / "scratch.db")
    helpers: list[Helper] = []

    class Recorded(Helper):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            helpers.append(self)

    # The two-process path from the first event, on either store (the default starts it from 20,000).
    monkeypatch.setattr(rebuild_module, "PARALLEL_FROM", 0)
    monkeypatch.setattr(rebuild_module, "Helper", Recorded)
    monkeypatch.setattr(verify_module, "rebuild", functools.partial(rebuild_module.rebuild, batch_size=PAGE))
    try:
        seeded = Seeder(store, password_hash="not-a-real-hash", batch_events=2000, seed=7).run(EVENTS)
        # An erased customer: the rebuild's rows of their sealed fields, opened in the stored JSON (the
        # helper's event_log) or in the decoded events, say "erased" where the live follower's do.
        assert store.vault.destroy(str(account_id(seeded.customers[0])))
        ensure_schema(live)
        Follower(READ_MODELS, store, live, applier(), batch_size=LIVE_BATCH).catch_up()
        found = verify_snapshot(store, live, scratch)
        assert len(helpers) == 1  # the path named is the path taken
        assert found.position == store.head() >= EVENTS
        assert found.differences == []
        with scratch.read() as tx:
            assert tx.scalar("SELECT COUNT(*) FROM event_log") == found.position
            assert tx.scalar("SELECT COUNT(*) FROM notifications") > 0
        assert not list(tmp_path.rglob("*.rebuild-side*"))
    finally:
        scratch.close()
        live.close()
        store.close()
