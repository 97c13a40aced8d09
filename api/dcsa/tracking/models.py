"""DCSA Track & Trace 3.0.0 on the wire: the document (contract/dcsa/tnt, Apache-2.0) validates each posted
event, and the answers' shapes (`PostEventsResponse`, `GetEventsResponse`, the errors' `feedbackElements`).

The standard's document is the validator: an event is checked against its `Event` schema by jsonschema, so
what this door accepts is exactly what the document allows (OpenAPI 3.0 schemas read as JSON Schema draft 4).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml
from fastapi.responses import JSONResponse
from jsonschema import Draft4Validator
from pydantic import BaseModel, Field
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4

TNT_VERSION = "3.0.0"
DOCUMENT = Path(__file__).resolve().parents[3] / "contract" / "dcsa" / "tnt" / "TNT_v3.0.0.yaml"
_URI = "urn:dcsa:tnt:3.0.0"
MAX_EVENTS_PER_POST = 500


@cache
def _validator(schema_name: str) -> Draft4Validator:
    document = yaml.safe_load(DOCUMENT.read_text(encoding="utf-8"))
    registry: Registry[Any] = Registry().with_resource(
        _URI, Resource.from_contents(document, default_specification=DRAFT4)
    )
    return Draft4Validator(
        {"$ref": f"{_URI}#/components/schemas/{schema_name}"},
        registry=registry,
        format_checker=Draft4Validator.FORMAT_CHECKER,
    )


def event_errors(event: Any, where: str) -> dict[str, str]:
    """The document's verdict on one event: {jsonPath: message}, empty when valid."""
    found: dict[str, str] = {}
    for error in _validator("Event").iter_errors(event):
        path = where + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
        found.setdefault(path, error.message)
    return found


class FeedbackElement(BaseModel):
    severity: Literal["ERROR", "WARN", "INFO"]
    message: str = Field(max_length=5000)
    propertyPath: str | None = Field(default=None, max_length=1000)


class PostEventsRequest(BaseModel):
    """The document's `PostEventsRequest`; each event is checked against the document's `Event` schema."""

    events: list[dict[str, Any]] = Field(max_length=MAX_EVENTS_PER_POST)


class PostEventsResponse(BaseModel):
    feedbackElements: list[FeedbackElement] = []


class GetEventsResponse(BaseModel):
    events: list[dict[str, Any]]
    feedbackElements: list[FeedbackElement] | None = None


class EventsError(BaseModel):
    """`PostEventsError` / `GetEventsError`: at least one feedback element of severity ERROR."""

    feedbackElements: list[FeedbackElement]


def feedback(severity: str, message: str, path: str | None = None) -> dict[str, Any]:
    element: dict[str, Any] = {"severity": severity, "message": message[:5000]}
    if path is not None:
        element["propertyPath"] = path[:1000]
    return element


def error_answer(
    status: int, elements: list[dict[str, Any]], headers: dict[str, str] | None = None
) -> JSONResponse:
    return JSONResponse(
        {"feedbackElements": elements},
        status_code=status,
        headers={"API-Version": TNT_VERSION, **(headers or {})},
    )
