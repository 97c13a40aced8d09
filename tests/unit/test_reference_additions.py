"""Staff extend the reference data through the booking application: the rules live there, not in a route."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.booking.application import BookingApplication
from domain.booking.reference import UNLOCODE_ID_OFFSET, InventoryContainer, Port
from domain.shared.actor import ADMIN, CUSTOMER, Actor
from domain.shared.errors import AlreadyExists, Forbidden, ValidationFailed
from tests.unit.history_support import sqlite_store

STAFF = Actor("staff-1", ADMIN)
CUSTOMER_A = Actor("customer-a", CUSTOMER)


@pytest.fixture
def booking(tmp_path: Path) -> BookingApplication:
    return BookingApplication(sqlite_store(tmp_path))


def test_a_port_is_added_by_its_locode_below_the_unlocode_ids(booking: BookingApplication) -> None:
    port = booking.add_port(STAFF, "irq2z", " New Terminal ", " Iran ")
    assert port == Port(port.id, "IRQ2Z", "New Terminal", "Iran")
    assert 0 < port.id < UNLOCODE_ID_OFFSET
    assert booking.catalog.port_id("IRQ2Z") == port.id
    with pytest.raises(AlreadyExists):
        booking.add_port(STAFF, "IRQ2Z", "Again", "Iran")


@pytest.mark.parametrize("code", ["12ABC", "IR-2Z", "I2Q2Z"])
def test_a_code_not_shaped_as_a_locode_is_refused(booking: BookingApplication, code: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        booking.add_port(STAFF, code, "Port", "Iran")
    assert set(refused.value.fields) == {"code"}


def test_a_container_needs_its_check_digit_and_a_known_type_and_size(booking: BookingApplication) -> None:
    container = booking.add_container(STAFF, " csqu3054383 ", 1, 1)
    assert container == InventoryContainer(container.id, "CSQU3054383", 1, 1)
    assert booking.catalog.has_container(container.id)
    with pytest.raises(AlreadyExists):
        booking.add_container(STAFF, "CSQU3054383", 1, 1)
    with pytest.raises(ValidationFailed) as refused:
        booking.add_container(STAFF, "CSQU3054384", 9999, 9999)  # a wrong check digit
    assert set(refused.value.fields) == {"number", "type_id", "size_id"}


def test_customers_extend_nothing(booking: BookingApplication) -> None:
    with pytest.raises(Forbidden):
        booking.add_port(CUSTOMER_A, "IRQ4Z", "Mine", "Iran")
    with pytest.raises(Forbidden):
        booking.add_container(CUSTOMER_A, "MSCU1234566", 1, 1)
