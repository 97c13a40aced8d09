"""Live notices for open screens: one poller per process follows `event_log` and hands each subscriber
the changes its user may see (server-sent events, `api/routers/events.py`).

The poller reads the read-model database, never this process's memory of its own commands, so it works the
same with one process and with several API workers behind one follower: each worker polls the shared
read models. A poll is one indexed range read on `event_log`; it costs nothing while no stream is open
(the poller stops with its last subscriber).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from api.bootstrap import Services
from api.edge.identity import company_account_id
from api.edge.security import Principal
from projections import changes

log = logging.getLogger(__name__)

POLL_SECONDS = 0.2
QUEUE_LIMIT = 1000


@dataclass(eq=False)
class Subscriber:
    principal: Principal
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))

    @property
    def sees_everything(self) -> bool:
        return self.principal.is_admin or self.principal.is_auditor

    def may_see(self, change: changes.Change) -> bool:
        if change.owner == company_account_id(self.principal):
            return True
        return self.sees_everything and change.staff_may_see

    def offer(self, change: changes.Change) -> None:
        if self.may_see(change):
            try:
                self.queue.put_nowait(change.wire())
            except asyncio.QueueFull:  # a stalled reader: it will refetch on reconnect
                log.warning("live notices: a subscriber's queue is full; a notice was dropped")


class LiveFeed:
    """Fans the changes after each poll out to the subscribers of this process."""

    def __init__(self, services: Services, poll_seconds: float = POLL_SECONDS) -> None:
        self.services = services
        self.poll_seconds = poll_seconds
        self.subscribers: set[Subscriber] = set()
        self.position: int | None = None
        self._task: asyncio.Task[None] | None = None

    async def subscribe(self, principal: Principal, after: int | None = None) -> Subscriber:
        subscriber = Subscriber(principal)
        if self.position is None:
            self.position = await self._read(changes.head)
        # From here the poller hands it everything after `now` (a poll under way started at `now` too).
        now = self.position
        self.subscribers.add(subscriber)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._poll())
        if after is not None and after < now:
            # A reconnecting stream (Last-Event-ID): what it missed while it was away, up to `now`.
            missed, _ = await self._read(lambda tx: changes.changes_after(tx, after, QUEUE_LIMIT))
            for change in missed:
                if change.position <= now:
                    subscriber.offer(change)
        return subscriber

    def unsubscribe(self, subscriber: Subscriber) -> None:
        self.subscribers.discard(subscriber)

    async def _read(self, query: Any) -> Any:
        from api.edge.deps import off_loop

        def run() -> Any:
            with self.services.read_models.read() as tx:
                return query(tx)

        return await off_loop(run)

    async def _poll(self) -> None:
        while self.subscribers:
            try:
                start = self.position or 0
                found, last = await self._read(partial(changes.changes_after, position=start))
                for change in found:
                    for subscriber in list(self.subscribers):
                        subscriber.offer(change)
                self.position = last
                if last > start and found:
                    continue  # more may be waiting: read again at once
            except Exception:  # a failed poll is retried; a stream must not die of one
                log.exception("live notices: poll failed")
            await asyncio.sleep(self.poll_seconds)
        self.position = None  # the next first subscriber starts from the head of its time
