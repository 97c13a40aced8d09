"""Staff decide a profile edit request on the values their review showed (decision 3907): a request the
customer replaced meanwhile is refused (409), nothing recorded; the lifecycle refuses a decided one first."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.accounts_support import ADMIN, CLIENT, INDIVIDUAL_FORM, accepted_customer, fails, ok

IND = f"{CLIENT}/indivisual-customers"
NID = INDIVIDUAL_FORM["nationalId"]
REVIEW = f"{ADMIN}/indivisual-customer/{NID}/update-request"


def _individual_put(**changes: Any) -> dict[str, Any]:
    body = {k: v for k, v in INDIVIDUAL_FORM.items() if k != "postalCode"}
    return {**body, "id": "ignored", "industry": "", "destinations": "", "typeOfOperation": "", **changes}


def _as_read(client: TestClient, admin: dict[str, str]) -> dict[str, Any]:
    """What the review screen shows as edited: each edited field's key and new value."""
    fields = ok(client.get(REVIEW, headers=admin))["fields"]
    return {f["key"]: f["editedValue"] for f in fields if f["isEdited"]}


def test_an_edit_replaced_while_staff_read_it_is_not_approved(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    person = accepted_customer(client, admin_headers)
    ok(client.put(IND, json=_individual_put(phone="09121111111"), headers=person))
    read = _as_read(client, admin_headers)
    assert read == {"phone": "09121111111"}
    # The customer sends another edit while staff's review is open (a list value too, read back as sent).
    replaced = _individual_put(phone="09122222222", destinations=["Germany", "Italy"])
    ok(client.put(IND, json=replaced, headers=person))
    approve = f"{ADMIN}/update-requests/approve"
    refused = fails(
        client.post(approve, json={"nationalId": NID, "edited": read}, headers=admin_headers), 409
    )
    assert refused["description"] == (
        "The customer changed this edit request since you opened it: read it again before you decide"
    )
    persian = {**admin_headers, "Accept-Language": "fa"}
    said = fails(client.post(approve, json={"nationalId": NID, "edited": read}, headers=persian), 409)
    assert said["description"].startswith("مشتری این درخواست ویرایش")
    decline = f"{ADMIN}/update-requests/decline"
    stale_decline = {"nationalId": NID, "message": "Wrong number", "edited": read}
    fails(client.post(decline, json=stale_decline, headers=admin_headers), 409)
    # Nothing was recorded: the profile keeps its phone and the newer request waits.
    assert ok(client.get(IND, headers=person))["phone"] == INDIVIDUAL_FORM["phone"]
    review = ok(client.get(REVIEW, headers=admin_headers))
    assert review["state"] == "pending"
    # Read again, it is approved as read.
    ok(
        client.post(
            approve,
            json={"nationalId": NID, "edited": _as_read(client, admin_headers)},
            headers=admin_headers,
        )
    )
    profile = ok(client.get(IND, headers=person))
    assert (profile["phone"], profile["destinations"]) == ("09122222222", ["Germany", "Italy"])


def test_a_decided_edit_is_refused_by_its_state_before_its_values(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    person = accepted_customer(client, admin_headers)
    ok(client.put(IND, json=_individual_put(phone="09121111111"), headers=person))
    read = _as_read(client, admin_headers)
    decline = {"nationalId": NID, "message": "Wrong number", "edited": read}
    ok(client.post(f"{ADMIN}/update-requests/decline", json=decline, headers=admin_headers))
    # A colleague's review, open on the same values, approves after the decline: told the state.
    approve = {"nationalId": NID, "edited": read}
    refused = fails(client.post(f"{ADMIN}/update-requests/approve", json=approve, headers=admin_headers), 409)
    assert "Declined" in refused["description"] or "declined" in refused["description"]
    assert ok(client.get(IND, headers=person))["phone"] == INDIVIDUAL_FORM["phone"]
