"""The orjson transcoder reads what the library's JSONTranscoder writes exactly as the library reads it.

Stored events must stay readable by any store (ours before this change, the library's own): encoding is the
library's, so the bytes are the same by construction; these properties pin that, and that decoding gives the
same values of the same types (UUID, Decimal, datetime, big integers, floats, odd strings, nesting).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.persistence import (
    DatetimeAsISO,
    DecimalAsStr,
    JSONTranscoder,
    TranscodingNotRegisteredError,
    UUIDAsHex,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from infrastructure.event_store import SharedStore
from infrastructure.transcoding import FastJSONTranscoder
from tests.property.sizing import examples


def _registered(transcoder: JSONTranscoder) -> JSONTranscoder:
    transcoder.register(UUIDAsHex())
    transcoder.register(DecimalAsStr())
    transcoder.register(DatetimeAsISO())
    return transcoder


LIBRARY = _registered(JSONTranscoder())
FAST = _registered(FastJSONTranscoder())

# The library writes floats with repr and reads NaN/Infinity; orjson refuses those, so they must fall back.
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.floats(allow_infinity=True, allow_nan=False),
    st.text(),
    st.text(alphabet=st.characters(codec="utf-8", categories=("Cc", "Zs", "Po", "Lo", "So"))),
    st.uuids(),
    st.decimals(allow_nan=False, allow_infinity=False),
    st.datetimes(timezones=st.sampled_from([UTC, timezone(timedelta(hours=5, minutes=30))])),
    st.datetimes(),
    st.just("_type_"),
    st.just('{"_type_":"uuid_hex","_data_":"x"}'),
)
values = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.dictionaries(st.text(max_size=8), children, max_size=5),
        # Look-alikes of the custom-type objects that are not one (3 keys, or a missing key).
        st.fixed_dictionaries({"_type_": st.text(max_size=5), "_data_": children, "x": children}),
        st.fixed_dictionaries({"_type_": st.text(max_size=5), "other": children}),
    ),
    max_leaves=25,
)


def _same(a: Any, b: Any) -> bool:
    """Equal values of the same types all the way down (1 == 1.0 == True would hide a difference)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and a != a:
        return bool(b != b)
    if isinstance(a, datetime):
        return bool(a == b and a.tzinfo == b.tzinfo)
    return bool(a == b)


@settings(max_examples=examples(600), deadline=None)
@given(st.dictionaries(st.text(max_size=12), values, max_size=8))
def test_round_trip_and_the_same_bytes_as_the_library(state: dict[str, Any]) -> None:
    stored = LIBRARY.encode(state)
    assert FAST.encode(state) == stored
    decoded = FAST.decode(stored)
    assert _same(decoded, LIBRARY.decode(stored))
    assert _same(decoded, state) or not _same(LIBRARY.decode(stored), state)  # never worse than the library


@pytest.mark.parametrize(
    "text",
    [
        b'{"n":123456789012345678901234567890}',  # orjson would read a float
        b'{"n":-9223372036854775809,"m":18446744073709551616}',
        b'{"n":NaN,"i":Infinity,"j":-Infinity}',  # orjson refuses these
        b'{"f":1e400}',
        b'{"s":"\\ud800"}',  # lone surrogate: the library keeps it
        b'{"d":{"_type_":"decimal_str","_data_":"1.10"},"a":[{"_type_":"uuid_hex","_data_":"'
        + b"0" * 32
        + b'"}]}',
        b'{"_type_":"uuid_hex","_data_":"00000000000000000000000000000001"}',
        b'[{"_type_":"datetime_iso","_data_":"2026-01-02T03:04:05.000006+00:00"}]',
        b'{"x":{"_type_":"uuid_hex","_data_":"1","y":1},"z":{"_data_":1,"_type_":"decimal_str"}}',
        b'"_type_"',
        b"12",
        # Several custom values at several depths, after a look-alike string: every one is found.
        b'{"a":"_type_","b":[1,{"c":[{"_type_":"uuid_hex","_data_":"' + b"1" * 32 + b'"}]}],'
        b'"t":{"_type_":"decimal_str","_data_":"-0.5"},"u":[[{"_type_":"datetime_iso",'
        b'"_data_":"2026-01-02T03:04:05+05:30"}]]}',
    ],
)
def test_documents_orjson_reads_differently_decode_like_the_library(text: bytes) -> None:
    assert _same(FAST.decode(text), LIBRARY.decode(text))


def test_unknown_custom_type_raises_like_the_library() -> None:
    text = b'{"a":{"_type_":"nope","_data_":1}}'
    with pytest.raises(TranscodingNotRegisteredError):
        LIBRARY.decode(text)
    with pytest.raises(TranscodingNotRegisteredError):
        FAST.decode(text)


def test_values_of_our_events_round_trip() -> None:
    state: dict[str, Any] = {
        "timestamp": datetime(2026, 11, 22, 1, 2, 3, 456789, tzinfo=UTC),
        "customer_id": UUID("09d440f5-0470-5418-b941-88eb2d79be56"),
        "price": Decimal("1250.50"),
        "details": {"quantity": 2, "is_swbl": True, "msds": None, "commodity": "Çay - 茶 \u00e9\x7f"},
        "containers": [{"number": "MSCU1234565", "weight": 12.5}],
        "reason": None,
    }
    stored = LIBRARY.encode(state)
    assert json.loads(stored)["customer_id"] == {"_type_": "uuid_hex", "_data_": state["customer_id"].hex}
    assert _same(FAST.decode(stored), state)


def test_the_shared_store_decodes_with_it(tmp_path: Any) -> None:
    store = SharedStore(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "events.db")}
    )
    try:
        assert isinstance(store.mapper.transcoder, FastJSONTranscoder)
        assert {"uuid_hex", "decimal_str", "datetime_iso"} <= set(store.mapper.transcoder.names)
    finally:
        store.close()
