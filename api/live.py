"""Live notices for open screens: one poller per process follows `event_log` and hands each subscriber
the changes its user may see (server-sent events, `api/routers/events.py`).

The poller reads the read-model database, never this process's memory of its own commands, so it works the
same with one process and with several API workers behind one follower: each worker polls the shared
read models. A poll is one indexed range read on `event_log`; it costs nothing while no stream is open
(the poller stops with its last subscriber).

A company's colleague is told of the company's notices he reads, as his list and bell count them (decision
3872): the role decides some (a profile edit's, an owner's), so those are decided when they are sent, with
the role read then (decision 3895, `Subscriber.waits_for_role`).
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
from domain.accounts.team import OWN, has_right
from domain.notifications.policy import read_by_colleague
from projections import changes

log = logging.getLogger(__name__)

POLL_SECONDS = 0.2
QUEUE_LIMIT = 1000
# What a notice opens that a colleague reads or not by his role: decided by the role as it is when it is sent.
ROLE_DECIDES = frozenset(read_by_colleague(True)) - frozenset(read_by_colleague(False))


@dataclass(eq=False)
class Subscriber:
    # The stream's reader as last read (the stream reads the member again while it is open: his role counts).
    principal: Principal
    queue: asyncio.Queue[changes.Change] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))

    @property
    def sees_everything(self) -> bool:
        return self.principal.is_admin or self.principal.is_auditor

    def may_see(self, change: changes.Change) -> bool:
        """By the reader's company and role as last read."""
        company = company_account_id(self.principal)
        if change.owner == company:
            # The company's login reads all its notices; a colleague those his role reads (3872).
            colleague = self.principal.account_id != company
            about = change.about
            return about is None or not colleague or about in self._read_about()
        return self.sees_everything and change.staff_may_see

    def _read_about(self) -> tuple[str, ...]:
        return read_by_colleague(has_right(self.principal.team_role, OWN))

    def waits_for_role(self, change: changes.Change) -> bool:
        """A notice of the company that the colleague reads or not by his role: sent only after his role is
        read again, so a demotion recorded before it is sent counts (and a promotion)."""
        company = company_account_id(self.principal)
        return change.about in ROLE_DECIDES and change.owner == company != self.principal.account_id

    def offer(self, change: changes.Change) -> None:
        if self.waits_for_role(change) or self.may_see(change):
            try:
                self.queue.put_nowait(change)
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
