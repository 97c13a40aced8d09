"""The booking notices: each staff action, expiry and completion tells the customer (pure builders)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any, get_type_hints

from domain.booking import notices as _booking_notices  # noqa: F401  (registers the builders)
from domain.booking.notices import TOLD
from domain.booking.rate_request import RateRequest, lifecycle_moves
from domain.booking.shipping_order import ShippingOrder
from domain.notifications.policy import STAFF as STAFF_RECIPIENT
from domain.notifications.policy import notices
from domain.shared.actor import ADMIN, CUSTOMER, SYSTEM_ACTOR, Actor
from tests.unit.history_support import Known

CUSTOMER_A = Actor("customer-a", CUSTOMER)
STAFF = Actor("staff", ADMIN)
NOW = datetime(2030, 1, 1, tzinfo=UTC)
DETAILS = {
    "commodity": "x",
    "hs_code": "123456",
    "quantity": 1,
    "pol_id": 1,
    "pod_id": 2,
    "container_type_id": 1,
    "container_size_id": 1,
}


def titles(aggregate: Any, context: Known | None = None, recipient: str = CUSTOMER_A.id) -> list[str]:
    context = context or Known(aggregate)
    built = [n for e in aggregate.collect_events() for n in notices.build(e, context)]
    mine = [n for n in built if n.recipient == recipient]
    assert all(n.recipient in (CUSTOMER_A.id, STAFF_RECIPIENT) for n in built)
    # Every booking notice cites the booking reference and opens the rate request.
    for notice in built:
        assert notice.subject is not None and notice.subject.kind == "rate_request"
        assert notice.subject.reference == "FB-2026-000001" and "FB-2026-000001" in notice.message
    return [n.title for n in mine]


def booking_requested() -> RateRequest:
    """Customer A's request quoted by staff, its price accepted and its booking requested with one document
    (its events not yet collected)."""
    request = RateRequest.create(CUSTOMER_A.id, "alice", DETAILS, "FB-2026-000001", CUSTOMER_A)
    request.quote(Decimal(10), NOW + timedelta(days=1), NOW, STAFF)
    request.accept_price(NOW, CUSTOMER_A)
    request.submit_booking_request([{"document_type_id": 1, "file_id": "f"}], CUSTOMER_A)
    return request


def revised_order(request: RateRequest) -> ShippingOrder:
    """Customer A's order of the confirmed `request`, sent back by staff for a wrong seal and edited again."""
    order = ShippingOrder.create(
        str(request.id),
        CUSTOMER_A.id,
        {},
        CUSTOMER_A,
        rate_request_in_shipping_order=True,
        exact_container_count=True,
        parties_present=True,
    )
    order.request_revision({"seal": "wrong"}, None, STAFF)
    order.edit({}, CUSTOMER_A)
    return order


def test_every_staff_action_and_expiry_tells_the_customer() -> None:
    request = RateRequest.create(CUSTOMER_A.id, "alice", DETAILS, "FB-2026-000001", CUSTOMER_A)
    request.quote(Decimal("10.50"), NOW + timedelta(days=1), NOW, STAFF)
    request.request_revision("which port?", STAFF)
    request.edit(DETAILS, CUSTOMER_A)
    request.quote(Decimal(11), NOW + timedelta(days=1), NOW, STAFF)
    request.expire(NOW + timedelta(days=2), SYSTEM_ACTOR)
    assert titles(request) == ["Price quoted", "Revision requested", "Price quoted", "Price expired"]
    other = RateRequest.create(CUSTOMER_A.id, "alice", DETAILS, "FB-2026-000001", CUSTOMER_A)
    other.reject("no vessel", STAFF)
    assert titles(other) == ["Rate request rejected"]


def test_booking_and_order_notices() -> None:
    request = booking_requested()
    request.confirm_booking(STAFF)
    order = revised_order(request)
    order.accept(STAFF)
    order.approve(CUSTOMER_A)
    request.complete(True, SYSTEM_ACTOR)
    assert titles(request) == ["Price quoted", "Booking confirmed", "Booking completed"]
    known = Known(request, order)
    assert titles(order, known) == ["Shipping order revision requested", "Shipping order ready for approval"]


