"""/booking/api/v1/admin/tariffs and the quote's itemised charges."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from api.schemas.wire_model import WireModel
from api.schemas.wire_types import PlainNumber


class QuoteCharge(WireModel):
    """One line of a price: `per` says whether its amount is per container or once per booking (USD)."""

    code: str
    name: str
    amount: float
    per: Literal["container", "booking"]


class ChargeBody(WireModel):
    """A line of staff's breakdown editor: a charge code (`ocean_freight`, `baf`, ...) and its amount."""

    code: str = Field(max_length=40)
    amount: Annotated[str | float | int, PlainNumber]


class TariffRow(WireModel):
    """A row in force, as published: `row` is its line in the uploaded file (the header is line 1)."""

    version: int
    row: int
    pol: str
    pod: str
    container_size: str
    container_type: str
    cargo: Literal["general", "dangerous", "any"]
    valid_from: str
    valid_to: str
    ocean_freight: float
    baf: float
    thc_origin: float
    thc_destination: float
    dg_surcharge: float
    reefer_surcharge: float
    documentation_fee: float


class TariffPublication(WireModel):
    """A publication: its version, who published it and when, how many rows it holds, which lanes."""

    version: int
    published_at: str | None
    published_by: str | None
    row_count: int
    lanes: list[str]


class Tariffs(WireModel):
    """The rows in force, the latest 50 publications, and how many publications there are in all."""

    rows: list[TariffRow]
    publications: list[TariffPublication]
    publication_count: int


class ChargeKind(WireModel):
    """A charge a breakdown may hold: its code (what `ChargeBody.code` takes), its name, and its basis."""

    code: str
    name: str
    per: Literal["container", "booking"]


class TariffSuggestion(WireModel):
    """For a rate request staff price by hand: the matching row, else the nearest on its lane (None if the
    lane has none), and that row's charges for this request."""

    matched: bool
    row: TariffRow | None
    charges: list[QuoteCharge]
    price: float | None
    # Every charge a breakdown may hold, in the order a breakdown lists them (the editor adds from these).
    charge_kinds: list[ChargeKind]


class QuotingWay(WireModel):
    """The week's rate requests first quoted one way: how many, and the time from asking to that quote
    (seconds; None when none was quoted this way, never 0)."""

    quoted: int
    median_seconds_to_quote: float | None
    p90_seconds_to_quote: float | None


class QuotingWeek(WireModel):
    """How quoting went for the rate requests asked for in one week (Monday first). Shares are 0..1 (None
    without requests, or without quotes for `acceptedShare`); times in seconds from asking to first quote.
    `medianSecondsToQuote` and `p90SecondsToQuote` count every first quote, from the tariff and by staff
    together: a week of many instant quotes reads fast whatever staff took. `fromTariff` (priced instantly
    from the published tariff) and `byStaff` (priced by hand) tell each way apart. `waiting`: how many of
    the week's requests wait for a price now (never quoted, in a state staff may quote in: not those sent
    back to the customer to revise, withdrawn, declined or rejected); `oldestWaitSeconds`: how long the
    oldest of them has waited so far, from its request to now (None when none waits)."""

    week_start: str
    requests: int
    quoted: int
    quoted_instantly: int
    instant_share: float | None
    median_seconds_to_quote: float | None
    p90_seconds_to_quote: float | None
    from_tariff: QuotingWay
    by_staff: QuotingWay
    accepted: int
    accepted_share: float | None
    waiting: int
    oldest_wait_seconds: float | None
