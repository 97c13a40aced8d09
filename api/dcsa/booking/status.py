"""The portal's rate-request states as the standard's `bookingStatus`, and staff's messages as `feedbacks`.

One table per lifecycle (`BOOKING_STATUS` for state-machines/rate_request.json, `AMENDED_STATUS` for
booking_amendment.json, `CANCELLATION_STATUS` for booking_cancellation.json), read from each state's `dcsa`
in its file, beside the state: `_statuses` refuses, at import, a file with a state that has none,
so a new state cannot reach the door (or the webhook follower) without a status. Used by
`GET /v2/bookings/{ref}` and by the booking notifications, so both say the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from domain.booking.amendments import AMENDABLE_STATES
from domain.booking.charges import PER_BOOKING, PER_CONTAINER, Charge, all_in, booking_total, from_records
from domain.booking.named_field import NAMED_FIELD
from domain.booking.state_facts import (
    confirmed_states,
    once_confirmed_status,
    update_awaiting_states,
    updated_status,
)
from domain.shared.lifecycle import lifecycle


def _statuses(
    machine_id: str, required: bool = True, states: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """Each state's DCSA status, as its lifecycle file says (`dcsa`; null where the standard has none and
    `required` is False); `states`: the file's states (read from the file when not given)."""
    given = lifecycle(machine_id).spec["states"] if states is None else states
    missing = sorted(s["name"] for s in given if "dcsa" not in s or (required and not s["dcsa"]))
    if missing:
        raise ValueError(f"{machine_id}: states without a DCSA status {missing}")
    return {s["name"]: s["dcsa"] for s in given}


def _open_states(machine_id: str) -> tuple[str, ...]:
    """The states of a lifecycle still awaiting a decision (those its file does not mark final)."""
    return tuple(s["name"] for s in lifecycle(machine_id).spec["states"] if not s.get("final"))


# A price offered reads RECEIVED with a feedback saying so: a request made on the screens waits for the
# customer to accept it, a firm one (made through the standard) for staff to confirm; after the
# shipper's update (PUT, or an edit on the screens) both read UPDATE_RECEIVED (`booking_status`). loi_pending
# (the price accepted, the documents awaited) is RECEIVED; rejected_by_admin DECLINED once it had been
# confirmed; price_expired REJECTED with a feedback saying the quote expired; cancelled is a confirmed booking
# whose cancellation request staff confirmed.
BOOKING_STATUS: dict[str, str] = _statuses("rate_request")
# An amendment the customer asked for leaves bookingStatus CONFIRMED and shows as `amendedBookingStatus`
# (the standard's use case 7). PENDING_AMENDMENT is the carrier asking for one (use case 6: staff's `ask`
# in booking_amendment.json), from the ask until the customer's answering amendment is decided.
AMENDMENT_ASKED = "asked"  # the amendment staff asked for, not yet sent
# States of booking_amendment.json still awaiting a decision (the ask awaits the customer's amendment).
AMENDMENT_OPEN = tuple(s for s in _open_states("booking_amendment") if s != AMENDMENT_ASKED)
PENDING_AMENDMENT = "PENDING_AMENDMENT"
AMENDMENT_RECEIVED = "AMENDMENT_RECEIVED"
# While staff's ask awaits the customer's amendment there is none to report: the booking is PENDING_AMENDMENT.
AMENDED_STATUS: dict[str, str | None] = _statuses("booking_amendment", required=False)
# The standard has no value for a request the customer withdrew (the portal's screens allow it): the
# property is then absent, as when none was asked.
CANCELLATION_STATUS: dict[str, str | None] = _statuses("booking_cancellation", required=False)
# The states in which a booking has a carrierBookingReference (rate_request.json marks them `confirmed`).
CONFIRMED_STATES = confirmed_states()


_CENT = Decimal("0.01")

UPDATE_RECEIVED = "UPDATE_RECEIVED"
# The states in which a shipper's update awaits the carrier's decision (the standard's UPDATE_RECEIVED): those
# whose `dcsaUpdated` in rate_request.json names a status.
AWAITING_DECISION = update_awaiting_states()


def pending_amendment(amendment_state: str | None, asked: str | None) -> bool:
    """Staff asked for the booking's latest amendment (`asked`: their reason) and it is not yet decided."""
    return bool(asked) and (amendment_state == AMENDMENT_ASKED or amendment_state in AMENDMENT_OPEN)


def booking_status(state: str, confirmed: bool, updated: bool = False, amendment_asked: bool = False) -> str:
    """`updated`: the shipper updated the request since it was received (either door); `amendment_asked`:
    staff asked the shipper to amend the confirmed booking and the amendment is not yet decided."""
    once_confirmed = once_confirmed_status(state) if confirmed else None
    if once_confirmed is not None:
        return once_confirmed
    if amendment_asked and state in AMENDABLE_STATES:
        return PENDING_AMENDMENT
    after_update = updated_status(state) if updated else None
    if after_update is not None:
        return after_update
    return BOOKING_STATUS[state]


