"""Every request's input screened before any route reads it: JSON bodies, query strings and path parameters.

What no field of this API ever takes, whatever its schema says: text with lone surrogates (they cannot be
stored as UTF-8), control characters (NUL and the like; tab and line breaks are text) or bidirectional
overrides (they make a stored text read differently from what it is); text longer than `MAX_TEXT`; integers
beyond the store's 32-bit columns; numbers that are not finite. Each refusal is a 400 naming the field by its
wire path (`parties.0.name`), before anything is recorded.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from fastapi import Request

from domain.shared.errors import ValidationFailed

MAX_TEXT = 4000
MAX_INTEGER = 2**31 - 1
MAX_NUMBER = 1e15
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_INTEGER_TEXT = re.compile(r"[+-]?[0-9]+")


def text_problem(value: str) -> str | None:
    if len(value) > MAX_TEXT:
        return f"At most {MAX_TEXT} characters"
    found = _FORBIDDEN.search(value)
    if found is None:
        return None
    if "\ud800" <= found.group() <= "\udfff":
        return "Invalid text (a lone surrogate)"
    if "\u202a" <= found.group() <= "\u2069":
        return "Bidirectional control characters are not allowed"
    return "Control characters are not allowed"


def number_problem(value: int | float) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return None if abs(value) <= MAX_INTEGER else f"Must be between {-MAX_INTEGER} and {MAX_INTEGER}"
    if not math.isfinite(value) or abs(value) > MAX_NUMBER:
        return "Must be a finite number of reasonable size"
    return None


def problems(value: Any, path: str, found: dict[str, str]) -> None:
    """Every field of a decoded JSON value that breaks a rule above, keyed by its dotted wire path."""
    if isinstance(value, str):
        problem = text_problem(value)
    elif isinstance(value, int | float):
        problem = number_problem(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            child = f"{path}.{key}" if path else str(key)
            key_problem = text_problem(str(key))
            if key_problem:
                found.setdefault(child, key_problem)
            problems(item, child, found)
        return
    elif isinstance(value, list):
        for index, item in enumerate(value):
            problems(item, f"{path}.{index}" if path else str(index), found)
        return
    else:
        return
    if problem:
        found.setdefault(path or "body", problem)


async def screen_input(request: Request) -> None:
    found: dict[str, str] = {}
    for name, value in request.query_params.multi_items():
        problem = text_problem(value)
        if problem is None and _INTEGER_TEXT.fullmatch(value.strip()):
            problem = number_problem(int(value))
        if problem:
            found.setdefault(name, problem)
    for name, value in request.path_params.items():
        if isinstance(value, str) and (problem := text_problem(value)):
            found.setdefault(name, problem)
    if request.headers.get("content-type", "").startswith("application/json"):
        body = await request.body()
        if body:
            try:
                # `parse_constant` refuses NaN and Infinity, which Python's json would take as numbers.
                problems(json.loads(body, parse_constant=_not_json), "", found)
            except _NotJson:
                found.setdefault("body", "NaN and Infinity are not JSON numbers")
            except ValueError:
                pass  # not JSON: the route's own parsing answers that
    if found:
        raise ValidationFailed(found)


class _NotJson(Exception):
    pass


def _not_json(constant: str) -> Any:
    raise _NotJson(constant)
