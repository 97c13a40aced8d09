"""A staff decision refused because a colleague decided first names the colleague and the time (decision
3911): the 409's description in the reader's language, and its `details` for a screen to write the time in
its reader's zone; the detail says who decided and when. A customer is never told a staff member's name."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi.testclient import TestClient

from api.edge.decided_first import told_to_staff
from api.edge.security import Principal
from domain.accounts.account import account_id
from domain.emails.words import time_utc
from domain.shared.actor import ADMIN as ADMIN_ROLE
from domain.shared.actor import Actor
from domain.shared.errors import DecidedFirst, IllegalTransition
from domain.shared.moments import written_utc
from tests.api.accounts_support import (
    ADMIN,
    CLIENT,
    INDIVIDUAL_FORM,
    accepted_customer,
    fails,
    ok,
    services,
    sign_up_individual,
)
from tests.conftest import ADMIN_USERNAME, login

COLLEAGUE = "sara.karimi"
AUDIT = "/audit/api/v1"
NID = INDIVIDUAL_FORM["nationalId"]
SIGN_UP = f"{ADMIN}/indivisual-customer/register-requests/{NID}"
REVIEW = f"{ADMIN}/indivisual-customer/{NID}/update-request"
IND = f"{CLIENT}/indivisual-customers"


def _colleague(client: TestClient) -> dict[str, str]:
    """A second staff member, logged in."""
    svc = services(client)
    first = Actor(str(account_id(ADMIN_USERNAME)), ADMIN_ROLE)
    svc.settle(svc.accounts.create_staff(COLLEAGUE, "Staff-Pass1", [ADMIN_ROLE], first))
    return login(client, COLLEAGUE, "Staff-Pass1")


def _decided_first(refused: dict[str, Any], state: str, since: datetime) -> datetime:
    """The refusal's details name the colleague and the state; answers when they decided."""
    details = refused["details"]
    assert (details["decidedBy"], details["decidedByYou"], details["state"]) == (COLLEAGUE, False, state)
    assert "price" not in details
    at = datetime.fromisoformat(details["decidedAt"].replace("Z", "+00:00"))
    assert since <= at <= datetime.now(UTC)
    return at


