"""What a price is made of: the itemised charges of a quote.

A quote's `price` stays what the specification says, the total per container; `charges` say how it is made
up. Each charge is per container or per booking (the documentation fee); the booking's total is the price
times the quantity plus the per-booking charges. A quote recorded before charges existed reads as one all-in
ocean-freight charge of its price (the event's upcaster), so every price has a breakdown.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Literal

from domain.shared.errors import ValidationFailed
from domain.shared.messages import message

Per = Literal["container", "booking"]
PER_CONTAINER: Per = "container"
PER_BOOKING: Per = "booking"
CENT = Decimal("0.01")
MAX_CHARGE = Decimal("1000000")

# The charges a tariff names, in the order a breakdown lists them: code (the tariff's column), name, basis.
CHARGE_KINDS: dict[str, tuple[str, Per]] = {
    "ocean_freight": ("Ocean freight", PER_CONTAINER),
    "baf": ("Bunker adjustment (BAF)", PER_CONTAINER),
    "thc_origin": ("Terminal handling, origin", PER_CONTAINER),
    "thc_destination": ("Terminal handling, destination", PER_CONTAINER),
    "dg_surcharge": ("Dangerous goods surcharge", PER_CONTAINER),
    "reefer_surcharge": ("Reefer surcharge", PER_CONTAINER),
    "documentation_fee": ("Documentation fee", PER_BOOKING),
}
ALL_IN = "ocean_freight"


@dataclass(frozen=True)
class Cargo:
    """What decides which surcharges a booking may carry."""

    dangerous: bool
    reefer: bool


# A surcharge for one kind of cargo only (its `Cargo` flag): a dry, general booking carries neither.
_FOR_CARGO = {"dg_surcharge": "dangerous", "reefer_surcharge": "reefer"}


def applies(code: str, cargo: Cargo) -> bool:
    """Whether a charge of this kind may be on a booking of this cargo."""
    flag = _FOR_CARGO.get(code)
    return flag is None or bool(getattr(cargo, flag))


@dataclass(frozen=True)
class Charge:
    code: str
    name: str
    amount: Decimal
    per: Per

    def to_record(self) -> dict[str, Any]:
        return {"code": self.code, "name": self.name, "amount": str(self.amount), "per": self.per}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Charge:
        per: Per = PER_BOOKING if record["per"] == PER_BOOKING else PER_CONTAINER
        return cls(str(record["code"]), str(record["name"]), Decimal(str(record["amount"])), per)


@dataclass(frozen=True)
class ChargeDraft:
    """A charge as staff typed it in the breakdown editor: a code and an amount, unchecked."""

    code: str
    amount: Any


def charge(code: str, amount: Decimal) -> Charge:
    name, per = CHARGE_KINDS[code]
    return Charge(code, name, amount, per)


def all_in(price: Decimal) -> list[Charge]:
    """A price given without a breakdown: one ocean-freight charge per container."""
    return [charge(ALL_IN, Decimal(price))]


def per_container_total(charges: Iterable[Charge]) -> Decimal:
    """The specification's `price`: what one container costs."""
    return sum((c.amount for c in charges if c.per == PER_CONTAINER), Decimal("0"))


def booking_total(charges: Iterable[Charge], quantity: int) -> Decimal:
    """What the whole booking costs: each per-container charge times the containers, plus per-booking ones."""
    listed = list(charges)
    per_booking = sum((c.amount for c in listed if c.per == PER_BOOKING), Decimal("0"))
    return per_container_total(listed) * quantity + per_booking


def repriced(charges: Sequence[Charge], price: Decimal, cargo: Cargo | None = None) -> list[Charge]:
    """A booking's breakdown at a new `price` per container (an amendment's): the surcharges and the
    per-booking fees stay as they were, the ocean freight takes the difference; a surcharge the amended
    `cargo` no longer carries (a reefer changed to a dry container) goes, its share to the freight. A price
    below the surcharges cannot be split so: staff give the lines one by one instead (`price` refused)."""
    kept = [c for c in charges if c.code != ALL_IN and (cargo is None or applies(c.code, cargo))]
    freight = Decimal(price) - per_container_total(kept)
    if freight < 0:
        raise ValidationFailed(
            {"price": message("booking.charge.belowSurcharges", surcharges=per_container_total(kept))}
        )
    # The freight first, as every breakdown lists it; a zero line is left out, as anywhere.
    return [*([charge(ALL_IN, freight)] if freight else []), *kept]


def records(charges: Sequence[Charge]) -> list[dict[str, Any]]:
    return [c.to_record() for c in charges]


def from_records(found: Sequence[Mapping[str, Any]] | None) -> list[Charge]:
    return [Charge.from_record(r) for r in found or ()]


def amount(text: Any) -> Decimal | None:
    """A sum of USD: a plain decimal number, at most two decimals, zero or more; None if it is not one."""
    if isinstance(text, bool) or text is None:
        return None
    raw = str(text).strip()
    if not raw or not raw.isascii():
        return None
    try:
        value = Decimal(raw)
    except InvalidOperation:
        return None
    if not value.is_finite() or value < 0 or value > MAX_CHARGE or value != value.quantize(CENT):
        return None
    return value.quantize(CENT)


def staff_charges(drafts: Sequence[ChargeDraft], cargo: Cargo) -> list[Charge]:
    """The breakdown staff give with a quote: known codes that apply to the `cargo`, each once, amounts of
    USD; listed in the breakdown's order, zero amounts left out."""
    errors: dict[str, str] = {}
    seen: dict[str, Decimal] = {}
    named: set[str] = set()
    for index, draft in enumerate(drafts):
        if draft.code not in CHARGE_KINDS:
            errors[f"charges.{index}.code"] = message("booking.charge.code")
        elif not applies(draft.code, cargo):
            errors[f"charges.{index}.code"] = message("booking.charge.cargo")
        elif draft.code in named:
            errors[f"charges.{index}.code"] = message("booking.charge.once")
        named.add(draft.code)
        value = amount(draft.amount)
        if value is None:
            errors[f"charges.{index}.amount"] = message("booking.charge.amount")
        elif draft.code in CHARGE_KINDS:
            seen[draft.code] = value
    if errors:
        raise ValidationFailed(errors)
    listed = [charge(code, seen[code]) for code in CHARGE_KINDS if seen.get(code)]
    if per_container_total(listed) <= 0:
        raise ValidationFailed({"charges": message("booking.charge.total")})
    return listed
