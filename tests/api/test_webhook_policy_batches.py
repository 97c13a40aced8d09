"""The webhook policy reads a batch's bookings and subscriptions at its start: one
batch records exactly what one event at a time records, subscriptions changing in between included, and on
PostgreSQL it waits on the database a few times per batch instead of twice per event."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from psycopg._pipeline_base import BasePipeline

from api.bootstrap import open_read_models
from api.dcsa.booking.notifications import DcsaBookingView
from policies.webhooks.policy import SubscriptionEvent, webhook_follower
from tests.api.booking_support import ADMIN, CLIENT, create, customer, later, ok, quoted
from tests.api.dcsa_support import Receiver
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login

HOOKS = "/integrations/api/v1/client/webhooks"
TABLES = ("webhook_deliveries", "webhook_policy_bookings", "webhook_policy_changes")


def _history(client: TestClient, hooks: Receiver) -> dict[str, str]:
    """Bookings of two customers moving while their subscriptions come, choose and go."""
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    alice, bob = customer(client, "hook-batch-alice"), customer(client, "hook-batch-bob")
    first = ok(client.post(HOOKS, json={"callbackUrl": hooks.url + "/a"}, headers=alice), 201)
    mine = quoted(client, alice, admin)
    theirs = create(client, bob)["id"]
    only_quotes = {"callbackUrl": hooks.url + "/b", "eventTypes": ["booking.quoted"]}
    bobs = ok(client.post(HOOKS, json=only_quotes, headers=bob), 201)
    price = {"price": 990, "validUntil": later()}
    ok(client.put(f"{ADMIN}/rate-requests/{theirs}/quote", headers=admin, json=price))
    ok(client.put(f"{CLIENT}/rate-requests/{mine}/approve", headers=alice))
    ok(client.delete(f"{HOOKS}/{first['id']}", headers=alice))
    unheard = quoted(client, alice, admin)  # nobody of alice's hears it
    second = ok(client.post(HOOKS, json={"callbackUrl": hooks.url + "/a2"}, headers=alice), 201)
    ok(client.put(f"{CLIENT}/rate-requests/{unheard}/approve", headers=alice))
    ok(client.put(f"{CLIENT}/rate-requests/{theirs}/approve", headers=bob))
    return {"first": first["id"], "bobs": bobs["id"], "second": second["id"], "unheard": unheard}


def _rows(db: Any) -> dict[str, list[dict[str, Any]]]:
    with db.read() as tx:
        return {table: tx.all(f"SELECT * FROM {table} ORDER BY id") for table in TABLES}


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each time a pipelined PostgreSQL transaction of this thread waits for answers it asked for (a round
    trip); the app's own followers run beside it in threads of their own."""
    counted: list[int] = []
    original = BasePipeline._fetch_gen
    mine = threading.get_ident()

    def fetch_gen(self: BasePipeline, *, flush: bool) -> Iterator[Any]:
        if self.result_queue and threading.get_ident() == mine:
            counted.append(1)
        return (yield from original(self, flush=flush))

    monkeypatch.setattr(BasePipeline, "_fetch_gen", fetch_gen)
    return counted


def test_one_batch_records_what_one_event_at_a_time_records(
    app_client: TestClient, hooks: Receiver, tmp_path: Path, store_kind: str, waits: list[int]
) -> None:
    ids = _history(app_client, hooks)
    services = services_of(app_client)
    assert services.settle_all()
    store = services.store
    decode = store.mapper.to_domain_event
    notices = store.recorder.select_notifications(start=0, limit=10_000, inclusive_of_start=False)
    changes = sum(isinstance(decode(n), SubscriptionEvent) for n in notices if "Webhook" in n.topic)
    assert changes >= 4  # three subscribed, one removed

    found = {}
    for size in (1, 10_000):
        db = open_read_models(services.settings, schema=f"batch{size}", path=tmp_path / f"batch{size}.db")
        try:
            follower = webhook_follower(store, db, services.site_url, DcsaBookingView())
            follower.batch_size = size
            waits.clear()
            if size == 1:
                follower.catch_up()
            else:
                assert follower.step() and follower.position == store.head()  # the whole log, one batch
                if store_kind == "postgres":
                    # Its tracking row with the batch's reads, and the commit; after each subscription change
                    # a customer's subscriptions are read again (two customers). One event at a time asked
                    # twice per booking event.
                    assert len(waits) <= 2 + 2 * changes, len(waits)
            found[size] = _rows(db)
        finally:
            db.close()
    assert found[1] == found[10_000]
    # And what the live policy recorded, in its own batches (the sender has moved its deliveries on since).
    live = _rows(services.read_models)
    recorded = ("id", "subscription_id", "rate_request_id", "booking_status", "body", "event_type")
    for table, rows in found[1].items():
        columns = recorded if table == "webhook_deliveries" else tuple(rows[0]) if rows else ()
        shown = [[row[c] for c in columns] for row in live[table]]
        assert [[row[c] for c in columns] for row in rows] == shown
    deliveries = found[1]["webhook_deliveries"]
    by_subscription: dict[str, list[str]] = {}
    for row in deliveries:
        by_subscription.setdefault(row["subscription_id"], []).append(row["event_type"])
    assert by_subscription[ids["bobs"]] == ["booking.quoted"]  # only the kind it chose, after it came
    # Created, quoted, accepted (the reference is assigned in the same command as the creation, or later).
    assert len(by_subscription[ids["first"]]) >= 3
    unheard = [row for row in deliveries if row["rate_request_id"] == ids["unheard"]]
    assert [(row["subscription_id"], row["event_type"]) for row in unheard] == [
        (ids["second"], "booking.price_accepted")
    ]
