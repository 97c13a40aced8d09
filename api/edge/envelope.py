"""The response envelope every answer wears: {isSuccess, isError, error: {description}, response}.

Encoding: one `json.dumps` pass with the settings of Starlette's `JSONResponse` (UTF-8, compact, no NaN)
and FastAPI's `jsonable_encoder` as the `default` hook. The hook is called only for what `json` cannot
encode itself (Decimal, datetime, UUID, pydantic models, sets...) and answers exactly what
`jsonable_encoder` would have put there; for the plain types (dict, list, tuple, str, int, float, bool,
None) both give the same JSON. So the bytes are the same as `JSONResponse(jsonable_encoder(content))`
without walking every plain value in Python first. A dict key `json` refuses (a Decimal, a UUID...) makes
the whole answer take the old path.

An answer whose floats its presenter has checked (`Plain`, the list pages) is written by orjson instead,
about ten times faster, where orjson writes those very bytes: for str-keyed dicts, lists, str, int, bool,
None and floats that `plain_float` passes. Anything else orjson is not left to write its own way (dates,
dataclasses, subclasses of the plain types are passed through to no hook, so it refuses them) and what it
refuses (integers beyond 64 bits, lone surrogates, other keys) takes the path above.
"""

from __future__ import annotations

import json
import math
from typing import Any

import orjson
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse, Response

_encode = json.JSONEncoder(
    ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":"), default=jsonable_encoder
).encode


def render(content: Any) -> bytes:
    """`content` as JSONResponse(jsonable_encoder(content)) would render it."""
    try:
        return _encode(content).encode("utf-8")
    except TypeError:  # a dict key json cannot take: jsonable_encoder turns it into text first
        return bytes(JSONResponse(jsonable_encoder(content)).body)


# Not `default`: anything beyond the plain types makes orjson refuse rather than write it its own way.
_ORJSON_PLAIN = (
    orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_SUBCLASS
)


class Plain(dict[str, Any]):
    """An answer whose every float passes `plain_float` (its presenter checked them): `success` may write
    it with orjson."""


def plain_float(value: float | None) -> bool:
    """orjson writes this float as `json` does: finite, and zero or at least 1e-4 in size (smaller ones
    `json` writes with an exponent, `2e-05`, orjson without one or with a shorter one, `0.00002`,
    `2e-9`); NaN and infinities `json` refuses here, orjson writes as null."""
    return value is None or value == 0.0 or 1e-4 <= abs(value) < math.inf


def _rendered(response: Any) -> bytes:
    if type(response) is Plain:
        try:  # as a dict: orjson refuses subclasses here
            return orjson.dumps(_envelope(dict(response)), option=_ORJSON_PLAIN)
        except orjson.JSONEncodeError:
            pass
    return render(_envelope(response))


def _envelope(response: Any) -> dict[str, Any]:
    return {"isSuccess": True, "isError": False, "error": None, "response": response}


def success(response: Any = None, status_code: int = 200) -> Response:
    return Response(
        _rendered(response),
        status_code=status_code,
        media_type="application/json",
    )


def failure(
    status_code: int,
    description: str,
    fields: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
    retry_after: int | None = None,
    details: dict[str, Any] | None = None,
) -> JSONResponse:
    error: dict[str, Any] = {"description": description}
    if fields:
        error["fields"] = fields
    if details:
        error["details"] = details
    if retry_after:
        error["retryAfter"] = retry_after
        headers = {**(headers or {}), "Retry-After": str(retry_after)}
    return JSONResponse(
        {"isSuccess": False, "isError": True, "error": error, "response": None},
        status_code=status_code,
        headers=headers,
    )
