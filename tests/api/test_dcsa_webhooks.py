"""Booking notifications as signed webhooks: subscriptions, the policy follower, delivery, retries, resend."""

from __future__ import annotations

import base64
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.dcsa.booking.notifications import DcsaBookingView
from infrastructure.webhook_sender import WebhookSender
from policies.webhooks.policy import webhook_follower
from tests.api.accounts_support import settle
from tests.api.booking_support import ADMIN, CLIENT, customer, fails, later, ok
from tests.api.dcsa_support import Held, Receiver, eventually, rate_request_id, sample, validate
from tests.api.schedules_support import PUBLISH, publication
from tests.api.test_booking_sailings import departure_in
from tests.api.webhook_document import validate_notification, webhook_operation
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login

HOOKS = "/integrations/api/v1/client/webhooks"
OTHER_SECRET = "whsec_" + base64.b64encode(b"another subscription's 32 bytes!").decode()


def subscribe(client: TestClient, headers: dict[str, str], url: str) -> dict[str, Any]:
    return dict(ok(client.post(HOOKS, json={"callbackUrl": url}, headers=headers), 201))


def subscribed(client: TestClient, name: str, url: str) -> tuple[dict[str, str], dict[str, Any]]:
    """A new customer `name` subscribed to webhooks at `url`: the customer's headers and the subscription."""
    who = customer(client, name)
    return who, subscribe(client, who, url)


def test_journey_every_status_change_is_notified_once_and_signed(
    app_client: TestClient, hooks: Receiver
) -> None:
    client = app_client
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    alice, subscription = subscribed(client, "hook-journey", hooks.url)
    assert subscription["secret"].startswith("whsec_")
    assert "secret" not in ok(client.get(HOOKS, headers=alice))["list"][0]
    answer = client.post("/v2/bookings", json=sample("booking-regular"), headers=alice)
    reference = answer.json()["carrierBookingRequestReference"]
    rid = rate_request_id(client, reference)
    price = {"price": 900, "validUntil": later()}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin, json=price))
    # A firm request (made through the standard): staff confirm it with the price quoted.
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin))
    confirmed = client.get(f"/v2/bookings/{reference}", headers=alice).json()
    assert confirmed["bookingStatus"] == "CONFIRMED"

    # Every change of what GET /v2/bookings/{ref} shows is notified: the request, the quote (its price as
    # a feedback), the confirmation (a firm request has no customer step between).
    assert eventually(lambda: len(hooks.received) >= 3)
    time.sleep(1.0)  # nothing more may come
    statuses = [r.json["data"]["bookingStatus"] for r in hooks.received]
    assert statuses == ["RECEIVED", "RECEIVED", "CONFIRMED"]
    quote = hooks.received[1].json["data"]["feedbacks"]
    assert any("900" in feedback["message"] for feedback in quote)
    assert "feedbacks" not in hooks.received[0].json["data"]
    for received in hooks.received:
        assert received.path == "/hooks/v2/booking-notifications"
        assert received.signed_by(subscription["secret"])
        assert not received.signed_by(OTHER_SECRET)
        body = received.json
        validate(body, "BookingNotification")
        validate_notification(body)  # and as the portal's own OpenAPI document describes it
        assert body["type"] == "org.dcsa.booking.v2" and body["subscriptionReference"] == subscription["id"]
        assert received.headers["webhook-id"] == body["id"]
        assert body["data"]["carrierBookingRequestReference"] == reference
    assert hooks.received[2].json["data"]["carrierBookingReference"] == confirmed["carrierBookingReference"]
    assert len({r.json["id"] for r in hooks.received}) == 3

    log = ok(client.get(f"{HOOKS}/{subscription['id']}/deliveries", headers=alice))["list"]
    assert [(d["bookingStatus"], d["state"], d["attempts"], d["lastStatusCode"]) for d in log] == [
        ("CONFIRMED", "delivered", 1, 204),
        *[("RECEIVED", "delivered", 1, 204)] * 2,
    ]
    # Resend: the same notification (same id, for the receiver's deduplication), sent once more.
    ok(client.post(f"{HOOKS}/deliveries/{log[-1]['id']}/resend", headers=alice))
    assert eventually(lambda: len(hooks.received) == 4)
    assert hooks.received[3].json["id"] == hooks.received[0].json["id"]
    bob = customer(client, "hook-bob")
    fails(client.post(f"{HOOKS}/deliveries/{log[-1]['id']}/resend", headers=bob), 404)
    fails(client.get(f"{HOOKS}/{subscription['id']}/deliveries", headers=bob), 404)


