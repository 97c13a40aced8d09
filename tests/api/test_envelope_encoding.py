"""`success` renders exactly the bytes `JSONResponse(jsonable_encoder(...))` rendered before, for every type
an answer may carry, without running `jsonable_encoder` over the plain values."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from enum import Enum, IntEnum, StrEnum
from typing import Any
from unittest import mock
from uuid import UUID

import orjson
import pytest
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from api.edge.envelope import Plain, plain_float, render, success
from api.presenters.booking import _money, page
from api.presenters.booking import list_row as presented_row
from api.schemas.booking import RateRequestRow


class Colour(Enum):
    RED = "red"


class Level(IntEnum):
    HIGH = 3


class Named(StrEnum):
    A = "a"


class Body(BaseModel):
    price: Decimal
    at: datetime


@dataclass
class Point:
    x: int
    when: date


def old(content: Any) -> bytes:
    return bytes(JSONResponse(jsonable_encoder(content)).body)


CASES: list[Any] = [
    None,
    {"price": Decimal("1250.50"), "whole": Decimal("1250"), "big": Decimal("1E+3"), "tiny": Decimal("0.1")},
    {"at": datetime(2026, 1, 2, 3, 4, 5, 678901, tzinfo=UTC), "naive": datetime(2026, 1, 2, 3, 4, 5)},
    {"day": date(2026, 2, 3), "time": time(4, 5, 6), "span": timedelta(seconds=90, microseconds=5)},
    {"id": UUID("12345678-1234-5678-1234-567812345678")},
    {"enums": [Colour.RED, Level.HIGH, Named.A]},
    {"model": Body(price=Decimal("9.99"), at=datetime(2026, 5, 6, tzinfo=UTC))},
    {"dataclass": Point(1, date(2026, 1, 1))},
    {"tuple": (1, "two", 3.5), "set": {7}, "frozen": frozenset({"x"}), "bytes": b"abc"},
    {"unicode": 'Zürich — 東京 \u2028 "quoted" \\ back', "emoji": "\U0001f6a2"},
    {"numbers": [0, -1, 2**63, 1.5, 1e16, 1e-7, 0.1 + 0.2, True, False]},
    {1: "int key", 2.5: "float key", False: "bool key", None: "none key"},
    {"nested": {"list": [{"a": [Decimal("1.10"), {"b": None}]}], "empty": {}, "none": []}},
    {Decimal("1.5"): "a Decimal key takes the old path"},
    {UUID(int=1): "so does a UUID key"},
]


@pytest.mark.parametrize("content", CASES)
def test_the_same_bytes_as_jsonable_encoder_and_json_response(content: Any) -> None:
    assert render(content) == old(content)


def test_success_is_the_envelope_with_the_same_body_and_headers() -> None:
    payload = {"list": {"list": [{"price": Decimal("2.50"), "id": UUID(int=5)}], "totalCount": 1}}
    answer = success(payload, status_code=201)
    before = JSONResponse(
        {"isSuccess": True, "isError": False, "error": None, "response": jsonable_encoder(payload)},
        status_code=201,
    )
    assert answer.status_code == 201
    assert answer.body == before.body
    assert answer.headers["content-type"] == before.headers["content-type"] == "application/json"
    assert answer.headers["content-length"] == before.headers["content-length"]
    assert json.loads(bytes(answer.body))["response"]["list"]["list"][0] == {
        "price": 2.5,
        "id": "00000000-0000-0000-0000-000000000005",
    }


def test_what_could_not_be_encoded_before_still_cannot() -> None:
    for content in ({"nan": float("nan")}, {"inf": [float("inf")]}):
        with pytest.raises(ValueError):
            old(content)
        with pytest.raises(ValueError):
            render(content)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
    | st.decimals(allow_nan=False, allow_infinity=False)
    | st.datetimes(timezones=st.just(UTC))
    | st.uuids(),
    lambda children: (
        st.lists(children, max_size=4)
        | st.tuples(children, children)
        | st.dictionaries(st.text(max_size=5) | st.integers(), children, max_size=4)
    ),
    max_leaves=20,
)


@given(json_values)
def test_any_answer_renders_as_before(content: Any) -> None:
    assert render(content) == old(content)


# -- `Plain` answers (the list pages) are written by orjson: the same bytes ---------------------------------


def envelope_of(content: Any) -> bytes:
    return old({"isSuccess": True, "isError": False, "error": None, "response": content})


def floats_plain(content: Any) -> bool:
    if isinstance(content, float):
        return plain_float(content)
    if isinstance(content, dict):
        return all(map(floats_plain, content.values()))
    if isinstance(content, list | tuple):
        return all(map(floats_plain, content))
    return True


def test_orjson_would_write_other_floats_its_own_way() -> None:
    # Why `plain_float` is asked: the floats it refuses are written differently by orjson (or not refused).
    for value in (2e-05, 1e-9, -3.3e-06, float("nan"), float("inf")):
        assert not plain_float(value)
        if math.isfinite(value):
            assert orjson.dumps(value) != render(value)
        else:
            assert orjson.dumps(value) == b"null"
    for plain in (None, 0.0, -0.0, 1e-4, 0.1 + 0.2, 1250.5, 1e16, 1.7976931348623157e308, -5e-4):
        assert plain_float(plain)


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_a_plain_float_is_written_by_orjson_as_json_writes_it(value: float) -> None:
    if plain_float(value):
        assert orjson.dumps(value) == render(value)


@given(json_values)
def test_a_plain_answer_has_the_bytes_of_any_other(content: Any) -> None:
    if floats_plain(content):
        assert success(Plain({"v": content})).body == envelope_of({"v": content})


@pytest.mark.parametrize("content", [c for c in CASES if floats_plain(c)])
def test_a_plain_answer_of_every_kind_of_value_has_the_same_bytes(content: Any) -> None:
    # dates, Decimals, UUIDs, enums, models, dataclasses, sets, bytes, other keys, 2**63: orjson refuses
    # them or writes them as json does; either way the bytes are the old ones.
    assert success(Plain({"v": content})).body == envelope_of({"v": content})


def test_a_plain_answer_is_written_by_orjson() -> None:
    content = {"list": [{"price": 1250.5, "name": "Zürich \u2028 \x7f \x01"}], "totalCount": 1}
    with mock.patch("api.edge.envelope.render", side_effect=AssertionError("json's path")):
        assert success(Plain(content)).body == envelope_of(content)


def list_row(price: str | None, delay: float | None = None) -> dict[str, Any]:
    progress = None if delay is None else {"arrivalDelayHours": delay, "milestones": 2}
    row = {
        name: "x"
        for name in ("id", "reference", "waiting_for", "commodity", "hs_code", "state_name", "pol_code")
    }
    return {
        **row,
        **dict(quantity=2, state=3, order_state=None, order_state_name=None, pol_name="Bandar Abbas"),
        **dict(pod_code=None, pod_name=None),
        **dict(container_size_name="40ft", container_type_name="Dry", price=price, valid_until=None),
        **dict(preferred_shipping_date=None, customer_profile=None, customer_username="u", via_api=0),
        **dict(created_at="2026-01-01T00:00:00+00:00", tracked=False, progress=progress),
    }


@pytest.mark.parametrize(
    ("rows", "plain"),
    [
        ([list_row("1250.50"), list_row(None, delay=-3.5), list_row("0")], True),
        ([list_row("1250.50"), list_row("0.00001")], False),
        ([list_row("1250.50", delay=1e-5)], False),
    ],
)
def test_a_list_page_is_plain_only_where_its_floats_are(rows: list[dict[str, Any]], plain: bool) -> None:
    answer = page(rows, len(rows))
    assert (type(answer) is Plain) is plain
    assert success(answer).body == envelope_of(dict(answer))


@given(st.decimals(allow_nan=False, allow_infinity=False, places=2) | st.decimals(allow_nan=False))
def test_a_price_is_the_float_of_its_decimal_text(value: Decimal) -> None:
    # The list reads a price's decimal text with `float`: the same float as through `Decimal`.
    text = str(value)
    assert _money(text) == float(Decimal(text))


def test_a_list_row_answers_the_models_keys_in_the_models_order() -> None:
    # A page's bytes depend on its rows' key order: the one `RateRequestRow` declares (and renders).
    row = presented_row(list_row("1250.50", delay=2.0))
    assert list(row) == [field.alias or name for name, field in RateRequestRow.model_fields.items()]
    assert row["price"] == 1250.5 and row["progress"] == {"arrivalDelayHours": 2.0, "milestones": 2}
