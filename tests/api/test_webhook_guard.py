"""A webhook sender that cannot be aimed inside: the URL corpus refused at registration and at send
time with a loopback listener that sees no connection, one resolution pinned to the connection, and a DNS
answer that changes between registration and sending (rebinding)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from infrastructure.read_db import SqliteReadModels
from infrastructure.webhook_sender import WebhookSender
from policies.webhooks.state import ensure_tables
from tests.api.booking_support import customer, fails, ok
from tests.api.dcsa_support import Receiver, receiver, sample
from tests.api.webhook_guard_support import (
    NOT_PUBLIC,
    PUBLIC,
    Connections,
    Listener,
    StandInDns,
    listener,
)
from tests.app_services import services_of

HOOKS = "/integrations/api/v1/client/webhooks"
SECRET = "whsec_" + "A" * 43 + "="
REFUSED = "The callback URL must be a public address"


@pytest.fixture
def loopback() -> Iterator[Listener]:
    yield from listener()


@pytest.fixture
def internet() -> Iterator[Receiver]:
    yield from receiver()


def test_the_corpus_has_at_least_35_spellings() -> None:
    assert len(NOT_PUBLIC) >= 35 and len(set(NOT_PUBLIC)) == len(NOT_PUBLIC)


def test_every_spelling_is_refused_at_registration(client: TestClient, loopback: Listener) -> None:
    services = services_of(client)
    services.integrations.resolve = StandInDns()
    alice = customer(client, "guard-register")
    accepted = []
    for template in NOT_PUBLIC:
        url = template.format(port=loopback.port)
        answer = client.post(HOOKS, json={"callbackUrl": url}, headers=alice)
        if answer.status_code != 400:
            accepted.append(url)
            continue
        assert answer.json()["error"]["fields"] == {
            "callbackUrl": "The callback URL must be a public address"
        }
    assert accepted == []
    # A public name is accepted (the check does not refuse everything), and nothing was connected to.
    ok(client.post(HOOKS, json={"callbackUrl": "https://hooks.example.com/dcsa"}, headers=alice), 201)
    assert ok(client.get(HOOKS, headers=alice))["totalCount"] == 1
    assert loopback.accepted == []


def _deliveries_to(db: SqliteReadModels, urls: list[str]) -> None:
    """One pending delivery to each URL, as the policy records them (registration would refuse these)."""
    ensure_tables(db)
    moment = "2026-01-01T00:00:00.000000Z"
    body = json.dumps({"id": "n1", "data": {"carrierBookingRequestReference": "FB-2026-000001"}})
    with db.transaction() as tx:
        for number, url in enumerate(urls):
            tx.execute(
                "INSERT INTO webhook_policy_subscriptions (id, customer_id, callback_url, active)"
                " VALUES (?, 'c1', ?, 1)",
                (f"s{number}", url),
            )
            tx.execute(
                "INSERT INTO webhook_deliveries (id, subscription_id, customer_id, rate_request_id, event_id,"
                " booking_status, body, state, attempts, next_attempt_at, window_started_at, created_at,"
                " position) VALUES (?, ?, 'c1', 'b1', 'n1', 'RECEIVED', ?, 'pending', 0, ?, ?, ?, ?)",
                (f"d{number}", f"s{number}", body, moment, moment, moment, number),
            )


def test_every_spelling_is_refused_at_send_time_and_nothing_connects(
    tmp_path: Path, loopback: Listener
) -> None:
    db = SqliteReadModels(tmp_path / "read.db")
    urls = [template.format(port=loopback.port) for template in NOT_PUBLIC]
    _deliveries_to(db, urls)
    connections = Connections()
    sender = WebhookSender(
        db, lambda _: [SECRET], allow_local=False, resolver=StandInDns(), connector=connections
    )
    now = datetime.now(UTC)
    sent = 0
    while attempted := sender.send_due(now, limit=50):
        sent += attempted
        now = now.replace(year=now.year + 1)  # past every backoff; the retry window is the first attempt's
    assert sent >= len(urls)
    with db.read() as tx:
        rows = tx.all("SELECT d.id, d.last_error, d.last_status FROM webhook_deliveries d ORDER BY id")
    assert len(rows) == len(urls)
    assert all(row["last_status"] is None and row["last_error"] for row in rows)
    assert connections.asked == [] and loopback.accepted == []


def test_one_resolution_is_pinned_to_the_connection_and_the_name_kept_for_host(
    tmp_path: Path, internet: Receiver
) -> None:
    db = SqliteReadModels(tmp_path / "read.db")
    _deliveries_to(db, ["http://hooks.example.com:8080/in"])
    dns = StandInDns()
    connections = Connections(internet_port=int(internet.url.rsplit(":", 1)[1].split("/")[0]))
    sender = WebhookSender(db, lambda _: [SECRET], allow_local=False, resolver=dns, connector=connections)
    assert sender.send_due(datetime.now(UTC)) == 1
    assert dns.asked == ["hooks.example.com"]  # resolved once
    assert connections.asked == [(PUBLIC, 8080)]  # connected to exactly the address checked
    assert [r.headers["host"] for r in internet.received] == ["hooks.example.com:8080"]
    assert internet.received[0].path == "/in/v2/booking-notifications"


def test_a_name_that_resolves_to_loopback_at_send_time_is_refused(
    client: TestClient, loopback: Listener
) -> None:
    """DNS rebinding: public when registered, loopback when sent."""
    services = services_of(client)
    services.webhook_sender.stop()
    dns = StandInDns()
    services.integrations.resolve = dns
    alice = customer(client, "guard-rebind")
    subscription = ok(
        client.post(
            HOOKS, json={"callbackUrl": f"http://rebind.example.net:{loopback.port}/"}, headers=alice
        ),
        201,
    )
    assert client.post("/v2/bookings", json=sample("booking-regular"), headers=alice).status_code == 202
    assert services.settle_all()
    dns.answers["rebind.example.net"] = ["127.0.0.1"]
    connections = Connections()
    strict = WebhookSender(
        services.read_models, services.webhook_secrets, allow_local=False, resolver=dns, connector=connections
    )
    assert strict.send_due(datetime.now(UTC)) == 1
    log = ok(client.get(f"{HOOKS}/{subscription['id']}/deliveries", headers=alice))["list"]
    assert [(d["state"], d["attempts"], d["lastStatusCode"]) for d in log] == [("pending", 1, None)]
    assert log[0]["lastError"] == "The callback resolves to an address that is not public"
    assert connections.asked == [] and loopback.accepted == []


def test_the_rebinding_name_is_refused_at_registration_once_it_resolves_inside(client: TestClient) -> None:
    services = services_of(client)
    services.integrations.resolve = StandInDns({"rebind.example.net": ["127.0.0.1"]})
    alice = customer(client, "guard-rebind-2")
    error = fails(client.post(HOOKS, json={"callbackUrl": "https://rebind.example.net/"}, headers=alice), 400)
    assert error["fields"] == {"callbackUrl": REFUSED}
