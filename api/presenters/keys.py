"""The wire keys of a response model, derived once (at import) from its fields' aliases.

The hot reads answer plain dicts rendered straight to JSON (no model built or validated per read), so a
presenter writes the wire keys itself: it names each field by its Python name in the model's key table, and
the spelling (camelCase, or the specification's own from api/mapping.py) lives in the model alone. A name
the model does not have fails when the presenter's module is imported or first run, never on the wire.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel


@functools.cache
def keys_of(model: type[BaseModel]) -> Mapping[str, str]:
    """Each field's wire key by its Python name, in the model's field order."""
    return {name: field.alias or name for name, field in model.model_fields.items()}


def copied(keys: Mapping[str, str], row: Mapping[str, Any], *names: str) -> dict[str, Any]:
    """The fields a read-model row stores under the model's own names, answered as they are stored."""
    return {keys[name]: row[name] for name in names}


def wire_row(model: type[BaseModel], row: Mapping[str, Any]) -> dict[str, Any]:
    """A row a read model names by the model's Python names (every field of it), keyed as the wire keys it."""
    return {wire: row[name] for name, wire in keys_of(model).items()}


def wire_rows(model: type[BaseModel], rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [wire_row(model, row) for row in rows]
