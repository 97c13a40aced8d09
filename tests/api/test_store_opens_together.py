"""Processes that open the PostgreSQL event store at the same moment (the compose file's API workers, its two
followers, a health check) each run the library's schema step, which replaces the insert function. Two
replacements at once fail one of them ("tuple concurrently updated"), and a follower died of it at start."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from infrastructure.event_store import SharedStore
from tests.conftest import make_settings
from tests.pg import Cluster

OPENERS = 6
ROUNDS = 4


@pytest.mark.parametrize("made", [False, True], ids=["fresh database", "tables made"])
def test_stores_opened_at_once_all_open(made: bool, pg_cluster: Cluster, tmp_path: Path) -> None:
    # Fresh, the tables race; made, the insert function does (the compose topology's failure).
    env = make_settings(tmp_path / "var", pg_cluster.create_database()).event_store_env()
    if made:
        SharedStore(env).close()
    for _ in range(ROUNDS):
        start = threading.Barrier(OPENERS)
        with ThreadPoolExecutor(OPENERS) as pool:
            heads = list(pool.map(opened_head, [env] * OPENERS, [start] * OPENERS))
        assert heads == [0] * OPENERS


def opened_head(env: dict[str, str], start: threading.Barrier) -> int:
    start.wait()
    store = SharedStore(env)
    try:
        return store.head()
    finally:
        store.close()
