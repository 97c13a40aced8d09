"""Issue 23: guessing one account's password from many addresses is slowed per account (a growing gap
between checks, never more than 30 s), while its owner, from an address they logged in from before, is
not held up at all, and from a new one waits at most the gap."""

from __future__ import annotations

from collections import Counter

import pytest
from fastapi.testclient import TestClient

from api.login_throttle import FREE_FAILURES, MAX_GAP_SECONDS
from tests.api.accounts_support import AUTH, PASSWORD, ok
from tests.api.identity_support import customer_with_email

LOGIN = f"{AUTH}/login"


def test_fifty_guesses_from_ten_addresses_get_few_checks_and_the_owner_gets_in(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, national_id = customer_with_email(client, admin_headers)
    owner = TestClient(client.app, client=("198.51.100.20", 40000))
    ok(owner.post(LOGIN, json={"username": national_id, "password": PASSWORD}))  # a known address

    counters = client.app.state.services.login_throttle.counters  # type: ignore[attr-defined]
    now = [counters.clock()]
    monkeypatch.setattr(counters, "clock", lambda: now[0])  # a frozen clock: the gaps do not pass by
    attackers = [TestClient(client.app, client=(f"203.0.113.{i}", 40000)) for i in range(10)]
    statuses: Counter[int] = Counter()
    waits = []
    for attempt in range(50):
        answer = attackers[attempt % 10].post(
            LOGIN, json={"username": national_id, "password": f"Guess-{attempt}"}
        )
        statuses[answer.status_code] += 1
        if answer.status_code == 429:
            waits.append(int(answer.headers["retry-after"]))
    print(f"50 guesses from 10 addresses: {statuses[401]} checked")
    assert statuses == {401: FREE_FAILURES + 1, 429: 50 - FREE_FAILURES - 1}, statuses
    assert max(waits) <= MAX_GAP_SECONDS

    # The owner, from their known address, at once; from a new address, after at most the gap.
    ok(owner.post(LOGIN, json={"username": national_id, "password": PASSWORD}))
    more = [TestClient(client.app, client=(f"203.0.113.{100 + i}", 40000)) for i in range(FREE_FAILURES + 3)]
    for attempt, attacker in enumerate(more):  # the guessing goes on (the owner's login forgave the rest)
        attacker.post(LOGIN, json={"username": national_id, "password": f"Again-{attempt}"})
    elsewhere = TestClient(client.app, client=("198.51.100.99", 40000))
    for _ in range(FREE_FAILURES + 2):  # impatient: the refusals do not use up this address's own allowance
        refused = elsewhere.post(LOGIN, json={"username": national_id, "password": PASSWORD})
        assert refused.status_code == 429 and 0 < int(refused.headers["retry-after"]) <= MAX_GAP_SECONDS
    ok(owner.post(LOGIN, json={"username": national_id, "password": PASSWORD}))
    now[0] += int(refused.headers["retry-after"])
    ok(elsewhere.post(LOGIN, json={"username": national_id, "password": PASSWORD}))