def test_each_step_of_an_amendment_and_a_cancellation_request_is_notified_once(
    app_client: TestClient, hooks: Receiver
) -> None:
    client = app_client
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    alice = customer(client, "hook-amend")
    subscribe(client, alice, hooks.url)
    answer = client.post("/v2/bookings", json=sample("booking-regular"), headers=alice)
    reference = answer.json()["carrierBookingRequestReference"]
    rid = rate_request_id(client, reference)
    ok(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/quote", headers=admin, json={"price": 900, "validUntil": later()}
        )
    )
    # A firm request (made through the standard): staff confirm it with the price quoted.
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin))
    v2 = f"/v2/bookings/{reference}"

    def amend(units: int) -> None:
        body = sample("booking-regular")
        body["requestedEquipments"][0]["units"] = units
        assert client.put(v2, json=body, headers=alice).status_code == 202

    def patch(body: dict[str, Any]) -> None:
        assert client.patch(v2, json=body, headers=alice).status_code == 202

    amend(2)  # received
    quote = {"price": 1500, "validUntil": later()}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/requote", headers=admin, json=quote))  # new price
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/amendments/accept-price", headers=alice))  # approved
    amend(3)
    no = {"message": "No room"}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/decline", headers=admin, json=no))  # declined
    amend(4)
    patch({"amendedBookingStatus": "AMENDMENT_CANCELLED"})  # withdrawn
    cancel = {"bookingCancellationStatus": "CANCELLATION_RECEIVED", "reason": "Plans changed"}
    patch(cancel)
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/cancellation-request/decline", headers=admin, json=no))
    patch(cancel)
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/cancellation-request/withdraw", headers=alice))
    patch(cancel)
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/cancellation-request/confirm", headers=admin))

    expected = [
        ("RECEIVED", None, None),  # requested
        ("RECEIVED", None, None),  # quoted (the price as a feedback)
        ("CONFIRMED", None, None),  # a firm request: confirmed with no customer step between
        ("CONFIRMED", "AMENDMENT_RECEIVED", None),
        ("CONFIRMED", "AMENDMENT_RECEIVED", None),  # the new price, as a feedback
        ("CONFIRMED", "AMENDMENT_CONFIRMED", None),
        ("CONFIRMED", "AMENDMENT_RECEIVED", None),
        ("CONFIRMED", "AMENDMENT_DECLINED", None),
        ("CONFIRMED", "AMENDMENT_RECEIVED", None),
        ("CONFIRMED", "AMENDMENT_CANCELLED", None),
        ("CONFIRMED", "AMENDMENT_CANCELLED", "CANCELLATION_RECEIVED"),
        ("CONFIRMED", "AMENDMENT_CANCELLED", "CANCELLATION_DECLINED"),
        ("CONFIRMED", "AMENDMENT_CANCELLED", "CANCELLATION_RECEIVED"),
        ("CONFIRMED", "AMENDMENT_CANCELLED", None),  # withdrawn: the standard has no value for it
        ("CONFIRMED", "AMENDMENT_CANCELLED", "CANCELLATION_RECEIVED"),
        ("CANCELLED", "AMENDMENT_CANCELLED", "CANCELLATION_CONFIRMED"),
    ]
    assert eventually(lambda: len(hooks.received) >= len(expected), timeout=30)
    time.sleep(1.0)  # nothing more may come
    for received in hooks.received:
        validate(received.json, "BookingNotification")
    seen = [
        (d["bookingStatus"], d.get("amendedBookingStatus"), d.get("bookingCancellationStatus"))
        for d in (r.json["data"] for r in hooks.received)
    ]
    assert seen == expected
    assert len({r.json["id"] for r in hooks.received}) == len(expected)  # one notification per step
    requoted = hooks.received[4].json["data"]
    assert "1500.00 USD" in requoted["feedbacks"][0]["message"]
    assert all(r.json["data"]["carrierBookingReference"] for r in hooks.received[2:])
    subscription_id = hooks.received[0].json["subscriptionReference"]
    log = ok(client.get(f"{HOOKS}/{subscription_id}/deliveries", headers=alice))["list"]
    # The customer's log names the status each step changed.
    assert [d["bookingStatus"] for d in reversed(log)][3:7] == [
        "AMENDMENT_RECEIVED",
        "AMENDMENT_RECEIVED",
        "AMENDMENT_CONFIRMED",
        "AMENDMENT_RECEIVED",
    ]
    assert [d["bookingStatus"] for d in log][:2] == ["CANCELLED", "CANCELLATION_RECEIVED"]


