"""Whatever records an event in this process (a request or a policy) wakes the read-model follower."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from domain.notifications.notification import Notification
from domain.shared.actor import SYSTEM_ACTOR
from tests.api.accounts_support import services


def test_an_event_recorded_outside_a_request_reaches_the_read_models_at_once(client: TestClient) -> None:
    svc = services(client)
    svc.read_follower.idle_wait = 30.0  # only a poke can wake it within this test
    time.sleep(0.5)  # let the wait it is in now (the old timeout) run out
    # As the notifications policy does: record, no settle, no request.
    position = svc.notifications.record(
        Notification.create("poke-1", 1, "someone", "Title", "message " * 5, SYSTEM_ACTOR)
    )
    deadline = time.monotonic() + 5
    while svc.read_follower.position < position and time.monotonic() < deadline:
        time.sleep(0.01)
    assert svc.read_follower.position >= position
    with svc.read_models.read() as tx:
        assert tx.scalar("SELECT COUNT(*) FROM notifications WHERE title = ?", ("Title",)) == 1
