"""The standard's `oneOf`: exactly one member may match. Pydantic's union takes the first member that
validates and ignores the properties of the others, so a body that is two members at once (a cancellation
naming both `bookingStatus` and `amendedBookingStatus`; dangerous goods with both `UNNumber` and
`NANumber`) would be taken as the first. `exactly_one` refuses it, naming the properties that conflict.
"""

from __future__ import annotations

import typing
from functools import cache
from typing import Any

from pydantic import BaseModel, RootModel, TypeAdapter, ValidationError


@cache
def _members(model: type[RootModel[Any]]) -> tuple[tuple[type[BaseModel], TypeAdapter[Any]], ...]:
    annotation = model.model_fields["root"].annotation
    members = [m for m in typing.get_args(annotation) if isinstance(m, type) and issubclass(m, BaseModel)]
    return tuple((m, TypeAdapter(m)) for m in members)


def _own_required(member: type[BaseModel], others: list[type[BaseModel]]) -> list[str]:
    shared = set.intersection(*({n for n, f in m.model_fields.items() if f.is_required()} for m in others))
    return [n for n, f in member.model_fields.items() if f.is_required() and n not in shared]


def exactly_one(model: type[RootModel[Any]], data: Any) -> Any:
    if not isinstance(data, dict):
        return data
    matched = []
    for member, adapter in _members(model):
        try:
            adapter.validate_python(data)
        except ValidationError:
            continue
        matched.append(member)
    if len(matched) > 1:
        everyone = [m for m, _ in _members(model)]
        names = [name for m in matched for name in _own_required(m, everyone)]
        raise ValueError(f"Exactly one of {', '.join(names)} may be given; this body gives {len(matched)}")
    return data
