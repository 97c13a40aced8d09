"""Which rows a parked read-model event marks (projections/attention.py): a booking's by its rate request or
its shipping order; a sign-up's by its registration or the account opened from it; nobody else's."""

from __future__ import annotations

import uuid

from domain.accounts.account import account_id
from domain.accounts.registration import registration_id
from domain.booking.shipping_order import ShippingOrder
from followers.dead_letters import PARKED, DeadLetter
from projections.attention import Attention, of_booking, of_registration
from projections.registry import READ_MODELS


def _letter(aggregate: str, position: int, first_try: str) -> DeadLetter:
    return DeadLetter(
        READ_MODELS,
        position,
        f"{aggregate}:2",
        aggregate,
        "t",
        "e",
        "d",
        3,
        first_try,
        first_try,
        PARKED,
        None,
    )


def test_a_booking_is_marked_by_its_own_and_its_orders_parked_events() -> None:
    booking, other = str(uuid.uuid4()), str(uuid.uuid4())
    order = str(ShippingOrder.create_id(rate_request_id=booking))
    parked = {
        booking: [_letter(booking, 7, "2026-01-02T00:00:00.000+00:00")],
        order: [_letter(order, 3, "2026-01-01T00:00:00.000+00:00")],
    }
    assert of_booking(parked, booking) == Attention(positions=(3, 7), since="2026-01-01T00:00:00.000+00:00")
    assert of_booking(parked, other) is None
    assert of_booking({}, booking) is None


def test_a_sign_up_is_marked_by_its_registration_or_its_account() -> None:
    identity = "4325031880"
    registration, account = str(registration_id(identity)), str(account_id(identity))
    by_account = {account: [_letter(account, 5, "2026-01-01T00:00:00.000+00:00")]}
    assert of_registration(by_account, registration, identity) == Attention(
        (5,), "2026-01-01T00:00:00.000+00:00"
    )
    assert of_registration(by_account, registration, "0012345678") is None
    # A sign-up made again after an erasure opens the login of its own generation, not the erased one's.
    again, its_login = str(registration_id(identity, 1)), str(account_id(identity, 1))
    assert of_registration(by_account, again, identity) is None
    by_its_login = {its_login: [_letter(its_login, 6, "2026-01-02T00:00:00.000+00:00")]}
    assert of_registration(by_its_login, again, identity) == Attention((6,), "2026-01-02T00:00:00.000+00:00")
    assert of_registration(by_its_login, again, "erased person 0a1b2c3d4e5f") is None
    by_registration = {registration: [_letter(registration, 9, "2026-01-03T00:00:00.000+00:00")]}
    assert of_registration(by_registration, registration, identity) is not None
    assert of_registration(by_registration, str(uuid.uuid4()), identity) is None
