"""The shipping order that staff read while the customer's integrator changes it, shared by the tests of staff
deciding and asking as they read (test_booking_decided_as_read.py, test_booking_asked_as_read.py)."""

from __future__ import annotations

from dataclasses import dataclass

from fastapi.testclient import TestClient

from domain.booking.reference import seed_containers
from tests.api.booking_support import customer
from tests.api.dcsa_support import confirmed_dcsa_booking, rate_request_id
from tests.api.test_dcsa_ebl import instructions

SI = "/v3/shipping-instructions"
CONTAINER = seed_containers()[0].number


@dataclass(frozen=True)
class SentOrder:
    """A booking made and confirmed through `/v2` whose shipping instructions were sent on `/v3`."""

    who: dict[str, str]  # the customer's headers
    booking: str  # its carrierBookingRequestReference
    rid: str  # the portal's id of the booking
    reference: str  # the shipping instructions'


def order_sent(client: TestClient, admin: dict[str, str], username: str) -> SentOrder:
    who = customer(client, username)
    booking = confirmed_dcsa_booking(client, who, admin)
    reference = f"SI-{booking}"
    assert client.post(SI, json=instructions(booking, CONTAINER), headers=who).status_code == 202
    return SentOrder(who, booking, rate_request_id(client, booking), reference)


def order_updated(client: TestClient, sent: SentOrder) -> None:
    """Her integrator corrects the cargo of the instructions sent."""
    updated = instructions(sent.booking, CONTAINER, "Raw pistachios", sent.reference)
    assert client.put(f"{SI}/{sent.reference}", json=updated, headers=sent.who).status_code == 202