def test_a_second_decision_on_a_sign_up_names_the_colleague_and_the_time(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    colleague = _colleague(client)
    sign_up_individual(client)
    before = datetime.now(UTC)
    ok(client.post(SIGN_UP, headers=colleague))
    refused = fails(client.post(SIGN_UP, headers=admin_headers), 409)
    at = _decided_first(refused, "accepted", before)
    assert refused["description"] == f"{COLLEAGUE} already accepted this sign-up at {written_utc(at)}"
    declined = fails(
        client.post(
            f"{ADMIN}/register-requests/{NID}/decline", json={"message": "No"}, headers=admin_headers
        ),
        409,
    )
    assert declined["description"].startswith(f"{COLLEAGUE} already accepted this sign-up at ")
    persian = fails(client.post(SIGN_UP, headers={**admin_headers, "Accept-Language": "fa"}), 409)
    assert persian["description"].startswith(f"{COLLEAGUE} این ثبت‌نام را در ")
    assert persian["description"].endswith("پذیرفته است")
    # The time as the Persian e-mails write it: the Solar Hijri calendar, Persian digits.
    assert time_utc(at, "fa") in persian["description"] and written_utc(at) not in persian["description"]
    # The detail says who decided and when.
    detail = ok(client.get(SIGN_UP, headers=admin_headers))
    assert (detail["decidedBy"], detail["decidedAt"]) == (COLLEAGUE, refused["details"]["decidedAt"])
    # The record's state, as the audit rebuilds it, keeps who decided (by id) and when.
    events = ok(client.get(f"{AUDIT}/aggregates/{detail['registrationId']}/events", headers=admin_headers))
    head = events["events"][-1]["position"]
    state = ok(
        client.get(
            f"{AUDIT}/aggregates/{detail['registrationId']}/state",
            params={"position": head},
            headers=admin_headers,
        )
    )["state"]
    assert state["decided_by"] == str(account_id(COLLEAGUE)) and state["decided_at"]


def test_a_staff_member_repeating_their_own_decision_is_told_it_was_theirs(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A second tab, a double submit: the refusal says "You", not the reader's own login name, in English and
    Persian, and `details` says it was theirs (decision 3922)."""
    sign_up_individual(client)
    before = datetime.now(UTC)
    ok(client.post(SIGN_UP, headers=admin_headers))
    refused = fails(client.post(SIGN_UP, headers=admin_headers), 409)
    details = refused["details"]
    assert (details["decidedBy"], details["decidedByYou"], details["state"]) == (
        ADMIN_USERNAME,
        True,
        "accepted",
    )
    at = datetime.fromisoformat(details["decidedAt"].replace("Z", "+00:00"))
    assert before <= at <= datetime.now(UTC)
    assert refused["description"] == f"You already accepted this sign-up at {written_utc(at)}"
    persian = fails(client.post(SIGN_UP, headers={**admin_headers, "Accept-Language": "fa"}), 409)
    assert persian["description"] == f"شما این ثبت‌نام را در {time_utc(at, 'fa')} پذیرفته‌اید"
    assert ADMIN_USERNAME not in refused["description"] + persian["description"]


def test_a_second_decision_on_an_edit_request_names_the_colleague_and_the_time(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    colleague = _colleague(client)
    person = accepted_customer(client, admin_headers)
    body = {k: v for k, v in INDIVIDUAL_FORM.items() if k != "postalCode"}
    edit = {**body, "id": "ignored", "industry": "", "destinations": "", "typeOfOperation": ""}
    ok(client.put(IND, json={**edit, "phone": "09121111111"}, headers=person))
    assert ok(client.get(REVIEW, headers=admin_headers))["decidedBy"] is None
    before = datetime.now(UTC)
    decline = {"nationalId": NID, "message": "Wrong number"}
    ok(client.post(f"{ADMIN}/update-requests/decline", json=decline, headers=colleague))
    refused = fails(
        client.post(f"{ADMIN}/update-requests/approve", json={"nationalId": NID}, headers=admin_headers), 409
    )
    at = _decided_first(refused, "declined", before)
    assert refused["description"] == f"{COLLEAGUE} already declined this edit request at {written_utc(at)}"
    review = ok(client.get(REVIEW, headers=admin_headers))
    assert (review["decidedBy"], review["decidedAt"]) == (COLLEAGUE, refused["details"]["decidedAt"])
    # The customer reads the decision, never who at the portal made it.
    assert COLLEAGUE not in client.get(IND, headers=person).text
    # Asked again, the request waits and nobody has decided it.
    ok(client.put(IND, json={**edit, "phone": "09122222222"}, headers=person))
    assert ok(client.get(REVIEW, headers=admin_headers))["decidedBy"] is None


def test_only_staff_are_told_the_colleague_s_name(client: TestClient, admin_headers: dict[str, str]) -> None:
    """A refusal that carries who decided is worded as the lifecycle's for anyone not staff (a customer's
    late act on a thing staff decided reads no staff name)."""
    colleague_id = str(account_id(COLLEAGUE))
    _colleague(client)
    refusal = DecidedFirst(
        IllegalTransition("registration", "accepted", "accept", 3), colleague_id, datetime.now(UTC)
    )
    customer = Principal(account_id="c", account_type=1, roles=(), username="0012345679")
    assert told_to_staff(services(client).read_models, customer, refusal) is None
    assert told_to_staff(services(client).read_models, None, refusal) is None
    staff = Principal(account_id="s", account_type=0, roles=(ADMIN_ROLE,), username=ADMIN_USERNAME)
    told = told_to_staff(services(client).read_models, staff, refusal)
    assert told is not None and told[1]["decidedBy"] == COLLEAGUE
