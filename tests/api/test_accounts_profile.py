"""Profile read and update per account type; edit requests reviewed, approved and declined by staff."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.accounts_support import (
    ADMIN,
    AUTH,
    CLIENT,
    DOMESTIC_FORM,
    FOREIGN_FORM,
    INDIVIDUAL_FORM,
    PASSWORD,
    accepted_customer,
    fails,
    last_code,
    last_link,
    ok,
)
from tests.conftest import login

IND = f"{CLIENT}/indivisual-customers"


def _individual_put(**changes: Any) -> dict[str, Any]:
    body = {k: v for k, v in INDIVIDUAL_FORM.items() if k != "postalCode"}
    return {**body, "id": "ignored", "industry": "", "destinations": "", "typeOfOperation": "", **changes}


def _company_customer(client: TestClient, admin: dict[str, str], foreign: bool) -> dict[str, str]:
    form = FOREIGN_FORM if foreign else DOMESTIC_FORM
    kind = "foreign-corporate-customer" if foreign else "domestic-corporate-customer"
    base = f"{CLIENT}/{kind}s/register"
    ok(client.post(f"{base}/start", json={"nationalId": form["nationalCode"], "phone": form["phone"]}))
    ok(client.post(f"{base}/finalize", json=form))
    if not foreign:
        code = last_code(client, str(form["phone"]))
        ok(client.post(f"{base}/verify", json={"nationalId": form["nationalCode"], "code": code}))
    ok(client.post(f"{ADMIN}/{kind}/register-requests/{form['nationalCode']}/accept", headers=admin))
    _, token, national_id = last_link(client, str(form["email"]))
    ok(
        client.put(
            f"{AUTH}/{national_id}/reset-password",
            json={"token": token, "newPassword": PASSWORD, "confirmNewPassword": PASSWORD},
        )
    )
    return login(client, str(form["nationalCode"]), PASSWORD)


def test_profile_per_account_type(client: TestClient, admin_headers: dict[str, str]) -> None:
    person = accepted_customer(client, admin_headers)
    domestic = _company_customer(client, admin_headers, foreign=False)
    foreign = _company_customer(client, admin_headers, foreign=True)
    me = ok(client.get(IND, headers=person))
    assert me["account"]["accountType"] == 1 and me["nationalId"] == INDIVIDUAL_FORM["nationalId"]
    company = ok(client.get(f"{CLIENT}/domestic-corporate-customers", headers=domestic))
    assert company["account"]["accountType"] == 2 and company["economicCode"] == "41114111411"
    abroad = ok(client.get(f"{CLIENT}/foreign-corporate-customers", headers=foreign))
    assert abroad["account"]["accountType"] == 3 and abroad["contactPerson"] == "Jonas Weber"
    # A customer reads only its own type's call; staff have no profile.
    fails(client.get(f"{CLIENT}/domestic-corporate-customers", headers=person), 403)
    fails(client.get(IND, headers=foreign), 403)
    fails(client.get(IND, headers=admin_headers), 403)
    fails(client.get(IND), 401)


def test_update_opens_replaces_and_ignores_identical(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    person = accepted_customer(client, admin_headers)
    nid = INDIVIDUAL_FORM["nationalId"]
    review = f"{ADMIN}/indivisual-customer/{nid}/update-request"
    assert ok(client.put(IND, json=_individual_put(), headers=person))["changed"] is False
    fails(client.get(review, headers=admin_headers), 404)
    assert (
        ok(client.put(IND, json=_individual_put(email="new@example.com"), headers=person))["changed"] is True
    )
    assert (
        ok(client.put(IND, json=_individual_put(email="new@example.com"), headers=person))["changed"] is False
    )
    ok(client.put(IND, json=_individual_put(phone="09129999999"), headers=person))
    fields = {f["fieldName"]: f for f in ok(client.get(review, headers=admin_headers))["response"]}
    assert fields["Phone"]["isEdited"] is True and fields["Phone"]["editedValue"] == "09129999999"
    assert (
        fields["Email"]["isEdited"] is False and fields["Email"]["currentValue"] == INDIVIDUAL_FORM["email"]
    )
    assert {"FirstName", "LastName", "BirthDate", "NationalId", "Id", "Username", "PostalCode"} <= set(fields)
    listed = ok(client.get(f"{ADMIN}/update-requests?limit=20&page=1", headers=admin_headers))
    assert listed["totalCount"] == 1 and listed["list"][0]["editedFields"] == ["Phone"]
    # Staff read who asks by name, the identity number beside it.
    assert (listed["list"][0]["customerName"], listed["list"][0]["nationalId"]) == ("Sara Rahimi", nid)
    # The profile shows the current values until staff approve.
    assert ok(client.get(IND, headers=person))["phone"] == INDIVIDUAL_FORM["phone"]


def test_update_validates_and_keeps_the_identity(client: TestClient, admin_headers: dict[str, str]) -> None:
    person = accepted_customer(client, admin_headers)
    assert fails(client.put(IND, json=_individual_put(fax="1", email="x"), headers=person), 400)[
        "fields"
    ] == {
        "fax": "Invalid fax number.",
        "email": "Invalid email address.",
    }
    fails(client.put(IND, json=_individual_put(nationalId="1111111111"), headers=person), 400)
    # Fax, phone and postal code typed on a Persian keyboard: taken, and kept in Latin digits (record 3001).
    persian = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
    typed = {
        key: "02187654321".translate(persian) if key == "fax" else "09127654321".translate(persian)
        for key in ("fax", "phone")
    }
    ok(
        client.put(
            IND, json=_individual_put(**typed, postalCode="1234567891".translate(persian)), headers=person
        )
    )
    review = f"{ADMIN}/indivisual-customer/{INDIVIDUAL_FORM['nationalId']}/update-request"
    fields = {
        f["fieldName"]: f["editedValue"] for f in ok(client.get(review, headers=admin_headers))["response"]
    }
    assert (fields["Fax"], fields["Phone"], fields["PostalCode"]) == (
        "02187654321",
        "09127654321",
        "1234567891",
    )
    fails(client.put(IND, json=_individual_put(typeOfOperation="Smuggle"), headers=person), 400)
    fails(client.put(f"{CLIENT}/foreign-corporate-customers", json={"name": "Acme Ltd"}, headers=person), 403)


def test_company_updates_and_decline(client: TestClient, admin_headers: dict[str, str]) -> None:
    domestic = _company_customer(client, admin_headers, foreign=False)
    body = {
        "name": "Parsian Trading Co",
        "contactPerson": "Ali Karimi",
        "economicCode": "41114111411",
        "registrationCode": "123456",
        "nationalCode": DOMESTIC_FORM["nationalCode"],
        "fax": "02188888888",
        "address": DOMESTIC_FORM["address"],
        "postalCode": DOMESTIC_FORM["postalCode"],
    }
    assert fails(
        client.put(
            f"{CLIENT}/domestic-corporate-customers", json={**body, "economicCode": "1"}, headers=domestic
        ),
        400,
    )["fields"] == {"economicCode": "Invalid economic code."}
    ok(client.put(f"{CLIENT}/domestic-corporate-customers", json=body, headers=domestic))
    review = ok(
        client.get(
            f"{ADMIN}/domestic-corporate-customer/{DOMESTIC_FORM['nationalCode']}/update-request",
            headers=admin_headers,
        )
    )
    assert [f["fieldName"] for f in review["response"] if f["isEdited"]] == ["Name"]
    assert {"EconimocCode", "RegisterationCode", "ContactPerson"} <= {
        f["fieldName"] for f in review["response"]
    }
    fails(
        client.get(
            f"{ADMIN}/indivisual-customer/{DOMESTIC_FORM['nationalCode']}/update-request",
            headers=admin_headers,
        ),
        404,
    )
    decline = f"{ADMIN}/update-requests/decline"
    fails(
        client.post(
            decline, json={"nationalId": DOMESTIC_FORM["nationalCode"], "message": ""}, headers=admin_headers
        ),
        400,
    )
    too_long = {"nationalId": DOMESTIC_FORM["nationalCode"], "message": "x" * 2001}
    refused = fails(client.post(decline, json=too_long, headers=admin_headers), 400)
    assert refused["fields"] == {"message": "String must contain at most 2000 character(s)"}
    ok(
        client.post(
            decline,
            json={"nationalId": DOMESTIC_FORM["nationalCode"], "message": "Name mismatch"},
            headers=admin_headers,
        )
    )
    fails(
        client.post(
            f"{ADMIN}/update-requests/approve",
            json={"nationalId": DOMESTIC_FORM["nationalCode"]},
            headers=admin_headers,
        ),
        409,
    )
    fails(
        client.post(
            f"{ADMIN}/update-requests/approve", json={"nationalId": "nobody-here"}, headers=admin_headers
        ),
        404,
    )
    profile = ok(client.get(f"{CLIENT}/domestic-corporate-customers", headers=domestic))
    assert profile["name"] == DOMESTIC_FORM["name"] and profile["editRequest"]["state"] == "declined"
    # After a decline the customer may ask again; approval applies the values.
    ok(client.put(f"{CLIENT}/domestic-corporate-customers", json=body, headers=domestic))
    ok(
        client.post(
            f"{ADMIN}/update-requests/approve",
            json={"nationalId": DOMESTIC_FORM["nationalCode"]},
            headers=admin_headers,
        )
    )
    assert (
        ok(client.get(f"{CLIENT}/domestic-corporate-customers", headers=domestic))["name"]
        == "Parsian Trading Co"
    )
