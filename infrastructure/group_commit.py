"""Group commit: concurrent commands share one store transaction (one lock, one durable commit).

Every append to the store takes the events table's write lock and waits for a durable commit, so commands
are serialised on that commit. Here the commands that arrive while one commit is in flight wait in a queue;
the next one to go takes the whole queue into one `insert_events` call. A command still waits for its own
events to be durable before it answers, but N commands then cost one commit instead of N.

No timer, no background thread: a lone command commits at once, exactly as without coalescing.

A batch that fails (typically one command lost a race on an aggregate version: a unique-key violation) is
retried one command per transaction, so only the loser sees the error and the others are stored; nothing of
a failed batch is stored, because it was one transaction.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import ApplicationRecorder, StoredEvent


class _Pending:
    __slots__ = ("done", "error", "events", "ids")

    def __init__(self, events: Sequence[StoredEvent]) -> None:
        self.events = events
        self.ids: Sequence[int] | None = None
        self.error: BaseException | None = None
        self.done = False


class GroupCommitRecorder:
    """Wraps an application recorder; only `insert_events` (without tracking) is coalesced.

    Everything else (reads, inserts that carry a tracking record) goes straight to the wrapped recorder.
    """

    def __init__(self, recorder: ApplicationRecorder, max_events: int = 1000) -> None:
        self.recorder = recorder
        self.max_events = max_events
        self._queue: list[_Pending] = []
        self._committing = False
        self._turn = threading.Condition()
        # Observability for tests and the benchmark: how many transactions carried how many commands.
        self.transactions = 0
        self.commands = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.recorder, name)

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        if any(value is not None for value in kwargs.values()):  # the library passes tracking=None
            return self.recorder.insert_events(stored_events, **kwargs)
        mine = _Pending(stored_events)
        with self._turn:
            self._queue.append(mine)
        while True:
            with self._turn:
                while not mine.done and self._committing:
                    self._turn.wait()
                if mine.done:
                    break
                # This command's turn to commit: it takes the queue's head, which may not reach its own
                # entry (a batch is bounded), so it goes on until its own events are in.
                self._committing = True
                batch = self._take()
            try:
                self._commit(batch)
            finally:
                with self._turn:
                    self._committing = False
                    self._turn.notify_all()
        if mine.error is not None:
            raise mine.error
        return mine.ids

    def _take(self) -> list[_Pending]:
        """The queue's head, up to `max_events` events (always at least one command, in arrival order)."""
        batch: list[_Pending] = []
        count = 0
        while self._queue and (not batch or count + len(self._queue[0].events) <= self.max_events):
            pending = self._queue.pop(0)
            batch.append(pending)
            count += len(pending.events)
        return batch

    def _commit(self, batch: list[_Pending]) -> None:
        try:
            if len(batch) == 1:
                self._one(batch[0])
                return
            try:
                ids = self.recorder.insert_events([e for p in batch for e in p.events])
            except Exception:
                # One transaction, so nothing of the batch is stored: settle each command on its own.
                for pending in batch:
                    self._one(pending)
                return
            self.transactions += 1
            self.commands += len(batch)
            offset = 0
            for pending in batch:
                size = len(pending.events)
                pending.ids = None if ids is None else ids[offset : offset + size]
                offset += size
        finally:
            for pending in batch:
                pending.done = True

    def _one(self, pending: _Pending) -> None:
        try:
            pending.ids = self.recorder.insert_events(pending.events)
            self.transactions += 1
            self.commands += 1
        except BaseException as error:
            pending.error = error
