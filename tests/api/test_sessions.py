"""Sessions end when credentials change or on log-out everywhere; failed logins per username and address."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from domain.shared.actor import SYSTEM_ACTOR
from tests.api import accounts_support as accounts
from tests.api.accounts_support import AUTH, INDIVIDUAL_FORM, PASSWORD
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login

NEW = "Another-Pass2"
ME = f"{AUTH}/me"


def test_a_new_password_ends_every_older_session(client: TestClient, admin_headers: dict[str, str]) -> None:
    first = accounts.accepted_customer(client, admin_headers)
    national_id = INDIVIDUAL_FORM["nationalId"]
    second = login(client, national_id, PASSWORD)
    body = {"currentPassword": PASSWORD, "newPassword": NEW, "confirmNewPassword": NEW}
    answer = accounts.ok(client.put(f"{AUTH}/change-password", json=body, headers=first))
    for ended in (first, second):
        assert (
            accounts.fails(client.get(ME, headers=ended), 401)["description"]
            == "Your session has ended; log in again"
        )
    # The caller goes on with the token the change answered; a fresh login works too.
    renewed = {"Authorization": f"Bearer {answer['token']}"}
    assert accounts.ok(client.get(ME, headers=renewed))["username"] == national_id
    accounts.ok(client.get(ME, headers=login(client, national_id, NEW)))

    # A reset by e-mailed link ends them as well, the renewed token included.
    accounts.ok(client.get(f"{AUTH}/{national_id}/reset-password/token"))
    _, token, _ = accounts.last_link(client, INDIVIDUAL_FORM["email"])
    reset = {"token": token, "newPassword": PASSWORD, "confirmNewPassword": PASSWORD}
    accounts.ok(client.put(f"{AUTH}/{national_id}/reset-password", json=reset))
    accounts.fails(client.get(ME, headers=renewed), 401)
    accounts.ok(client.get(ME, headers=login(client, national_id, PASSWORD)))


def test_log_out_of_all_sessions(client: TestClient, admin_headers: dict[str, str]) -> None:
    other = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    accounts.ok(client.post(f"{AUTH}/logout-all", headers=admin_headers))
    for ended in (admin_headers, other):
        accounts.fails(client.get(ME, headers=ended), 401)
        accounts.fails(client.post(f"{AUTH}/logout-all", headers=ended), 401)
    accounts.ok(client.get(ME, headers=login(client, ADMIN_USERNAME, ADMIN_PASSWORD)))


def test_a_change_recorded_by_another_process_is_refused_at_once(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Every check asks the shared database: what another worker recorded (here: the store and the read
    models, bypassing this worker's own door) ends the session at this worker's very next request."""
    services = services_of(client)
    me = accounts.ok(client.get(ME, headers=admin_headers))
    services.settle(services.accounts.end_sessions(me["id"], SYSTEM_ACTOR))
    accounts.fails(client.get(ME, headers=admin_headers), 401)


def test_guessing_from_one_address_does_not_lock_the_owner_out_elsewhere(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    counters = services_of(client).limiters.counters
    frozen = counters.clock()
    monkeypatch.setattr(counters, "clock", lambda: frozen)  # the gap does not pass by
    attacker = TestClient(client.app, client=("203.0.113.7", 40000))
    owner = TestClient(client.app, client=("198.51.100.20", 40000))
    wrong = {"username": ADMIN_USERNAME, "password": "Wrong-Pass1"}
    for _ in range(5):
        accounts.fails(attacker.post(f"{AUTH}/login", json=wrong), 401)
    refused = attacker.post(f"{AUTH}/login", json={**wrong, "password": ADMIN_PASSWORD})
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0
    accounts.ok(owner.post(f"{AUTH}/login", json={"username": ADMIN_USERNAME, "password": ADMIN_PASSWORD}))


def test_one_address_guessing_many_usernames_is_limited(client: TestClient) -> None:
    attacker = TestClient(client.app, client=("203.0.113.8", 40000))
    statuses = [
        attacker.post(f"{AUTH}/login", json={"username": f"user{i}", "password": "Wrong-Pass1"}).status_code
        for i in range(22)
    ]
    assert statuses == [401] * 20 + [429] * 2
