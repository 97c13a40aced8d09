"""Every failure leaves as an envelope: domain errors, validation, unknown paths, and bugs (500)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import psycopg
from eventsourcing.persistence import InterfaceError, OperationalError, RecordConflictError
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from api.edge.decided_first import told_to_staff
from api.edge.envelope import success
from api.edge.input_screen import expected, unreadable_body
from api.edge.languages import failure_in_language
from api.edge.path_guard import allowed_methods
from api.edge.security import checked_caller
from api.mapping import wire_fields
from domain.shared.application import CHANGED_MEANWHILE
from domain.shared.errors import (
    AlreadyExists,
    Conflict,
    DecidedFirst,
    DomainError,
    Forbidden,
    IllegalTransition,
    KeyReused,
    NotFound,
    TooManyAttempts,
    Unauthorized,
    ValidationFailed,
)
from domain.shared.messages import message

log = logging.getLogger(__name__)


class StoredNotShown(Exception):
    """A command's events are stored, but the read models did not show them within the wait.

    Answered 202 with the resource's id and the position to expect, never as a failure: the write stands
    (a 404 from the late read model, or a 500 from a wait cut short, would tell the client the opposite)."""

    def __init__(self, position: int, resource_id: str | None = None) -> None:
        super().__init__(f"stored at {position}; read models not there yet")
        self.position = position
        self.resource_id = resource_id


IDEMPOTENCY_HEADER = "Idempotency-Key"

STATUS = [
    (ValidationFailed, 400),
    (Unauthorized, 401),
    (Forbidden, 403),
    (NotFound, 404),
    (AlreadyExists, 409),
    (Conflict, 409),
    (KeyReused, 409),
    (IllegalTransition, 409),
    (TooManyAttempts, 429),
    (DomainError, 400),
]


def http_status(error: DomainError) -> int:
    """The HTTP status of a domain refusal: one table for the portal's envelope and the DCSA doors alike."""
    return next(code for kind, code in STATUS if isinstance(error, kind))


_JSON_TYPES = {
    "string_type": "string",
    "int_type": "number",
    "int_parsing": "number",
    "float_type": "number",
    "float_parsing": "number",
    "bool_type": "boolean",
    "bool_parsing": "boolean",
    "list_type": "array",
    "dict_type": "object",
    "model_type": "object",
    "model_attributes_type": "object",
    "decimal_parsing": "number",
    "decimal_type": "number",
}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def field_messages(errors: list[Any]) -> dict[str, str]:
    """Pydantic's errors in the specification's generic wording, keyed by the field's wire name."""
    fields: dict[str, str] = {}
    for error in errors:
        loc = [str(part) for part in error.get("loc", ()) if part not in ("body", "query", "path", "header")]
        name = ".".join(loc) or "body"
        kind = error.get("type", "")
        if kind == "missing":
            text = "Required"
        elif kind == "json_invalid":
            name, text = "body", "Invalid JSON"
        elif kind in _JSON_TYPES:
            text = expected(_JSON_TYPES[kind], _json_type(error.get("input")))
        elif kind in _BOUNDS:
            text = _BOUNDS[kind](error.get("ctx", {}))
        elif kind == "value_error" and _UPLOAD_FILE_EXPECTED in str(error.get("msg", "")):
            # FastAPI's own check of an `UploadFile` field, which names Python's types: a text part was sent
            text = message("upload.chunk.notAFile")
        else:
            text = str(error.get("msg", "Invalid input")).removeprefix("Value error, ")
        fields.setdefault(name, text)
    return fields


# How FastAPI words a form's file field that was sent as a text part (fastapi/datastructures.py).
_UPLOAD_FILE_EXPECTED = "Expected UploadFile, received:"


