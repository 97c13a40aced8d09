"""How an auditor reads a stored event: which aggregate kind, who, why, and which fields it carried."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from enum import Enum
from typing import Any
from uuid import UUID

from eventsourcing.utils import get_topic

ENVELOPE_FIELDS = {
    "originator_id",
    "originator_version",
    "timestamp",
    "actor_id",
    "actor_role",
    "reason",
    "originator_topic",
}


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def plain(value: Any) -> Any:
    """A JSON-ready copy of an event or aggregate value."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    return value


@dataclass(frozen=True)
class EventRecord:
    aggregate_id: str
    aggregate_kind: str
    version: int
    type: str
    topic: str
    timestamp: str
    actor_id: str | None
    actor_role: str | None
    reason: str | None
    changes: dict[str, Any]


def utc_text(moment: datetime) -> str:
    """One fixed text form for times, so that comparing the texts compares the times."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def describe(event: Any) -> EventRecord:
    event_class = type(event)
    qualname = event_class.__qualname__
    kind, _, name = qualname.rpartition(".")
    return EventRecord(
        aggregate_id=str(event.originator_id),
        aggregate_kind=_snake(kind.rsplit(".", 1)[-1]) if kind else "unknown",
        version=int(event.originator_version),
        type=name or qualname,
        topic=get_topic(event_class),
        timestamp=utc_text(event.timestamp),
        actor_id=getattr(event, "actor_id", None),
        actor_role=getattr(event, "actor_role", None),
        reason=getattr(event, "reason", None),
        changes={k: plain(v) for k, v in vars(event).items() if k not in ENVELOPE_FIELDS},
    )


def aggregate_state(aggregate: Any) -> dict[str, Any]:
    """An aggregate's attributes as an auditor sees them (private bookkeeping left out)."""
    state = {k: plain(v) for k, v in vars(aggregate).items() if not k.startswith("_")}
    state["id"] = str(aggregate.id)
    state["version"] = aggregate.version
    return state
