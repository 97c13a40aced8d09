"""A bounded context's application: its aggregates' commands, written to the one shared event store.

The store itself is infrastructure (`infrastructure/event_store.py`) and is handed in by the wiring point;
the domain sees it only through this protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol
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
        A concurrent write to the same aggregate loses with `Conflict`, and nothing of it is stored.
        """
        try:
            recordings = self.save(*aggregates)
        except RecordConflictError as error:
            raise Conflict("Somebody else changed this at the same time; reload and try again") from error
        if not recordings:
            return self.store.head()
        position = max(r.notification.id for r in recordings)
        for listener in self.store.on_recorded:
            listener(position)
        return position

    def close(self) -> None:
        """The shared store owns the connections; closing one context must not close the others."""
