"""/booking/api/v1/admin: staff's quote, revision and acceptance bodies, and reference data they add."""

from __future__ import annotations

from datetime import UTC, datetime, time
from decimal import Decimal
from types import EllipsisType
from typing import Annotated, Any

from pydantic import Field

from api.schemas.attention import NeedsAttention
from api.schemas.bill_of_lading import StaffBillOfLading
from api.schemas.booking import RateRequestDetail, RateRequestRow, ShippingOrder
from api.schemas.sailings import SailingChoiceBody
from api.schemas.tariffs import ChargeBody
from api.schemas.tracking import ContainerMilestone
from api.schemas.wire_model import WireModel
from api.schemas.wire_types import PlainNumber, StaffMessage, Whole, utc_instant
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message
from domain.shared.moments import written_day


class StaffRateRequestRow(RateRequestRow):
    """A list row as staff see it: the customer's row and, added, whether it needs attention."""

    needs_attention: NeedsAttention | None


class StaffShippingOrder(ShippingOrder):
    """The order as staff see it: the customer's and, added, staff's latest revision request
    (`revisionRequests`: each field's wire key and its message) while the order is in revision and while the
    customer's answer to it waits for staff, so they check the answer against it; empty otherwise. (`revise`,
    hers, is emptied as she answers.)"""

    revision_requests: dict[str, str]


class StaffRateRequestDetail(RateRequestDetail):
    """The detail as staff see it: the customer's detail and, added, whether it needs attention, and why its
    shipping order cannot be accepted as it is (`orderMismatch`: it lists another number of containers than
    the booking is now for, both named; null when they agree or there is no order)."""

    needs_attention: NeedsAttention | None
    order: StaffShippingOrder | None
    order_mismatch: str | None = None
    # Each container's latest actual milestone, by container number (decision 3843): the tracking summary
    # of staff's operations screen; empty before any equipment event reached the booking.
    container_milestones: list[ContainerMilestone] = []
    # Its bill of lading once staff accepted the order (null before), with what issuing it today would say.
    bill_of_lading: StaffBillOfLading | None = None


class ReadAsSeen(WireModel):
    """A staff decision names what the staff member's screen read (decisions 3908, 3910)."""

    # The `updatedAt` of what is decided on as the screen read it (the booking's; for an amendment, the
    # booking's or the amendment's; for a cancellation request's decline, the request's; for the shipping
    # order's acceptance, revision request or decline, the order's): a customer's change since is refused
    # (409), nothing recorded. Left out, nothing is compared.
    seen_updated_at: datetime | None = None


class OrderAcceptBody(ReadAsSeen):
    """Accept the shipping order as the screen read it (optional: without it, as it stands)."""


class QuoteBody(ReadAsSeen):
    price: Annotated[Decimal, PlainNumber]
    valid_until: str = Field(max_length=40)
    # Staff may set or change the booking's sailing as they quote.
    sailing: SailingChoiceBody | None = None
    # Optional breakdown: its per-container lines must add up to `price`.
    charges: list[ChargeBody] | None = Field(None, max_length=20)
    # The price the staff member's dialog was opened on (null: none yet): another one now means a colleague
    # quoted meanwhile, refused (409). Left out, nothing is checked.
    previous_price: Annotated[Decimal | None, PlainNumber] = None

    def seen(self) -> Decimal | EllipsisType | None:
        """The price staff were shown, `...` when the call names none (null is a price not given yet)."""
        return self.previous_price if "previous_price" in self.model_fields_set else ...


class ConfirmRequestBody(ReadAsSeen):
    """Confirm a firm booking request (one made through the DCSA standard): with `price`, quote it in the
    same act (`validUntil` optional: 30 days); without, the price already quoted stands."""

    price: Annotated[Decimal | None, PlainNumber] = None
    valid_until: str | None = Field(default=None, max_length=40)
    # The sailing to confirm with; without, the booking's own, else one estimated from its ports and date.
    sailing: SailingChoiceBody | None = None
    # With `price`, optionally its breakdown: its per-container lines must add up to `price`.
    charges: list[ChargeBody] | None = Field(default=None, max_length=20)


class AmendmentApprovalBody(ReadAsSeen):
    """Approve the open amendment. A firm booking's (one made through the DCSA standard, whose shipper has
    no price to accept) that changes quantity or equipment is confirmed with its new `price` per container
    in this act (required then); `charges` optionally give its breakdown line by line (adding up to
    `price`), else the surcharges and per-booking fees stay and the ocean freight takes the difference."""

    price: Annotated[Decimal | None, PlainNumber] = None
    charges: list[ChargeBody] | None = Field(default=None, max_length=20)


class MessageBody(ReadAsSeen):
    """A revision request, rejection or decline, saying why (the customer reads `message`)."""

    message: StaffMessage


class OrderRevisionBody(ReadAsSeen):
    revise: dict[str, StaffMessage]
    edited_order: dict[str, Any] | None = None


class PortBody(WireModel):
    code: str = Field(min_length=5, max_length=5)
    name: str = Field(min_length=1, max_length=100)
    country: str = Field(min_length=1, max_length=100)


class ReferenceContainerBody(WireModel):
    """A container staff add to the reference data."""

    number: str = Field(max_length=11)
    type_id: Whole
    size_id: Whole


def valid_until(text: str) -> datetime:
    """A date means the end of that day (UTC); a time without a zone is UTC. Either is refused outside the
    business's window (domain/shared/moments.py): a quote valid until 9999 would overflow every reader that
    converts it (the customer's notice writes it in the Solar Hijri calendar)."""
    try:
        given = text.strip()
        day = written_day(given)
        moment = datetime.combine(day, time.max, tzinfo=UTC) if day else datetime.fromisoformat(given)
    except ValueError as error:
        raise ValidationFailed({"validUntil": message("booking.validUntil.format")}) from error
    try:
        return utc_instant(moment)
    except ValueError as error:
        raise ValidationFailed({"validUntil": str(error)}) from error
