"""How an auditor reads a stored event: which aggregate kind, who, why, and which fields it carried."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from enum import Enum
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.utils import get_topic

from domain.shared.aggregate import Recorded
from domain.shared.personal import personal_fields
from infrastructure.transcoding import NotFast, fast_loads

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
    kind = type(value)
    if kind is str or kind is int or value is None or kind is bool or kind is float:
        return value
    if isinstance(value, str | int | float | bool):  # subclasses (str enums) as they are, as always
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


class _NotFlat(Exception):
    """A value `_flat_copy` leaves to `plain` (tuples, sets, enums, subclasses, non-str keys, and the floats
    `_SAME_FLOAT_TEXT` does not pass)."""


def _same_float_text(value: float) -> bool:
    """Whether orjson writes this float as `json.dumps` does: zero, and every magnitude in [1e-4, 1e16),
    which both write as the shortest digits without an exponent (1e-05 and 1e+16 they write apart; NaN and
    the infinities, which fail both comparisons, orjson writes as null). A container's weight: 20000.0."""
    return -1e16 < value < 1e16 and (value >= 1e-4 or value <= -1e-4 or value == 0.0)


# plain() of what the store's registered transcodings decode (SharedStore registers exactly these three),
# computed from the stored `_data_` text.
_STORED_VALUES: dict[str, Callable[[str], Any]] = {
    "uuid_hex": lambda data: str(UUID(data)),
    "decimal_str": lambda data: str(Decimal(data)),
    "datetime_iso": lambda data: datetime.fromisoformat(data).isoformat(),
}


def _plain_copier(*, stored: bool) -> Callable[[Any], Any]:
    """`plain()` for the common field, of a decoded value (`stored=False`: exact str/int/bool/None/UUID/
    Decimal/datetime) or computed from its stored JSON (`stored=True`: orjson's reading, custom values still
    `{"_type_", "_data_"}` objects, each going through the very function decoding and `plain` would apply).
    The copy holds only str/int/bool/None and `_same_float_text` floats in exact dicts (str keys) and lists,
    which orjson and `json.dumps` write alike (no custom types). It raises `_NotFlat` for anything else (other
    floats, tuples, sets, enums, subclasses, non-str keys, a custom value of another kind): the caller then
    takes the slow way.

    A hot path (every event of a rebuild and of the audit reads): each copy is a closure over this one body,
    testing its flag where the two differ (a stored document's keys are always text)."""
    checks_keys = not stored

    def copy(value: Any) -> Any:
        kind = type(value)
        if kind is float and _same_float_text(value):
            return value
        if kind is dict:
            if stored and len(value) == 2 and "_type_" in value and "_data_" in value:
                convert = _STORED_VALUES.get(value["_type_"])
                data = value["_data_"]
                if convert is None or type(data) is not str:
                    raise _NotFlat
                return convert(data)
            copied: dict[str, Any] = {}
            for key, item in value.items():
                if checks_keys and type(key) is not str:
                    raise _NotFlat
                item_kind = type(item)
                if item_kind is str or item_kind is int or item is None or item_kind is bool:
                    copied[key] = item
                else:
                    copied[key] = copy(item)
            return copied
        if kind is list:
            return [
                item if (t := type(item)) is str or t is int or item is None or t is bool else copy(item)
                for item in value
            ]
        if not stored:
            if kind is UUID or kind is Decimal:
                return str(value)
            if kind is datetime:
                return value.isoformat()
        raise _NotFlat

    return copy


_flat_copy = _plain_copier(stored=False)
_stored_copy = _plain_copier(stored=True)


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
    """One fixed text form for times, so that comparing the texts compares the times.

    `YYYY-MM-DDTHH:MM:SS.ffffffZ` in UTC (a naive time is taken as UTC): isoformat always writes the year with
    four digits, so its first 26 characters are exactly that, whatever offset it appends.
    """
    global _last_utc_text
    last = _last_utc_text
    if moment is last[0]:  # an event's timestamp, written by several of its handlers in a row
        return last[1]
    text = (moment.astimezone(UTC) if moment.tzinfo is not None and moment.utcoffset() else moment).isoformat(
        timespec="microseconds"
    )[:26] + "Z"
    _last_utc_text = (moment, text)
    return text


# The last moment `utc_text` wrote and its text (one tuple, replaced whole: safe across threads; holding the
# moment keeps its identity from being reused).
_last_utc_text: tuple[datetime | None, str] = (None, "")


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


def _changes(
    fields: dict[str, Any], copy: Callable[[Any], Any] = _flat_copy, slow: Callable[[Any], Any] | None = plain
) -> tuple[dict[str, Any], bool]:
    """The fields an auditor sees (hashes redacted), and whether orjson writes them as `json.dumps` does.

    Each value goes through `copy` (`_flat_copy` of a decoded event, `_stored_copy` of its stored JSON); one
    it leaves (`_NotFlat`) through `slow`, or, without `slow`, the `_NotFlat` is the caller's."""
    changes: dict[str, Any] = {}
    flat = True
    for key, value in fields.items():
        if key in ENVELOPE_FIELDS:
            continue
        kind = type(value)
        if key.endswith("_hash"):
            changes[key] = None if value is None else REDACTED
        elif kind is str or kind is int or value is None or kind is bool:
            changes[key] = value
        else:
            try:
                changes[key] = copy(value)
            except _NotFlat:
                if slow is None:
                    raise
                changes[key] = slow(value)
                flat = False
    return changes, flat


