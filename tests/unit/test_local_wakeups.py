"""The SQLite processes' wake-ups (infrastructure/local_wakeups.py): datagrams, never the disk."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from infrastructure.local_wakeups import HELLO_EVERY, LocalWakeups


def until(check: Callable[[], object], seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.01)
    return False


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "read.db"


@pytest.fixture
def hub(store: Path) -> Iterator[LocalWakeups]:
    wakeups = LocalWakeups(store, hub=True)
    wakeups.start()
    yield wakeups
    wakeups.stop()


def worker(store: Path) -> LocalWakeups:
    wakeups = LocalWakeups(store, hub=False)
    wakeups.start()
    assert until(lambda: wakeups.live), "the worker never heard the hub"
    return wakeups


def test_a_waiting_worker_wakes_when_the_followers_apply(store: Path, hub: LocalWakeups) -> None:
    waiting = worker(store)
    try:
        woke = []
        thread = threading.Thread(target=lambda: woke.append(waiting.wait_for("read_models", 5, 5.0)))
        thread.start()
        time.sleep(0.05)
        started = time.monotonic()
        hub.applied("read_models", 5)
        thread.join()
        assert woke == [True]
        assert time.monotonic() - started < 0.5
        assert waiting.position("read_models") == 5
    finally:
        waiting.stop()


def test_committed_events_poke_the_followers(store: Path, hub: LocalWakeups) -> None:
    poked = threading.Event()
    hub.on_events.append(poked.set)
    writer = worker(store)
    try:
        writer.committed()
        assert poked.wait(2)
    finally:
        writer.stop()


def test_an_accounts_unshown_write_reaches_every_worker(store: Path, hub: LocalWakeups) -> None:
    one, other = worker(store), worker(store)
    try:
        one.publish("client:abc", 42)
        assert one.position("client:abc") == 42  # at once, for its own next read
        assert other.wait_for("client:abc", 42, 2.0)
    finally:
        one.stop()
        other.stop()


def test_a_restarted_hub_learns_its_workers_again(store: Path) -> None:
    first = LocalWakeups(store, hub=True)
    first.start()
    waiting = worker(store)
    try:
        first.stop()
        second = LocalWakeups(store, hub=True)
        second.start()
        try:

            def applied_and_heard() -> bool:
                second.applied("read_models", 9)
                return waiting.position("read_models") == 9

            assert until(applied_and_heard, 3 * HELLO_EVERY)
        finally:
            second.stop()
    finally:
        waiting.stop()


def test_stores_do_not_hear_each_other(tmp_path: Path, hub: LocalWakeups) -> None:
    elsewhere = LocalWakeups(tmp_path / "other" / "read.db", hub=False)
    elsewhere.start()
    try:
        hub.applied("read_models", 3)
        time.sleep(2 * HELLO_EVERY)
        assert not elsewhere.live
        assert elsewhere.position("read_models") == 0
    finally:
        elsewhere.stop()
