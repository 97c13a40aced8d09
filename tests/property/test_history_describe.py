"""The fast paths of `describe`/`log_entry` give what the plain recursive version gave, to the byte.

`event_log.changes` and the audit export hash these texts, so the orjson shortcut must write exactly what
`json.dumps(changes, separators=(",", ":"))` of the reference `plain()` wrote, whatever the event carries.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from enum import Enum, StrEnum
from typing import Any
from uuid import UUID, uuid4

from hypothesis import given, settings
from hypothesis import strategies as st

from infrastructure.event_store import SharedStore
from projections.history import (
    ENVELOPE_FIELDS,
    REDACTED,
    changes_json,
    describe,
    log_entry,
    log_entry_of_stored,
    utc_text,
)


def reference_plain(value: Any) -> Any:
    """`plain` as it was before the fast paths (the definition of the expected output)."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, dict):
        return {str(k): reference_plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [reference_plain(v) for v in value]
    if isinstance(value, UUID | Decimal):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Enum):
        return value.value
    return value


def reference_changes(fields: dict[str, Any]) -> dict[str, Any]:
    return {
        k: ((None if v is None else REDACTED) if k.endswith("_hash") else reference_plain(v))
        for k, v in fields.items()
        if k not in ENVELOPE_FIELDS
    }


STORE_TRANSCODER = SharedStore({}).mapper.transcoder  # in memory: the transcoder the store really uses


class Colour(StrEnum):
    RED = "red"


class Size(Enum):
    BIG = 3


class Sample:
    """Stands for a decoded domain event (describe reads the class name and vars())."""

    class Happened:
        pass


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(),
    st.text(),
    st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x80)),
    st.uuids(),
    st.decimals(allow_nan=False),
    st.datetimes(timezones=st.just(UTC)),
    st.sampled_from([Colour.RED, Size.BIG]),
)
values = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.lists(children, max_size=3).map(tuple),
        st.dictionaries(st.one_of(st.text(max_size=6), st.integers()), children, max_size=4),
    ),
    max_leaves=20,
)
field_names = st.one_of(
    st.text(alphabet="abcdefgh_", min_size=1, max_size=10),
    st.sampled_from(["password_hash", "code_hash", "details", "reason", "actor_id"]),
)


def _event(fields: dict[str, Any], offset: timedelta) -> Any:
    event = object.__new__(Sample.Happened)
    event.__dict__.update(
        {
            "timestamp": datetime(2026, 1, 2, 3, 4, 5, 6, tzinfo=timezone(offset)),
            "originator_id": uuid4(),
            "originator_version": 3,
            "actor_id": "a1",
            "actor_role": "admin",
            "reason": None,
            **fields,
        }
    )
    return event


@settings(max_examples=800, deadline=None)
@given(
    st.dictionaries(field_names, values, max_size=8),
    st.sampled_from([timedelta(0), timedelta(hours=-3)]),
)
def test_log_entry_and_describe_match_the_reference(fields: dict[str, Any], offset: timedelta) -> None:
    event = _event(fields, offset)
    expected = reference_changes(vars(event))
    record = describe(event)
    assert record.changes == expected
    assert json.dumps(record.changes, separators=(",", ":")) == json.dumps(expected, separators=(",", ":"))
    entry = log_entry(event)
    assert entry[:-1] == tuple(asdict(record).values())[:-1]
    assert entry[-1] == json.dumps(expected, separators=(",", ":"))


@given(st.text())
def test_changes_json_of_any_text_is_json_dumps(text: str) -> None:
    changes = {"a": text, text: [text, 1, None, True]}
    assert changes_json(changes, flat=True) == json.dumps(changes, separators=(",", ":"))


