"""A DCSA OpenAPI document's schemas as a test validator (Booking 2.0.5, Track & Trace 3.0.0, ...)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft4Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT4

Validate = Callable[[Any, str], None]


def document_validator(path: Path, uri: str) -> Validate:
    """`validate(instance, schema_name)` against `components/schemas/<schema_name>` of the document at
    `path` (read on first use). OpenAPI 3.0 schemas are JSON Schema draft 4 in these respects (boolean
    exclusiveMinimum); every `$ref: '#/components/schemas/X'` resolves inside the document itself."""
    registry: list[Registry] = []

    def validate(instance: Any, schema_name: str) -> None:
        if not registry:
            document = yaml.safe_load(path.read_text(encoding="utf-8"))
            registry.append(
                Registry().with_resource(uri, Resource.from_contents(document, default_specification=DRAFT4))
            )
        validator = Draft4Validator(
            {"$ref": f"{uri}#/components/schemas/{schema_name}"},
            registry=registry[0],
            format_checker=Draft4Validator.FORMAT_CHECKER,
        )
        errors = sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path))
        assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors]

    return validate
