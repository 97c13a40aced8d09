"""Wire shapes of the changes to a confirmed booking: amendment and cancellation requests."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from api.schemas.booking import RateRequestDetail
from api.schemas.tariffs import QuoteCharge
from api.schemas.wire_model import WireModel


class FieldChange(WireModel):
    """One field of the booking, the original beside the amended value."""

    field: str
    label: str
    original: Any
    amended: Any
    changed: bool


class ChangeView(WireModel):
    """What an amendment and a cancellation request both say: which one, its state, when, the message."""

    number: int
    state: int
    state_name: str
    requested_at: str
    updated_at: str
    message: str | None


class AmendmentView(ChangeView):
    asked_for: str | None = None
    fields: list[FieldChange]
    changes_price: bool
    price: float | None
    # The new price's lines, as staff requoted it (empty until then, and for requotes without a breakdown).
    charges: list[QuoteCharge]
    # Those lines for the amended quantity (per-booking charges once); null without lines.
    total_price: float | None
    valid_until: str | None


class CancellationView(ChangeView):
    reason: str | None


class BookingChanges(WireModel):
    """The latest amendment and the latest cancellation request of a booking (null where never asked)."""

    amendment: AmendmentView | None
    cancellation: CancellationView | None
    cargo_sailed_at: str | None = Field(
        description="When the booking's tracking saw the vessel leave its port of loading with the cargo (the"
        " standard's date-time, in the port's own offset), null until then: a booking whose cargo sailed is"
        " no longer cancelled (a cancellation is neither asked for nor confirmed)"
    )


class AmendmentDecided(BookingChanges):
    """Staff's approval: the booking's changes, the standard's status of the amendment, and the booking as
    it now stands (its details, price, charges and total)."""

    amended_booking_status: str | None
    booking: RateRequestDetail


class OpenChange(WireModel):
    kind: str
    rate_request: RateRequestDetail
    change: AmendmentView | CancellationView


class CancellationBody(WireModel):
    reason: str = Field("", max_length=2000)
