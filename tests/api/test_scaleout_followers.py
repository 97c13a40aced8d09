"""Scale-out pieces, one by one: messages once across processes, one active follower with a standby that
takes over, a retried insert that finds its own events, honest answers when read models are late, creates
with an Idempotency-Key, and a health check that sees a follower behind."""

from __future__ import annotations

import json
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.persistence import RecordConflictError
from fastapi.testclient import TestClient

import api.bootstrap
import api.health
from api.bootstrap import open_read_models
from api.links import PortalLinks
from api.settings import Settings
from domain.accounts.account import INDIVIDUAL, Account
from domain.accounts.application import AccountsApplication
from domain.shared.actor import SYSTEM_ACTOR
from followers.follower import Batch, Follower
from infrastructure.delivery import OutboxFile
from infrastructure.event_store import ConfirmingRecorder, SharedStore
from infrastructure.leases import Lease
from infrastructure.read_db import Tx
from policies.messaging import messaging_follower
from tests.api.accounts_support import quiet_head
from tests.api.booking_support import (
    customer,
    fails,
    in_shipping_order,
    ok,
    order_payload,
    payload,
)
from tests.app_services import services_of
from tests.conftest import make_settings
from tests.pg import Cluster

RATE_REQUESTS = "/booking/api/v1/client/rate-requests"


def outbox_ids(path: Path) -> list[str]:
    if not path.exists():
        return []
    return [json.loads(line)["id"] for line in path.read_text().splitlines() if line.strip()]


def reset_requests(store: SharedStore, count: int, prefix: str = "mail") -> int:
    """`count` customers with an e-mail, each asking for a reset link: `count` e-mails to send."""
    accounts = AccountsApplication(store, secret="s" * 40)
    for index in range(count):
        username = f"{prefix}{index}"
        accounts.record(
            Account.open(username, INDIVIDUAL, [], {"email": f"{username}@example.com"}, SYSTEM_ACTOR)
        )
        accounts.request_password_reset(username, datetime.now(UTC))
    return store.head()


