"""Stopping the services ends their own background work before the read models close: a thread still
querying a connection that `close()` pulls away crashed a whole test worker (SQLite, a segmentation fault)."""

from __future__ import annotations

import threading
from pathlib import Path

from api.bootstrap import Services
from tests.conftest import make_settings


def test_a_reader_waiting_for_a_position_is_let_go_when_its_follower_stops(tmp_path: Path) -> None:
    services = Services(make_settings(tmp_path / "var"))
    services.start()
    answers: list[bool] = []
    far_ahead = services.store.head() + 1_000
    waiter = threading.Thread(target=lambda: answers.append(services.read_follower.wait_for(far_ahead, 300)))
    waiter.start()
    try:
        services.read_follower.stop()
        waiter.join(timeout=60)  # well inside the wait's own 300 s: the stop let it go
        assert not waiter.is_alive()
        assert answers == [False]
    finally:
        services.stop()


def test_stop_waits_for_the_references_pass_before_closing_the_read_models(tmp_path: Path) -> None:
    services = Services(make_settings(tmp_path / "var"))
    services.start()
    references = services._references
    assert references is not None
    services.stop()
    assert not references.is_alive()


def test_stop_waits_for_a_webhook_post_in_flight_before_closing_the_read_models(tmp_path: Path) -> None:
    services = Services(make_settings(tmp_path / "var"))
    services.start()
    posting, recorded = threading.Event(), threading.Event()

    def post_in_flight() -> None:
        posting.set()
        threading.Event().wait(0.5)  # the callback answering slowly
        recorded.set()

    services.webhook_sender._pool.submit(post_in_flight)
    assert posting.wait(30)
    services.stop()
    assert recorded.is_set()
