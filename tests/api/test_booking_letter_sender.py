"""The booking letter and the LOIs are the booking party's own letters, signed at the letter step before any
shipping order names a shipper: the rate request's detail gives the customer's address and postal code from
its profile, known since sign-up, for a person, a domestic company and a foreign company (a foreign address
as written), and a colleague reads his company's (decision 3885)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from domain.accounts.account import DOMESTIC_COMPANY, FOREIGN_COMPANY, Account
from domain.shared.actor import SYSTEM_ACTOR
from tests.api.booking_support import CLIENT, PASSWORD, customer, loi_pending, ok
from tests.api.team_support import member
from tests.app_services import services_of
from tests.conftest import TEST_PASSWORDS, login
from tests.corpus import fresh_company_id


def _company(client: TestClient, kind: int, profile: dict[str, Any]) -> dict[str, str]:
    services = services_of(client)
    username = fresh_company_id()
    account = Account.open(username, kind, ["customer"], profile, SYSTEM_ACTOR)
    account.set_password(TEST_PASSWORDS.hash(PASSWORD), SYSTEM_ACTOR)
    services.settle(services.accounts.record(account))
    return login(client, username, PASSWORD)


def _at_the_letter_step(client: TestClient, headers: dict[str, str], admin: dict[str, str]) -> dict[str, Any]:
    rid = loi_pending(client, headers, admin)
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))
    assert detail["state"] == 2 and detail["order"] is None  # the letter step: no order names a shipper
    return dict(detail)


def test_the_letter_step_knows_each_kind_of_customer_s_own_address(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    person = customer(
        client,
        "letter-person",
        {
            "firstName": "Zahra",
            "lastName": "Hosseini",
            "address": "خیابان ولیعصر 12، تهران",
            "postalCode": "1969833111",
        },
    )
    domestic = _company(
        client,
        DOMESTIC_COMPANY,
        {"name": "Pars Export Co.", "address": "Valiasr St 120, Tehran", "postalCode": "1517944711"},
    )
    foreign = _company(
        client,
        FOREIGN_COMPANY,
        {
            "name": "Hanse Spedition GmbH",
            "address": "Hafenstrasse 1, 20457 Hamburg, Germany",
            "postalCode": "20457",
        },
    )
    cases = (
        (person, "Zahra Hosseini", "خیابان ولیعصر 12، تهران", "1969833111"),
        (domestic, "Pars Export Co.", "Valiasr St 120, Tehran", "1517944711"),
        (foreign, "Hanse Spedition GmbH", "Hafenstrasse 1, 20457 Hamburg, Germany", "20457"),
    )
    for headers, name, address, postal_code in cases:
        detail = _at_the_letter_step(client, headers, admin_headers)
        assert detail["customerName"] == name
        assert detail["customerAddress"] == address, detail
        assert detail["customerPostalCode"] == postal_code, detail


def test_a_colleague_s_letter_is_written_from_the_company_s_address(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    owner = _company(
        client,
        FOREIGN_COMPANY,
        {
            "name": "Caspian Lines Ltd",
            "email": "owner@caspian.example",
            "address": "1 Dock Road, Baku",
            "postalCode": "AZ1000",
        },
    )
    booker, _ = member(client, owner, "Reza Tehrani", "reza@caspian.example", "booker")
    detail = _at_the_letter_step(client, booker, admin_headers)
    assert (detail["customerName"], detail["customerAddress"]) == ("Caspian Lines Ltd", "1 Dock Road, Baku")
    assert detail["customerPostalCode"] == "AZ1000"


def test_a_profile_without_an_address_gives_none_rather_than_an_empty_line(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers = customer(client, "letter-no-address", {"firstName": "Sara", "lastName": "Karimi"})
    detail = _at_the_letter_step(client, headers, admin_headers)
    assert detail["customerAddress"] is None and detail["customerPostalCode"] is None
