"""The OpenAPI document's `webhooks` section as a validator of the notifications actually sent."""

from __future__ import annotations

from functools import cache
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from api.main import create_app

DOCUMENT_URI = "urn:freight:openapi"


@cache
def _document() -> dict[str, Any]:
    return create_app().openapi()


def webhook_operation() -> dict[str, Any]:
    return dict(_document()["webhooks"]["booking-notification"]["post"])


def validate_notification(body: dict[str, Any]) -> None:
    """Raises unless `body` is what the document says a callback receives."""
    document = _document()
    schema = webhook_operation()["requestBody"]["content"]["application/json"]["schema"]
    registry = Registry().with_resource(DOCUMENT_URI, DRAFT202012.create_resource(document))
    target = {"$ref": DOCUMENT_URI + schema["$ref"]} if "$ref" in schema else schema
    Draft202012Validator(target, registry=registry).validate(body)
