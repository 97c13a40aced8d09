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
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if isinstance(value, UUID | Decimal):
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
    elif moment.utcoffset():
        moment = moment.astimezone(UTC)
    return "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ" % (  # noqa: UP031 (several times faster than strftime)
        moment.year,
        moment.month,
        moment.day,
        moment.hour,
        moment.minute,
        moment.second,
        moment.microsecond,
    )


REDACTED = "[redacted]"


def _shown(name: str, value: Any) -> Any:
    """Hashes (passwords, codes, tokens) are stored but never shown: an auditor sees only that one is set."""
    if name.endswith("_hash"):
        return None if value is None else REDACTED
    return plain(value)


_NAMES: dict[type, tuple[str, str, str]] = {}


def _names(event_class: type) -> tuple[str, str, str]:
    """(aggregate kind, event type, topic) of an event class; worked out once per class, not per event."""
    known = _NAMES.get(event_class)
    if known is not None:
        return known
    qualname = event_class.__qualname__
    kind, _, name = qualname.rpartition(".")
    aggregate_kind = _snake(kind.rsplit(".", 1)[-1]) if kind else "unknown"
    _NAMES[event_class] = (aggregate_kind, name or qualname, get_topic(event_class))
    return _NAMES[event_class]


def describe(event: Any) -> EventRecord:
    aggregate_kind, event_type, topic = _names(type(event))
    fields = vars(event)
    return EventRecord(
        aggregate_id=str(event.originator_id),
        aggregate_kind=aggregate_kind,
        version=int(event.originator_version),
        type=event_type,
        topic=topic,
        timestamp=utc_text(event.timestamp),
        actor_id=fields.get("actor_id"),
        actor_role=fields.get("actor_role"),
        reason=fields.get("reason"),
        changes={k: _shown(k, v) for k, v in fields.items() if k not in ENVELOPE_FIELDS},
    )


def aggregate_state(aggregate: Any) -> dict[str, Any]:
    """An aggregate's attributes as an auditor sees them (private bookkeeping left out)."""
    state = {k: _shown(k, v) for k, v in vars(aggregate).items() if not k.startswith("_")}
    state["id"] = str(aggregate.id)
    state["version"] = aggregate.version
    return state
