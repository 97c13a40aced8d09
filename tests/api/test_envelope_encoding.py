"""`success` renders exactly the bytes `JSONResponse(jsonable_encoder(...))` rendered before, for every type
an answer may carry, without running `jsonable_encoder` over the plain values."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from enum import Enum, IntEnum, StrEnum
from typing import Any
from uuid import UUID

import pytest
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from api.envelope import render, success


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
    assert json.loads(answer.body)["response"]["list"]["list"][0] == {
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