def test_two_messaging_followers_hand_each_message_to_the_port_once(
    settings: Settings, tmp_path: Path
) -> None:
    """Two processes' messaging followers (own memory, own outbox file, no lock) race over one store: the
    ids claimed beside the tracking row let each message through once in all. On main's in-memory ledgers
    both sent every message."""
    store = SharedStore(settings.event_store_env())
    reset_requests(store, 12)
    followers, outboxes, dbs = [], [], []
    for index in range(2):
        db = open_read_models(settings, path=settings.VAR_DIR / "read.db")
        outbox = tmp_path / f"process{index}" / "outbox.jsonl"
        follower = messaging_follower(store, db, OutboxFile(outbox), "s" * 40, PortalLinks("http://x"))
        follower.batch_size = 3  # several batches, so the two interleave
        followers.append(follower)
        outboxes.append(outbox)
        dbs.append(db)
    errors: list[BaseException] = []

    def drain(follower: Follower) -> None:
        deadline = time.monotonic() + 30
        while follower.position < store.head() and time.monotonic() < deadline:
            try:
                follower.step()
            except Exception as error:  # a lost race rolls back; the follower re-reads and goes on
                errors.append(error)
                follower.reload_position()

    threads = [threading.Thread(target=drain, args=(f,)) for f in followers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    sent = outbox_ids(outboxes[0]) + outbox_ids(outboxes[1])
    try:
        assert len(sent) == 12 and len(set(sent)) == 12, sent
        with dbs[0].read() as tx:
            assert tx.scalar("SELECT COUNT(*) FROM sent_messages") == 12
    finally:
        for db in dbs:
            db.close()
        store.close()


def test_only_the_lock_holder_applies_and_a_standby_takes_over(pg_cluster: Cluster, tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "var", pg_cluster.create_database())
    store = SharedStore(settings.event_store_env())
    applied: dict[str, list[int]] = {"first": [], "second": []}

    def applier(name: str) -> Any:
        def apply(_: Tx, batch: Batch) -> None:
            applied[name].extend(position for position, _ in batch)

        return apply

    dbs = [open_read_models(settings) for _ in range(2)]
    conninfo = settings.read_model_conninfo()
    first = Follower("group", store, dbs[0], applier("first"), idle_wait=0.05, lease=Lease(conninfo, "group"))
    first.start()
    deadline = time.monotonic() + 10
    while not first.active and time.monotonic() < deadline:
        time.sleep(0.05)
    second = Follower(
        "group", store, dbs[1], applier("second"), idle_wait=0.05, lease=Lease(conninfo, "group")
    )
    second.start()
    try:
        head = reset_requests(store, 3)
        assert first.wait_for(head, 10)
        time.sleep(0.6)  # longer than a standby's retry: it must still be standing by
        assert first.active and not second.active and applied["second"] == []
        assert second.wait_for(head, 5)  # a standby's wait watches the tracking row

        first.stop()  # its session ends and frees the lock
        head = reset_requests(store, 3, prefix="later")
        assert second.wait_for(head, 10)
        assert second.active
        # Together they applied every position once, the second from where the first stopped.
        assert sorted(applied["first"] + applied["second"]) == list(range(1, head + 1))
    finally:
        first.stop()
        second.stop()
        for db in dbs:
            db.close()
        store.close()


def test_a_retried_insert_that_finds_its_own_events_answers_their_positions(
    pg_cluster: Cluster, tmp_path: Path
) -> None:
    """The library retries an insert whose commit acknowledgement was lost and hits its own rows; that is
    no conflict. Someone else's rows at those versions still are."""
    settings = make_settings(tmp_path / "var", pg_cluster.create_database())
    store = SharedStore(settings.event_store_env())
    try:
        account = Account.open("retried", INDIVIDUAL, [], {}, SYSTEM_ACTOR)
        stored = [store.mapper.to_stored_event(event) for event in account.collect_events()]
        ids = store.recorder.insert_events(stored)
        assert ConfirmingRecorder(store.recorder).insert_events(stored) == ids

        other = Account.open("retried", INDIVIDUAL, [], {"email": "x@example.com"}, SYSTEM_ACTOR)
        theirs = [store.mapper.to_stored_event(event) for event in other.collect_events()]
        with pytest.raises(RecordConflictError):
            ConfirmingRecorder(store.recorder).insert_events(theirs)
    finally:
        store.close()


def test_a_write_the_read_models_do_not_show_in_time_is_answered_202(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stored is stored: a late read model makes the answer 202 with the id and position, never a 404
    (main answered a stored create 404 "Rate request not found")."""
    headers = customer(client, "late")
    services = services_of(client)
    monkeypatch.setattr(services.settings, "SETTLE_SECONDS", 0.3)
    # A process that applies the read models itself waits for them (a worker whose read models another
    # process applies answers from the command's own events instead: tests/api/test_fresh_answers.py).
    monkeypatch.setattr(api.bootstrap.Services, "follows_here", property(lambda self: True))
    services.read_follower.stop()
    created = client.post(RATE_REQUESTS, json=payload(), headers=headers)
    assert created.status_code == 202, created.text
    answer = created.json()["response"]
    # The policy may record after it (the staff's "new rate request" notification): at most the head.
    assert answer["pending"] is True and answer["position"] <= services.store.head()
    stored = services.store.recorder.select_notifications(start=answer["position"], limit=1)[0]
    assert str(stored.originator_id) == answer["id"]

    edited = client.put(f"{RATE_REQUESTS}/{answer['id']}", json=payload(quantity=3), headers=headers)
    assert edited.status_code == 202, edited.text
    assert edited.json()["response"]["id"] == answer["id"]


def test_a_create_retried_with_its_idempotency_key_makes_one_rate_request(client: TestClient) -> None:
    headers = customer(client, "retrier")
    keyed = {**headers, "Idempotency-Key": "order-7f3a"}
    first = client.post(RATE_REQUESTS, json=payload(), headers=keyed)
    again = client.post(RATE_REQUESTS, json=payload(), headers=keyed)
    other = client.post(RATE_REQUESTS, json=payload(), headers={**headers, "Idempotency-Key": "order-9c1d"})
    assert first.status_code == again.status_code == other.status_code == 201, (first.text, again.text)
    assert first.json()["response"]["id"] == again.json()["response"]["id"] != other.json()["response"]["id"]
    listing = client.get(f"{RATE_REQUESTS}?limit=100", headers=headers).json()["response"]["list"]
    assert listing["totalCount"] == 2
    # The key belongs to the customer: another customer's same key is another booking.
    someone = customer(client, "someone")
    theirs = client.post(RATE_REQUESTS, json=payload(), headers={**someone, "Idempotency-Key": "order-7f3a"})
    assert theirs.status_code == 201 and theirs.json()["response"]["id"] != first.json()["response"]["id"]


def test_an_idempotency_key_sent_again_with_another_body_is_refused_and_records_nothing(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Stripe's and the IETF draft's rule: a key names one request. The same key with another body is
    refused (409 naming the header), nothing is recorded, and the first request stands."""
    services = services_of(client)
    headers = customer(client, "keyholder")
    keyed = {**headers, "Idempotency-Key": "order-5e2b"}
    first = ok(client.post(RATE_REQUESTS, json=payload(), headers=keyed), 201)
    head = quiet_head(services)
    for changed in (payload(quantity=7), payload(commodity="Saffron"), payload(hsCode="not a code")):
        error = fails(client.post(RATE_REQUESTS, json=changed, headers=keyed), 409)
        assert "Idempotency-Key" in error["fields"], error
    assert quiet_head(services) == head
    # The same body again is still the first answer; the request is unchanged.
    again = ok(client.post(RATE_REQUESTS, json=payload(), headers=keyed), 201)
    assert again["id"] == first["id"] and again["quantity"] == first["quantity"]
    listing = ok(client.get(f"{RATE_REQUESTS}?limit=100", headers=headers))["list"]
    assert listing["totalCount"] == 1 and listing["list"][0]["quantity"] == first["quantity"]

    # A shipping order's create: the key repeats the same order, another body under a key is refused.
    rid = in_shipping_order(client, headers, admin_headers)
    orders = "/booking/api/v1/client/shipping-orders"
    order_key = {**headers, "Idempotency-Key": "so-1"}
    created = ok(client.post(orders, json=order_payload(rid), headers=order_key), 201)
    head = quiet_head(services)
    other = order_payload(rid, cargoDescription="Dried figs")
    error = fails(client.post(orders, json=other, headers={**headers, "Idempotency-Key": "so-1"}), 409)
    assert "Idempotency-Key" in error["fields"], error
    assert quiet_head(services) == head
    repeated = ok(client.post(orders, json=order_payload(rid), headers=order_key), 201)
    assert repeated["id"] == created["id"] and repeated["cargoDescription"] == "Roasted pistachios in boxes"


def test_health_reports_every_tracked_position_and_fails_past_the_lag_threshold(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    services = services_of(client)
    # The policies may still be reacting to the start (the first admin's events): wait for them, not hope.
    assert services.settle_all(services.store.head(), timeout=10)
    healthy = client.get("/health")
    assert healthy.status_code == 200, healthy.text
    report = healthy.json()["response"]
    assert set(report["tracking"]) >= {"read_models", "notifications_policy", "messaging_policy"}
    assert all(position == report["position"] for position in report["tracking"].values())

    headers = customer(client, "behind")
    monkeypatch.setattr(api.health, "MAX_LAG", 0)
    monkeypatch.setattr(services.settings, "SETTLE_SECONDS", 0.2)
    for follower in services.followers:
        follower.stop()
    # Stored either way: 202 where this process applies the read models, else answered from its events.
    assert client.post(RATE_REQUESTS, json=payload(), headers=headers).status_code in (201, 202)
    sick = client.get("/health")
    assert sick.status_code == 503, sick.text
    assert "read_models" in sick.json()["response"]["behind"]
