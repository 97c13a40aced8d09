"""No account oracle. Login does the same argon2 work for an unknown user; reset, resend and
verify answer an unknown id exactly as an existing one (status and text); the specification's "User Exist"
on the sign-up start stays, limited per address."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.accounts_support import AUTH, CLIENT, INDIVIDUAL_FORM, fails, last_code, ok
from tests.api.identity_support import customer_with_email
from tests.app_services import services_of
from tests.corpus import fresh_national_id

IND = f"{CLIENT}/indivisual-customers/register"
VERIFY = f"{CLIENT}/Indivisual-customers/register/verify"


def answer_of(response: Any) -> tuple[int, Any]:
    """What a caller sees: the status and the body, the echoed id aside."""
    body = response.json()
    if isinstance(body.get("response"), dict):
        body["response"] = {k: v for k, v in body["response"].items() if k != "nationalId"}
    return response.status_code, body


@pytest.fixture
def verifies(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every argon2 verify the server runs (the hash it checked against)."""
    calls: list[str] = []
    passwords = services_of(client).accounts.passwords
    real = passwords._hasher

    class Counted:
        def hash(self, password: str) -> str:
            return real.hash(password)

        def verify(self, password_hash: str, password: str) -> bool:
            calls.append(password_hash)
            return real.verify(password_hash, password)

    monkeypatch.setattr(passwords, "_hasher", Counted())
    return calls


def test_login_does_the_same_work_for_an_unknown_user(
    client: TestClient, admin_headers: dict[str, str], verifies: list[str]
) -> None:
    _, national_id = customer_with_email(client, admin_headers)
    verifies.clear()
    wrong = client.post(f"{AUTH}/login", json={"username": national_id, "password": "Wrong-Pass1"})
    assert len(verifies) == 1
    unknown = client.post(f"{AUTH}/login", json={"username": fresh_national_id(), "password": "Wrong-Pass1"})
    assert len(verifies) == 2, "no argon2 verify ran for the unknown user"
    assert verifies[0] != verifies[1]  # the stand-in hash, not the account's
    assert answer_of(wrong) == answer_of(unknown) == (401, fails(unknown, 401) and unknown.json())


def test_reset_answers_an_unknown_id_as_a_known_one(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    _, national_id = customer_with_email(client, admin_headers)
    body = {"token": "not-the-token", "newPassword": "Fresh-Pass9x", "confirmNewPassword": "Fresh-Pass9x"}
    known = client.put(f"{AUTH}/{national_id}/reset-password", json=body)
    unknown = client.put(f"{AUTH}/{fresh_national_id()}/reset-password", json=body)
    assert answer_of(known) == answer_of(unknown)
    assert known.status_code == 400
    requested = [
        client.get(f"{AUTH}/{who}/reset-password/token") for who in (national_id, fresh_national_id())
    ]
    assert answer_of(requested[0]) == answer_of(requested[1])


def test_resend_and_verify_answer_an_unknown_id_as_a_known_one(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    # One sign-up awaiting its code, one accepted customer, one id nobody used.
    awaiting = fresh_national_id()
    form = {**INDIVIDUAL_FORM, "nationalId": awaiting, "phone": "0912" + awaiting[-7:]}
    ok(client.post(f"{IND}/start", json={"nationalId": awaiting, "phone": form["phone"]}))
    ok(client.post(f"{IND}/finalize", json=form))
    code = last_code(client, form["phone"])
    _, accepted = customer_with_email(client, admin_headers)
    ids = (awaiting, accepted, fresh_national_id())

    wrong_code = "00000" if code != "00000" else "11111"
    verified = [answer_of(client.post(VERIFY, json={"nationalId": who, "code": wrong_code})) for who in ids]
    assert verified[0][0] == 400 and verified[0] == verified[1] == verified[2], verified
    resent = [
        answer_of(client.post(f"{IND}/resend", json={"nationalId": who, "phone": form["phone"]}))
        for who in ids
    ]
    assert resent[0][0] == 200 and resent[0] == resent[1] == resent[2], resent
    # Past the per-id limit (5 wrong codes; the resend gave new tries), every id is refused alike too.
    for _ in range(6):
        verified = [
            answer_of(client.post(VERIFY, json={"nationalId": who, "code": wrong_code})) for who in ids
        ]
    # Alike but for the clock: each says how long to wait from its own moment (a second may pass between).
    waits = [v[1]["error"].pop("retryAfter") for v in verified]
    assert verified[0][0] == 429 and verified[0] == verified[1] == verified[2], [v[0] for v in verified]
    assert max(waits) - min(waits) <= 1, waits


def test_user_exist_stays_on_the_sign_up_start_but_is_limited_per_address(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    _, national_id = customer_with_email(client, admin_headers)
    prober = TestClient(client.app, client=("203.0.113.50", 40000))
    body = {"nationalId": national_id, "phone": "09121234567"}
    statuses = [prober.post(f"{IND}/start", json=body) for _ in range(31)]
    assert fails(statuses[0], 409)["description"] == "User Exist"
    assert [s.status_code for s in statuses] == [409] * 30 + [429]
