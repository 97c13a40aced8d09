"""The envelope every answer wears, and the documented error answers of an operation."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from api.schemas.wire_model import WireModel

T = TypeVar("T")


class DecidedFirstDetails(WireModel):
    """Who decided first and when, told to staff whose decision was refused because of it (decisions 3911,
    3916, 3922)."""

    # The name of who decided as staff know them (their login name).
    decided_by: str
    # Whether the reader decided it themselves (a second tab, a double submit): their screen says it as theirs
    # ("You already ..."), not naming them (decision 3922).
    decided_by_you: bool
    # When they decided (RFC 3339, UTC): a screen writes it in its reader's zone and calendar.
    decided_at: str
    # What was decided: its lifecycle (`registration`, `rate_request`, `shipping_order`, `booking_amendment`)
    # and the state their decision left it in (`accepted`, `shipping_order`, `requoted`...); together they
    # name the sentence (contract/decided-first.json).
    machine: str
    state: str
    # Present only where a price given meanwhile refused it: that price per container, in USD (as `price` is
    # said everywhere on the API), for the screen to show the price it would quote over (decision 3922).
    price: float | None = None


class ErrorBody(WireModel):
    description: str
    # Present only on validation failures: {wireKey: message}.
    fields: dict[str, str] | None = None
    # Present only on 429: the seconds to wait before trying again (also the `Retry-After` header).
    retry_after: int | None = None
    # Present only to staff on a 409 refusing a decision a colleague made first.
    details: DecidedFirstDetails | None = None


class Envelope(WireModel, Generic[T]):
    """A success: `response` carries the answer, `error` is null."""

    is_success: bool
    is_error: bool
    error: ErrorBody | None
    response: T


class ErrorEnvelope(WireModel):
    """A failure: `error` says why, `response` is null."""

    is_success: bool
    is_error: bool
    error: ErrorBody
    response: None


class Listed(WireModel, Generic[T]):
    """`{list, totalCount}`: one page of rows and how many there are in all."""

    list: list[T]
    total_count: int


class Paged(Listed[T], Generic[T]):
    """A page of a staff list: the rows, how many in all, and which page of what size."""

    page: int
    limit: int


class Lookup(WireModel, Generic[T]):
    """The lookup shape the client reads: response.list.list and response.list.totalCount."""

    list: Listed[T]


class Message(WireModel):
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
    415: (
        "The body is not sent as JSON",
        "Send this body as JSON (Content-Type: application/json)",
        None,
    ),
    429: ("Too many attempts; see Retry-After", "Too many failed logins; try again later", None),
    503: (
        "The store was out of reach for the whole wait: nothing stored; retry (see Retry-After)",
        "The service is briefly unavailable; please try again",
        None,
    ),
}
# The error statuses the envelope documents (an example each).
ENVELOPE_STATUSES = frozenset(_EXAMPLES)


class Pending(WireModel):
    """A command's answer when its events are stored but the read models do not show them yet: the
    resource's id and the store position to expect; read it again shortly."""

    id: str | None
    position: int
    pending: bool


def pending_response() -> dict[int | str, dict[str, Any]]:
    """The OpenAPI `responses` entry of a command's 202 (stored; read models not there yet)."""
    example = {
        "isSuccess": True,
        "isError": False,
        "error": None,
        "response": {"id": "0b9e6c1e-4f53-4c8e-9d53-5d3c8f1f2a10", "position": 1042, "pending": True},
    }
    return {
        202: {
            "model": Envelope[Pending],
            "description": "Stored; the read models do not show it yet (answered from the command's result)",
            "content": {"application/json": {"example": example}},
        }
    }


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI `responses` of these error statuses: the envelope schema and an example each."""
    documented: dict[int | str, dict[str, Any]] = {}
    for status in sorted(set(statuses)):
        summary, description, fields = _EXAMPLES[status]
        error: dict[str, Any] = {"description": description}
        if fields:
            error["fields"] = fields
        if status == 429:
            error["retryAfter"] = 30
        example = {"isSuccess": False, "isError": True, "error": error, "response": None}
        documented[status] = {
            "model": ErrorEnvelope,
            "description": summary,
            "content": {"application/json": {"example": example}},
        }
    return documented
