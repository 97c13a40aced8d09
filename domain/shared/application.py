"""A bounded context's application: its aggregates' commands, written to the one shared event store.

The store itself is infrastructure (`infrastructure/event_store.py`) and is handed in by the wiring point;
the domain sees it only through this protocol.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, Protocol, TypeVar
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import (
    ApplicationRecorder,
    InfrastructureFactory,
    Mapper,
    RecordConflictError,
    Recording,
)
from eventsourcing.persistence import (
    EventStore as LibraryEventStore,
)
from eventsourcing.utils import Environment

from domain.shared.errors import Conflict

P = ParamSpec("P")
R = TypeVar("R")

CHANGED_MEANWHILE = "Somebody else changed this at the same time; reload and try again"
# How many times a command is decided in all before the person hears that somebody else changed the thing:
# one concurrent write (a policy's reminder, a colleague's act) costs one more decision; only a storm of
# them on one aggregate is answered with the conflict.
DECISIONS = 3


class ChangedMeanwhile(Conflict):
    """What a command loaded was changed by another write before the command's own was stored: nothing of
    the command was stored."""


_deciding = threading.local()


def decided_afresh(command: Callable[P, R]) -> Callable[P, R]:
    """A command (load, decide, record: nothing kept before its one write) that loses to a concurrent write
    is decided again on what is stored now, every check with it, rather than refused for a write its caller
    never saw (decision 3851). A command called inside another is decided again by the outer one."""

    @functools.wraps(command)
    def deciding(*args: P.args, **kwargs: P.kwargs) -> R:
        if getattr(_deciding, "active", False):
            return command(*args, **kwargs)
        _deciding.active = True
        try:
            for _ in range(DECISIONS - 1):
                try:
                    return command(*args, **kwargs)
                except ChangedMeanwhile:
                    continue
            return command(*args, **kwargs)
        finally:
            _deciding.active = False

    return deciding


class EventStore(Protocol):
    env: dict[str, str]
    factory: InfrastructureFactory[Any]
    writer: ApplicationRecorder
    mapper: Mapper[UUID]
    on_recorded: list[Callable[[int], None]]

    def head(self) -> int: ...


class _PreparingEventStore(LibraryEventStore[UUID]):
    """The library's event store, telling the mapper a save's whole batch before it maps each event (the
    store's mapper then readies, in one go, whatever each event's mapping would look up by itself)."""

    def put(self, domain_events: Sequence[Any], **kwargs: Any) -> list[Recording[UUID]]:
        prepare = getattr(self.mapper, "prepare", None)
        if prepare is not None:
            prepare(domain_events)
        return super().put(domain_events, **kwargs)


class ContextApplication(Application[UUID]):
    """A bounded context's application, writing to the shared store."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        super().__init__(env=store.env)

    def construct_factory(self, env: Environment) -> InfrastructureFactory[Any]:
        return self.store.factory

    def construct_recorder(self) -> ApplicationRecorder:
        return self.store.writer

    def construct_event_store(self) -> LibraryEventStore[UUID]:
        return _PreparingEventStore(mapper=self.mapper, recorder=self.recorder)

    def construct_mapper(self) -> Mapper[UUID]:
        # The store's one mapper, which seals and opens personal fields for every context alike.
        return self.store.mapper

    def record(self, *aggregates: Any) -> int:
        """Save the aggregates' new events in one transaction; answer the position of the last one.

        The API waits for the read models to reach that position before it answers (read-your-writes).
        A concurrent write to the same aggregate loses with `ChangedMeanwhile` (a `Conflict`), and nothing
        of it is stored: a command decorated `decided_afresh` is then decided again.
        """
        try:
            recordings = self.save(*aggregates)
        except RecordConflictError as error:
            raise ChangedMeanwhile(CHANGED_MEANWHILE) from error
        if not recordings:
            return self.store.head()
        position = max(r.notification.id for r in recordings)
        for listener in self.store.on_recorded:
            listener(position)
        return position

    def close(self) -> None:
        """The shared store owns the connections; closing one context must not close the others."""
