"""Every answer carries the security headers; OPTIONS, wrong methods and over-long paths answer in the
envelope with the true `Allow` (both stores)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.edge.body_limit import MAX_BODY_BYTES
from tests.api.accounts_support import fails
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD

NOSNIFF = ("x-content-type-options", "nosniff")
CHANGE = {
    "currentPassword": ADMIN_PASSWORD,
    "newPassword": "Another-Pass2",
    "confirmNewPassword": "Another-Pass2",
}


def documented_methods(client: TestClient, path: str) -> set[str]:
    document: dict[str, Any] = client.get("/openapi.json").json()
    return {method.upper() for method in document["paths"][path]}


def test_every_kind_of_answer_carries_the_security_headers(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*_: object) -> None:
        raise RuntimeError("a bug")

    services = services_of(client)
    monkeypatch.setattr(services.accounts, "change_password", boom)
    answers = {
        "success": client.get("/auth/api/v1/me", headers=admin_headers),
        "unauthenticated": client.get("/auth/api/v1/me"),
        "not found": client.get("/booking/api/v1/nothing-here"),
        "validation": client.post("/auth/api/v1/login", json={}),
        "too large": client.post("/auth/api/v1/login", content=b"x" * (MAX_BODY_BYTES + 1)),
        "bug": client.put("/auth/api/v1/change-password", json=CHANGE, headers=admin_headers),
        "web page": client.get("/login"),
    }
    assert answers["bug"].status_code == 500 and answers["too large"].status_code == 413
    for kind, answer in answers.items():
        headers = answer.headers
        assert headers.get(NOSNIFF[0]) == NOSNIFF[1], kind
        assert headers.get("referrer-policy") == "no-referrer", kind
        policy = headers.get("content-security-policy", "")
        assert "frame-ancestors 'self'" in policy and "script-src 'self'" in policy, kind
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, kind


def test_options_on_an_api_path_names_its_methods(client: TestClient) -> None:
    for path in ("/booking/api/v1/client/rate-requests", "/auth/api/v1/login"):
        answer = client.options(path)
        assert answer.status_code == 204, answer.text
        allowed = {m.strip() for m in answer.headers["allow"].split(",")}
        assert allowed == documented_methods(client, path) | {"OPTIONS"}
    fails(client.options("/booking/api/v1/no-such-thing"), 404)


def test_a_wrong_method_names_every_method_of_the_path(client: TestClient) -> None:
    path = "/booking/api/v1/client/rate-requests"
    answer = client.delete(path)
    fails(answer, 405)
    assert {m.strip() for m in answer.headers["allow"].split(",")} == documented_methods(client, path) | {
        "OPTIONS"
    }


def test_an_overlong_path_answers_414_in_the_envelope(client: TestClient) -> None:
    assert "longer" in fails(client.get("/booking/api/v1/" + "a" * 60_000), 414)["description"]
    # Refused before routing, yet in the reader's language like every other refusal.
    persian = client.get("/booking/api/v1/" + "a" * 60_000, headers={"Accept-Language": "fa"})
    assert fails(persian, 414)["description"].startswith("مسیر درخواست بیش از")
    assert persian.headers["content-language"] == "fa"
