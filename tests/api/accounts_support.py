"""Helpers of the accounts API tests: the outbox, settling the policies, a customer walked through sign-up."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx

from api.bootstrap import Services
from tests.app_services import services_of
from tests.conftest import login
from tests.outbox_file import outbox_entries

CLIENT = "/account/api/v1/client"
ADMIN = "/account/api/v1/admin"
AUTH = "/auth/api/v1"
NOTIFY = "/notification/api/v1/notifications"
PASSWORD = "Customer-Pass1"

INDIVIDUAL_FORM = {
    "firstName": "Sara",
    "lastName": "Rahimi",
    "birthDate": "1370/05/12",
    "nationalId": "0012345679",
    "phone": "09121234567",
    "fax": "02112345678",
    "email": "sara@example.com",
    "address": "12 Valiasr Street, Tehran",
    "postalCode": "1234567890",
}
DOMESTIC_FORM = {
    "isForeign": False,
    "name": "Parsian Trading",
    "contactPerson": "Ali Karimi",
    "econimicCode": "41114111411",
    "registrationCode": "123456",
    "nationalCode": "10101010103",
    "phone": "09351234567",
    "fax": "02188888888",
    "email": "ops@parsian.example",
    "address": "5 Enghelab Avenue, Tehran",
    "postalCode": "1111111111",
}
FOREIGN_FORM = {
    "isForeign": True,
    "name": "Hamburg Shipping GmbH",
    "contactPerson": "Jonas Weber",
    "nationalCode": "DE-HRB-12345",
    "phone": "09120000000",
    "fax": "",
    "email": "jonas@hamburg.example",
    "address": "Am Sandtorkai 1, Hamburg",
    "postalCode": "2045720457",
}


def services(client: httpx.Client) -> Services:
    return services_of(client)


def quiet_head(svc: Services) -> int:
    """The store's head once every follower reached it and recorded nothing more (a policy answers a
    command's events with its own, after the command answered)."""
    for _ in range(10):
        head = int(svc.store.head())
        assert svc.settle_all(head, timeout=10)
        if svc.store.head() == head:
            return head
    raise AssertionError("the followers did not settle")


def settle(client: httpx.Client) -> int:
    """Wait until read models and policies are quiet; the store's head then."""
    return quiet_head(services(client))


def outbox(client: httpx.Client) -> list[dict[str, Any]]:
    settle(client)
    return outbox_entries(services(client).settings.VAR_DIR / "outbox.jsonl")


def last_code(client: httpx.Client, phone: str) -> str:
    codes = [
        m["data"]["code"]
        for m in outbox(client)
        if m["channel"] == "sms" and m["to"] == phone and "code" in m["data"]
    ]
    assert codes, "no code was sent"
    return str(codes[-1])


def last_link(client: httpx.Client, email: str) -> tuple[str, str, str]:
    links = [
        m["data"]["link"]
        for m in outbox(client)
        if m["channel"] == "email" and m["to"] == email and "link" in m["data"]
    ]
    assert links, "no link was sent"
    query = parse_qs(urlparse(links[-1]).query)
    return links[-1], query["token"][0], query["nationalId"][0]


def ok(answer: Any, status: int = 200) -> Any:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["isSuccess"] is True and body["isError"] is False and body["error"] is None, body
    return body["response"]


def fails(answer: Any, status: int) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["isSuccess"] is False and body["isError"] is True and body["response"] is None
    assert body["error"]["description"]
    return dict(body["error"])


def sign_up_individual(client: httpx.Client, form: dict[str, Any] | None = None) -> dict[str, Any]:
    form = dict(form or INDIVIDUAL_FORM)
    ok(
        client.post(
            f"{CLIENT}/indivisual-customers/register/start",
            json={"nationalId": form["nationalId"], "phone": form["phone"]},
        )
    )
    ok(client.post(f"{CLIENT}/indivisual-customers/register/finalize", json=form))
    code = last_code(client, form["phone"])
    ok(
        client.post(
            f"{CLIENT}/Indivisual-customers/register/verify",
            json={"nationalId": form["nationalId"], "code": code},
        )
    )
    return form


def domestic_code_sent(client: httpx.Client) -> str:
    """The domestic company of DOMESTIC_FORM started and finalized: the code texted to verify its phone."""
    door = f"{CLIENT}/domestic-corporate-customers/register"
    ok(
        client.post(
            f"{door}/start",
            json={"nationalId": DOMESTIC_FORM["nationalCode"], "phone": DOMESTIC_FORM["phone"]},
        )
    )
    ok(client.post(f"{door}/finalize", json=DOMESTIC_FORM))
    return last_code(client, str(DOMESTIC_FORM["phone"]))


def accepted_customer(
    client: httpx.Client, admin: dict[str, str], form: dict[str, Any] | None = None
) -> dict[str, str]:
    """An individual signed up, accepted, password set from the e-mailed link; answers login headers."""
    form = sign_up_individual(client, form)
    ok(client.post(f"{ADMIN}/indivisual-customer/register-requests/{form['nationalId']}", headers=admin))
    _, token, national_id = last_link(client, form["email"])
    ok(
        client.put(
            f"{AUTH}/{national_id}/reset-password",
            json={"token": token, "newPassword": PASSWORD, "confirmNewPassword": PASSWORD},
        )
    )
    return login(client, form["nationalId"], PASSWORD)
