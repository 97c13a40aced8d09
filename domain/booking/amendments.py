"""Changes to a confirmed booking: amendment and cancellation requests, each under a lifecycle of its own
(`state-machines/booking_amendment.json`, `booking_cancellation.json`).

Both live inside the rate request aggregate, so "one pending change at a time" and "the booking takes the
amended content" are decided in one consistency boundary, and the booking's history shows the original and
the amended content side by side, as of any moment.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal
from typing import Any

from domain.booking.state_facts import amendable_states
from domain.emails.words import money
from domain.shared.errors import Conflict, ValidationFailed
from domain.shared.lifecycle import lifecycle
from domain.shared.messages import message

AMENDMENT = lifecycle("booking_amendment")
CANCELLATION = lifecycle("booking_cancellation")
MAX_PRICE = Decimal("1000000")
# A booking in these states is confirmed and may be amended or have its cancellation requested (the states
# rate_request.json marks `amendable`).
AMENDABLE_STATES = amendable_states()
# A change of any of these needs a new price, quoted by staff and accepted by the customer.
PRICED_FIELDS = ("quantity", "container_type_id", "container_size_id")


def order_quantity_mismatch(order_containers: int, quantity: int) -> str | None:
    """Why an order filled before an amendment cannot go on as it is: it lists another number of containers
    than the booking is now for (both named); None when they agree. Accepting the order refuses it so, and
    the staff detail warns of it before."""
    if order_containers == quantity:
        return None
    return message("booking.containers.afterAmendment", given=order_containers, quantity=quantity)


def changed_fields(original: dict[str, Any], amended: dict[str, Any]) -> list[str]:
    """The names of the booking's fields the amendment changes, in a stable order."""
    return sorted(key for key in original.keys() | amended.keys() if original.get(key) != amended.get(key))


def changes_price(changed: list[str]) -> bool:
    return any(name in PRICED_FIELDS for name in changed)


def check_new_price(price: Decimal, valid_until: datetime | None, now: datetime | None) -> None:
    """A quoted price: positive USD with at most two decimals, valid until a moment in the future (no
    validity for a price that takes effect at once: `valid_until` None)."""
    errors = {}
    if not price.is_finite() or price <= 0:
        errors["price"] = message("booking.price.positive")
    elif price > MAX_PRICE or price != price.quantize(Decimal("0.01")):
        errors["price"] = message("booking.price.max")
    if valid_until is not None and now is not None and valid_until <= now:
        errors["valid_until"] = message("booking.validUntil.future")
    if errors:
        raise ValidationFailed(errors)


def check_price_seen(price: Decimal | None, seen: Decimal | None, quoted_meanwhile: bool = False) -> None:
    """The price a person acts on is the one they were shown (`seen`): a price given again meanwhile (staff's
    new quote under a customer's open dialog; with `quoted_meanwhile`, a colleague's quote under staff's) is
    refused with the price it is now, recording nothing, so nobody agrees to a number they never read. No
    price now (none was given, or it was taken back) is no one's newer price: not refused."""
    if price is None or price == seen:
        return
    said = money(price, "en")  # the refusal is written in English; the edge says it in the reader's
    if quoted_meanwhile:
        raise Conflict(message("booking.price.quotedMeanwhile", price=said), price)
    raise Conflict(message("booking.price.changed", price=said), price)


@dataclass(frozen=True)
class Amendment:
    number: int
    state: str
    original: dict[str, Any]
    amended: dict[str, Any]
    changed: list[str]
    changes_price: bool
    price: Decimal | None = None
    valid_until: datetime | None = None
    message: str | None = None
    # The breakdown of a new price (record form); None before one is quoted (and for requotes recorded
    # before breakdowns rode on them: worked out from the booking's when accepted).
    charges: list[dict[str, Any]] | None = None
    # What an amendment sent through the DCSA door said (record form); None for one asked on the screens.
    content: dict[str, Any] | None = None
    # Why staff asked the customer to amend the booking (the standard's use case 6); None when the
    # customer asked of its own accord. An amendment answering the ask keeps it.
    asked: str | None = None
    # Who made staff's decision that left it in its state, and when (None after anyone else's move): a
    # colleague's later decision is refused naming them (decision 3916).
    decided_by: str | None = None
    decided_at: datetime | None = None

    @property
    def open(self) -> bool:
        """Awaiting staff's decision (or, re-quoted, the customer's acceptance)."""
        return self.state in ("requested", "requoted")

    @property
    def awaiting_answer(self) -> bool:
        """Staff asked for an amendment and the customer has not yet sent it."""
        return self.state == "asked"

    def moved(self, state: str, **changes: Any) -> Amendment:
        return replace(self, state=state, **changes)


@dataclass(frozen=True)
class CancellationRequest:
    number: int
    state: str
    reason: str | None
    message: str | None = field(default=None)
    # When the customer asked it (its event's time): staff's decline read before is refused (decision 3910).
    requested_at: datetime | None = None
    # Who confirmed or declined it, and when (decision 3916).
    decided_by: str | None = None
    decided_at: datetime | None = None

    @property
    def open(self) -> bool:
        return self.state == "requested"

    def moved(self, state: str, **changes: Any) -> CancellationRequest:
        return replace(self, state=state, **changes)