def amended_booking_status(amendment_state: str | None) -> str | None:
    """The standard's `amendedBookingStatus` for the booking's latest amendment (None: never amended)."""
    return AMENDED_STATUS.get(amendment_state or "")


def cancellation_status(cancellation_state: str | None) -> str | None:
    """The standard's `bookingCancellationStatus` for a confirmed booking's latest cancellation request (None:
    none asked, or withdrawn)."""
    return CANCELLATION_STATUS.get(cancellation_state or "")


def has_booking_reference(state: str, confirmed: bool) -> bool:
    """Confirmed, or ended in a state that keeps the reference of a booking confirmed before (declined)."""
    return state in CONFIRMED_STATES or (confirmed and once_confirmed_status(state) is not None)


def _staff_message(severity: str, code: str, text: str) -> dict[str, Any]:
    # A staff message may name the field it is about: "$.requestedEquipments[0].units: at most 2 units".
    match = NAMED_FIELD.match(text)
    feedback = {"severity": severity, "code": code, "message": (match.group(2) if match else text)[:5000]}
    if match:
        feedback["jsonPath"] = match.group(1)[:500]
    return feedback


def _usd(amount: Decimal) -> str:
    return f"{amount.quantize(_CENT)}"


def _quoted(price: Any, charges: list[Charge], quantity: int | None) -> str:
    """`Quoted 1580.25 USD per container (Ocean freight 1400.00 + ...), plus Documentation fee 60.00 USD per
    booking: 3220.50 USD in all for 2 containers`: the price with its lines and the booking's total, as the
    e-mail and the screens give them (a per-booking fee is not in the price per container); the total is
    left out where the containers are not known (a notification state older than it)."""
    return f"Quoted {priced(price, charges, quantity)}"


def priced(price: Any, charges: list[Charge], quantity: int | None) -> str:
    """`1580.25 USD per container (...), plus ...: 3220.50 USD in all for 2 containers`: a price as a quote's
    feedback says it, for a quote and an amendment's new price alike."""
    said = f"{_usd(Decimal(str(price)))} USD per container"
    per_container = [c for c in charges if c.per == PER_CONTAINER]
    if len(per_container) > 1:
        said += f" ({' + '.join(f'{c.name} {_usd(c.amount)}' for c in per_container)})"
    per_booking = [f"{c.name} {_usd(c.amount)} USD per booking" for c in charges if c.per == PER_BOOKING]
    if per_booking:
        said += f", plus {' and '.join(per_booking)}"
    if quantity:
        containers = f"{quantity} container" + ("" if quantity == 1 else "s")
        said += f": {_usd(booking_total(charges, quantity))} USD in all for {containers}"
    return said


def feedbacks(
    state: str,
    revision_message: str | None = None,
    rejection_message: str | None = None,
    price: str | Decimal | None = None,
    valid_until: str | None = None,
    firm: bool = False,
    amendment_asked: str | None = None,
    charges: Sequence[Mapping[str, Any]] | None = None,
    quantity: int | None = None,
) -> list[dict[str, Any]]:
    """Staff's messages; `firm`: a request made through the standard, which staff confirm with the price
    (the customer has no price to accept); `amendment_asked`: why staff ask for an amendment (while the
    booking is PENDING_AMENDMENT), naming the field to change as a revision message may; `charges` (the
    quote's records) and `quantity` (its containers): what the price is made of and the booking's total."""
    if state in AMENDABLE_STATES and amendment_asked:
        return [_staff_message("ERROR", "PROPERTY_VALUE_MUST_CHANGE", amendment_asked)]
    if state == "revision_requested" and revision_message:
        return [_staff_message("ERROR", "PROPERTY_VALUE_MUST_CHANGE", revision_message)]
    if state == "rejected_by_admin" and rejection_message:
        return [_staff_message("ERROR", "INFORMATIONAL_MESSAGE", rejection_message)]
    if state == "quoted" and price is not None:
        quoted = _quoted(price, from_records(charges) or all_in(Decimal(str(price))), quantity)
        return [
            {
                "severity": "INFO",
                "code": "INFORMATIONAL_MESSAGE",
                "message": (
                    f"{quoted}; the carrier confirms the booking with this price"
                    if firm
                    else f"{quoted}, valid until {valid_until}; accept or cancel the price in the portal"
                ),
            }
        ]
    if state == "price_expired":
        return [
            {
                "severity": "ERROR",
                "code": "INFORMATIONAL_MESSAGE",
                "message": "The quote expired before it was accepted",
            }
        ]
    return []
