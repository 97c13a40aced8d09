"""The envelope on every answer, login, tokens and bad input (foundation)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
import pytest
from fastapi.testclient import TestClient
from httpx import Response

from api.edge.security import Principal, issue_token
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login

LOGIN = "/auth/api/v1/login"


def _is_failure(answer: Response, status: int) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    body: dict[str, Any] = answer.json()
    assert body["isSuccess"] is False and body["isError"] is True and body["response"] is None
    assert body["error"]["description"]
    return body


def test_bootstrap_admin_logs_in_with_staff_claims(client: TestClient) -> None:
    answer = client.post(LOGIN, json={"username": ADMIN_USERNAME, "password": ADMIN_PASSWORD})
    body = answer.json()
    assert answer.status_code == 200
    assert body["isSuccess"] is True and body["isError"] is False and body["error"] is None
    assert body["response"]["accountType"] == 0
    claims = jwt.decode(body["response"]["token"], options={"verify_signature": False})
    assert claims["accountType"] == 0 and claims["roles"] == ["admin"]
    assert {"sub", "exp"} <= set(claims)


def test_wrong_password_is_401_envelope(client: TestClient) -> None:
    _is_failure(client.post(LOGIN, json={"username": ADMIN_USERNAME, "password": "nope"}), 401)
    _is_failure(client.post(LOGIN, json={"username": "nobody", "password": "nope"}), 401)


def test_empty_fields_use_the_specification_message(client: TestClient) -> None:
    body = _is_failure(client.post(LOGIN, json={"username": "", "password": ""}), 400)
    assert body["error"]["fields"] == {
        "username": "This field is required.",
        "password": "This field is required.",
    }


def test_missing_field_and_wrong_type_name_the_field(client: TestClient) -> None:
    body = _is_failure(client.post(LOGIN, json={"username": "admin"}), 400)
    assert body["error"]["fields"] == {"password": "Required"}
    body = _is_failure(client.post(LOGIN, json={"username": 5, "password": "x"}), 400)
    assert body["error"]["fields"] == {"username": "Expected string received number"}


def test_malformed_json_is_400(client: TestClient) -> None:
    answer = client.post(LOGIN, content=b"{not json", headers={"content-type": "application/json"})
    _is_failure(answer, 400)


def test_oversized_body_is_413(client: TestClient) -> None:
    big = b'{"username": "' + b"a" * (2 * 1024 * 1024) + b'", "password": "x"}'
    _is_failure(client.post(LOGIN, content=big, headers={"content-type": "application/json"}), 413)


def test_unknown_api_path_is_404_envelope(client: TestClient) -> None:
    _is_failure(client.get("/booking/api/v1/nothing-here"), 404)
    _is_failure(client.delete(LOGIN), 405)


def test_failed_logins_are_limited_per_username(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    counters = services_of(client).limiters.counters
    frozen = counters.clock()
    monkeypatch.setattr(counters, "clock", lambda: frozen)  # the gap after the fifth try does not pass by
    for _ in range(5):
        _is_failure(client.post(LOGIN, json={"username": ADMIN_USERNAME, "password": "wrong"}), 401)
    answer = client.post(LOGIN, json={"username": ADMIN_USERNAME, "password": ADMIN_PASSWORD})
    _is_failure(answer, 429)
    assert int(answer.headers["retry-after"]) > 0
    assert answer.json()["error"]["retryAfter"] == int(answer.headers["retry-after"])
    # Another username from the same address is still allowed until the address limit.
    _is_failure(client.post(LOGIN, json={"username": "someone-else", "password": "wrong"}), 401)


def test_tampered_and_expired_tokens_are_401(client: TestClient) -> None:
    headers = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    token = headers["Authorization"].split()[1]
    principal = Principal("x", 0, ("admin",), "admin")
    cases = {
        "tampered": token[:-2] + ("AA" if not token.endswith("AA") else "BB"),
        "wrong key": issue_token(principal, "another-secret-another-secret-another-secret"),
        "expired": issue_token(
            principal, "test-secret-that-is-long-enough-for-hs256", now=datetime.now(UTC) - timedelta(days=2)
        ),
        "garbage": "not-a-jwt",
    }
    for bad in cases.values():
        _is_failure(client.get("/auth/api/v1/me", headers={"Authorization": f"Bearer {bad}"}), 401)
    _is_failure(client.get("/auth/api/v1/me"), 401)
    me = client.get("/auth/api/v1/me", headers=headers).json()["response"]
    assert me["accountType"] == 0 and me["roles"] == ["admin"] and me["username"] == ADMIN_USERNAME
