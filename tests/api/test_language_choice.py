"""The language choice: any signed-in person's own (customer, staff, auditor), kept on the account, answered
by /me; without a choice /me answers the profile's language (a sign-up's, kept at acceptance), else follows
the browser's Accept-Language; anything but en or fa names the field."""

from __future__ import annotations

from fastapi.testclient import TestClient

from domain.accounts.account import Account, account_id
from domain.shared.actor import ADMIN, Actor
from tests.api.accounts_support import fails, ok
from tests.api.booking_support import customer
from tests.app_services import services_of
from tests.conftest import ADMIN_USERNAME, login
from tests.corpus import ZAHRA_HOSSEINI

LANGUAGE = "/account/api/v1/client/profile/language"
ME = "/auth/api/v1/me"


def test_a_customer_chooses_persian_and_me_answers_it_whatever_the_browser_says(client: TestClient) -> None:
    (first, last), _ = ZAHRA_HOSSEINI
    headers = customer(client, "zahra", {"firstName": first, "lastName": last, "email": "z@shipper.example"})
    assert ok(client.get(ME, headers=headers))["language"] == "en"
    browser = {**headers, "Accept-Language": "fa-IR,fa;q=0.9,en;q=0.8"}
    assert ok(client.get(ME, headers=browser))["language"] == "fa"
    assert ok(client.put(LANGUAGE, headers=headers, json={"language": "fa"})) == {"language": "fa"}
    assert ok(client.get(ME, headers={**headers, "Accept-Language": "en-GB"}))["language"] == "fa"
    ok(client.put(LANGUAGE, headers=headers, json={"language": "en"}))
    assert ok(client.get(ME, headers=browser))["language"] == "en"
    # The choice is an event on the account.
    account: Account = services_of(client).accounts.repository.get(account_id("zahra"))
    assert account.language == "en"


def test_without_a_choice_me_answers_the_profiles_language_before_the_browsers(client: TestClient) -> None:
    (first, last), _ = ZAHRA_HOSSEINI
    profile = {"firstName": first, "lastName": last, "email": "zp@shipper.example", "language": "fa"}
    headers = customer(client, "zahra-profile", profile)
    english_browser = {**headers, "Accept-Language": "en-GB,en;q=0.9"}
    assert ok(client.get(ME, headers=english_browser))["language"] == "fa"
    assert ok(client.get(ME, headers=headers))["language"] == "fa"
    # The person's own choice still comes first.
    ok(client.put(LANGUAGE, headers=headers, json={"language": "en"}))
    assert ok(client.get(ME, headers={**headers, "Accept-Language": "fa"}))["language"] == "en"


def test_anything_but_en_or_fa_is_refused_naming_the_field(client: TestClient) -> None:
    headers = customer(client, "lang-wrong")
    for body in ({"language": "de"}, {"language": ""}, {}, {"language": 1}):
        error = fails(client.put(LANGUAGE, headers=headers, json=body), 400)
        assert list(error["fields"]) == ["language"], error
    assert ok(client.get(ME, headers=headers))["language"] == "en"


def test_staff_and_auditors_choose_their_language_too(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    services = services_of(client)
    admin = Actor(str(account_id(ADMIN_USERNAME)), ADMIN)
    services.settle(services.accounts.create_staff("nasrin", "Auditor-Pass1", ["auditor"], admin))
    auditor = login(client, "nasrin", "Auditor-Pass1")
    for headers in (admin_headers, auditor):
        ok(client.put(LANGUAGE, headers=headers, json={"language": "fa"}))
        assert ok(client.get(ME, headers=headers))["language"] == "fa"


def test_signed_out_may_not_choose(client: TestClient) -> None:
    fails(client.put(LANGUAGE, json={"language": "fa"}), 401)
