"""Staff review of registrations: list, detail per kind, accept per kind, decline; admin role only."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.api.accounts_support import (
    ADMIN,
    CLIENT,
    DOMESTIC_FORM,
    FOREIGN_FORM,
    INDIVIDUAL_FORM,
    accepted_customer,
    domestic_code_sent,
    fails,
    last_link,
    ok,
    outbox,
    sign_up_individual,
)

DOM = f"{CLIENT}/domestic-corporate-customers/register"
FOR = f"{CLIENT}/foreign-corporate-customers/register"


def _domestic(client: TestClient) -> None:
    code = domestic_code_sent(client)
    ok(client.post(f"{DOM}/verify", json={"nationalId": DOMESTIC_FORM["nationalCode"], "code": code}))


def _foreign(client: TestClient) -> None:
    ok(client.post(f"{FOR}/start", json={"nationalId": FOREIGN_FORM["nationalCode"]}))
    ok(client.post(f"{FOR}/finalize", json=FOREIGN_FORM))


def test_list_pending_first_with_kind_and_state(client: TestClient, admin_headers: dict[str, str]) -> None:
    sign_up_individual(client)
    _domestic(client)
    _foreign(client)
    ok(
        client.post(
            f"{ADMIN}/register-requests/{INDIVIDUAL_FORM['nationalId']}/decline",
            json={"message": "No"},
            headers=admin_headers,
        )
    )
    # A sign-up still waiting for its code is listed after the pending ones; a bare start is not listed.
    ok(
        client.post(
            f"{CLIENT}/indivisual-customers/register/start",
            json={"nationalId": "5555555547", "phone": "09125555555"},
        )
    )
    listed = ok(client.get(f"{ADMIN}/register-requests?limit=20&page=1", headers=admin_headers))
    assert listed["totalCount"] == 3
    assert [(r["state"], r["kind"]) for r in listed["list"]] == [
        ("pending", 3),
        ("pending", 2),
        ("declined", 1),
    ]
    assert listed["list"][0]["stateCode"] == 2 and listed["list"][0]["name"] == FOREIGN_FORM["name"]
    second = ok(client.get(f"{ADMIN}/register-requests?limit=2&page=2", headers=admin_headers))
    assert [r["kind"] for r in second["list"]] == [1] and second["totalCount"] == 3


def test_detail_per_kind(client: TestClient, admin_headers: dict[str, str]) -> None:
    sign_up_individual(client)
    _domestic(client)
    _foreign(client)
    person = ok(
        client.get(
            f"{ADMIN}/indivisual-customer/register-requests/{INDIVIDUAL_FORM['nationalId']}",
            headers=admin_headers,
        )
    )
    assert {k: person[k] for k in ("firstname", "lastname", "birthDate", "nationalId", "postalCode")} == {
        "firstname": "Sara",
        "lastname": "Rahimi",
        "birthDate": "1370/05/12",
        "nationalId": "0012345679",
        "postalCode": "1234567890",
    }
    company_id = DOMESTIC_FORM["nationalCode"]
    for path in ("domestic-corporate-customer", "foreign-corporate-customer"):
        company = ok(client.get(f"{ADMIN}/{path}/register-requests/{company_id}", headers=admin_headers))
        assert company["economicCode"] == "41114111411" and company["registerationCode"] == "123456"
    foreign = ok(
        client.get(
            f"{ADMIN}/foreign-corporate-customer/register-requests/{FOREIGN_FORM['nationalCode']}",
            headers=admin_headers,
        )
    )
    assert foreign["contactPerson"] == "Jonas Weber" and foreign["kind"] == 3
    fails(
        client.get(f"{ADMIN}/indivisual-customer/register-requests/{company_id}", headers=admin_headers), 404
    )
    fails(
        client.get(
            f"{ADMIN}/domestic-corporate-customer/register-requests/{FOREIGN_FORM['nationalCode']}",
            headers=admin_headers,
        ),
        404,
    )
    fails(client.get(f"{ADMIN}/indivisual-customer/register-requests/0000000000", headers=admin_headers), 404)


def test_accept_per_kind_opens_accounts_and_mails_links(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    _domestic(client)
    _foreign(client)
    ok(
        client.post(
            f"{ADMIN}/domestic-corporate-customer/register-requests/{DOMESTIC_FORM['nationalCode']}/accept",
            headers=admin_headers,
        )
    )
    ok(
        client.post(
            f"{ADMIN}/foreign-corporate-customer/register-requests/{FOREIGN_FORM['nationalCode']}/accept",
            headers=admin_headers,
        )
    )
    for form in (DOMESTIC_FORM, FOREIGN_FORM):
        link, _, national_id = last_link(client, str(form["email"]))
        assert national_id == form["nationalCode"] and "/forgetpassword/createpassword?token=" in link
    # Accepting twice, or with the wrong kind's path, is refused.
    fails(
        client.post(
            f"{ADMIN}/foreign-corporate-customer/register-requests/{FOREIGN_FORM['nationalCode']}/accept",
            headers=admin_headers,
        ),
        409,
    )
    fails(
        client.post(
            f"{ADMIN}/indivisual-customer/register-requests/{DOMESTIC_FORM['nationalCode']}",
            headers=admin_headers,
        ),
        404,
    )


def test_accept_needs_a_verified_request(client: TestClient, admin_headers: dict[str, str]) -> None:
    ok(
        client.post(
            f"{CLIENT}/indivisual-customers/register/start",
            json={"nationalId": INDIVIDUAL_FORM["nationalId"], "phone": INDIVIDUAL_FORM["phone"]},
        )
    )
    ok(client.post(f"{CLIENT}/indivisual-customers/register/finalize", json=INDIVIDUAL_FORM))
    fails(
        client.post(
            f"{ADMIN}/indivisual-customer/register-requests/{INDIVIDUAL_FORM['nationalId']}",
            headers=admin_headers,
        ),
        409,
    )
    fails(
        client.post(f"{ADMIN}/indivisual-customer/register-requests/7777777777", headers=admin_headers), 404
    )


def test_decline_needs_a_message_and_mails_foreign_applicants(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    _foreign(client)
    path = f"{ADMIN}/register-requests/{FOREIGN_FORM['nationalCode']}/decline"
    assert fails(client.post(path, json={"message": ""}, headers=admin_headers), 400)["fields"] == {
        "message": "Required"
    }
    fails(client.post(path, json={}, headers=admin_headers), 400)
    # A message over the bound staff write to customers is refused by name, and declines nothing.
    too_long = fails(client.post(path, json={"message": "x" * 2001}, headers=admin_headers), 400)
    assert too_long["fields"] == {"message": "String must contain at most 2000 character(s)"}
    ok(client.post(path, json={"message": "Missing registry extract"}, headers=admin_headers))
    mails = [m for m in outbox(client) if m["channel"] == "email" and m["to"] == FOREIGN_FORM["email"]]
    assert len(mails) == 1 and "Missing registry extract" in mails[0]["body"]
    fails(client.post(path, json={"message": "again"}, headers=admin_headers), 409)


def test_admin_calls_need_the_admin_role(client: TestClient, admin_headers: dict[str, str]) -> None:
    customer = accepted_customer(client, admin_headers)
    calls = [
        ("get", f"{ADMIN}/register-requests?limit=20&page=1"),
        ("get", f"{ADMIN}/indivisual-customer/register-requests/{INDIVIDUAL_FORM['nationalId']}"),
        ("get", f"{ADMIN}/domestic-corporate-customer/register-requests/x1234"),
        ("get", f"{ADMIN}/foreign-corporate-customer/register-requests/x1234"),
        ("post", f"{ADMIN}/indivisual-customer/register-requests/x1234"),
        ("post", f"{ADMIN}/domestic-corporate-customer/register-requests/x1234/accept"),
        ("post", f"{ADMIN}/foreign-corporate-customer/register-requests/x1234/accept"),
        ("post", f"{ADMIN}/register-requests/x1234/decline"),
        ("get", f"{ADMIN}/update-requests?limit=20&page=1"),
        ("get", f"{ADMIN}/indivisual-customer/x1234/update-request"),
        ("post", f"{ADMIN}/update-requests/approve"),
        ("post", f"{ADMIN}/update-requests/decline"),
    ]
    for method, path in calls:
        kwargs = {"json": {"message": "m", "nationalId": "x1234"}} if method == "post" else {}
        fails(getattr(client, method)(path, headers=customer, **kwargs), 403)
        fails(getattr(client, method)(path, **kwargs), 401)
