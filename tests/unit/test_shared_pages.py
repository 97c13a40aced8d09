"""The followers of one process share their log reads (`SharedPages`): one query per wake-up serves them
all, and a page that reached the log's end is not trusted once new events were announced."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from eventsourcing.domain import Aggregate

from domain.shared.application import ContextApplication
from followers.follower import Batch, Follower, SharedPages, shared_pages
from infrastructure.event_store import SharedStore
from infrastructure.read_db import SqliteReadModels, Tx


class Note(Aggregate):
    def __init__(self, text: str) -> None:
        self.text = text


def test_followers_of_one_store_read_each_page_once(tmp_path: Path) -> None:
    store = SharedStore({})
    app = ContextApplication(store)
    seen: dict[str, list[int]] = {"first": [], "second": []}

    def applying(name: str) -> Callable[[Tx, Batch], None]:
        def apply(tx: Tx, batch: Batch) -> None:
            seen[name].extend(position for position, _ in batch)

        return apply

    db = SqliteReadModels(tmp_path / "rm.db")
    first = Follower("first", store, db, applying("first"))
    second = Follower("second", store, db, applying("second"))
    try:
        pages = shared_pages(store)
        assert first.pages is pages and second.pages is pages
        pages.FRESH_FOR = 60.0  # only an announcement may make the end old within this test
        positions = [app.record(Note(f"note {index}")) for index in range(5)]
        first.poke()  # as a recorded command does
        before = pages.queries
        first.catch_up()
        second.catch_up()
        assert seen["first"] == positions and seen["second"] == positions
        # One query read the page and found the end; the second follower was answered from it.
        assert pages.queries - before == 1
        # A new event, announced: the end read before is old, so the next follower asks again.
        later = app.record(Note("later"))
        second.poke()
        first.catch_up()
        second.catch_up()
        assert seen["first"][-1] == later and seen["second"][-1] == later
        assert pages.queries - before == 2
    finally:
        db.close()
        store.close()


def test_an_end_nobody_announced_is_trusted_only_briefly(tmp_path: Path) -> None:
    store = SharedStore({})
    app = ContextApplication(store)
    pages = SharedPages(store)
    pages.FRESH_FOR = 0.0  # every end is old at once: a commit no one announced is still found
    first = app.record(Note("first"))
    assert [n.id for n in pages.select(0, 10)] == [first]
    second = app.record(Note("second"))  # not announced
    assert [n.id for n in pages.select(first, 10)] == [second]
    # A full page is an exact answer however old: it never reached the end.
    assert [n.id for n in pages.select(0, 1)] == [first]
    store.close()