def test_a_failing_receiver_is_retried_with_backoff_then_delivered(held: Held, hooks: Receiver) -> None:
    # This test drives the sender's clock itself.
    client, services = held.client, held.services
    alice, subscription = subscribed(client, "hook-retry", hooks.url)
    hooks.statuses = [500, 503]
    client.post("/v2/bookings", json=sample("booking-reefer"), headers=alice)
    assert services.settle_all()
    now = datetime.now(UTC)
    assert services.webhook_sender.send_due(now) == 1
    assert services.webhook_sender.send_due(now + timedelta(seconds=1)) == 0  # backing off (2 s)
    assert services.webhook_sender.send_due(now + timedelta(seconds=3)) == 1
    assert services.webhook_sender.send_due(now + timedelta(seconds=6)) == 0  # 4 s after the second
    assert services.webhook_sender.send_due(now + timedelta(seconds=8)) == 1
    log = ok(client.get(f"{HOOKS}/{subscription['id']}/deliveries", headers=alice))["list"]
    assert [(d["state"], d["attempts"], d["lastStatusCode"]) for d in log] == [("delivered", 3, 204)]
    assert len({r.json["id"] for r in hooks.received}) == 1 and len(hooks.received) == 3


def test_retries_stop_after_the_window(held: Held, hooks: Receiver) -> None:
    client, services = held.client, held.services
    alice, subscription = subscribed(client, "hook-window", hooks.url)
    hooks.statuses = [500] * 100
    client.post("/v2/bookings", json=sample("booking-regular"), headers=alice)
    assert services.settle_all()
    moment = datetime.now(UTC)
    for _ in range(60):
        services.webhook_sender.send_due(moment)
        moment += timedelta(hours=1)
    log = ok(client.get(f"{HOOKS}/{subscription['id']}/deliveries", headers=alice))["list"]
    assert log[0]["state"] == "failed" and 5 < log[0]["attempts"] < 60


def test_only_active_subscriptions_of_the_bookings_customer_hear_it(
    app_client: TestClient, hooks: Receiver
) -> None:
    client = app_client
    services = services_of(client)
    alice = customer(client, "hook-alice")
    bob = customer(client, "hook-bob2")
    subscribe(client, bob, hooks.url)
    removed = subscribe(client, alice, hooks.url)
    ok(client.delete(f"{HOOKS}/{removed['id']}", headers=alice))
    fails(client.delete(f"{HOOKS}/{removed['id']}", headers=bob), 404)
    client.post("/v2/bookings", json=sample("booking-regular"), headers=alice)
    assert services.settle_all()
    time.sleep(1.0)
    assert hooks.received == []


def test_a_restart_loses_no_notification_and_repeats_none(held: Held, hooks: Receiver) -> None:
    # The process stops after the policy recorded, before anything was sent.
    client, services = held.client, held.services
    alice, subscription = subscribed(client, "hook-restart", hooks.url)
    client.post("/v2/bookings", json=sample("booking-regular"), headers=alice)
    assert services.settle_all()
    time.sleep(0.5)
    assert hooks.received == []
    policy = next(f for f in services.policy_followers if f.name == "webhook_policy")
    # The next process's policy starts from the tracking row: nothing to record again.
    restarted = webhook_follower(services.store, services.read_models, "http://x", DcsaBookingView())
    assert restarted.position == policy.position
    assert restarted.catch_up() == policy.position
    WebhookSender(services.read_models, services.webhook_secrets, allow_local=True).send_due()
    assert len(hooks.received) == 1
    log = ok(client.get(f"{HOOKS}/{subscription['id']}/deliveries", headers=alice))["list"]
    assert [(d["state"], d["attempts"]) for d in log] == [("delivered", 1)]


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.com/hooks",
        "https://user:secret@example.com/hooks",
        "example.com/hooks",
        "https://example.com/hooks#part",
    ],
)
def test_callback_urls_are_validated(app_client: TestClient, url: str) -> None:
    alice = customer(app_client, "hook-urls")
    error = fails(app_client.post(HOOKS, json={"callbackUrl": url}, headers=alice), 400)
    assert "callbackUrl" in error["fields"]


def test_loopback_callbacks_are_refused_unless_the_setting_allows_them(client: TestClient) -> None:
    alice = customer(client, "hook-loopback")
    for url in ("http://127.0.0.1:9000/hooks", "http://localhost/hooks", "http://10.1.2.3/hooks"):
        error = fails(client.post(HOOKS, json={"callbackUrl": url}, headers=alice), 400)
        assert error["fields"] == {"callbackUrl": "The callback URL must be a public address"}
    assert ok(client.post(HOOKS, json={"callbackUrl": "https://hooks.example.com/dcsa"}, headers=alice), 201)


