"""Sign-up calls: start, finalize, verify, resend, on both stores, with each failure they can meet."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.shared.messages import message
from tests.api.accounts_support import (
    ADMIN,
    AUTH,
    CLIENT,
    DOMESTIC_FORM,
    FOREIGN_FORM,
    INDIVIDUAL_FORM,
    PASSWORD,
    domestic_code_sent,
    fails,
    last_code,
    last_link,
    ok,
    outbox,
    sign_up_individual,
)
from tests.conftest import login
from tests.corpus import (
    FOREIGN_POSTAL_CODES,
    fresh_company_id,
    fresh_iranian_mobile,
    fresh_national_id,
)

IND = f"{CLIENT}/indivisual-customers/register"
DOM = f"{CLIENT}/domestic-corporate-customers/register"
FOR = f"{CLIENT}/foreign-corporate-customers/register"
# A refused phone is told the rule, not just that it is wrong.
MOBILE_RULE = "Enter an Iranian mobile number: 09 and 9 more digits, e.g. 0912 345 6789 or +98 912 345 6789."
FOREIGN_RULE = "Enter the number with its country code: + and 7 to 15 digits, e.g. +49 40 3008 1234."


def _start_individual(
    client: TestClient, national_id: str = "0012345679", phone: str = "09121234567"
) -> dict[str, Any]:
    started: dict[str, Any] = ok(
        client.post(f"{IND}/start", json={"nationalId": national_id, "phone": phone})
    )
    return started


def test_start_answers_first_step_per_type(client: TestClient) -> None:
    assert _start_individual(client)["firstStep"] == 1
    assert (
        ok(client.post(f"{DOM}/start", json={"nationalId": "10101010103", "phone": "09351234567"}))[
            "firstStep"
        ]
        == 2
    )
    assert ok(client.post(f"{FOR}/start", json={"nationalId": "DE-HRB-12345"}))["firstStep"] == 3


def test_start_validates_number_and_phone(client: TestClient) -> None:
    assert fails(client.post(f"{IND}/start", json={"nationalId": "", "phone": "09121234567"}), 400)[
        "fields"
    ] == {"nationalId": "The ID is required."}
    assert fails(client.post(f"{IND}/start", json={"nationalId": "0012345679", "phone": "12"}), 400)[
        "fields"
    ] == {"phone": MOBILE_RULE}
    assert fails(client.post(f"{DOM}/start", json={"nationalId": "10101010103"}), 400)["fields"] == {
        "phone": "Phone number is required."
    }
    assert fails(client.post(f"{IND}/start", json={"phone": "09121234567"}), 400)["fields"] == {
        "nationalId": "Required"
    }


def test_finalize_sends_a_code_and_start_then_resumes_at_verification(client: TestClient) -> None:
    _start_individual(client)
    answer = ok(client.post(f"{IND}/finalize", json=INDIVIDUAL_FORM))
    assert answer["verify"] is True and answer["state"] == "details_submitted"
    sms = [m for m in outbox(client) if m["channel"] == "sms"]
    assert (
        len(sms) == 1
        and sms[0]["to"] == INDIVIDUAL_FORM["phone"]
        and sms[0]["data"]["code"] in sms[0]["body"]
    )
    assert set(sms[0]) == {"id", "channel", "to", "subject", "body", "data"}
    again = _start_individual(client)
    assert again["firstStep"] == 4 and again["verify"] is True
    assert len([m for m in outbox(client) if m["channel"] == "sms"]) == 1  # resuming sends nothing


@pytest.mark.parametrize(
    ("door", "start", "form", "expected"),
    [
        pytest.param(
            IND,
            {"nationalId": "0012345679", "phone": "09121234567"},
            {
                **INDIVIDUAL_FORM,
                "email": "nope",
                "fax": "123",
                "address": "short",
                "postalCode": "12",
                "firstName": "",
            },
            {
                "firstName": "Required",
                "email": "Invalid email address.",
                "fax": "Invalid fax number.",
                "address": "Address must be at least 8 characters.",
                "postalCode": "String must contain exactly 10 character(s)",
            },
            id="individual",
        ),
        pytest.param(
            DOM,
            {"nationalId": "10101010103", "phone": "09351234567"},
            {
                **DOMESTIC_FORM,
                "name": "Ab",
                "contactPerson": "",
                "econimicCode": "1",
                "registrationCode": "1",
            },
            {
                "name": "Company name must be at least 4 characters.",
                "contactPerson": "Contact person is required.",
                "econimicCode": "Invalid economic code.",
                "registrationCode": "Invalid registration number.",
            },
            id="domestic company",
        ),
        pytest.param(
            FOR,
            {"nationalId": "DE-HRB-12345"},
            {**FOREIGN_FORM, "fax": "99"},
            {"fax": message("accounts.fax.foreignInvalid")},
            id="foreign company",
        ),
    ],
)
def test_finalize_applies_the_specification_rules(
    client: TestClient, door: str, start: dict[str, str], form: dict[str, Any], expected: dict[str, str]
) -> None:
    ok(client.post(f"{door}/start", json=start))
    assert fails(client.post(f"{door}/finalize", json=form), 400)["fields"] == expected


def test_finalize_refuses_a_value_of_the_wrong_type(client: TestClient) -> None:
    # A foreign postal code on a domestic company: see test_foreign_company_postal_code_is_its_own_countrys.
    _start_individual(client)
    fails(client.post(f"{IND}/finalize", json={**INDIVIDUAL_FORM, "firstName": 5}), 400)


def test_finalize_without_start_or_of_another_type_is_refused(client: TestClient) -> None:
    fails(client.post(f"{IND}/finalize", json=INDIVIDUAL_FORM), 404)
    # A foreign company's door takes any id (a domestic one's takes only a company's national ID, 3903).
    ok(client.post(f"{FOR}/start", json={"nationalId": INDIVIDUAL_FORM["nationalId"]}))
    fails(client.post(f"{IND}/finalize", json=INDIVIDUAL_FORM), 409)


def test_foreign_company_skips_verification(client: TestClient, admin_headers: dict[str, str]) -> None:
    ok(client.post(f"{FOR}/start", json={"nationalId": FOREIGN_FORM["nationalCode"]}))
    answer = ok(client.post(f"{FOR}/finalize", json=FOREIGN_FORM))
    assert answer["verify"] is False and answer["state"] == "pending"
    assert [m for m in outbox(client) if m["channel"] == "sms"] == []
    listed = ok(client.get(f"{ADMIN}/register-requests?limit=20&page=1", headers=admin_headers))["list"]
    assert listed[0]["kind"] == 3 and listed[0]["state"] == "pending"


def test_foreign_company_phone_is_international(client: TestClient) -> None:
    """A foreign company's phone takes "+" and the ways people write international numbers; a domestic
    company's stays the Iranian mobile (09 and nine digits). One message for the one rule."""
    good = ("+49 40 1234 5678", "+1 (212) 555-0100", "0044 20 7946 0958", "+44-20-7946-0958")
    for index, number in enumerate(good):
        national_code = f"DE-GOOD-{index}"
        ok(client.post(f"{FOR}/start", json={"nationalId": national_code}))
        form = {**FOREIGN_FORM, "nationalCode": national_code, "phone": number}
        assert ok(client.post(f"{FOR}/finalize", json=form))["state"] == "pending"
    for index, bad in enumerate(("+49", "call me", "+49 40 1234 5678 9012 3456", "++49 40 1234 567")):
        national_code = f"DE-BAD-{index}"
        ok(client.post(f"{FOR}/start", json={"nationalId": national_code}))
        form = {**FOREIGN_FORM, "nationalCode": national_code, "phone": bad}
        assert fails(client.post(f"{FOR}/finalize", json=form), 400)["fields"] == {"phone": FOREIGN_RULE}
    ok(client.post(f"{DOM}/start", json={"nationalId": "20202020208", "phone": "09351234567"}))
    domestic = {**DOMESTIC_FORM, "nationalCode": "20202020208", "phone": "+49 40 1234 5678"}
    assert fails(client.post(f"{DOM}/finalize", json=domestic), 400)["fields"] == {"phone": MOBILE_RULE}