_CHANGES_JSON = json.JSONEncoder(separators=(",", ":"))


def changes_json(changes: dict[str, Any], flat: bool = False) -> str:
    """`json.dumps(changes, separators=(",", ":"))`, the text `event_log` stores, exactly.

    `flat` (from `_changes`): only str/int/bool/None and `_same_float_text` floats in dicts and lists, so
    orjson (several times faster) writes the same text whenever that text is plain printable ASCII:
    `json.dumps` escapes every other character (non-ASCII and DEL) while orjson writes it as it is; integers
    beyond 64 bits make orjson refuse.
    """
    if flat:
        try:
            text = orjson.dumps(changes)
        except orjson.JSONEncodeError:
            pass
        else:
            if text.isascii() and b"\x7f" not in text:
                return text.decode("ascii")
    return _CHANGES_JSON.encode(changes)


def describe(event: Recorded) -> EventRecord:
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
        changes=_changes(fields)[0],
    )


def log_entry(event: Recorded) -> tuple[str, str, int, str, str, str, Any, Any, Any, str]:
    """`describe(event)`'s values in field order, with `changes` as `changes_json` text (event_log's row)."""
    aggregate_kind, event_type, topic = _names(type(event))
    fields = vars(event)
    changes, flat = _changes(fields)
    return (
        str(event.originator_id),
        aggregate_kind,
        int(event.originator_version),
        event_type,
        topic,
        utc_text(event.timestamp),
        fields.get("actor_id"),
        fields.get("actor_role"),
        fields.get("reason"),
        changes_json(changes, flat),
    )


def log_entry_of_stored(
    event_class: type,
    originator_id: Any,
    originator_version: int,
    state: bytes,
    open_sealed: Callable[[type, dict[str, Any]], None] | None = None,
) -> tuple[str, str, int, str, str, str, Any, Any, Any, str] | None:
    """`log_entry` of the event a stored event decodes to, without decoding it (a rebuild's fast path).

    For the store's plain format only (JSON through `SharedStore`'s transcoder: no cipher, no compression):
    the caller checks that. None when this cannot be sure of giving the same answer (an event to upcast,
    floats, a custom value of another kind, a document orjson reads differently): decode the event then.

    `open_sealed(event_class, fields)`: the mapper's own opening of the personal fields, in place (what
    decoding does after reading the JSON); without it an event with personal fields is left to decoding.
    """
    personal = bool(personal_fields(event_class))
    if personal and open_sealed is None:
        return None  # personal fields are stored sealed: decoding opens them (or says they were erased)
    try:
        fields = fast_loads(state)
    except NotFast:
        return None
    # Stored at the class's version: the mapper upcasts nothing, only drops the version (other: decode).
    if type(fields) is not dict or fields.pop("class_version", 1) != getattr(event_class, "class_version", 1):
        return None
    if personal and open_sealed is not None:
        # The sealed values are plain JSON objects and the strings opened are strings, so opening the stored
        # fields gives what opening the decoded ones gives; the custom values are left to `_stored_copy`.
        open_sealed(event_class, fields)
    stamp = fields.get("timestamp")
    if (
        type(stamp) is not dict
        or len(stamp) != 2
        or stamp.get("_type_") != "datetime_iso"
        or type(stamp.get("_data_")) is not str
    ):
        return None
    actor_id, actor_role, reason = fields.get("actor_id"), fields.get("actor_role"), fields.get("reason")
    if any(v is not None and type(v) is not str for v in (actor_id, actor_role, reason)):
        return None
    try:
        changes = _changes(fields, _stored_copy, None)[0]
    except _NotFlat:
        return None
    aggregate_kind, event_type, topic = _names(event_class)
    return (
        str(originator_id),
        aggregate_kind,
        int(originator_version),
        event_type,
        topic,
        stored_utc_text(stamp["_data_"]),
        actor_id,
        actor_role,
        reason,
        changes_json(changes, True),
    )


def stored_utc_text(data: str) -> str:
    """`utc_text` of a stored `datetime_iso` value (what decoding it gives), mostly without writing it again:
    the store's own form of a UTC moment, `YYYY-MM-DDTHH:MM:SS.ffffff+00:00`, is the text up to its offset.
    Anything else (another offset, no microseconds) goes through `utc_text`; an invalid value raises, as
    decoding it does."""
    moment = datetime.fromisoformat(data)
    if (
        len(data) == 32
        and data.endswith("+00:00")
        and data[4] == "-"
        and data[7] == "-"
        and data[10] == "T"
        and data[13] == ":"
        and data[16] == ":"
        and data[19] == "."
    ):
        return data[:26] + "Z"
    return utc_text(moment)


def aggregate_state(aggregate: Any) -> dict[str, Any]:
    """An aggregate's attributes as an auditor sees them (private bookkeeping left out)."""
    state = {k: _shown(k, v) for k, v in vars(aggregate).items() if not k.startswith("_")}
    state["id"] = str(aggregate.id)
    state["version"] = aggregate.version
    return state
