"""The customer's whole journey on both stores; then `freight verify` finds no difference."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from api.bootstrap import open_read_models
from infrastructure.read_db import PostgresReadModels
from projections.verify import verify
from tests.api.accounts_support import (
    ADMIN,
    AUTH,
    CLIENT,
    INDIVIDUAL_FORM,
    NOTIFY,
    PASSWORD,
    fails,
    last_code,
    last_link,
    ok,
    services,
    settle,
)
from tests.conftest import login


def test_sign_up_to_notification_read(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    form = INDIVIDUAL_FORM
    start = ok(
        client.post(
            f"{CLIENT}/indivisual-customers/register/start",
            json={"nationalId": form["nationalId"], "phone": form["phone"]},
        )
    )
    assert start["firstStep"] == 1
    ok(client.post(f"{CLIENT}/indivisual-customers/register/finalize", json=form))
    code = last_code(client, form["phone"])
    assert len(code) == 5 and code.isdigit()
    ok(
        client.post(
            f"{CLIENT}/Indivisual-customers/register/verify",
            json={"nationalId": form["nationalId"], "code": code},
        )
    )

    listed = ok(client.get(f"{ADMIN}/register-requests?limit=20&page=1", headers=admin_headers))
    assert (
        listed["totalCount"] == 1
        and listed["list"][0]["state"] == "pending"
        and listed["list"][0]["kind"] == 1
    )
    detail = ok(
        client.get(
            f"{ADMIN}/indivisual-customer/register-requests/{form['nationalId']}", headers=admin_headers
        )
    )
    assert (
        detail["firstname"] == "Sara" and detail["lastname"] == "Rahimi" and detail["email"] == form["email"]
    )
    ok(
        client.post(
            f"{ADMIN}/indivisual-customer/register-requests/{form['nationalId']}", headers=admin_headers
        )
    )

    # Until the password is set from the e-mailed link, the account cannot log in.
    fails(client.post(f"{AUTH}/login", json={"username": form["nationalId"], "password": PASSWORD}), 401)
    link, token, national_id = last_link(client, form["email"])
    assert "/forgetpassword/createpassword?" in link and national_id == form["nationalId"]
    ok(
        client.put(
            f"{AUTH}/{national_id}/reset-password",
            json={"token": token, "newPassword": PASSWORD, "confirmNewPassword": PASSWORD},
        )
    )
    customer = login(client, form["nationalId"], PASSWORD)

    profile = ok(client.get(f"{CLIENT}/indivisual-customers", headers=customer))
    assert profile["account"]["accountType"] == 1 and profile["firstname"] == "Sara"
    account_id = profile["account"]["id"]
    ok(
        client.put(
            f"{CLIENT}/indivisual-customers",
            headers=customer,
            json={
                **{k: v for k, v in form.items() if k != "postalCode"},
                "id": account_id,
                "address": "99 Ferdowsi Square, Tehran",
                "industry": "Textiles",
                "destinations": "Hamburg",
                "typeOfOperation": "Export",
            },
        )
    )
    review = ok(
        client.get(f"{ADMIN}/indivisual-customer/{form['nationalId']}/update-request", headers=admin_headers)
    )
    edited = {f["fieldName"]: f for f in review["response"] if f["isEdited"]}
    assert set(edited) == {"Address", "Industry", "Destinations", "TypeOfOperation"}
    assert edited["Address"]["currentValue"] == form["address"]
    ok(
        client.post(
            f"{ADMIN}/update-requests/approve", json={"nationalId": form["nationalId"]}, headers=admin_headers
        )
    )
    assert (
        ok(client.get(f"{CLIENT}/indivisual-customers", headers=customer))["address"]
        == "99 Ferdowsi Square, Tehran"
    )

    settle(client)
    page = ok(client.get(f"{NOTIFY}/{account_id}/paging?pageSize=10&page=1", headers=customer))["data"]
    titles = [n["title"] for n in page["costumerlNotificationDetails"]["list"]]
    assert titles == ["Profile updated", "Registration accepted"]  # newest first
    assert page["totalCount"] == 2 and page["notSeenCount"] == 2
    first = page["costumerlNotificationDetails"]["list"][0]["id"]
    ok(client.put(f"{NOTIFY}/mark-as-read", json={"notificationId": first}, headers=customer))
    page = ok(client.get(f"{NOTIFY}/{account_id}/paging?pageSize=10&page=1", headers=customer))["data"]
    assert page["notSeenCount"] == 1 and page["costumerlNotificationDetails"]["list"][0]["isRead"] is True

    # `freight verify`: a rebuild from the store equals the live read models, row by row.
    settle(client)
    svc = services(client)
    scratch = open_read_models(svc.settings, schema="verify_journey", path=tmp_path / "scratch.db")
    try:
        assert verify(svc.store, svc.read_models, scratch) == []
    finally:
        if isinstance(scratch, PostgresReadModels):
            scratch.drop_schema()
        scratch.close()