def test_foreign_company_fax_is_international_too(client: TestClient) -> None:
    """A foreign company's fax is written as its phone is ("+49 40 1234 5679"); a domestic one's stays the
    Iranian landline. Each rule's own words."""
    ok(client.post(f"{FOR}/start", json={"nationalId": "DE-FAX-1"}))
    form = {**FOREIGN_FORM, "nationalCode": "DE-FAX-1", "fax": "+49 40 1234 5679"}
    assert ok(client.post(f"{FOR}/finalize", json=form))["state"] == "pending"
    ok(client.post(f"{FOR}/start", json={"nationalId": "DE-FAX-2"}))
    form = {**FOREIGN_FORM, "nationalCode": "DE-FAX-2", "fax": "fax me"}
    refused = fails(client.post(f"{FOR}/finalize", json=form), 400)["fields"]
    assert refused == {"fax": message("accounts.fax.foreignInvalid")}
    ok(client.post(f"{DOM}/start", json={"nationalId": "20202020212", "phone": "09351234567"}))
    domestic = {**DOMESTIC_FORM, "nationalCode": "20202020212", "fax": "+49 40 1234 5679"}
    assert fails(client.post(f"{DOM}/finalize", json=domestic), 400)["fields"] == {
        "fax": message("accounts.fax.invalid")
    }


