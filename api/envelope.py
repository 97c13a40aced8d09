"""The response envelope every answer wears: {isSuccess, isError, error: {description}, response}."""

from __future__ import annotations

from typing import Any

from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse


def success(response: Any = None, status_code: int = 200) -> JSONResponse:
    return JSONResponse(
        {"isSuccess": True, "isError": False, "error": None, "response": jsonable_encoder(response)},
        status_code=status_code,
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
