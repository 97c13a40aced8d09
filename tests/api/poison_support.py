"""A projection handler made to fail on chosen aggregates (a poison event), and a wait on a condition with a
deadline: for the tests of parked events (tests/api/test_poison_and_health.py, test_needs_attention.py)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from projections.projection import Projection


class Switch:
    """The poisoned handler fails on the aggregates in `poisoned` while `on`."""

    def __init__(self) -> None:
        self.on = True
        self.poisoned: set[str] = set()


def poison(
    monkeypatch: pytest.MonkeyPatch, projection: Projection, event_class: type, failure: str
) -> Switch:
    """Make `projection`'s handler of `event_class` raise `failure` for the switch's aggregates. Call it
    before the app is built: the follower's dispatch table takes the handler on its first event."""
    state = Switch()
    original = projection.handlers[event_class]

    def poisoned(tx: Any, event: Any, position: int) -> None:
        if state.on and str(event.originator_id) in state.poisoned:
            raise ValueError(failure)
        original(tx, event, position)

    monkeypatch.setitem(projection.handlers, event_class, poisoned)
    return state


def wait_until(condition: Callable[[], Any], what: str, timeout: float = 30) -> Any:
    """The condition's first truthy answer, polled until `timeout` seconds have passed (else fail)."""
    deadline = time.monotonic() + timeout
    while not (found := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout}s: {what}")
        time.sleep(0.05)
    return found
