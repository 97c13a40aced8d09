"""/booking/api/v1/admin/tariffs and the quote's itemised charges (issue 28)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from api.schemas.wire_types import PlainNumber


class QuoteCharge(BaseModel):
    """One line of a price: `per` says whether its amount is per container or once per booking (USD)."""

    code: str
    name: str
    amount: float
    per: Literal["container", "booking"]


class ChargeBody(BaseModel):
    """A line of staff's breakdown editor: a charge code (`ocean_freight`, `baf`, ...) and its amount."""

    code: str = Field(max_length=40)
    amount: Annotated[str | float | int, PlainNumber]


class TariffRow(BaseModel):
    """A row in force, as published: `row` is its line in the uploaded file (the header is line 1)."""

    version: int
    row: int
    pol: str
    pod: str
    containerSize: str
    containerType: str
    cargo: Literal["general", "dangerous", "any"]
    validFrom: str
    validTo: str
    oceanFreight: float
    baf: float
    thcOrigin: float
    thcDestination: float
    dgSurcharge: float
    reeferSurcharge: float
    documentationFee: float


class TariffPublication(BaseModel):
    """A publication: its version, who published it and when, how many rows it holds, which lanes."""

    version: int
    publishedAt: str | None
    publishedBy: str | None
    rowCount: int
    lanes: list[str]


class Tariffs(BaseModel):
    rows: list[TariffRow]
    publications: list[TariffPublication]


class ChargeKind(BaseModel):
    """A charge a breakdown may hold: its code (what `ChargeBody.code` takes), its name, and its basis."""

    code: str
    name: str
    per: Literal["container", "booking"]


class TariffSuggestion(BaseModel):
    """For a rate request staff price by hand: the matching row, else the nearest on its lane (None if the
    lane has none), and that row's charges for this request."""

    matched: bool
    row: TariffRow | None
    charges: list[QuoteCharge]
    price: float | None
    # Every charge a breakdown may hold, in the order a breakdown lists them (the editor adds from these).
    chargeKinds: list[ChargeKind]


class QuotingWeek(BaseModel):
    """How quoting went for the rate requests asked for in one week (Monday first). Shares are 0..1 (None
    without requests, or without quotes for `acceptedShare`); times in seconds from asking to first quote."""

    weekStart: str
    requests: int
    quoted: int
    quotedInstantly: int
    instantShare: float | None
    medianSecondsToQuote: float | None
    p90SecondsToQuote: float | None
    accepted: int
    acceptedShare: float | None
