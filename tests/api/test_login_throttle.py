"""Guessing a password is slowed per account and address: somebody polling wrong passwords for an account,
each time as soon as they may, never keeps its owner out, whether the owner comes from another address or
waits out the `Retry-After` they were told; an address guessing one account, or many, is still slowed.
The clock is injected (the gaps pass without sleeping)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from api.edge.login_throttle import FREE_FAILURES, MAX_GAP_SECONDS
from tests.api.accounts_support import AUTH, PASSWORD
from tests.api.identity_support import customer_with_email
from tests.app_services import services_of

LOGIN = f"{AUTH}/login"
ADDRESS_LIMIT = 20  # failed logins per address (api/edge/account_limits.py)


def _clock(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> list[float]:
    counters = services_of(client).login_throttle.counters
    now = [counters.clock()]
    monkeypatch.setattr(counters, "clock", lambda: now[0])
    return now


def _from(client: TestClient, address: str) -> TestClient:
    return TestClient(client.app, client=(address, 40000))


def _attacker(client: TestClient, national_id: str, now: list[float]) -> Callable[[], None]:
    """One guess from the attacker's address as soon as it may: its own `Retry-After` waited out."""
    attacker = _from(client, "203.0.113.7")
    guesses = iter(range(1000))

    def poll() -> None:
        answer = attacker.post(LOGIN, json={"username": national_id, "password": f"Guess-{next(guesses)}"})
        if answer.status_code == 429:
            now[0] += int(answer.headers["retry-after"])
            answer = attacker.post(
                LOGIN, json={"username": national_id, "password": f"Guess-{next(guesses)}"}
            )
        assert answer.status_code == 401, answer.text

    for _ in range(FREE_FAILURES + 1):
        poll()
    return poll


def test_an_attacker_polling_wrong_passwords_never_keeps_the_owner_out_of_another_address(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, national_id = customer_with_email(client, admin_headers)
    now = _clock(client, monkeypatch)
    poll = _attacker(client, national_id, now)
    owner = _from(client, "198.51.100.20")  # an address the owner never used
    statuses = []
    for _ in range(4):
        poll()  # the attacker takes every slot it is given...
        statuses.append(owner.post(LOGIN, json={"username": national_id, "password": PASSWORD}).status_code)
    assert statuses == [200] * 4, statuses  # ...and the owner logs in every time


def test_the_owner_who_waits_the_advertised_retry_after_logs_in_while_the_polling_goes_on(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, national_id = customer_with_email(client, admin_headers)
    now = _clock(client, monkeypatch)
    poll = _attacker(client, national_id, now)
    owner = _from(client, "198.51.100.21")
    for attempt in range(FREE_FAILURES):  # the owner mistypes
        assert (
            owner.post(LOGIN, json={"username": national_id, "password": f"Typo-{attempt}"}).status_code
            == 401
        )
    right = {"username": national_id, "password": PASSWORD}
    for _ in range(3):
        refused = owner.post(LOGIN, json=right)
        assert refused.status_code == 429, refused.text
        retry_after = int(refused.headers["retry-after"])
        assert 0 < retry_after <= MAX_GAP_SECONDS
        now[0] += retry_after  # the owner waits as told...
        poll()  # ...while the attacker polls right at that moment, as soon as it may
        answer = owner.post(LOGIN, json=right)
        assert answer.status_code == 200, answer.text  # the owner's slot was the owner's
        for attempt in range(FREE_FAILURES):  # and mistypes again
            owner.post(LOGIN, json={"username": national_id, "password": f"Again-{attempt}"})


def test_one_address_guessing_one_account_or_many_is_still_slowed(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, national_id = customer_with_email(client, admin_headers)
    _clock(client, monkeypatch)  # frozen: no gap passes
    guesser = _from(client, "203.0.113.8")
    statuses = [
        guesser.post(LOGIN, json={"username": national_id, "password": f"Guess-{i}"}).status_code
        for i in range(30)
    ]
    assert statuses == [401] * FREE_FAILURES + [429] * (30 - FREE_FAILURES), statuses
    # Even the right password waits there (the guesser might have found it).
    refused = guesser.post(LOGIN, json={"username": national_id, "password": PASSWORD})
    assert refused.status_code == 429 and 0 < int(refused.headers["retry-after"]) <= MAX_GAP_SECONDS

    sprayer = _from(client, "203.0.113.9")  # one guess each on many accounts
    statuses = [
        sprayer.post(
            LOGIN, json={"username": f"{national_id[:-2]}{i:02d}", "password": "Guess-1"}
        ).status_code
        for i in range(ADDRESS_LIMIT + 5)
    ]
    assert statuses == [401] * ADDRESS_LIMIT + [429] * 5, statuses
