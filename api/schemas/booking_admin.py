"""/booking/api/v1/admin: staff's quote, revision and acceptance bodies, and reference data they add."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, Field

from api.schemas.tariffs import ChargeBody
from api.schemas.wire_types import PlainNumber, Whole


class QuoteBody(BaseModel):
    price: Annotated[Decimal, PlainNumber]
    validUntil: str = Field(max_length=40)
    # Optional breakdown (issue 28): its per-container lines must add up to `price`.
    charges: list[ChargeBody] | None = Field(None, max_length=20)


class MessageBody(BaseModel):
    message: str = Field(max_length=2000)


class OrderRevisionBody(BaseModel):
    revise: dict[str, str]
    editedOrder: dict[str, Any] | None = None


class PortBody(BaseModel):
    code: str = Field(min_length=5, max_length=5)
    name: str = Field(min_length=1, max_length=100)
    country: str = Field(min_length=1, max_length=100)


class ContainerBody(BaseModel):
    number: str = Field(max_length=11)
    typeId: Whole
    sizeId: Whole
