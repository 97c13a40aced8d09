"""A running follower applies every saved event, and a wake-up that reaches the log's end costs one query."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from eventsourcing.domain import Aggregate

from domain.shared.application import ContextApplication
from followers.follower import Batch, Follower
from infrastructure.event_store import SharedStore
from infrastructure.read_db import SqliteReadModels, Tx


class Note(Aggregate):
    def __init__(self, text: str) -> None:
        self.text = text


class CountingReads:
    """Counts the follower's log queries; everything else goes to the real recorder."""

    def __init__(self, recorder: Any) -> None:
        self.recorder = recorder
        self.queries = 0
        self.lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.recorder, name)

    def select_notifications(self, *args: Any, **kwargs: Any) -> Any:
        with self.lock:
            self.queries += 1
        return self.recorder.select_notifications(*args, **kwargs)


def test_each_command_costs_the_running_follower_one_log_query(tmp_path: Path) -> None:
    store = SharedStore({})
    app = ContextApplication(store)
    applied: list[int] = []

    def apply(tx: Tx, batch: Batch) -> None:
        applied.extend(position for position, _ in batch)

    db = SqliteReadModels(tmp_path / "rm.db")
    follower = Follower("notes", store, db, apply, idle_wait=30.0)  # no idle polls inside this test
    counting = CountingReads(store.recorder)
    store.recorder = counting  # type: ignore[assignment]
    follower.start()
    try:
        follower.wait_for(0)
        positions = []
        for index in range(20):
            position = app.record(Note(f"note {index}"))
            assert follower.wait_for(position, timeout=5)
            positions.append(position)
        assert applied == positions
        # One query per wake-up (the page it applies), not a second one to find the page empty; the first
        # start-up query may or may not be counted depending on when the counter was put in place.
        assert counting.queries <= len(positions) + 1
    finally:
        follower.stop()
        db.close()
        store.close()