def test_two_senders_on_one_store_send_each_delivery_once(held: Held, hooks: Receiver) -> None:
    """The scale-out deployment: senders of several processes share the deliveries table."""
    client, services = held.client, held.services
    alice = customer(client, "hook-two")
    subscribe(client, alice, hooks.url)
    subscribe(client, alice, hooks.url)
    for _ in range(3):
        client.post("/v2/bookings", json=sample("booking-regular"), headers=alice)
    assert services.settle_all()
    senders = [
        WebhookSender(services.read_models, services.webhook_secrets, allow_local=True) for _ in range(2)
    ]
    moment = datetime.now(UTC)
    threads = [threading.Thread(target=sender.send_due, args=(moment,)) for sender in senders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # One in flight per subscription: each round sends at most one delivery of each; go on until none is due.
    while sum(sender.send_due(moment) for sender in senders):
        pass
    keys = [(r.json["id"], r.json["subscriptionReference"]) for r in hooks.received]
    assert len(keys) == 6 and len(set(keys)) == 6


def test_the_openapi_document_describes_the_notification_and_its_headers() -> None:
    operation = webhook_operation()
    headers = {p["name"] for p in operation["parameters"] if p["in"] == "header"}
    assert headers == {"webhook-id", "webhook-timestamp", "webhook-signature"}
    assert "Standard Webhooks" in operation["description"] and "booking.quoted" in operation["description"]
    with pytest.raises(Exception, match="bookingStatus"):
        validate_notification(
            {
                "specversion": "1.0",
                "id": "n1",
                "source": "https://portal.example.com/v2/bookings",
                "type": "org.dcsa.booking.v2",
                "time": "2026-01-01T00:00:00Z",
                "datacontenttype": "application/json",
                "subscriptionReference": "s1",
                "data": {"carrierBookingRequestReference": "FB-2026-000001"},
            }
        )


def test_a_request_naming_its_sailing_is_notified_once(app_client: TestClient, hooks: Receiver) -> None:
    """A `/v2` create that names a sailing by its routing reference is one act: one RECEIVED notification
    (the sailing chosen with it is part of what was received, not a change after it)."""
    client = app_client
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    ok(client.put(PUBLISH, json=publication(departure_in(12)), headers=admin))
    alice, subscription = subscribed(client, "hook-sailing", hooks.url)
    routes = client.get(
        "/v1/point-to-point-routes",
        params={"placeOfReceipt": "CNSHA", "placeOfDelivery": "IRZBR"},
        headers=alice,
    )
    body = sample("booking-regular")
    body["shipmentLocations"] = [{"location": {"UNLocationCode": "IRZBR"}, "locationTypeCode": "PDE"}]
    body["routingReference"] = routes.json()[0]["routingReference"]
    answer = client.post("/v2/bookings", json=body, headers=alice)
    assert answer.status_code == 202, answer.text
    settle(client)
    log = ok(client.get(f"{HOOKS}/{subscription['id']}/deliveries", headers=alice))["list"]
    assert [d["bookingStatus"] for d in log] == ["RECEIVED"], log

    # Choosing another sailing afterwards is a change of its own, and is notified.
    reference = answer.json()["carrierBookingRequestReference"]
    later_routes = client.get(
        "/v1/point-to-point-routes",
        params={"placeOfReceipt": "CNSHA", "placeOfDelivery": "SGSIN"},
        headers=alice,
    )
    update = sample("booking-regular") | {"routingReference": later_routes.json()[0]["routingReference"]}
    update["shipmentLocations"] = [{"location": {"UNLocationCode": "SGSIN"}, "locationTypeCode": "PDE"}]
    assert client.put(f"/v2/bookings/{reference}", json=update, headers=alice).status_code == 202
    settle(client)
    log = ok(client.get(f"{HOOKS}/{subscription['id']}/deliveries", headers=alice))["list"]
    assert len(log) > 1, log


def test_a_firm_request_s_quote_is_notified_as_its_read_says_it_with_fees_and_total(
    app_client: TestClient, hooks: Receiver
) -> None:
    """A booking requested through the standard is firm: its quote's notification says the carrier confirms
    at this price (nothing to accept), with the per-booking fee and the booking's total, word for word as
    GET /v2 says it."""
    client = app_client
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    alice, _ = subscribed(client, "hook-firm-quote", hooks.url)
    body = sample("booking-regular")
    body["requestedEquipments"][0]["units"] = 2
    reference = client.post("/v2/bookings", json=body, headers=alice).json()["carrierBookingRequestReference"]
    rid = rate_request_id(client, reference)
    breakdown = [
        {"code": "ocean_freight", "amount": "1400"},
        {"code": "thc_destination", "amount": "180.25"},
        {"code": "documentation_fee", "amount": "60"},
    ]
    quote = {"price": "1580.25", "validUntil": later(), "charges": breakdown}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin, json=quote))
    assert eventually(lambda: len(hooks.received) >= 2)
    (told,) = hooks.received[1].json["data"]["feedbacks"]
    (read,) = client.get(f"/v2/bookings/{reference}", headers=alice).json()["feedbacks"]
    assert told == read
    assert told["message"] == (
        "Quoted 1580.25 USD per container (Ocean freight 1400.00 + Terminal handling, destination 180.25),"
        " plus Documentation fee 60.00 USD per booking: 3220.50 USD in all for 2 containers; the carrier"
        " confirms the booking with this price"
    )