# A schema's bounds said as the domain says its own, from the catalogue: in every language it speaks.
_BOUNDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "string_too_long": lambda ctx: message("common.text.max", max=ctx.get("max_length")),
    "too_long": lambda ctx: message("common.list.max", max=ctx.get("max_length")),
    "greater_than_equal": lambda ctx: message("common.number.min", min=_plain(ctx.get("ge"))),
    "less_than_equal": lambda ctx: message("common.number.max", max=_plain(ctx.get("le"))),
    "literal_error": lambda ctx: _one_of(ctx),
    "enum": lambda ctx: _one_of(ctx),
}


def _plain(bound: Any) -> Any:
    """A float field's whole bound as the schema wrote it (168, not 168.0)."""
    return int(bound) if isinstance(bound, float) and bound.is_integer() else bound


def _one_of(ctx: dict[str, Any]) -> str:
    # pydantic lists them as "'en' or 'fa'": without the English word, for any language
    return message("common.choice", expected=str(ctx.get("expected")).replace(" or ", ", "))


def install(app: FastAPI) -> None:
    def said(
        request: Request, status: int, description: str, fields: dict[str, str] | None = None, **more: Any
    ) -> Any:
        return failure_in_language(request.headers, status, description, fields, **more)

    @app.exception_handler(DomainError)
    async def domain_error(request: Request, error: DomainError) -> Any:
        status = http_status(error)
        if isinstance(error, ValidationFailed):
            error = wire_fields(error)  # the domain's field names as the wire's keys (api/mapping.py)
        fields = error.fields if isinstance(error, ValidationFailed) else None
        if isinstance(error, KeyReused):  # the one header a client chose: named as a field would be
            fields = {IDEMPOTENCY_HEADER: error.description}
        retry_after = error.retry_after if isinstance(error, TooManyAttempts) else None
        if isinstance(error, DecidedFirst):  # staff are told which colleague decided, and when
            read_models = request.app.state.services.read_models
            told = await asyncio.get_running_loop().run_in_executor(
                None, told_to_staff, read_models, checked_caller(request.scope), error
            )
            if told is not None:
                return said(request, status, told[0], details=told[1])
        return said(request, status, error.description, fields, retry_after=retry_after)

    @app.exception_handler(RecordConflictError)
    async def write_conflict(request: Request, __: RecordConflictError) -> Any:
        return said(request, 409, CHANGED_MEANWHILE)

    @app.exception_handler(StoredNotShown)
    async def stored_not_shown(request: Request, error: StoredNotShown) -> Any:
        resource = error.resource_id or request.path_params.get("id")
        return success({"id": resource, "position": error.position, "pending": True}, status_code=202)

    @app.exception_handler(OperationalError)
    @app.exception_handler(InterfaceError)
    @app.exception_handler(psycopg.OperationalError)
    async def store_unavailable(request: Request, __: Exception) -> Any:
        # The store stayed out of reach for the whole wait (infrastructure/event_store.py): nothing is known
        # to be stored. A client retries (creates with their Idempotency-Key, so a retry never doubles).
        return said(
            request, 503, "The service is briefly unavailable; please try again", headers={"Retry-After": "2"}
        )

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> Any:
        fields = field_messages(list(error.errors()))
        description = "; ".join(f"{name}: {message}" for name, message in fields.items())
        return said(request, 400, description or "Invalid input", fields)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Any:
        if error.status_code == 400:  # only reading a body raises 400 here: FastAPI (JSON), Starlette (forms)
            status, description, fields = unreadable_body(request.headers, error)
            return said(request, status, description, fields)
        description = {404: "Not found", 405: "Method not allowed"}.get(error.status_code, str(error.detail))
        headers = getattr(error, "headers", None)
        if error.status_code == 405:  # routing names only the first route of the path; all of them count
            headers = {**(headers or {}), "Allow": ", ".join(allowed_methods(request.scope))}
        return said(request, error.status_code, description, headers=headers)

    @app.exception_handler(Exception)
    async def bug(request: Request, error: Exception) -> Any:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return said(request, 500, "Internal server error")
