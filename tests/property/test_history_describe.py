"""What `describe`/`log_entry` write of an event, to the byte, whatever it carries.

`event_log.changes` and the audit export hash these texts, so the orjson shortcut must write exactly what
`json.dumps(changes, separators=(",", ":"))` writes. The expected texts are written here, value by value
(no copy of the code under test serves as the oracle); the properties check what holds for any event.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from enum import Enum, StrEnum
from typing import Any
from uuid import UUID, uuid4

import pytest
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
from tests.property.sizing import examples

STORE_TRANSCODER = SharedStore({}).mapper.transcoder  # in memory: the transcoder the store really uses


class Colour(StrEnum):
    RED = "red"


class Size(Enum):
    BIG = 3


class Sample:
    """Stands for a decoded domain event (describe reads the class name and vars())."""

    class Happened:
        # Declared only (no class values): what the stored event's vars() hold, as `Recorded` reads them.
        originator_id: UUID
        originator_version: int
        timestamp: datetime


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


@settings(max_examples=examples(800), deadline=None)
@given(
    st.dictionaries(field_names, values, max_size=8),
    st.sampled_from([timedelta(0), timedelta(hours=-3)]),
)
def test_log_entry_and_describe_write_json_of_the_fields_with_secrets_redacted(
    fields: dict[str, Any], offset: timedelta
) -> None:
    event = _event(fields, offset)
    record = describe(event)
    # Every field but the envelope's, each hash redacted (or null when there was none).
    assert set(record.changes) == {str(k) for k in vars(event)} - set(ENVELOPE_FIELDS)
    for name, value in record.changes.items():
        if name.endswith("_hash"):
            assert value == (None if vars(event)[name] is None else REDACTED)
    entry = log_entry(event)
    assert entry[:-1] == tuple(asdict(record).values())[:-1]
    # The shortcut's text is json.dumps' text of the same changes, and reads back as them.
    assert entry[-1] == json.dumps(record.changes, separators=(",", ":"))
    assert json.loads(entry[-1]) == json.loads(json.dumps(record.changes))


ONE_ID = UUID("12345678-1234-5678-1234-567812345678")


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (None, "null"),
        (True, "true"),
        (2**70, "1180591620717411303424"),
        (-7, "-7"),
        (1e-05, "1e-05"),
        (0.5, "0.5"),
        (20000.0, "20000.0"),
        (-0.0, "-0.0"),
        (1e16, "1e+16"),
        (9999999999999998.0, "9999999999999998.0"),
        (float("nan"), "NaN"),
        (float("-inf"), "-Infinity"),
        ("Pistachios \u00e9\n", '"Pistachios \\u00e9\\n"'),
        (ONE_ID, '"12345678-1234-5678-1234-567812345678"'),
        (Decimal("980.250"), '"980.250"'),
        (datetime(2026, 1, 2, 3, 4, 5, 6, tzinfo=UTC), '"2026-01-02T03:04:05.000006+00:00"'),
        (Colour.RED, '"red"'),
        (Size.BIG, "3"),
        ((1, "a"), '[1,"a"]'),
        (frozenset({"x"}), '["x"]'),
        ({1: [None, {"k": ONE_ID}]}, '{"1":[null,{"k":"12345678-1234-5678-1234-567812345678"}]}'),
    ],
)
def test_each_kind_of_value_is_written_as_the_log_keeps_it(value: Any, written: str) -> None:
    event = _event({"value": value}, timedelta(0))
    assert log_entry(event)[-1] == '{"value":' + written + "}"


def test_hashes_are_redacted_and_a_missing_one_stays_null() -> None:
    event = _event({"password_hash": "secret", "code_hash": None, "name": "Alice"}, timedelta(0))
    assert describe(event).changes == {
        "password_hash": "[redacted]",
        "code_hash": None,
        "name": "Alice",
    }


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


@pytest.mark.parametrize(
    ("moment", "written"),
    [
        (datetime(2026, 1, 2, 3, 4, 5, 6), "2026-01-02T03:04:05.000006Z"),  # naive: taken as UTC
        (datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC), "2026-01-02T03:04:05.000000Z"),
        (datetime(2026, 1, 1, 22, 30, tzinfo=timezone(timedelta(hours=-3))), "2026-01-02T01:30:00.000000Z"),
        (datetime(2, 1, 1, 0, 0, 1, tzinfo=timezone(timedelta(hours=1))), "0001-12-31T23:00:01.000000Z"),
    ],
)
def test_utc_text_examples(moment: datetime, written: str) -> None:
    assert utc_text(moment) == written


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
def test_utc_text_reads_back_as_the_same_instant(moment: datetime) -> None:
    text = utc_text(moment)
    assert len(text) == 27 and text.endswith("Z")
    back = datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=UTC)
    assert back == (moment if moment.tzinfo else moment.replace(tzinfo=UTC))


def _stored(event: Any) -> tuple[Any, int, bytes]:
    state = dict(vars(event))
    originator_id, version = state.pop("originator_id"), state.pop("originator_version")
    return originator_id, version, STORE_TRANSCODER.encode(state)


def _decoded(originator_id: Any, version: int, stored: bytes) -> Any:
    event = object.__new__(Sample.Happened)
    event.__dict__.update(STORE_TRANSCODER.decode(stored))
    event.__dict__.update(originator_id=originator_id, originator_version=version)
    return event


@settings(max_examples=examples(800), deadline=None)
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
    # Fixed ids: a random one holds a run of 19 digits about once in 1,000 (two here: once in 500), which
    # sends the document the slow way on purpose (infrastructure/transcoding.py) and failed this test in CI.
    event = _event(
        {
            "customer_id": UUID("7c9e6679-7425-40de-944b-e07fc1f90ae7"),
            "price": Decimal("1250.50"),
            "expires_at": datetime(2026, 5, 6, 7, 8, 9, tzinfo=UTC),
            "details": {
                "quantity": 2,
                "ids": [UUID("f47ac10b-58cc-4372-a567-0e02b2c3d479")],
                "msds": None,
                "comment": "é",
            },
            "password_hash": "x",
        },
        timedelta(hours=2),
    )
    originator_id, version, stored = _stored(event)
    got = log_entry_of_stored(Sample.Happened, originator_id, version, stored)
    assert got is not None
    assert got == log_entry(_decoded(originator_id, version, stored)) == log_entry(event)
    # A container's weights (floats both writers write alike) stay on the fast path; a float they write
    # apart, and events to upcast, go the decoding way.
    weights = {"containers": [{"gross_weight": 20000.0, "net_weight": 18000.5}], "tare": 0.0}
    originator_id, version, stored = _stored(_event(weights, timedelta(0)))
    got = log_entry_of_stored(Sample.Happened, originator_id, version, stored)
    assert got is not None
    assert got[-1] == '{"containers":[{"gross_weight":20000.0,"net_weight":18000.5}],"tare":0.0}'
    assert got == log_entry(_decoded(originator_id, version, stored))
    for apart in (1e-05, 1e16, -2.5e-7):
        originator_id, version, stored = _stored(_event({"weight": apart}, timedelta(0)))
        assert log_entry_of_stored(Sample.Happened, originator_id, version, stored) is None

    class Upcast(Sample.Happened):
        class_version = 2

    originator_id, version, stored = _stored(_event({"name": "x"}, timedelta(0)))
    assert log_entry_of_stored(Sample.Happened, originator_id, version, stored) is not None
    assert log_entry_of_stored(Upcast, originator_id, version, stored) is None
    originator_id, version, stored = _stored(_event({"name": "x", "class_version": 2}, timedelta(0)))
    assert log_entry_of_stored(Sample.Happened, originator_id, version, stored) is None
    # Stored at the class's own version: nothing to upcast, the mapper only drops the version.
    got = log_entry_of_stored(Upcast, originator_id, version, stored)
    assert got is not None
    decoded = object.__new__(Upcast)  # as the mapper decodes it: the stored fields less the version
    decoded.__dict__.update(
        {k: v for k, v in STORE_TRANSCODER.decode(stored).items() if k != "class_version"}
    )
    decoded.__dict__.update(originator_id=originator_id, originator_version=version)
    assert got == log_entry(decoded)
