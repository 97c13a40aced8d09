"""Group commit: queued commands share one transaction, each gets its own ids, a loser fails alone."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent

from infrastructure.group_commit import GroupCommitRecorder


class SlowRecorder:
    """Stands in for the store: numbers events, refuses a repeated (originator, version), can be held."""

    def __init__(self) -> None:
        self.rows: list[StoredEvent] = []
        self.keys: set[tuple[Any, int]] = set()
        self.transactions: list[int] = []
        self.hold = threading.Event()
        self.hold.set()
        self.entered = threading.Event()

    def insert_events(self, stored_events: Sequence[StoredEvent], **_: Any) -> Sequence[int]:
        self.entered.set()
        self.hold.wait(5)
        keys = [(e.originator_id, e.originator_version) for e in stored_events]
        if len(set(keys)) < len(keys) or self.keys.intersection(keys):
            raise IntegrityError("duplicate (originator_id, originator_version)")
        self.keys.update(keys)
        first = len(self.rows) + 1
        self.rows.extend(stored_events)
        self.transactions.append(len(stored_events))
        return list(range(first, first + len(stored_events)))

    def max_notification_id(self) -> int:
        return len(self.rows)


def event(originator: Any = None, version: int = 1) -> StoredEvent:
    originator_id = originator or uuid4()
    return StoredEvent(originator_id=originator_id, originator_version=version, topic="t", state=b"{}")


def wait_until(condition: Any, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached")
        time.sleep(0.001)


def run_while_first_commit_is_held(
    writer: GroupCommitRecorder, inner: SlowRecorder, batches: list[list[StoredEvent]]
) -> list[Any]:
    """The first batch commits alone and is held; the others queue behind it, then all are released."""
    results: list[Any] = [None] * len(batches)

    def call(index: int) -> None:
        try:
            results[index] = writer.insert_events(batches[index])
        except Exception as error:
            results[index] = error

    inner.hold.clear()
    threads = [threading.Thread(target=call, args=(0,))]
    threads[0].start()
    inner.entered.wait(5)
    for index in range(1, len(batches)):
        threads.append(threading.Thread(target=call, args=(index,)))
        threads[-1].start()
    wait_until(lambda: len(writer._queue) == len(batches) - 1)
    inner.hold.set()
    for thread in threads:
        thread.join(5)
    return results


def test_commands_queued_behind_a_commit_share_the_next_transaction() -> None:
    inner = SlowRecorder()
    writer = GroupCommitRecorder(inner)  # type: ignore[arg-type]
    batches = [[event()], [event(), event()], [event()], [event(), event(), event()]]
    results = run_while_first_commit_is_held(writer, inner, batches)
    assert inner.transactions == [1, 6]  # the three queued commands went in one transaction
    # Each caller gets the ids of its own events, in its own order.
    for batch, ids in zip(batches, results, strict=True):
        assert [inner.rows[i - 1] for i in ids] == batch
    assert (writer.transactions, writer.commands) == (2, 4)


def test_a_lone_command_commits_at_once() -> None:
    inner = SlowRecorder()
    writer = GroupCommitRecorder(inner)  # type: ignore[arg-type]
    assert writer.insert_events([event()]) == [1]
    assert writer.insert_events([event(), event()]) == [2, 3]
    assert inner.transactions == [1, 2]


def test_the_loser_of_a_race_fails_alone_and_the_rest_of_its_batch_is_stored() -> None:
    inner = SlowRecorder()
    writer = GroupCommitRecorder(inner)  # type: ignore[arg-type]
    contested = uuid4()
    batches = [[event()], [event(contested, 1)], [event()], [event(contested, 1)], [event()]]
    results = run_while_first_commit_is_held(writer, inner, batches)
    errors = [r for r in results if isinstance(r, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], IntegrityError)
    assert isinstance(results[3], IntegrityError)  # the later of the two arrivals loses
    assert len(inner.rows) == 4
    assert sum(1 for e in inner.rows if e.originator_id == contested) == 1


def test_a_batch_never_exceeds_max_events_but_always_takes_one_command() -> None:
    inner = SlowRecorder()
    writer = GroupCommitRecorder(inner, max_events=3)  # type: ignore[arg-type]
    batches = [[event()], [event(), event()], [event(), event()], [event(), event(), event(), event()]]
    run_while_first_commit_is_held(writer, inner, batches)
    assert inner.transactions == [1, 2, 2, 4]


def test_reads_go_straight_to_the_store() -> None:
    inner = SlowRecorder()
    writer = GroupCommitRecorder(inner)  # type: ignore[arg-type]
    writer.insert_events([event()])
    assert writer.max_notification_id() == 1
    with pytest.raises(AttributeError):
        writer.no_such_method()


def test_the_library_s_empty_tracking_argument_is_still_coalesced() -> None:
    inner = SlowRecorder()
    writer = GroupCommitRecorder(inner)  # type: ignore[arg-type]
    writer.insert_events([event()], tracking=None)
    assert writer.commands == 1
