"""The DCSA error response (`ErrorResponse` of the standard): status, the request, and one `DetailedError`
per fault with the `jsonPath` of the field where one is at fault.

Error codes (the standard leaves them to the provider, 7000-9999): see `CODES`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from http import HTTPStatus
from typing import Any
from uuid import uuid4

from fastapi.responses import JSONResponse
from pydantic import BaseModel

from api.dcsa.booking import models as dcsa_booking
from api.edge.input_screen import unreadable_body

API_VERSION = "2.0.5"
# The Bill of Lading standard's paths on /v3 (Track & Trace answers there in its own format).
EBL_PATHS = ("/v3/shipping-instructions", "/v3/transport-documents")
EBL_VERSION = "3.0.3"


def version_of(uri: str) -> str:
    """The standard's version a path of the door speaks."""
    return EBL_VERSION if uri.startswith(EBL_PATHS) else API_VERSION


# errorCode -> errorCodeText
CODES = {
    7001: "missingProperty",  # a required property is absent
    7002: "invalidProperty",  # a value breaks the standard's schema
    7003: "unknownReferenceData",  # a UN/LOCODE or equipment code this provider does not serve
    7004: "businessRule",  # a rule of the booking (one kind of equipment, too many units, ...)
    7005: "invalidState",  # the booking's status does not allow this
    7006: "notFound",
    7007: "unauthorized",
    7008: "forbidden",
    7009: "unsupportedMediaType",  # a body that is not application/json
    7010: "payloadTooLarge",
    7011: "tooManyRequests",  # the rate limit of the door (429, with Retry-After)
    7012: "methodNotAllowed",
    7099: "internalError",
}


# The standard's error code for a refusal answered with each of these statuses (api/edge/errors.http_status),
# on every door; any other refusal takes the door's own code (a bad value, a business rule).
_STATUS_CODES = {401: 7007, 403: 7008, 404: 7006, 409: 7005, 429: 7011}


def refusal_code(status: int, otherwise: int) -> int:
    return _STATUS_CODES.get(status, otherwise)


@dataclass(frozen=True)
class DetailedError:
    code: int
    message: str
    json_path: str | None = None
    value: Any = None
    property: str | None = None  # a property that has no jsonPath (a header); else the jsonPath's last name

    def wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "errorCode": self.code,
            "errorCodeText": CODES[self.code],
            "errorCodeMessage": self.message[:5000],
        }
        if self.json_path:
            out["jsonPath"] = self.json_path[:500]
        name = self.property or (property_name(self.json_path) if self.json_path else None)
        if name:
            out["property"] = name[:100]
        if self.value is not None and not isinstance(self.value, dict | list):
            out["value"] = as_text(self.value)[:500]
        return out


def as_text(value: Any) -> str:
    """A value quoted back to the sender as the text it sent (never a Python `b'...'` repr)."""
    if isinstance(value, bytes | bytearray):
        return bytes(value).decode("utf-8", errors="replace")
    return str(value)


def property_name(json_path: str) -> str | None:
    """`$.requestedEquipments[0].units` -> `units`."""
    last = json_path.rsplit(".", 1)[-1].split("[", 1)[0]
    return None if last in ("", "$") else last


def field_path(field: str) -> str:
    """The jsonPath of a field the portal's refusals name: `body` is the whole body (`$`)."""
    return "$" if field == "body" else f"$.{field}"


def unread_body(headers: Any, error: Exception) -> tuple[int, DetailedError]:
    """A body the framework could not read (not UTF-8, nested too deeply, compressed, not JSON), in the
    standard's shape with the words the portal's doors use (`unreadable_body`): the body (`$`) named, or the
    `Content-Encoding` header."""
    status, _, fields = unreadable_body(headers, error)
    ((field, said),) = fields.items()
    if field == "body":
        return status, DetailedError(7002, said, "$")
    return status, DetailedError(7009, said, property=field)


def error_response(
    method: str,
    uri: str,
    status: int,
    errors: Sequence[DetailedError],
    message: str | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    body = {
        "httpMethod": method if method in ("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH") else "GET",
        "requestUri": uri,
        "statusCode": status,
        "statusCodeText": HTTPStatus(status).phrase[:50],
        "providerCorrelationReference": str(uuid4()),
        "errorDateTime": datetime.now(UTC).isoformat().replace("+00:00", "Z"),
        "errors": [e.wire() for e in errors] or [DetailedError(7099, message or "Error").wire()],
    }
    if message:
        body["statusCodeMessage"] = message[:200]
    sent = {**(headers or {}), "API-Version": version_of(uri)}
    if status == 401:
        sent["WWW-Authenticate"] = "Bearer"
    return JSONResponse(body, status_code=status, headers=sent)


# Names pydantic puts into an error's location that are no field of the body: the members of a `oneOf`
# (`DangerousGoods1`) and the value of a RootModel.
_MODEL_NAMES = frozenset(
    name
    for name, value in vars(dcsa_booking).items()
    if isinstance(value, type) and issubclass(value, BaseModel)
)


def json_path(parts: Iterable[Any]) -> str:
    path = "$"
    for part in parts:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}"
    return path


def schema_errors(errors: Sequence[dict[str, Any]]) -> list[DetailedError]:
    """Pydantic's errors of a body as DCSA errors with jsonPaths.

    A `oneOf` that matches no member reports each member's faults; only the member with the fewest faults
    is reported (the one the sender most likely meant), so a missing `imoClass` is not drowned in the
    other member's `NANumber`."""
    located: list[tuple[tuple[Any, ...], str | None, dict[str, Any], list[Any]]] = []
    for error in errors:
        loc = [p for p in error.get("loc", ()) if p != "body"]
        member: str | None = None
        prefix: tuple[Any, ...] = ()
        kept: list[Any] = []
        for part in loc:
            if isinstance(part, str) and (part in _MODEL_NAMES or part == "root" or "[" in part):
                if member is None and part in _MODEL_NAMES:
                    member, prefix = part, tuple(kept)
                continue
            kept.append(part)
        located.append((prefix, member, error, kept))
    counts: dict[tuple[tuple[Any, ...], str], int] = {}
    for prefix, member, _, _ in located:
        if member is not None:
            counts[(prefix, member)] = counts.get((prefix, member), 0) + 1
    best: dict[tuple[Any, ...], str] = {}
    for prefix, member in sorted(counts, key=lambda key: counts[key]):
        best.setdefault(prefix, member)
    out: list[DetailedError] = []
    seen: set[str] = set()
    for prefix, member, error, kept in located:
        if member is not None and best.get(prefix) != member:
            continue
        path = json_path(kept)
        if path in seen:
            continue
        seen.add(path)
        kind = error.get("type", "")
        if kind == "missing":
            out.append(DetailedError(7001, f"{property_name(path) or 'A property'} is required", path))
        elif kind == "json_invalid":
            out.append(DetailedError(7002, "The body is not valid JSON", "$"))
        else:
            message = str(error.get("msg", "Invalid value")).removeprefix("Value error, ")
            out.append(DetailedError(7002, message, path, error.get("input")))
    return out