@pytest.mark.parametrize("typed", ["+98 912 345 6789", "0912 345 6789", "0098-912-345-6789"])
def test_an_iranian_mobile_is_taken_as_people_type_it_and_kept_in_one_form(
    client: TestClient, typed: str
) -> None:
    """The individual types her mobile with spaces or +98: sign-up goes on, the code goes to 09123456789."""
    ok(client.post(f"{IND}/start", json={"nationalId": "0012345679", "phone": typed}))
    form = {**INDIVIDUAL_FORM, "phone": typed}
    assert ok(client.post(f"{IND}/finalize", json=form))["state"] == "details_submitted"
    assert last_code(client, "09123456789")


# What a Persian (or an Arabic) phone keyboard types for each Latin digit.
PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def test_persian_digits_sign_up_verify_and_log_in_and_are_kept_latin(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Sara types every number on her phone's Persian keyboard: the sign-up takes them, the code goes to her
    mobile, the code typed in Arabic-Indic digits verifies her, and her national ID in Persian digits logs
    her in. Staff read Latin digits (record 3001)."""
    national_id, phone = fresh_national_id(), fresh_iranian_mobile()
    started = ok(
        client.post(
            f"{IND}/start",
            json={"nationalId": national_id.translate(PERSIAN), "phone": phone.translate(PERSIAN)},
        )
    )
    assert started["nationalId"] == national_id
    typed = {
        **INDIVIDUAL_FORM,
        "email": f"{national_id}@example.com",
        **{key: str(INDIVIDUAL_FORM[key]).translate(PERSIAN) for key in ("birthDate", "fax", "postalCode")},
        "nationalId": national_id.translate(PERSIAN),
        "phone": phone.translate(PERSIAN),
    }
    assert ok(client.post(f"{IND}/finalize", json=typed))["state"] == "details_submitted"
    code = last_code(client, phone)
    verify = {"nationalId": national_id.translate(PERSIAN), "code": code.translate(ARABIC_INDIC)}
    assert ok(client.post(f"{CLIENT}/Indivisual-customers/register/verify", json=verify))["verified"]
    kept = ok(
        client.get(f"{ADMIN}/indivisual-customer/register-requests/{national_id}", headers=admin_headers)
    )
    assert {k: kept[k] for k in ("birthDate", "nationalId", "postalCode", "phone", "fax")} == {
        "birthDate": INDIVIDUAL_FORM["birthDate"],
        "nationalId": national_id,
        "postalCode": INDIVIDUAL_FORM["postalCode"],
        "phone": phone,
        "fax": INDIVIDUAL_FORM["fax"],
    }
    ok(client.post(f"{ADMIN}/indivisual-customer/register-requests/{national_id}", headers=admin_headers))
    _, token, _ = last_link(client, typed["email"])
    reset = {"token": token, "newPassword": PASSWORD, "confirmNewPassword": PASSWORD}
    ok(client.put(f"{AUTH}/{national_id}/reset-password", json=reset))
    assert login(client, national_id.translate(PERSIAN), PASSWORD)


def test_an_individual_s_postal_code_is_ten_digits(client: TestClient) -> None:
    _start_individual(client)
    for bad in ("ABCDEFGHIJ", "12345-7890"):
        form = {**INDIVIDUAL_FORM, "postalCode": bad}
        assert fails(client.post(f"{IND}/finalize", json=form), 400)["fields"] == {
            "postalCode": "Invalid postal code."
        }


def test_a_domestic_company_s_codes_in_persian_digits_are_kept_latin(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Economic code, registration number, postal code, company ID, phone and fax typed in Persian digits are
    kept in Latin ones; letters in a code are refused."""
    company_id, phone = fresh_company_id(), fresh_iranian_mobile()
    ok(client.post(f"{DOM}/start", json={"nationalId": company_id.translate(PERSIAN), "phone": phone}))
    digits = ("econimicCode", "registrationCode", "postalCode", "fax")
    typed = {
        **DOMESTIC_FORM,
        **{key: str(DOMESTIC_FORM[key]).translate(PERSIAN) for key in digits},
        "nationalCode": company_id.translate(PERSIAN),
        "phone": phone.translate(ARABIC_INDIC),
    }
    letters = {
        **typed,
        "econimicCode": "4111411141X",
        "registrationCode": "12345X",
        "postalCode": "111111111X",
    }
    assert fails(client.post(f"{DOM}/finalize", json=letters), 400)["fields"] == {
        "econimicCode": "Invalid economic code.",
        "registrationCode": "Invalid registration number.",
        "postalCode": "Invalid postal code.",
    }
    ok(client.post(f"{DOM}/finalize", json=typed))
    kept = ok(
        client.get(
            f"{ADMIN}/domestic-corporate-customer/register-requests/{company_id}", headers=admin_headers
        )
    )
    assert (kept["economicCode"], kept["registerationCode"], kept["postalCode"], kept["fax"]) == (
        DOMESTIC_FORM["econimicCode"],
        DOMESTIC_FORM["registrationCode"],
        DOMESTIC_FORM["postalCode"],
        DOMESTIC_FORM["fax"],
    )
    assert (kept["nationalCode"], kept["phone"]) == (company_id, phone)


def test_foreign_company_postal_code_is_its_own_countrys(client: TestClient) -> None:
    """Hamburg, London, New York and Paris sign up with their own postal codes; a domestic company's stays
    Iran's 10 characters. One message for the one rule."""
    for index, code in enumerate(FOREIGN_POSTAL_CODES):
        national_code = f"DE-POST-{index}"
        ok(client.post(f"{FOR}/start", json={"nationalId": national_code}))
        form = {**FOREIGN_FORM, "nationalCode": national_code, "postalCode": code}
        assert ok(client.post(f"{FOR}/finalize", json=form))["state"] == "pending"
    for index, bad in enumerate(("20", "SW1A  1AA", "12345678901", "#20095", "-20095")):
        national_code = f"DE-POST-BAD-{index}"
        ok(client.post(f"{FOR}/start", json={"nationalId": national_code}))
        form = {**FOREIGN_FORM, "nationalCode": national_code, "postalCode": bad}
        assert fails(client.post(f"{FOR}/finalize", json=form), 400)["fields"] == {
            "postalCode": "Invalid postal code."
        }
    company_id = fresh_company_id()
    ok(client.post(f"{DOM}/start", json={"nationalId": company_id, "phone": "09351234567"}))
    domestic = {**DOMESTIC_FORM, "nationalCode": company_id, "postalCode": "20095"}
    assert fails(client.post(f"{DOM}/finalize", json=domestic), 400)["fields"] == {
        "postalCode": "Invalid postal code."
    }


def test_domestic_company_verifies_by_code(client: TestClient) -> None:
    code = domestic_code_sent(client)
    answer = ok(
        client.post(f"{DOM}/verify", json={"nationalId": DOMESTIC_FORM["nationalCode"], "code": code})
    )
    assert answer["verified"] is True
    # The individual verify path does not verify a company's sign-up: answered as any wrong code.
    refused = fails(
        client.post(
            f"{CLIENT}/Indivisual-customers/register/verify",
            json={"nationalId": DOMESTIC_FORM["nationalCode"], "code": code},
        ),
        400,
    )
    assert refused["fields"] == {"code": "Invalid code"}


def test_wrong_codes_void_the_code_and_are_rate_limited(client: TestClient) -> None:
    _start_individual(client)
    ok(client.post(f"{IND}/finalize", json=INDIVIDUAL_FORM))
    code = last_code(client, INDIVIDUAL_FORM["phone"])
    wrong = "00000" if code != "00000" else "11111"
    verify = f"{CLIENT}/Indivisual-customers/register/verify"
    body = {"nationalId": INDIVIDUAL_FORM["nationalId"], "code": wrong}
    for _ in range(5):
        assert fails(client.post(verify, json=body), 400)["fields"] == {"code": "Invalid code"}
    # After 5 wrong tries even the right code is refused until a new one is sent.
    fails(client.post(verify, json={**body, "code": code}), 429)
    fails(client.post(verify, json={**body, "code": "12"}), 400)


def test_resend_answers_every_id_alike_and_sends_only_when_due(client: TestClient) -> None:
    """Too soon, another phone, an unknown id, another kind: the same answer, and no code goes out
    (resend is no oracle of who is signing up)."""
    _start_individual(client)
    ok(client.post(f"{IND}/finalize", json=INDIVIDUAL_FORM))
    sent = len(outbox(client))
    national_id = INDIVIDUAL_FORM["nationalId"]
    answers = [
        ok(client.post(f"{IND}/resend", json={"nationalId": national_id, "phone": "09121234567"})),
        ok(client.post(f"{IND}/resend", json={"nationalId": national_id, "phone": "09120000000"})),
        ok(client.post(f"{IND}/resend", json={"nationalId": "9999999999", "phone": "09121234567"})),
        ok(client.post(f"{DOM}/resend", json={"nationalCode": national_id, "phone": "09121234567"})),
    ]
    expected = {"codeValidSeconds": 600, "resendAfterSeconds": 120}
    assert [{k: v for k, v in a.items() if k != "nationalId"} for a in answers] == [expected] * 4
    assert len(outbox(client)) == sent  # the first code is younger than the cooldown: nothing new


def test_user_exist_for_a_pending_or_accepted_number(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    form = sign_up_individual(client)
    error = fails(
        client.post(f"{IND}/start", json={"nationalId": form["nationalId"], "phone": form["phone"]}), 409
    )
    assert error["description"] == "User Exist"
    ok(
        client.post(
            f"{ADMIN}/indivisual-customer/register-requests/{form['nationalId']}", headers=admin_headers
        )
    )
    # Another type's door: a domestic company's refuses a person's 10 digits as a company ID (3903); a foreign
    # company's takes any id, and the account is there.
    refused = fails(
        client.post(f"{DOM}/start", json={"nationalId": form["nationalId"], "phone": form["phone"]}), 400
    )
    assert refused["fields"] == {"nationalId": message("accounts.identity.legalIdCheck")}
    error = fails(client.post(f"{FOR}/start", json={"nationalId": form["nationalId"]}), 409)
    assert error["description"] == "User Exist"
    assert fails(client.post(f"{IND}/finalize", json=form), 409)["description"] == "User Exist"


def test_declined_applicant_may_start_again(client: TestClient, admin_headers: dict[str, str]) -> None:
    form = sign_up_individual(client)
    ok(
        client.post(
            f"{ADMIN}/register-requests/{form['nationalId']}/decline",
            json={"message": "Blurry ID"},
            headers=admin_headers,
        )
    )
    told = [m for m in outbox(client) if m["subject"] == "Registration declined"]
    assert told and told[0]["channel"] == "sms" and "Blurry ID" in told[0]["body"]
    assert _start_individual(client)["firstStep"] == 1
    ok(client.post(f"{IND}/finalize", json=form))


def test_sign_up_calls_are_limited_per_address(client: TestClient) -> None:
    for number in range(30):
        client.post(f"{FOR}/start", json={"nationalId": f"FOREIGN-{number:04d}"})
    fails(client.post(f"{FOR}/start", json={"nationalId": "FOREIGN-9999"}), 429)
