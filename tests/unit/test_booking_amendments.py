"""Amendments and cancellation requests of a confirmed booking, on the rate request aggregate, without I/O."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest

from domain.booking.charges import booking_total, charge, per_container_total, repriced
from domain.booking.rate_request import RateRequest
from domain.shared.actor import CUSTOMER, Actor
from domain.shared.errors import DecidedFirst, Forbidden, IllegalTransition, ValidationFailed
from tests.unit.test_booking_aggregates import CUSTOMER_A, NOW, STAFF, details, quoted, replayed
from tests.unit.test_booking_content import content

OTHER_DATE = "2030-03-01"


def confirmed() -> RateRequest:
    request = quoted()
    request.accept_price(NOW, CUSTOMER_A)
    request.submit_booking_request([{"document_type_id": 1, "file_id": "f"}], CUSTOMER_A)
    request.confirm_booking(STAFF)
    assert request.state == "shipping_order"
    return request


def amended(**changes: Any) -> dict[str, Any]:
    return details(**changes)


def test_a_date_change_is_approved_by_staff_and_the_booking_takes_it() -> None:
    request = confirmed()
    original = dict(request.details)
    request.request_amendment(amended(preferred_shipping_date=OTHER_DATE), CUSTOMER_A)
    assert request.amendment is not None and request.amendment.state == "requested"
    assert request.amendment.changed == ["preferred_shipping_date"] and not request.amendment.changes_price
    assert request.details == original  # the original stands until the decision
    request.approve_amendment(STAFF)
    assert request.amendment.state == "approved" and request.details["preferred_shipping_date"] == OTHER_DATE
    assert request.price == Decimal("900.00") and request.state == "shipping_order"
    copy = replayed(request)
    assert copy.details == request.details and copy.amendment == request.amendment


def test_a_quantity_change_needs_a_new_price_the_customer_accepts() -> None:
    request = confirmed()
    request.request_amendment(amended(quantity=3), CUSTOMER_A)
    assert request.amendment is not None and request.amendment.changes_price
    with pytest.raises(IllegalTransition):
        request.approve_amendment(STAFF)
    with pytest.raises(ValidationFailed) as caught:
        request.requote_amendment(Decimal(0), NOW + timedelta(days=2), NOW, STAFF)
    assert "price" in caught.value.fields
    request.requote_amendment(Decimal("1250.00"), NOW + timedelta(days=2), NOW, STAFF)
    assert (
        request.amendment.state == "requoted" and request.quantity == 2 and request.price == Decimal("900.00")
    )
    with pytest.raises(IllegalTransition):  # past the new quote's validity
        request.accept_amended_price(NOW + timedelta(days=3), CUSTOMER_A)
    request.accept_amended_price(NOW + timedelta(days=1), CUSTOMER_A)
    assert request.amendment.state == "approved"
    assert request.quantity == 3 and request.price == Decimal("1250.00")


def test_decline_keeps_the_original_and_records_the_message() -> None:
    request = confirmed()
    request.request_amendment(amended(commodity="Figs"), CUSTOMER_A)
    with pytest.raises(IllegalTransition):
        request.decline_amendment("   ", STAFF)
    request.decline_amendment("Figs need a reefer", STAFF)
    assert request.amendment is not None and request.amendment.state == "declined"
    assert request.amendment.message == "Figs need a reefer" and request.details["commodity"] == "Dates"


def test_one_pending_change_at_a_time_and_withdrawal_frees_the_slot() -> None:
    request = confirmed()
    request.request_amendment(amended(commodity="Figs"), CUSTOMER_A)
    with pytest.raises(ValidationFailed) as caught:
        request.request_amendment(amended(commodity="Raisins"), CUSTOMER_A)
    assert "amendment" in caught.value.fields
    request.withdraw_amendment(CUSTOMER_A)
    request.request_amendment(amended(commodity="Raisins"), CUSTOMER_A)
    assert request.amendment is not None and request.amendment.number == 2
    # A request to cancel withdraws the amendment still open (one event each); then nothing else opens.
    request.request_cancellation("", CUSTOMER_A)
    assert request.amendment.state == "withdrawn" and request.cancellation is not None
    assert request.cancellation.state == "requested"
    withdrawn = [e for e in request.collect_events() if isinstance(e, RateRequest.AmendmentWithdrawn)]
    assert [e.for_cancellation for e in withdrawn] == [False, True]
    with pytest.raises(ValidationFailed):
        request.request_cancellation("", CUSTOMER_A)
    with pytest.raises(ValidationFailed):
        request.request_amendment(amended(commodity="Figs"), CUSTOMER_A)


def test_amendment_refused_before_confirmation_without_change_and_for_staff() -> None:
    with pytest.raises(IllegalTransition):
        quoted().request_amendment(amended(commodity="Figs"), CUSTOMER_A)
    request = confirmed()
    with pytest.raises(IllegalTransition):
        request.request_amendment(amended(), CUSTOMER_A)
    with pytest.raises(Forbidden):
        request.request_amendment(amended(commodity="Figs"), STAFF)
    request.request_amendment(amended(commodity="Figs"), CUSTOMER_A)
    with pytest.raises(Forbidden):
        request.approve_amendment(CUSTOMER_A)
    with pytest.raises(Forbidden):
        request.withdraw_amendment(STAFF)


def test_cancellation_request_confirmed_by_staff_cancels_the_booking() -> None:
    request = confirmed()
    request.request_cancellation("Shipment moved to air", CUSTOMER_A)
    assert request.cancellation is not None and request.cancellation.state == "requested"
    assert request.state == "shipping_order"
    with pytest.raises(Forbidden):
        request.confirm_cancellation(CUSTOMER_A)
    request.confirm_cancellation(STAFF)
    assert request.state == "cancelled" and request.state_code == 8
    assert request.cancellation.state == "confirmed"
    assert replayed(request).state == "cancelled"
    with pytest.raises(IllegalTransition):
        request.request_amendment(amended(commodity="Figs"), CUSTOMER_A)


def test_a_booking_whose_cargo_sailed_is_neither_asked_to_be_cancelled_nor_cancelled() -> None:
    sailed = "2026-03-01T23:30:00-05:00"  # the day is the port's own, not the UTC day
    request = confirmed()
    version = request.version
    with pytest.raises(ValidationFailed) as refused:
        request.request_cancellation("Too late", CUSTOMER_A, sailed=sailed)
    assert "2026-03-01" in refused.value.fields["cancellation"]
    assert request.cancellation is None and request.version == version
    asked = confirmed()
    asked.request_cancellation("Moved to air", CUSTOMER_A)
    with pytest.raises(ValidationFailed):
        asked.confirm_cancellation(STAFF, sailed=sailed)
    assert asked.state == "shipping_order" and asked.cancellation is not None
    assert asked.cancellation.state == "requested"
    asked.decline_cancellation("Your cargo is on board", STAFF)
    assert asked.cancellation.state == "declined"


def test_cancellation_declined_with_a_message_keeps_the_booking() -> None:
    request = confirmed()
    request.request_cancellation("", CUSTOMER_A)
    with pytest.raises(IllegalTransition):
        request.decline_cancellation("", STAFF)
    request.decline_cancellation("Cargo is already at the terminal", STAFF)
    assert request.state == "shipping_order" and request.cancellation is not None
    assert request.cancellation.state == "declined"
    request.request_cancellation("Still want to cancel", CUSTOMER_A)
    assert request.cancellation.number == 2


def test_cancellation_before_confirmation_is_the_immediate_cancel() -> None:
    with pytest.raises(IllegalTransition):
        quoted().request_cancellation("", CUSTOMER_A)
    other = Actor("customer-b", CUSTOMER)
    assert other.id != CUSTOMER_A.id


def test_every_refused_amendment_step() -> None:
    request = confirmed()
    with pytest.raises(ValidationFailed):  # nothing open to decide on
        request.approve_amendment(STAFF)
    with pytest.raises(ValidationFailed):
        request.decline_amendment("No", STAFF)
    with pytest.raises(ValidationFailed):
        request.withdraw_amendment(CUSTOMER_A)
    with pytest.raises(ValidationFailed):
        request.accept_amended_price(NOW, CUSTOMER_A)
    request.request_amendment(amended(commodity="Figs"), CUSTOMER_A)
    with pytest.raises(IllegalTransition):  # a change that keeps the price is not requoted
        request.requote_amendment(Decimal("1000.00"), NOW + timedelta(days=2), NOW, STAFF)
    with pytest.raises(IllegalTransition):  # no new price to accept
        request.accept_amended_price(NOW, CUSTOMER_A)
    with pytest.raises(Forbidden):
        request.decline_amendment("No", CUSTOMER_A)
    request.approve_amendment(STAFF)
    # Decided: final, and the refusal names the decision (decision 3882).
    with pytest.raises(IllegalTransition, match=r"Cannot withdraw a booking amendment in state approved"):
        request.withdraw_amendment(CUSTOMER_A)
    with pytest.raises(IllegalTransition, match=r"Cannot decline a booking amendment in state approved"):
        request.decline_amendment("No", STAFF)


def test_a_requoted_amendment_may_be_requoted_declined_or_withdrawn() -> None:
    request = confirmed()
    request.request_amendment(amended(quantity=4), CUSTOMER_A)
    request.requote_amendment(Decimal("1500.00"), NOW + timedelta(days=2), NOW, STAFF)
    with pytest.raises(Forbidden):
        request.accept_amended_price(NOW, STAFF)
    with pytest.raises(Forbidden):
        request.requote_amendment(Decimal("1400.00"), NOW + timedelta(days=2), NOW, CUSTOMER_A)
    request.requote_amendment(Decimal("1400.00"), NOW + timedelta(days=2), NOW, STAFF)
    assert request.amendment is not None and request.amendment.price == Decimal("1400.00")
    request.withdraw_amendment(CUSTOMER_A)
    assert request.amendment.state == "withdrawn" and request.quantity == 2
    request.request_amendment(amended(quantity=4), CUSTOMER_A)
    request.requote_amendment(Decimal("1500.00"), NOW + timedelta(days=2), NOW, STAFF)
    request.decline_amendment("No room after all", STAFF)
    assert request.amendment.state == "declined" and request.price == Decimal("900.00")
    assert replayed(request).amendment == request.amendment


def test_cancellation_request_withdrawn_and_every_refused_step() -> None:
    request = confirmed()
    for decide in (request.confirm_cancellation, request.withdraw_cancellation):
        with pytest.raises(ValidationFailed):  # nothing open
            decide(STAFF if decide == request.confirm_cancellation else CUSTOMER_A)
    with pytest.raises(Forbidden):
        request.request_cancellation("", STAFF)
    request.request_cancellation("Moved to air", CUSTOMER_A)
    assert request.cancellation is not None and request.cancellation.reason == "Moved to air"
    with pytest.raises(ValidationFailed):  # one pending change at a time
        request.request_amendment(amended(commodity="Figs"), CUSTOMER_A)
    with pytest.raises(Forbidden):
        request.withdraw_cancellation(STAFF)
    with pytest.raises(Forbidden):
        request.decline_cancellation("No", CUSTOMER_A)
    request.withdraw_cancellation(CUSTOMER_A)
    assert request.cancellation.state == "withdrawn" and request.state == "shipping_order"
    with pytest.raises(IllegalTransition, match=r"Cannot confirm a booking cancellation in state withdrawn"):
        request.confirm_cancellation(STAFF)
    request.request_amendment(amended(commodity="Figs"), CUSTOMER_A)  # the slot is free again
    assert replayed(request).cancellation == request.cancellation


def test_an_amendment_in_the_standards_terms_carries_its_content_and_the_booking_takes_it() -> None:
    sent = content()
    request = RateRequest.create(
        CUSTOMER_A.id, "alice", details(), "FB-2026-000001", CUSTOMER_A, content=sent
    )
    request.quote(Decimal("900.00"), NOW + timedelta(days=3), NOW, STAFF)
    request.confirm_request(STAFF)  # a firm request: staff confirm it with the price quoted
    with pytest.raises(IllegalTransition):  # the same content and details: nothing changes
        request.request_amendment(dict(request.details), CUSTOMER_A, sent)
    new_parties = replace(sent, as_sent={"documentParties": {"bookingAgent": {"partyName": "B"}}})
    request.request_amendment(dict(request.details), CUSTOMER_A, new_parties)  # the content alone changed
    assert request.amendment is not None and request.amendment.changed == []
    assert request.content == sent  # the original stands until approved
    request.approve_amendment(STAFF)
    assert request.content == new_parties
    assert replayed(request).content == new_parties


def test_staff_ask_for_an_amendment_and_the_customers_amendment_answers_it() -> None:
    """DCSA use case 6: staff ask (with a reason) for an amendment of a confirmed booking; the customer's
    amendment is the answer (the same number, the reason kept) and is decided as any other."""
    request = quoted()
    with pytest.raises(IllegalTransition):  # not confirmed yet
        request.ask_for_amendment("Another date please", STAFF)
    request = confirmed()
    with pytest.raises(Forbidden):
        request.ask_for_amendment("Another date please", CUSTOMER_A)
    with pytest.raises(ValidationFailed) as caught:
        request.ask_for_amendment("  ", STAFF)
    assert "message" in caught.value.fields
    request.ask_for_amendment("Another date please", STAFF)
    assert request.amendment is not None and request.amendment.state == "asked"
    assert request.amendment.asked == "Another date please" and not request.change_pending
    with pytest.raises(DecidedFirst) as asked:  # asked once is enough: who asked, and when (3921)
        request.ask_for_amendment("And again", STAFF)
    assert (asked.value.machine, asked.value.state, asked.value.decided_by) == (
        "booking_amendment",
        "asked",
        STAFF.id,
    )
    with pytest.raises(ValidationFailed):  # nothing to decide until the customer answers
        request.approve_amendment(STAFF)
    request.request_amendment(amended(preferred_shipping_date=OTHER_DATE), CUSTOMER_A)
    assert request.amendment.number == 1 and request.amendment.state == "requested"
    assert request.amendment.asked == "Another date please" and request.change_pending
    request.approve_amendment(STAFF)
    assert request.details["preferred_shipping_date"] == OTHER_DATE
    copy = replayed(request)
    assert copy.amendment == request.amendment
    request.request_amendment(amended(commodity="Figs"), CUSTOMER_A)  # the next one is the customer's own
    assert request.amendment.number == 2 and request.amendment.asked is None


def test_a_new_price_keeps_the_surcharges_and_fees_and_the_freight_takes_the_difference() -> None:
    quoted_with = [
        charge("ocean_freight", Decimal("900")),
        charge("baf", Decimal("150")),
        charge("thc_origin", Decimal("120")),
        charge("documentation_fee", Decimal("65")),
    ]
    new = repriced(quoted_with, Decimal("1416"))
    assert [(c.code, c.amount) for c in new] == [
        ("ocean_freight", Decimal("1146")),
        ("baf", Decimal("150")),
        ("thc_origin", Decimal("120")),
        ("documentation_fee", Decimal("65")),
    ]
    assert per_container_total(new) == Decimal("1416")
    assert booking_total(new, 5) == Decimal("7145")
    # Exactly the surcharges: no freight line; below them: refused, naming the price.
    assert [c.code for c in repriced(quoted_with, Decimal("270"))] == [
        "baf",
        "thc_origin",
        "documentation_fee",
    ]
    with pytest.raises(ValidationFailed) as caught:
        repriced(quoted_with, Decimal("269.99"))
    assert "price" in caught.value.fields
