"""Wire shapes with Python names: each field's key is its name in camelCase, or the specification's own
spelling from the tables of `api/mapping.py` (the same tables that name a failing field in a 400).

Only the keys are generated: a body is read by its wire keys alone (a snake_case key is not taken), so the
wire is what it was with camelCase attribute names.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from api.mapping import WIRE_NAMES, wire_name


def wire_keys(names: Mapping[str, str] = WIRE_NAMES) -> ConfigDict:
    """A model's configuration naming its fields by `names`, else by the camelCase rule."""
    return ConfigDict(alias_generator=lambda field: wire_name(field, names), serialize_by_alias=True)


class WireModel(BaseModel):
    model_config = wire_keys()


class WireAnswer(WireModel):
    """An answer the server builds: made by Python names (`LoginAnswer(account_type=...)`) or by wire keys.
    Never a body: a body takes the wire keys only."""

    model_config = ConfigDict(validate_by_name=True)
