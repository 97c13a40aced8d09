"""Rate request and shipping order aggregates, and the payload rules, without I/O."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

import pytest

from domain.booking import values
from domain.booking.rate_request import RateRequest
from domain.booking.reference import SeedCatalog
from domain.booking.shipping_order import ShippingOrder, shipping_order_id
from domain.shared.actor import ADMIN, CUSTOMER, SYSTEM_ACTOR, Actor
from domain.shared.errors import Forbidden, IllegalTransition, ValidationFailed

CUSTOMER_A = Actor("customer-a", CUSTOMER)
STAFF = Actor("staff-1", ADMIN)
NOW = datetime(2030, 1, 1, 12, tzinfo=UTC)
CATALOG = SeedCatalog()


def details(**changes: Any) -> dict[str, Any]:
    draft = values.RateRequestDraft(
        commodity="Dates",
        hs_code="080410",
        preferred_shipping_date="2030-02-01",
        quantity=2,
        pol_id=1,
        pod_id=2,
        container_type_id=1,
        container_size_id=2,
    )
    return values.rate_request_details(replace(draft, **changes), NOW.date(), CATALOG, lambda f: f == "mine")


def created() -> RateRequest:
    return RateRequest.create(CUSTOMER_A.id, "alice", details(), "FB-2026-000001", CUSTOMER_A)


def quoted() -> RateRequest:
    request = created()
    request.quote(Decimal("900.00"), NOW + timedelta(days=3), NOW, STAFF)
    return request


def replayed(aggregate: Any) -> Any:
    events = aggregate.collect_events()
    copy = None
    for event in events:
        copy = event.mutate(copy)
    return copy


def test_create_then_quote_sets_price_and_keeps_code_zero() -> None:
    request = quoted()
    assert request.state == "quoted" and request.state_code == 0 and request.price == Decimal("900.00")


@pytest.mark.parametrize(
    ("price", "until", "field"),
    [
        (Decimal(0), NOW + timedelta(days=1), "price"),
        (Decimal("-5"), NOW + timedelta(days=1), "price"),
        (Decimal("1.001"), NOW + timedelta(days=1), "price"),
        (Decimal(10), NOW, "valid_until"),
    ],
)
def test_quote_rules(price: Decimal, until: datetime, field: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        created().quote(price, until, NOW, STAFF)
    assert field in caught.value.fields


def test_customer_may_not_quote_and_staff_may_not_accept() -> None:
    with pytest.raises(Forbidden):
        created().quote(Decimal(1), NOW + timedelta(days=1), NOW, CUSTOMER_A)
    with pytest.raises(Forbidden):
        quoted().accept_price(NOW, STAFF)


def test_accept_only_before_validity_and_expire_only_after() -> None:
    request = quoted()
    with pytest.raises(IllegalTransition):
        request.expire(NOW, SYSTEM_ACTOR)
    with pytest.raises(IllegalTransition):
        request.accept_price(NOW + timedelta(days=3), CUSTOMER_A)
    request.expire(NOW + timedelta(days=3), SYSTEM_ACTOR)
    assert request.state == "price_expired" and request.state_code == 7
    with pytest.raises(IllegalTransition) as caught:
        request.cancel_price(CUSTOMER_A)
    assert "price_expired (7)" in caught.value.description


def test_edit_clears_the_quote_and_revision() -> None:
    request = quoted()
    request.request_revision("Please check the port", STAFF)
    assert request.state_code == 1 and request.price is None
    request.edit(details(quantity=3), CUSTOMER_A)
    assert request.state == "requested" and request.revision_message is None and request.quantity == 3


def test_revision_and_reject_need_a_message() -> None:
    for command in (created().request_revision, created().reject):
        with pytest.raises(ValidationFailed):
            command("  ", STAFF)


def test_booking_needs_documents_then_confirmation_then_order_approval() -> None:
    request = quoted()
    request.accept_price(NOW, CUSTOMER_A)
    with pytest.raises(IllegalTransition):
        request.confirm_booking(STAFF)
    with pytest.raises(IllegalTransition):
        request.submit_booking_request([], CUSTOMER_A)
    request.submit_booking_request([{"document_type_id": 1, "file_id": "mine"}], CUSTOMER_A)
    request.confirm_booking(STAFF)
    assert request.state_code == 3
    with pytest.raises(IllegalTransition):
        request.complete(False, SYSTEM_ACTOR)
    request.complete(True, SYSTEM_ACTOR)
    assert request.state_code == 4


def test_replay_gives_the_same_aggregate() -> None:
    request = quoted()
    request.accept_price(NOW, CUSTOMER_A)
    copy = replayed(request)
    assert (copy.state, copy.price, copy.valid_until, copy.details) == (
        "loi_pending",
        Decimal("900.00"),
        NOW + timedelta(days=3),
        request.details,
    )


def test_payload_rules_name_each_field() -> None:
    with pytest.raises(ValidationFailed) as caught:
        values.rate_request_details(
            values.RateRequestDraft(
                quantity=2.5,
                hs_code="12ab",
                preferred_shipping_date="2029-12-31",
                pol_id=99999,
                pod_id=1,
                container_type_id=9,
                container_size_id=0,
                is_danger=True,
            ),
            date(2030, 1, 1),
            CATALOG,
            lambda f: False,
        )
    fields = caught.value.fields
    assert fields["commodity"] == values.REQUIRED
    assert fields["quantity"] == "Quantity must be a positive whole number"
    assert fields["hs_code"] == "HS code must be 6 to 10 digits"
    assert fields["preferred_shipping_date"] == "Preferred shipping date cannot be in the past"
    assert fields["pol_id"] == "Port of loading not found"
    assert fields["container_type_id"] == "Container type not found"
    assert fields["container_size_id"] == values.REQUIRED
    assert fields["msds"] == values.DANGER_FILE


def test_danger_file_must_be_the_callers() -> None:
    with pytest.raises(ValidationFailed) as caught:
        details(is_danger=True, msds="someone-elses")
    assert caught.value.fields == {"msds": "The danger file was not uploaded by you"}
    assert details(is_danger=True, msds="mine")["msds"] == "mine"


def _order(**changes: Any) -> values.OrderDraft:
    draft = values.OrderDraft(
        is_swbl=False,
        freight_type=2,
        cargo_description="Dates in cartons",
        parties=tuple(
            values.PartyDraft(name=n, address="a", phone_number="+98 912 345 6789", party_type=t)
            for n, t in (("S", 0), ("C", 1), ("N", 2))
        ),
        containers=tuple(
            values.ContainerDraft(container_id=i, seal="x", count=5, type=1, gross_weight=10, net_weight=9)
            for i in (1, 2)
        ),
    )
    return replace(draft, **changes)


def test_order_rules() -> None:
    kwargs: dict[str, Any] = {"quantity": 2, "catalog": CATALOG}
    assert (
        values.shipping_order_details(_order(), is_danger=False, container_type_value=1, **kwargs)[
            "freight_type"
        ]
        == 2
    )
    bad = _order(
        containers=(
            values.ContainerDraft(container_id=1, seal="", count=0, type=3, gross_weight=5, net_weight=6),
        ),
        parties=(),
        cargo_description="",
    )
    with pytest.raises(ValidationFailed) as caught:
        values.shipping_order_details(bad, is_danger=True, container_type_value=2, **kwargs)
    fields = caught.value.fields
    assert fields["cargo_description"] == "Cargo description is required"
    assert (
        fields["imco_class"]
        == fields["un_number"]
        == fields["temperature"]
        == fields["humidity"]
        == "This Field is required"
    )
    assert fields["containers"].startswith("Exactly 2 containers")
    assert fields["containers.0.net_weight"] == "Net Weight cannot exceed the Gross Weight"
    assert fields["containers.0.seal"] == "Seal is required"
    assert fields["parties"] == "Shipper is required"
    with pytest.raises(ValidationFailed) as caught:
        values.shipping_order_details(
            _order(imco_class="10", un_number="123"), is_danger=True, container_type_value=1, **kwargs
        )
    assert set(caught.value.fields) == {"imco_class", "un_number"}
    with pytest.raises(ValidationFailed) as caught:
        values.shipping_order_details(_order(is_swbl=True), is_danger=False, container_type_value=1, **kwargs)
    assert caught.value.fields == {"parties": "Shipper (SWBL) is required"}


def test_shipping_order_lifecycle_and_id() -> None:
    order = ShippingOrder.create(
        "rr-1",
        CUSTOMER_A.id,
        {"cargo_description": "x"},
        CUSTOMER_A,
        rate_request_in_shipping_order=True,
        exact_container_count=True,
        parties_present=True,
    )
    assert order.id == shipping_order_id("rr-1") and order.state_code == 0
    with pytest.raises(IllegalTransition):
        order.approve(CUSTOMER_A)
    order.request_revision({"cargoDescription": "more"}, {"cargoDescription": "y"}, STAFF)
    assert order.state_code == 1 and order.edited_order == {"cargoDescription": "y"}
    order.edit({"cargo_description": "y"}, CUSTOMER_A)
    assert order.state_code == 0 and order.revise == {} and order.details["cargo_description"] == "y"
    order.accept(STAFF)
    order.approve(CUSTOMER_A)
    assert order.state_code == 3
    assert replayed(order).details == order.details


def test_order_needs_the_rate_request_in_shipping_order() -> None:
    with pytest.raises(IllegalTransition):
        ShippingOrder.create(
            "rr-2",
            "c",
            {},
            CUSTOMER_A,
            rate_request_in_shipping_order=False,
            exact_container_count=True,
            parties_present=True,
        )