def test_new_work_tells_the_staff() -> None:
    request = booking_requested()
    assert titles(request, recipient=STAFF_RECIPIENT) == ["New rate request", "Booking request"]
    request.collect_events()
    request.confirm_booking(STAFF)
    order = revised_order(request)
    staff = titles(order, Known(request, order), recipient=STAFF_RECIPIENT)
    assert staff == ["Shipping order submitted", "Shipping order edited"]


def test_messages_cite_money_dates_and_words_as_the_screens_write_them() -> None:
    request = RateRequest.create(CUSTOMER_A.id, "alice", DETAILS, "FB-2026-000001", CUSTOMER_A)
    request.quote(Decimal("3700"), NOW + timedelta(days=1), NOW, STAFF)
    request.request_revision("which port?", STAFF)
    built = [n for e in request.collect_events() for n in notices.build(e, Known(request))]
    messages = {n.title: n.message for n in built}
    assert messages["New rate request"] == "Rate request FB-2026-000001: 1 container of x to quote."
    assert messages["Price quoted"] == (
        "Your booking FB-2026-000001 has a price of $3,700.00 per container,"
        " valid until 2030/01/02 00:00 UTC."
    )
    assert messages["Revision requested"] == "Please revise your booking FB-2026-000001: which port?"


def test_changes_after_confirmation_tell_the_staff_then_the_customer() -> None:
    request = booking_requested()
    request.confirm_booking(STAFF)
    request.collect_events()
    request.request_amendment({**DETAILS, "quantity": 2}, CUSTOMER_A)
    request.requote_amendment(Decimal("1350.5"), NOW + timedelta(days=1), NOW, STAFF)
    request.accept_amended_price(NOW, CUSTOMER_A)
    request.request_cancellation("plans changed", CUSTOMER_A)
    request.decline_cancellation("the vessel sails", STAFF)
    context = Known(request)
    built = [n for e in request.collect_events() for n in notices.build(e, context)]
    told = [(n.recipient, n.title) for n in built]
    assert told == [
        (STAFF_RECIPIENT, "Amendment requested"),
        (CUSTOMER_A.id, "New price for your amendment"),
        (CUSTOMER_A.id, "Amendment approved"),  # accepting the new price is what makes it take effect
        (STAFF_RECIPIENT, "Cancellation requested"),
        (CUSTOMER_A.id, "Cancellation declined"),
    ]
    assert "$1,350.50 per container" in built[1].message
    assert built[4].message.endswith("the booking stands: the vessel sails")


# The moves of the request's own lifecycle its customer makes: no one is told (the customer did it; staff see
# it in their lists). Every other move tells someone.
# (An edit is told to staff only when it answers their request to revise: `RateRequest.Edited` has a line.)
CUSTOMERS_OWN_MOVES = {
    RateRequest.PriceAccepted,
    RateRequest.PriceCancelled,
    RateRequest.Withdrawn,
}


def test_every_move_but_the_customer_s_own_tells_someone() -> None:
    """A new staff action (a new move) tells the customer by a line in `TOLD`, or is named here as told to no
    one: a trial of a new staff action with no line here was silently told to no one."""
    untold = {move.__qualname__ for move in lifecycle_moves() if move not in TOLD}
    assert untold == {move.__qualname__ for move in CUSTOMERS_OWN_MOVES}


def test_every_event_told_to_its_customer_names_the_customer() -> None:
    """The builder sends a customer's notice to `event.customer_id`: an event without it (a plain
    `StateMoved`, not a `CustomerMoved`) passes mypy (`TOLD` is keyed by any class) but parks the
    notifications policy at its first occurrence."""
    nameless = [
        event_class.__qualname__
        for event_class, told in TOLD.items()
        if told.audience == "customer" and "customer_id" not in get_type_hints(event_class)
    ]
    assert nameless == []
