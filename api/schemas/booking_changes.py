"""Wire shapes of the changes to a confirmed booking: amendment and cancellation requests."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from api.schemas.booking import RateRequestDetail


class FieldChange(BaseModel):
    """One field of the booking, the original beside the amended value."""

    field: str
    label: str
    original: Any
    amended: Any
    changed: bool


class AmendmentView(BaseModel):
    number: int
    state: int
    stateName: str
    requestedAt: str
    updatedAt: str
    message: str | None
    askedFor: str | None = None
    fields: list[FieldChange]
    changesPrice: bool
    price: float | None
    validUntil: str | None


class CancellationView(BaseModel):
    number: int
    state: int
    stateName: str
    requestedAt: str
    updatedAt: str
    message: str | None
    reason: str | None


class BookingChanges(BaseModel):
    """The latest amendment and the latest cancellation request of a booking (null where never asked)."""

    amendment: AmendmentView | None
    cancellation: CancellationView | None


class OpenChange(BaseModel):
    kind: str
    rateRequest: RateRequestDetail
    change: AmendmentView | CancellationView


class CancellationBody(BaseModel):
    reason: str = Field("", max_length=2000)
