"""A new Iranian identifier's check digit must hold (record 3903): a mistyped national code or company
national ID is refused at the sign-up's doors, naming the field, with nothing stored; an account stored before
the rule still logs in and resets its password; a foreign company's ID stays free-form."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.accounts.iranian_ids import legal_id_check_digit
from domain.shared.messages import message
from tests.api.accounts_support import (
    AUTH,
    CLIENT,
    DOMESTIC_FORM,
    FOREIGN_FORM,
    INDIVIDUAL_FORM,
    PASSWORD,
    fails,
    last_link,
    ok,
    outbox,
    settle,
    sign_up_individual,
)
from tests.api.booking_support import customer
from tests.conftest import login
from tests.corpus import (
    COMPANY_ID_WRONG_CHECK_DIGIT,
    NATIONAL_ID_IDENTICAL_DIGITS,
    NATIONAL_ID_WRONG_CHECK_DIGIT,
    fresh_company_id,
    fresh_national_id,
    fresh_national_id_with_leading_zero,
)

IND = f"{CLIENT}/indivisual-customers/register"
DOM = f"{CLIENT}/domestic-corporate-customers/register"
FOR = f"{CLIENT}/foreign-corporate-customers/register"
FA = {"Accept-Language": "fa-IR,fa;q=0.9,en;q=0.8"}
NATIONAL_CODE = message("accounts.identity.nationalCodeCheck")
LEGAL_ID = message("accounts.identity.legalIdCheck")
MISTYPED = (NATIONAL_ID_WRONG_CHECK_DIGIT, NATIONAL_ID_IDENTICAL_DIGITS)


def _refused_with_nothing_stored(client: TestClient, path: str, body: dict[str, Any]) -> dict[str, str]:
    """The door's refusal's fields; the store and the outbox are as they were."""
    head, sent = settle(client), len(outbox(client))
    fields = dict(fails(client.post(path, json=body), 400)["fields"])
    assert settle(client) == head, "a refused sign-up recorded something"
    assert len(outbox(client)) == sent, "a refused sign-up sent something"
    return fields


@pytest.mark.parametrize("wrong", MISTYPED)
def test_an_individual_s_start_refuses_a_mistyped_national_code(client: TestClient, wrong: str) -> None:
    body = {"nationalId": wrong, "phone": "09121234567"}
    assert _refused_with_nothing_stored(client, f"{IND}/start", body) == {"nationalId": NATIONAL_CODE}


@pytest.mark.parametrize("wrong", MISTYPED)
def test_an_individual_s_finalize_refuses_a_mistyped_national_code(client: TestClient, wrong: str) -> None:
    body = {**INDIVIDUAL_FORM, "nationalId": wrong}
    assert _refused_with_nothing_stored(client, f"{IND}/finalize", body) == {"nationalId": NATIONAL_CODE}


def test_a_domestic_company_s_start_and_finalize_refuse_a_mistyped_national_id(client: TestClient) -> None:
    start = {"nationalId": COMPANY_ID_WRONG_CHECK_DIGIT, "phone": DOMESTIC_FORM["phone"]}
    assert _refused_with_nothing_stored(client, f"{DOM}/start", start) == {"nationalId": LEGAL_ID}
    form = {**DOMESTIC_FORM, "nationalCode": COMPANY_ID_WRONG_CHECK_DIGIT}
    assert _refused_with_nothing_stored(client, f"{DOM}/finalize", form) == {"nationalCode": LEGAL_ID}


def test_the_refusal_speaks_persian(client: TestClient) -> None:
    answer = client.post(
        f"{IND}/start", json={"nationalId": "۰۰۱۲۳۴۵۶۷۸", "phone": "09121234567"}, headers=FA
    )
    said = fails(answer, 400)["fields"]["nationalId"]
    assert said.startswith("این کد ملی معتبر نیست"), said


def test_a_valid_national_code_with_leading_zeros_signs_up(client: TestClient) -> None:
    national_id = fresh_national_id_with_leading_zero()
    assert national_id.startswith("00")
    form = {**INDIVIDUAL_FORM, "nationalId": national_id, "phone": "0912" + national_id[-7:]}
    sign_up_individual(client, form)


def test_a_valid_company_national_id_with_a_leading_zero_starts(client: TestClient) -> None:
    # Built from a fresh one: 0 then its nine middle digits, completed with their own check digit.
    first_ten = "0" + fresh_company_id()[1:10]
    company_id = first_ten + str(legal_id_check_digit(first_ten))
    started = ok(client.post(f"{DOM}/start", json={"nationalId": company_id, "phone": "09351234567"}))
    assert started["nationalId"] == company_id


def test_a_foreign_company_s_id_is_free_form(client: TestClient) -> None:
    ok(client.post(f"{FOR}/start", json={"nationalId": COMPANY_ID_WRONG_CHECK_DIGIT}))
    ok(client.post(f"{FOR}/finalize", json={**FOREIGN_FORM, "nationalCode": COMPANY_ID_WRONG_CHECK_DIGIT}))


def test_an_account_stored_before_the_rule_logs_in_and_resets_its_password(client: TestClient) -> None:
    stored, email = NATIONAL_ID_WRONG_CHECK_DIGIT, "before.the.rule@example.com"
    customer(client, stored, {"email": email})  # opened in the store, as accounts were before the rule
    login(client, stored, PASSWORD)
    # Forgot-password answers as it does for any id, and the link goes out and works.
    ok(client.get(f"{AUTH}/{stored}/reset-password/token"))
    _, token, named = last_link(client, email)
    assert named == stored
    body = {"token": token, "newPassword": "Harbour-Crane7", "confirmNewPassword": "Harbour-Crane7"}
    ok(client.put(f"{AUTH}/{stored}/reset-password", json=body))
    login(client, stored, "Harbour-Crane7")
    # An id no one has, mistyped or not, is answered as an unknown account, as before.
    ok(client.get(f"{AUTH}/{NATIONAL_ID_IDENTICAL_DIGITS}/reset-password/token"))
    wrong = client.post(
        f"{AUTH}/login", json={"username": NATIONAL_ID_IDENTICAL_DIGITS, "password": PASSWORD}
    )
    unknown = client.post(f"{AUTH}/login", json={"username": fresh_national_id(), "password": PASSWORD})
    assert (wrong.status_code, wrong.json()) == (unknown.status_code, unknown.json())
