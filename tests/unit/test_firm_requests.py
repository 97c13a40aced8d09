"""A booking request made through the DCSA standard is firm: staff confirm it with its price,
quoted before or in the same act; the customer has no price to accept, and its quote does not expire."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from domain.booking.rate_request import RateRequest
from domain.booking.whose_move import waiting_for
from domain.shared.actor import SYSTEM_ACTOR
from domain.shared.errors import Forbidden, IllegalTransition
from tests.unit.test_booking_aggregates import CUSTOMER_A, NOW, STAFF, details, quoted, replayed
from tests.unit.test_booking_content import content

PRICE = Decimal("1250.00")


def firm() -> RateRequest:
    return RateRequest.create(
        CUSTOMER_A.id, "alice", details(), "FB-2026-000042", CUSTOMER_A, content=content()
    )


def test_staff_quote_and_confirm_a_firm_request_in_one_act() -> None:
    request = firm()
    request.confirm_request(STAFF, PRICE, NOW + timedelta(days=30), NOW)
    assert (request.state, request.price) == ("shipping_order", PRICE)
    names = [type(e).__name__ for e in request.collect_events()]
    # The quote is recorded as such (its notice, its price on the screens), then the confirmation.
    assert names[-2:] == ["Quoted", "BookingConfirmed"]


def test_staff_quote_then_confirm_a_firm_request() -> None:
    request = firm()
    with pytest.raises(IllegalTransition):  # nothing to confirm it at yet
        request.confirm_request(STAFF)
    request.quote(PRICE, NOW + timedelta(days=3), NOW, STAFF)
    with pytest.raises(Forbidden):
        request.confirm_request(CUSTOMER_A)
    request.confirm_request(STAFF)
    assert replayed(request).state == "shipping_order"


def test_the_customer_has_no_price_to_accept_and_the_quote_does_not_expire() -> None:
    request = firm()
    request.quote(PRICE, NOW + timedelta(days=3), NOW, STAFF)
    with pytest.raises(IllegalTransition):
        request.accept_price(NOW, CUSTOMER_A)
    with pytest.raises(IllegalTransition):
        request.expire(NOW + timedelta(days=4), SYSTEM_ACTOR)
    assert waiting_for("quoted", False, None, firm_request=True) == "staff"


def test_a_request_made_on_the_screens_is_not_confirmed_without_the_customers_steps() -> None:
    request = quoted()
    with pytest.raises(IllegalTransition):
        request.confirm_request(STAFF)
    with pytest.raises(IllegalTransition):
        request.confirm_request(STAFF, PRICE, NOW + timedelta(days=30), NOW)
    assert request.state == "quoted"
    assert waiting_for("quoted", False, None) == "customer"
    request.accept_price(NOW, CUSTOMER_A)
    assert request.state == "loi_pending"


def test_staff_confirm_a_firm_booking_completed_when_it_has_no_shipping_order() -> None:
    """The standard's use case 12 is the carrier's: a firm booking with no portal shipping order is
    confirmed completed by staff; one with an order completes with the order's approval; a portal request
    always does; nothing while a change awaits a decision; and nobody is waiting on it."""
    request = firm()
    with pytest.raises(IllegalTransition):  # not confirmed yet
        request.confirm_completed(False, STAFF)
    request.confirm_request(STAFF, PRICE, NOW + timedelta(days=30), NOW)
    assert waiting_for("shipping_order", False, None, firm_request=True) == "customer"  # an order may come
    with pytest.raises(Forbidden):
        request.confirm_completed(False, CUSTOMER_A)
    with pytest.raises(IllegalTransition):  # its shipper sent a shipping order: that order decides
        request.confirm_completed(True, STAFF)
    request.request_cancellation("Order lost", CUSTOMER_A)
    with pytest.raises(IllegalTransition):
        request.confirm_completed(False, STAFF)
    request.withdraw_cancellation(CUSTOMER_A)
    request.confirm_completed(False, STAFF)
    assert replayed(request).state == "completed"
    portal = quoted()
    portal.accept_price(NOW, CUSTOMER_A)
    portal.submit_booking_request([{"document_type_id": 1, "file_id": "f"}], CUSTOMER_A)
    portal.confirm_booking(STAFF)
    with pytest.raises(IllegalTransition):
        portal.confirm_completed(False, STAFF)


def test_an_amendment_left_open_when_the_booking_ended_owes_nobody_a_move() -> None:
    assert waiting_for("shipping_order", False, None, amendment_state="asked") == "customer"
    assert waiting_for("shipping_order", False, None, amendment_state="requested") == "staff"
    for ended in ("cancelled", "rejected_by_admin", "completed"):
        assert waiting_for(ended, False, "approved", amendment_state="asked") is None
