"""The envelope every answer wears, and the documented error answers of an operation."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import BaseModel

T = TypeVar("T")


class ErrorBody(BaseModel):
    description: str
    # Present only on validation failures: {wireKey: message}.
    fields: dict[str, str] | None = None


class Envelope(BaseModel, Generic[T]):
    """A success: `response` carries the answer, `error` is null."""

    isSuccess: bool
    isError: bool
    error: ErrorBody | None
    response: T


class ErrorEnvelope(BaseModel):
    """A failure: `error` says why, `response` is null."""

    isSuccess: bool
    isError: bool
    error: ErrorBody
    response: None


class Listed(BaseModel, Generic[T]):
    """`{list, totalCount}`: one page of rows and how many there are in all."""

    list: list[T]
    totalCount: int


class Paged(Listed[T], Generic[T]):
    """A page of a staff list: the rows, how many in all, and which page of what size."""

    page: int
    limit: int


class Lookup(BaseModel, Generic[T]):
    """The lookup shape the client reads: response.list.list and response.list.totalCount."""

    list: Listed[T]


class Message(BaseModel):
    message: str


_EXAMPLES: dict[int, tuple[str, str, dict[str, str] | None]] = {
    400: ("Invalid input", "quantity: Required", {"quantity": "Required"}),
    401: ("No valid bearer token", "Authentication required", None),
    403: ("The caller's role may not do this", "Staff only", None),
    404: ("Not found, or not the caller's", "Rate request not found", None),
    409: (
        "Not allowed in the current state, or a concurrent change",
        "Not allowed while the rate request is quoted (state 2)",
        None,
    ),
    413: ("Request body too large", "Request body too large", None),
    429: ("Too many attempts; see Retry-After", "Too many failed logins; try again later", None),
}


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI `responses` of these error statuses: the envelope schema and an example each."""
    documented: dict[int | str, dict[str, Any]] = {}
    for status in sorted(set(statuses)):
        summary, description, fields = _EXAMPLES[status]
        error: dict[str, Any] = {"description": description}
        if fields:
            error["fields"] = fields
        example = {"isSuccess": False, "isError": True, "error": error, "response": None}
        documented[status] = {
            "model": ErrorEnvelope,
            "description": summary,
            "content": {"application/json": {"example": example}},
        }
    return documented
