"""The one input boundary: every body the app parses as JSON passes the same screen whatever the
spelling of its media type; other media types are 415; identifiers in queries are text; sane date windows;
oversized bodies are 413 with or without a declared length; a failed create consumes no booking reference.
Both stores."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.edge.input_screen import parsed_as_json
from api.main import create_app
from api.settings import Settings
from domain.booking.booking_reference import ReferenceNumbers
from tests.api.accounts_support import INDIVIDUAL_FORM, settle
from tests.api.booking_support import CLIENT, create, customer, payload
from tests.app_services import services_of
from tests.corpus import NATIONAL_IDS_ABOVE_INT32, NATIONAL_IDS_LEADING_ZEROS

JSON_SPELLINGS = (
    "application/json",
    "APPLICATION/JSON",
    "Application/Json; charset=utf-8",
    "application/json; charset=UTF-8",
    "application/merge-patch+json",
    "application/vnd.x+json",
    "application/problem+json; charset=utf-8",
)
NOT_JSON = ("*/*+json", "text/plain", "text/json", "application/x-www-form-urlencoded", "application/xml")
FINALIZE = "/account/api/v1/client/indivisual-customers/register/finalize"


def _sent(
    client: TestClient, path: str, body: bytes, content_type: str | None, headers: dict[str, str]
) -> tuple[Any, int]:
    services = services_of(client)
    head = settle(client)
    sent = {**headers, **({"content-type": content_type} if content_type else {})}
    answer = client.post(path, content=body, headers=sent)
    return answer, services.store.head() - head


def _refused(answer: Any, status: int, field: str | None = None) -> None:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["isSuccess"] is False and body["isError"] is True and body["response"] is None
    if field is not None:
        assert field in body["error"]["fields"], body


def test_the_screen_and_fastapi_agree_on_what_is_json() -> None:
    for spelling in JSON_SPELLINGS:
        assert parsed_as_json(spelling), spelling
    for other in (*NOT_JSON, "", None):
        assert not parsed_as_json(other), other


HOSTILE = [
    ("commodity", "Nuts\x00"),
    ("commodity", "Nuts\ud800"),
    ("commodity", "Nuts\u202egpj.exe"),
    ("additionalComment", "y" * 5000),
    ("msds", "m" * 5000),
    ("quantity", 2**70),
    ("polId", 18446744073709551616),
]


def test_every_json_spelling_passes_the_one_screen(client: TestClient) -> None:
    alice = customer(client, "boundary-a")
    wrong = []
    for spelling in JSON_SPELLINGS:
        for field, value in HOSTILE:
            body = json.dumps(payload(**{field: value})).encode()
            answer, moved = _sent(client, f"{CLIENT}/rate-requests", body, spelling, alice)
            fields = (answer.json().get("error") or {}).get("fields") or {}
            if answer.status_code != 400 or field not in fields or moved:
                wrong.append(f"{spelling} {field}: {answer.status_code} moved {moved} {answer.text[:120]}")
        for constant in ("NaN", "Infinity", "-Infinity"):
            body = json.dumps(payload()).replace('"quantity": 2', f'"quantity": {constant}').encode()
            answer, moved = _sent(client, f"{CLIENT}/rate-requests", body, spelling, alice)
            if answer.status_code != 400 or moved:
                wrong.append(f"{spelling} {constant}: {answer.status_code} {answer.text[:120]}")
    # The anonymous door too: sign-up's finalize with a NUL in the first name.
    body = json.dumps({**INDIVIDUAL_FORM, "firstName": "Sa\x00ra"}).encode()
    answer, moved = _sent(client, FINALIZE, body, "application/vnd.x+json", {})
    if answer.status_code != 400 or moved:
        wrong.append(f"finalize NUL: {answer.status_code} {answer.text[:120]}")
    assert not wrong, "\n".join(wrong)


def test_a_json_route_answers_other_media_types_415(client: TestClient) -> None:
    alice = customer(client, "boundary-b")
    body = json.dumps(payload(commodity="Nuts\x00")).encode()
    for spelling in (*NOT_JSON, None):
        answer, moved = _sent(client, f"{CLIENT}/rate-requests", body, spelling, alice)
        _refused(answer, 415)
        assert moved == 0
    # And a valid journey in any JSON spelling is taken.
    answer, moved = _sent(
        client, f"{CLIENT}/rate-requests", json.dumps(payload()).encode(), JSON_SPELLINGS[2], alice
    )
    assert answer.status_code == 201, answer.text
    assert moved > 0


def test_field_rules_windows_and_blanks(client: TestClient) -> None:
    alice = customer(client, "boundary-c")
    far = (date.today() + timedelta(days=2 * 366 + 5)).isoformat()
    cases: list[tuple[str, dict[str, Any], dict[str, str], str]] = [
        (f"{CLIENT}/rate-requests", payload(preferredShippingDate=far), alice, "preferredShippingDate"),
        (
            f"{CLIENT}/rate-requests",
            payload(preferredShippingDate="9999-12-31"),
            alice,
            "preferredShippingDate",
        ),
        (f"{CLIENT}/rate-requests", payload(polId="1180591620717411303424"), alice, "polId"),
        (f"{CLIENT}/rate-requests", payload(commodity="    "), alice, "commodity"),
        (FINALIZE, {**INDIVIDUAL_FORM, "birthDate": "9999/12/29"}, {}, "birthDate"),
        (FINALIZE, {**INDIVIDUAL_FORM, "birthDate": "1280/01/01"}, {}, "birthDate"),  # 1901: over 120 years
        (FINALIZE, {**INDIVIDUAL_FORM, "firstName": "   "}, {}, "firstName"),
        (FINALIZE, {**INDIVIDUAL_FORM, "address": " \t "}, {}, "address"),
        (FINALIZE, {**INDIVIDUAL_FORM, "nationalId": "1" * 200}, {}, "nationalId"),
    ]
    wrong = []
    for path, body, headers, field in cases:
        answer, moved = _sent(client, path, json.dumps(body).encode(), "application/json", headers)
        fields = (answer.json().get("error") or {}).get("fields") or {}
        if answer.status_code != 400 or field not in fields or moved:
            wrong.append(f"{path} {field}: {answer.status_code} moved {moved} {answer.text[:160]}")
    assert not wrong, "\n".join(wrong)


def test_a_body_over_the_limit_is_413_with_or_without_its_length(client: TestClient) -> None:
    alice = customer(client, "boundary-d")

    def chunked() -> Any:
        for _ in range(200):
            yield b" " * 10_000

    answer = client.post(
        f"{CLIENT}/rate-requests", content=chunked(), headers={**alice, "content-type": "application/json"}
    )
    _refused(answer, 413)
    big = b" " * 1_100_000
    answer = client.post(
        f"{CLIENT}/rate-requests", content=big, headers={**alice, "content-type": "application/json"}
    )
    _refused(answer, 413)


@pytest.fixture
def built_web(settings: Settings, tmp_path: Path) -> Settings:
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("<!doctype html><title>Freight</title>")
    return settings.model_copy(update={"WEB_DIST": dist})


def test_the_emailed_set_password_link_opens_for_every_national_id(built_web: Settings) -> None:
    with TestClient(create_app(built_web), raise_server_exceptions=False) as client:
        for national_id in (*NATIONAL_IDS_ABOVE_INT32, *NATIONAL_IDS_LEADING_ZEROS, "10101010103"):
            answer = client.get(
                "/forgetpassword/createpassword", params={"token": "abc.def", "nationalId": national_id}
            )
            assert answer.status_code == 200, (national_id, answer.text[:200])
            assert "<title>Freight</title>" in answer.text
        # A declared number in a query is still bounded.
        admin = client.post("/auth/api/v1/login", json={"username": "admin", "password": "Admin-Pass1"})
        token = {"Authorization": f"Bearer {admin.json()['response']['token']}"}
        answer = client.get(
            "/booking/api/v1/admin/rate-requests", params={"offset": "4325031880"}, headers=token
        )
        _refused(answer, 400, "offset")


def test_no_failed_create_consumes_a_booking_reference(client: TestClient) -> None:
    alice = customer(client, "boundary-e")
    first = create(client, alice)["reference"]
    booking = services_of(client).booking

    def broken(*args: Any, **kwargs: Any) -> int:
        raise RuntimeError("the store broke mid-write")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(booking, "_record_with_claim", broken)
        answer = client.post(f"{CLIENT}/rate-requests", headers=alice, json=payload())
        assert answer.status_code == 500
    second = create(client, alice)["reference"]
    assert int(second.rsplit("-", 1)[1]) == int(first.rsplit("-", 1)[1]) + 1, (first, second)


def test_an_unused_reference_is_given_back_only_while_it_is_the_last_one() -> None:
    numbers = ReferenceNumbers(lambda _reference: False)
    a, b = numbers.next(2026), numbers.next(2026)
    numbers.unused(a)  # b was handed out after it: a stays a gap
    assert numbers.next(2026) != a
    c = numbers.next(2026)
    numbers.unused(c)
    assert numbers.next(2026) == c and b != c


def test_the_dcsa_door_passes_the_same_screen(client: TestClient) -> None:
    alice = customer(client, "boundary-f")
    headers = {**alice, "API-Version": "2"}
    for spelling in ("application/json", "application/merge-patch+json", "APPLICATION/JSON"):
        for number in ("Infinity", "NaN", "1e400"):
            body = f'{{"declaredValue": {number}, "declaredValueCurrency": "EUR"}}'.encode()
            answer, moved = _sent(client, "/v2/bookings", body, spelling, headers)
            assert answer.status_code == 400, answer.text
            assert "isSuccess" not in answer.json() and moved == 0
    answer, moved = _sent(client, "/v2/bookings", b'{"declaredValue": 1}', "text/plain", headers)
    assert answer.status_code == 415 and answer.json()["statusCode"] == 415 and moved == 0
