"""A poison event is parked, not looped; health sees a dead follower by time. Both stores.

Poison: an account event written straight into the store that the accounts projection cannot apply (the
test switches the failure on for that one aggregate) is parked within its tries, the events after it apply,
`/health` and `freight verify` name it, and `freight dead-letters retry` applies it once the failure is off.

Health: every follower stopped, one write: `/health` turns 503 within 45 s; a follower started: 200 again.
Every wait is on a condition with a deadline, never a fixed sleep.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from httpx import Response

from api.bootstrap import Services
from api.cli.dead_letters import _retry
from api.cli.outcome import Console
from api.cli.read_models import _verify, parked_after_rebuild
from api.main import create_app
from api.settings import Settings
from domain.accounts.account import INDIVIDUAL, Account
from domain.shared.actor import SYSTEM_ACTOR
from followers import dead_letters
from projections import accounts
from projections.rebuild import rebuild
from projections.registry import READ_MODELS
from tests.api.poison_support import Switch, poison, wait_until
from tests.app_services import services_of
from tests.conftest import TEST_PASSWORDS
from tests.corpus import fresh_national_id, fresh_national_id_with_leading_zero

PASSWORD = "Customer-Pass1"


@pytest.fixture
def switch(monkeypatch: pytest.MonkeyPatch) -> Switch:
    """The accounts projection fails on the aggregates in `poisoned` while `on`."""
    # What a projection may meet.
    return poison(monkeypatch, accounts.projection, Account.Opened, "text fields cannot hold this value")


@pytest.fixture
def poison_client(settings: Settings, switch: Switch) -> Iterator[TestClient]:
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        yield client


def _open(services: Services, username: str) -> tuple[str, int]:
    account = Account.open(username, INDIVIDUAL, [], {}, SYSTEM_ACTOR)
    account.set_password(TEST_PASSWORDS.hash(PASSWORD), SYSTEM_ACTOR)
    return str(account.id), services.accounts.record(account)


def _logs_in(client: TestClient, username: str) -> bool:
    answer: Response = client.post("/auth/api/v1/login", json={"username": username, "password": PASSWORD})
    return answer.status_code == 200


def test_a_poison_event_is_parked_named_and_retried(
    poison_client: TestClient, settings: Settings, switch: Switch
) -> None:
    client = poison_client
    services = services_of(client)
    poison_name, later_name = fresh_national_id(), fresh_national_id_with_leading_zero()
    account = Account.open(poison_name, INDIVIDUAL, [], {}, SYSTEM_ACTOR)
    account.set_password(TEST_PASSWORDS.hash(PASSWORD), SYSTEM_ACTOR)
    switch.poisoned.add(str(account.id))
    position = services.accounts.record(account)
    _, later = _open(services, later_name)

    def parked() -> list[dead_letters.DeadLetter]:
        with services.read_models.read() as tx:
            return dead_letters.letters(tx, dead_letters.PARKED, READ_MODELS)

    letters = wait_until(parked, "the poison event parked")
    poisoned = [letter for letter in letters if letter.aggregate_id == str(account.id)]
    assert poisoned and poisoned[0].attempts == dead_letters.PARK_AFTER, letters
    assert "text fields cannot hold this value" in poisoned[0].error
    # The events after it apply: the later account logs in; the poisoned one is not in the read models.
    assert services.read_follower.wait_for(later, 30)
    assert _logs_in(client, later_name)
    assert not _logs_in(client, poison_name)

    sick = client.get("/health")
    assert sick.status_code == 503, sick.text
    report = sick.json()["response"]
    assert report["groups"][READ_MODELS]["parked"] == 1
    assert any(str(account.id) == p["aggregateId"] for p in report["parked"])
    assert any("read_models" in problem and "parked" in problem for problem in report["problems"])

    found = _verify(settings, 5.0, Console(json=True))
    assert found.code == 1
    assert [p["aggregateId"] for p in found.fields["parked"]] == [str(account.id)]
    # Its rebuild meets the same poison: the history does not replay (apart from what the live ones parked).
    assert [p["aggregateId"] for p in found.fields["unreplayed"]] == [str(account.id)]

    # A replay finishes whatever the store holds: the poison event is parked again, the rest rebuilt.
    for follower in services.followers:
        follower.stop()
    stats = rebuild(services.store, services.read_models)
    assert stats.parked == 1 and parked_after_rebuild(settings) == 1
    for follower in services.followers:
        follower.start()
    assert _logs_in(client, later_name) and not _logs_in(client, poison_name)

    # A retry while the failure is still on fails again and keeps it parked.
    args = argparse.Namespace(action="retry", positions=[], follower=None, reason=None, all=False)
    again = _retry(settings, args, Console(json=True))
    assert again.code == 1 and again.fields["applied"] == []
    switch.on = False  # the fix
    fixed = _retry(settings, args, Console(json=True))
    assert fixed.code == 0, fixed.fields
    assert [a["position"] for a in fixed.fields["applied"]] == [poisoned[0].position]
    assert _logs_in(client, poison_name)
    assert not parked()
    healthy = wait_until(lambda: client.get("/health").status_code == 200, "/health 200 after retry")
    assert healthy and position > 0


def test_health_turns_503_when_every_follower_is_dead_and_200_when_one_returns(
    settings: Settings,
) -> None:
    # The default thresholds (15 s without a live holder, 30 s of lag): the proof is about them.
    assert (settings.HEALTH_NO_HOLDER_SECONDS, settings.HEALTH_MAX_LAG_SECONDS) == (15.0, 30.0)
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        services = services_of(client)
        wait_until(lambda: client.get("/health").status_code == 200, "healthy at start")
        report = client.get("/health").json()["response"]
        assert set(report["groups"]) >= {READ_MODELS, "notifications_policy", "messaging_policy"}
        assert all(group["holder"] for group in report["groups"].values())
        for follower in services.followers:
            follower.stop()
        _open(services, fresh_national_id())
        started = time.monotonic()
        sick = wait_until(
            lambda: (answer := client.get("/health")).status_code == 503 and answer, "/health 503", timeout=45
        )
        assert time.monotonic() - started < 45
        body = sick.json()
        groups = body["response"]["groups"]
        assert groups[READ_MODELS]["lagEvents"] >= 1
        assert any("no live holder" in p for p in body["response"]["problems"]), body
        for follower in services.followers:
            follower.start()
        # Back to 200, and the read models at the head: the policies' own reactions (the notifications they
        # record) are events too, so the lag is read in the same answer as the status, not in a later one.
        back = wait_until(
            lambda: (
                (answer := client.get("/health")).status_code == 200
                and answer.json()["response"]["groups"][READ_MODELS]["lagEvents"] == 0
                and answer
            ),
            "/health 200 with followers back and the read models at the head",
            timeout=45,
        )
        assert back.json()["response"]["groups"][READ_MODELS]["holder"]
