"""The response envelope every answer wears: {isSuccess, isError, error: {description}, response}.

Encoding: one `json.dumps` pass with the settings of Starlette's `JSONResponse` (UTF-8, compact, no NaN)
and FastAPI's `jsonable_encoder` as the `default` hook. The hook is called only for what `json` cannot
encode itself (Decimal, datetime, UUID, pydantic models, sets...) and answers exactly what
`jsonable_encoder` would have put there; for the plain types (dict, list, tuple, str, int, float, bool,
None) both give the same JSON. So the bytes are the same as `JSONResponse(jsonable_encoder(content))`
without walking every plain value in Python first. A dict key `json` refuses (a Decimal, a UUID...) makes
the whole answer take the old path.
"""

from __future__ import annotations

import json
from typing import Any

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


def success(response: Any = None, status_code: int = 200) -> Response:
    return Response(
        render({"isSuccess": True, "isError": False, "error": None, "response": response}),
        status_code=status_code,
        media_type="application/json",
    )


def failure(
    status_code: int,
    description: str,
    fields: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    error: dict[str, Any] = {"description": description}
    if fields:
        error["fields"] = fields
    return JSONResponse(
        {"isSuccess": False, "isError": True, "error": error, "response": None},
        status_code=status_code,
        headers=headers,
    )