def test_the_shortcut_is_taken_and_falls_back_where_orjson_differs() -> None:
    assert changes_json({"n": 2**70}, flat=True) == '{"n":' + str(2**70) + "}"
    assert changes_json({"s": "é\x7f\x1f\n"}, flat=True) == '{"s":"\\u00e9\\u007f\\u001f\\n"}'
    # Not flat (a float): never through orjson, which writes 1e-05 as 0.00001.
    assert changes_json({"f": 1e-05}, flat=False) == '{"f":1e-05}'
    event = _event({"weight": 1e-05, "password_hash": "x", "details": {"a": [1, "b"]}}, timedelta(0))
    assert log_entry(event)[-1] == '{"weight":1e-05,"password_hash":"[redacted]","details":{"a":[1,"b"]}}'
    assert log_entry(event)[5] == "2026-01-02T03:04:05.000006Z"


def reference_utc_text(moment: datetime) -> str:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    elif moment.utcoffset():
        moment = moment.astimezone(UTC)
    return "%04d-%02d-%02dT%02d:%02d:%02d.%06dZ" % (  # noqa: UP031
        moment.year,
        moment.month,
        moment.day,
        moment.hour,
        moment.minute,
        moment.second,
        moment.microsecond,
    )


@given(
    st.datetimes(
        min_value=datetime(2, 1, 1),
        timezones=st.one_of(
            st.none(),
            st.just(UTC),
            st.builds(timezone, st.timedeltas(min_value=timedelta(hours=-23), max_value=timedelta(hours=23))),
        ),
    )
)
def test_utc_text_matches_the_reference(moment: datetime) -> None:
    assert utc_text(moment) == reference_utc_text(moment)


def _stored(event: Any) -> tuple[Any, int, bytes]:
    state = dict(vars(event))
    originator_id, version = state.pop("originator_id"), state.pop("originator_version")
    return originator_id, version, STORE_TRANSCODER.encode(state)


def _decoded(originator_id: Any, version: int, stored: bytes) -> Any:
    event = object.__new__(Sample.Happened)
    event.__dict__.update(STORE_TRANSCODER.decode(stored))
    event.__dict__.update(originator_id=originator_id, originator_version=version)
    return event


@settings(max_examples=800, deadline=None)
@given(
    st.dictionaries(field_names, values, max_size=8),
    st.sampled_from([timedelta(0), timedelta(hours=-3)]),
)
def test_log_entry_of_stored_is_log_entry_of_the_decoded_event(
    fields: dict[str, Any], offset: timedelta
) -> None:
    try:
        originator_id, version, stored = _stored(_event(fields, offset))
    except (TypeError, ValueError):  # what the store cannot write (non-str enums, NaN decimals...)
        return
    got = log_entry_of_stored(Sample.Happened, originator_id, version, stored)
    assert got is None or got == log_entry(_decoded(originator_id, version, stored))


def test_log_entry_of_stored_takes_the_fast_path_for_our_events() -> None:
    event = _event(
        {
            "customer_id": uuid4(),
            "price": Decimal("1250.50"),
            "expires_at": datetime(2026, 5, 6, 7, 8, 9, tzinfo=UTC),
            "details": {"quantity": 2, "ids": [uuid4()], "msds": None, "comment": "é"},
            "password_hash": "x",
        },
        timedelta(hours=2),
    )
    originator_id, version, stored = _stored(event)
    got = log_entry_of_stored(Sample.Happened, originator_id, version, stored)
    assert got is not None
    assert got == log_entry(_decoded(originator_id, version, stored)) == log_entry(event)
    # Floats and events to upcast go the decoding way.
    originator_id, version, stored = _stored(_event({"weight": 1.5}, timedelta(0)))
    assert log_entry_of_stored(Sample.Happened, originator_id, version, stored) is None

    class Upcast(Sample.Happened):
        class_version = 2

    originator_id, version, stored = _stored(_event({"name": "x"}, timedelta(0)))
    assert log_entry_of_stored(Sample.Happened, originator_id, version, stored) is not None
    assert log_entry_of_stored(Upcast, originator_id, version, stored) is None
    originator_id, version, stored = _stored(_event({"name": "x", "class_version": 2}, timedelta(0)))
    assert log_entry_of_stored(Sample.Happened, originator_id, version, stored) is None
