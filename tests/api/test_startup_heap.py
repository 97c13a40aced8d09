"""A served process freezes what its startup made out of the collector's full passes (api/heap.py), and
garbage made afterwards is still collected; the setting off (the test suite's default) freezes nothing."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from tests.api.poison_support import wait_until
from tests.conftest import make_settings


class Node:
    me: Node | None = None


@pytest.fixture
def thawed() -> Iterator[None]:
    """Gives back what a started app froze: the suite's other apps must stay collectable."""
    gc.unfreeze()
    try:
        yield
    finally:
        gc.unfreeze()


def test_startup_heap_is_frozen_and_later_garbage_still_collected(tmp_path: Path, thawed: None) -> None:
    with TestClient(create_app(make_settings(tmp_path, FREEZE_STARTUP_HEAP=True))) as client:
        # The app, its routes, models and services: tens of thousands of objects a full pass no longer walks.
        assert gc.get_freeze_count() > 20_000
        # A fresh app is healthy once its followers have said they hold their groups (they start with it).
        wait_until(lambda: client.get("/health").status_code == 200, "a frozen app healthy")
        cycle = Node()
        cycle.me = cycle
        gone = weakref.ref(cycle)
        del cycle
        gc.collect()
        assert gone() is None


def test_nothing_is_frozen_with_the_setting_off(tmp_path: Path, thawed: None) -> None:
    with TestClient(create_app(make_settings(tmp_path))) as client:
        wait_until(lambda: client.get("/health").status_code == 200, "an unfrozen app healthy")
        assert gc.get_freeze_count() == 0
