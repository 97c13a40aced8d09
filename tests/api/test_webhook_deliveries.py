"""Webhook deliveries as a serious product keeps them: a slow receiver delays only itself, removing a
subscription cancels what it still had to hear, resends are limited, secrets are the subscription's own and
rotate with an overlap (verified with the Standard Webhooks library), a subscription hears only the event
types it chose, and the delivery log comes a page at a time."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.booking_support import ADMIN, customer, fails, later, ok
from tests.api.dcsa_support import Held, Receiver, eventually, rate_request_id, sample
from tests.api.test_dcsa_webhooks import subscribe, subscribed
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login

HOOKS = "/integrations/api/v1/client/webhooks"


@dataclass
class SlowReceiver:
    """Answers nothing until `release` is set (or 30 s pass): a receiver that hangs."""

    url: str = ""
    entered: list[str] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)


@pytest.fixture
def slow() -> Iterator[SlowReceiver]:
    found = SlowReceiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("content-length", "0")))
            found.entered.append(self.headers["webhook-id"])
            found.release.wait(30)
            self.send_response(204)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *_: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    found.url = f"http://127.0.0.1:{server.server_address[1]}/slow"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield found
    finally:
        found.release.set()
        server.shutdown()
        server.server_close()


def book(client: TestClient, headers: dict[str, str]) -> str:
    answer = client.post("/v2/bookings", json=sample("booking-regular"), headers=headers)
    assert answer.status_code == 202, answer.text
    return str(answer.json()["carrierBookingRequestReference"])


def deliveries(client: TestClient, headers: dict[str, str], subscription_id: str) -> list[dict[str, Any]]:
    return list(ok(client.get(f"{HOOKS}/{subscription_id}/deliveries", headers=headers))["list"])


def test_a_slow_receiver_delays_only_itself(
    app_client: TestClient, hooks: Receiver, slow: SlowReceiver
) -> None:
    client = app_client
    alice, bob = customer(client, "pool-slow"), customer(client, "pool-fast")
    slow_hook = subscribe(client, alice, slow.url)
    subscribe(client, bob, hooks.url)
    book(client, alice)
    book(client, alice)  # a second notification for the slow receiver: it waits behind the first
    assert eventually(lambda: len(slow.entered) == 1)
    book(client, bob)
    # The fast receiver hears its notification while the slow one still holds the first of Alice's.
    assert eventually(lambda: len(hooks.received) == 1)
    assert not slow.release.is_set() and len(slow.entered) == 1  # one in flight per subscription
    states = [d["state"] for d in deliveries(client, alice, slow_hook["id"])]
    assert states == ["pending", "pending"]
    slow.release.set()
    assert eventually(lambda: len(slow.entered) == 2)
    assert eventually(
        lambda: [d["state"] for d in deliveries(client, alice, slow_hook["id"])] == ["delivered"] * 2
    )


def test_removing_a_subscription_cancels_its_pending_deliveries(held: Held, hooks: Receiver) -> None:
    # This test drives the sender's clock itself.
    client, services = held.client, held.services
    alice, subscription = subscribed(client, "cancel-pending", hooks.url)
    kept = subscribe(client, alice, hooks.url)
    hooks.statuses = [500] * 10
    book(client, alice)
    assert services.settle_all()
    now = datetime.now(UTC)
    assert services.webhook_sender.send_due(now) == 2  # both failed: retries are due in 2 s
    ok(client.delete(f"{HOOKS}/{subscription['id']}", headers=alice))
    assert services.settle_all()
    assert [d["state"] for d in deliveries(client, alice, subscription["id"])] == ["cancelled"]
    assert services.webhook_sender.send_due(now + timedelta(hours=1)) == 1  # only the kept one's retry
    assert {r.json["subscriptionReference"] for r in hooks.received[2:]} == {kept["id"]}
    assert len(hooks.received) == 3
    # A cancelled delivery is not resent.
    cancelled = deliveries(client, alice, subscription["id"])[0]["id"]
    fails(client.post(f"{HOOKS}/deliveries/{cancelled}/resend", headers=alice), 409)


def test_resend_is_limited(held: Held, hooks: Receiver) -> None:
    client, services = held.client, held.services
    alice, subscription = subscribed(client, "resend-limit", hooks.url)
    book(client, alice)
    assert services.settle_all()
    assert services.webhook_sender.send_due() == 1
    delivery = deliveries(client, alice, subscription["id"])[0]["id"]
    resend = f"{HOOKS}/deliveries/{delivery}/resend"
    ok(client.post(resend, headers=alice))
    # Still waiting to be sent: a second resend would only send it twice.
    error = fails(client.post(resend, headers=alice), 409)
    assert error["description"] == "This delivery is already waiting to be sent"
    for _ in range(9):
        assert services.webhook_sender.send_due() == 1
        ok(client.post(resend, headers=alice))
    assert services.webhook_sender.send_due() == 1
    limited = client.post(resend, headers=alice)
    assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
    assert limited.json()["isError"] and limited.json()["error"]["description"] == "Too many resends"
    assert len(hooks.received) == 11  # the first and ten resends, nothing more
    # Another customer's allowance is their own.
    bob = customer(client, "resend-other")
    fails(client.post(resend, headers=bob), 404)


def test_secrets_are_their_own_and_rotate_with_an_overlap(app_client: TestClient, hooks: Receiver) -> None:
    client = app_client
    services = services_of(client)
    alice, first = subscribed(client, "rotate", hooks.url)
    other = subscribe(client, customer(client, "rotate-other"), hooks.url)
    assert first["secret"].startswith("whsec_") and first["secret"] != other["secret"]
    # Not derived from the server secret: changing it changes no subscription's secret.
    services.webhook_sender.stop()
    book(client, alice)
    assert services.settle_all()
    server_secret = services.jwt_secret
    services.jwt_secret = "another-server-secret-that-is-long-enough-for-hs256"
    assert services.webhook_sender.send_due() == 1
    services.jwt_secret = server_secret
    services.webhook_sender.start()
    assert hooks.received[0].signed_by(first["secret"])

    rotated = ok(client.post(f"{HOOKS}/{first['id']}/rotate-secret", json={"overlapHours": 1}, headers=alice))
    second = rotated["secret"]
    assert second.startswith("whsec_") and second != first["secret"]
    listed = next(w for w in ok(client.get(HOOKS, headers=alice))["list"] if w["id"] == first["id"])
    assert listed["previousSecretValidUntil"] == rotated["previousSecretValidUntil"]
    assert "secret" not in listed
    book(client, alice)
    assert eventually(lambda: len(hooks.received) == 2)
    during = hooks.received[1]
    assert len(during.headers["webhook-signature"].split(" ")) == 2  # both signatures during the overlap
    assert during.signed_by(second) and during.signed_by(first["secret"])

    third = ok(client.post(f"{HOOKS}/{first['id']}/rotate-secret", json={"overlapHours": 0}, headers=alice))
    book(client, alice)
    assert eventually(lambda: len(hooks.received) == 3)
    after = hooks.received[2]
    assert after.signed_by(third["secret"])
    assert not after.signed_by(second) and not after.signed_by(first["secret"])
    # Only the owner rotates; a wrong overlap is a clear 400.
    fails(
        client.post(f"{HOOKS}/{first['id']}/rotate-secret", json={}, headers=customer(client, "rot-x")), 404
    )
    error = fails(
        client.post(f"{HOOKS}/{first['id']}/rotate-secret", json={"overlapHours": 500}, headers=alice), 400
    )
    assert error["fields"] == {"overlapHours": "Must be at most 168"}


def test_a_subscription_hears_only_the_event_types_it_chose(app_client: TestClient, hooks: Receiver) -> None:
    client = app_client
    services = services_of(client)
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    alice = customer(client, "filter")
    quotes_only = subscribe_with(client, alice, hooks.url, ["booking.quoted"])
    assert quotes_only["eventTypes"] == ["booking.quoted"]
    reference = book(client, alice)
    rid = rate_request_id(client, reference)
    ok(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/quote", headers=admin, json={"price": 700, "validUntil": later()}
        )
    )
    assert services.settle_all()
    assert eventually(lambda: len(hooks.received) == 1)
    quoted = hooks.received[0].json["data"]
    assert quoted["bookingStatus"] == "RECEIVED" and "700" in quoted["feedbacks"][0]["message"]
    log = deliveries(client, alice, quotes_only["id"])
    assert [(d["eventType"], d["bookingStatus"]) for d in log] == [("booking.quoted", "RECEIVED")]
    # Every kind again (null), then the next step is heard.
    chosen = ok(
        client.put(f"{HOOKS}/{quotes_only['id']}/event-types", json={"eventTypes": None}, headers=alice)
    )
    assert chosen["eventTypes"] is None
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/reject", headers=admin, json={"message": "No space"}))
    assert eventually(lambda: len(hooks.received) == 2)
    assert hooks.received[1].json["data"]["bookingStatus"] == "REJECTED"
    error = fails(
        client.post(HOOKS, json={"callbackUrl": hooks.url, "eventTypes": ["booking.eaten"]}, headers=alice),
        400,
    )
    assert "eventTypes.0" in error["fields"] or "eventTypes" in error["fields"]
    error = fails(client.post(HOOKS, json={"callbackUrl": hooks.url, "eventTypes": []}, headers=alice), 400)
    assert "eventTypes" in error["fields"]


def subscribe_with(client: TestClient, headers: dict[str, str], url: str, types: list[str]) -> dict[str, Any]:
    return dict(ok(client.post(HOOKS, json={"callbackUrl": url, "eventTypes": types}, headers=headers), 201))


def test_the_delivery_log_comes_a_page_at_a_time(app_client: TestClient, hooks: Receiver) -> None:
    client = app_client
    services = services_of(client)
    alice, subscription = subscribed(client, "paging", hooks.url)
    for _ in range(5):
        book(client, alice)
    assert services.settle_all()
    log = f"{HOOKS}/{subscription['id']}/deliveries"
    whole = ok(client.get(log, headers=alice))
    assert whole["totalCount"] == 5 and len(whole["list"]) == 5 and whole["page"] == 1
    pages = [ok(client.get(log, params={"page": n, "limit": 2}, headers=alice)) for n in (1, 2, 3)]
    assert [len(p["list"]) for p in pages] == [2, 2, 1]
    assert all(p["totalCount"] == 5 and p["limit"] == 2 for p in pages)
    assert [d["id"] for p in pages for d in p["list"]] == [d["id"] for d in whole["list"]]
    fails(client.get(log, params={"limit": 500}, headers=alice), 400)
