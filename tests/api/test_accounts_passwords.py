"""Reset by e-mailed link (single use, one hour), change when logged in; rate limits."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.api.accounts_support import (
    AUTH,
    INDIVIDUAL_FORM,
    PASSWORD,
    accepted_customer,
    fails,
    last_link,
    ok,
    outbox,
)
from tests.conftest import login

NEW = "Another-Pass2"


def test_reset_link_sets_a_new_password_once(client: TestClient, admin_headers: dict[str, str]) -> None:
    accepted_customer(client, admin_headers)
    national_id = INDIVIDUAL_FORM["nationalId"]
    ok(client.get(f"{AUTH}/{national_id}/reset-password/token"))
    link, token, _ = last_link(client, INDIVIDUAL_FORM["email"])
    assert "/forgetpassword/createpassword?" in link
    body = {"token": token, "newPassword": NEW, "confirmNewPassword": NEW}
    ok(client.put(f"{AUTH}/{national_id}/reset-password", json=body))
    login(client, national_id, NEW)
    fails(client.put(f"{AUTH}/{national_id}/reset-password", json=body), 400)  # single use
    fails(client.post(f"{AUTH}/login", json={"username": national_id, "password": PASSWORD}), 401)


def test_reset_request_answers_alike_for_unknown_ids(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    accepted_customer(client, admin_headers)
    known = ok(client.get(f"{AUTH}/{INDIVIDUAL_FORM['nationalId']}/reset-password/token"))
    before = len(outbox(client))
    unknown = ok(client.get(f"{AUTH}/9999999999/reset-password/token"))
    assert known == unknown and len(outbox(client)) == before


def test_reset_rules_and_bad_tokens(client: TestClient, admin_headers: dict[str, str]) -> None:
    accepted_customer(client, admin_headers)
    national_id = INDIVIDUAL_FORM["nationalId"]
    ok(client.get(f"{AUTH}/{national_id}/reset-password/token"))
    _, token, _ = last_link(client, INDIVIDUAL_FORM["email"])
    path = f"{AUTH}/{national_id}/reset-password"
    cases = {
        "short": (
            {"newPassword": "Ab1", "confirmNewPassword": "Ab1"},
            {"newPassword": "Password must be at least 8 characters"},
        ),
        "empty": (
            {"newPassword": "", "confirmNewPassword": ""},
            {"newPassword": "This field is required.", "confirmNewPassword": "This field is required."},
        ),
        "upper": (
            {"newPassword": "abcdefg1", "confirmNewPassword": "abcdefg1"},
            {"newPassword": "Password must include an uppercase letter"},
        ),
        "digit": (
            {"newPassword": "Abcdefgh", "confirmNewPassword": "Abcdefgh"},
            {"newPassword": "Password must include a number"},
        ),
        "confirm": (
            {"newPassword": NEW, "confirmNewPassword": NEW + "x"},
            {"confirmNewPassword": "Passwords do not match"},
        ),
    }
    for body, fields in cases.values():
        assert fails(client.put(path, json={"token": token, **body}), 400)["fields"] == fields
    fails(client.put(path, json={"token": "forged", "newPassword": NEW, "confirmNewPassword": NEW}), 400)
    fails(
        client.put(
            f"{AUTH}/0000000000/reset-password",
            json={"token": token, "newPassword": NEW, "confirmNewPassword": NEW},
        ),
        400,
    )
    fails(client.put(path, json={"newPassword": NEW, "confirmNewPassword": NEW}), 400)
    # The older of two links is void once a newer one is issued.
    ok(client.get(f"{AUTH}/{national_id}/reset-password/token"))
    fails(client.put(path, json={"token": token, "newPassword": NEW, "confirmNewPassword": NEW}), 400)


def test_reset_requests_and_token_guesses_are_limited(client: TestClient) -> None:
    for _ in range(3):
        ok(client.get(f"{AUTH}/1234567890/reset-password/token"))
    fails(client.get(f"{AUTH}/1234567890/reset-password/token"), 429)
    path = f"{AUTH}/1234567890/reset-password"
    for _ in range(10):
        fails(client.put(path, json={"token": "guess", "newPassword": NEW, "confirmNewPassword": NEW}), 400)
    fails(client.put(path, json={"token": "guess", "newPassword": NEW, "confirmNewPassword": NEW}), 429)


def test_change_password_checks_the_current_one(client: TestClient, admin_headers: dict[str, str]) -> None:
    customer = accepted_customer(client, admin_headers)
    path = f"{AUTH}/change-password"
    wrong = {"currentPassword": "Nope-Pass1", "newPassword": NEW, "confirmNewPassword": NEW}
    assert fails(client.put(path, json=wrong, headers=customer), 400)["fields"] == {
        "currentPassword": "Current password is incorrect"
    }
    assert fails(client.put(path, json={**wrong, "currentPassword": ""}, headers=customer), 400)[
        "fields"
    ] == {"currentPassword": "This field is required."}
    fails(
        client.put(
            path, json={**wrong, "currentPassword": PASSWORD, "newPassword": "weak"}, headers=customer
        ),
        400,
    )
    fails(client.put(path, json={**wrong, "currentPassword": PASSWORD}), 401)
    ok(client.put(path, json={**wrong, "currentPassword": PASSWORD}, headers=customer))
    # The change ended every older session, this one too.
    fails(client.put(path, json=wrong, headers=customer), 401)
    customer = login(client, INDIVIDUAL_FORM["nationalId"], NEW)
    for _ in range(5):
        fails(client.put(path, json=wrong, headers=customer), 400)
    fails(client.put(path, json={**wrong, "currentPassword": NEW}, headers=customer), 429)
