"""Helpers of the unit tests over the domain: an event store in a file, history written as an older version
of the code wrote it, and a notice context over aggregates in memory."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import get_topic

from infrastructure.event_store import SharedStore


def sqlite_store(tmp_path: Path) -> SharedStore:
    return SharedStore(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "e.db")}
    )


def write_old_event(store: SharedStore, event_class: type, state: dict[str, Any]) -> None:
    """Stores `state` under `event_class`'s topic exactly as given (no upcasting, no `class_version` added):
    the event as an older version of the code wrote it."""
    store.recorder.insert_events(
        [
            StoredEvent(
                originator_id=UUID(hex=state["originator_id"]),
                originator_version=state["originator_version"],
                topic=get_topic(event_class),
                state=json.dumps(state).encode(),
            )
        ]
    )


class Known:
    """A NoticeContext over aggregates in memory, with the staff `staff`."""

    def __init__(self, *aggregates: Any, staff: tuple[str, ...] = ("staff-1", "staff-2")) -> None:
        self.by_id = {str(a.id): a for a in aggregates}
        self.staff = staff

    def aggregate(self, aggregate_id: Any) -> Any:
        return self.by_id.get(str(aggregate_id))

    def staff_ids(self) -> list[str]:
        return list(self.staff)
