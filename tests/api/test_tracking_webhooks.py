"""Tracking events as signed webhooks: a subscription that hears `tracking.event` receives each
published, revised or retracted event of its customer's bookings, the TNT 3.0 Event as CloudEvents data."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from tests.api.booking_support import ADMIN, CLIENT, customer, in_shipping_order, ok
from tests.api.dcsa_support import Receiver
from tests.api.tracking_support import (
    confirmed,
    equipment,
    publish,
    publisher_key,
    read_events,
    validate,
)
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login
from tests.corpus import TRACKED_CONTAINERS, TRACKING_PORTS

HOOKS = "/integrations/api/v1/client/webhooks"


def test_a_subscription_hearing_tracking_events_receives_them_signed(
    app_client: TestClient, hooks: Receiver
) -> None:
    client = app_client
    services = services_of(client)
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    alice, bob = customer(client, "tnt-hook-alice"), customer(client, "tnt-hook-bob")
    reference = confirmed(client, alice, admin)
    confirmed(client, bob, admin)
    tracking = ok(
        client.post(
            HOOKS, json={"callbackUrl": hooks.url + "/t", "eventTypes": ["tracking.event"]}, headers=alice
        ),
        201,
    )
    ok(
        client.post(
            HOOKS, json={"callbackUrl": hooks.url + "/b", "eventTypes": ["booking.completed"]}, headers=alice
        ),
        201,
    )
    ok(client.post(HOOKS, json={"callbackUrl": hooks.url + "/bob"}, headers=bob), 201)
    publisher = publisher_key(client, admin)
    gate_in = equipment(
        "hook-gi", "GTIN", TRACKED_CONTAINERS[0], "2026-06-01T08:00:00Z", TRACKING_PORTS[0], reference
    )
    stray = equipment("hook-x", "GTIN", TRACKED_CONTAINERS[3], "2026-06-01T08:00:00Z", TRACKING_PORTS[2])
    publish(client, publisher, gate_in, stray)
    publish(
        client,
        publisher,
        {"eventRouting": gate_in["eventRouting"], "eventID": "hook-gi", "isRetracted": True},
    )

    def settled_and_sent() -> list[str]:
        assert services.settle_all()
        services.webhook_sender.poke()
        return [r.path for r in hooks.received]

    deadline = time.monotonic() + 15
    while len(settled_and_sent()) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # nothing else arrives (the other subscriptions hear no tracking)
    # One callback per subscription: booking and tracking notices alike, told apart by their CloudEvents type.
    assert [r.path for r in hooks.received] == ["/hooks/t/v2/booking-notifications"] * 2
    first, second = hooks.received
    assert first.signed_by(tracking["secret"]) and second.signed_by(tracking["secret"])
    assert first.json["type"] == "org.dcsa.tnt.v3" and first.json["source"].endswith("/v3/events")
    assert first.json["data"] == gate_in
    validate(first.json["data"], "Event")
    assert second.json["data"] == {"eventID": "hook-gi", "isRetracted": True}
    validate(second.json["data"], "Event")
    assert first.json["id"] != second.json["id"]


def test_the_delivery_log_reads_tracking_deliveries_beside_booking_ones(
    app_client: TestClient, hooks: Receiver
) -> None:
    """A subscription that hears every kind logs tracking events beside booking notifications: its log
    answers them, each with its kind and the booking it is about."""
    client = app_client
    services = services_of(client)
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    alice = customer(client, "tnt-log-alice")
    reference = confirmed(client, alice, admin)
    hook = ok(client.post(HOOKS, json={"callbackUrl": hooks.url + "/all"}, headers=alice), 201)
    publisher = publisher_key(client, admin)
    gate_in = equipment(
        "log-gi", "GTIN", TRACKED_CONTAINERS[1], "2026-06-02T08:00:00Z", TRACKING_PORTS[0], reference
    )
    publish(client, publisher, gate_in)
    assert services.settle_all()

    rows = ok(client.get(f"{HOOKS}/{hook['id']}/deliveries", headers=alice))["list"]
    tracking = [row for row in rows if row["kind"] == "tracking"]
    assert len(tracking) == 1, rows
    assert tracking[0]["eventType"] == "tracking.event"
    assert tracking[0]["bookingStatus"] == "EQUIPMENT:GTIN"
    assert tracking[0]["bookingReference"] == reference
    assert tracking[0]["carrierBookingRequestReference"] is None


def test_a_tracking_subscriber_may_choose_the_tnt_consumer_format(
    app_client: TestClient, hooks: Receiver
) -> None:
    """`trackingFormat: tnt-3.0`: tracking events are posted to the callback URL itself as TNT 3.0's consumer
    endpoint takes them (`{"events": [...]}`), signed like every delivery; the default stays CloudEvents."""
    client = app_client
    services = services_of(client)
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    alice = customer(client, "tnt-consumer-alice")
    reference = confirmed(client, alice, admin)
    chosen = {
        "callbackUrl": hooks.url + "/tnt",
        "eventTypes": ["tracking.event"],
        "trackingFormat": "tnt-3.0",
    }
    consumer = ok(client.post(HOOKS, json=chosen, headers=alice), 201)
    assert consumer["trackingFormat"] == "tnt-3.0"
    default = {"callbackUrl": hooks.url + "/ce", "eventTypes": ["tracking.event"]}
    assert ok(client.post(HOOKS, json=default, headers=alice), 201)["trackingFormat"] == "cloudevents"
    publisher = publisher_key(client, admin)
    gate_in = equipment(
        "tnt-gi", "GTIN", TRACKED_CONTAINERS[2], "2026-06-03T08:00:00Z", TRACKING_PORTS[0], reference
    )
    publish(client, publisher, gate_in)

    def arrived() -> list[str]:
        assert services.settle_all()
        services.webhook_sender.poke()
        return [r.path for r in hooks.received]

    deadline = time.monotonic() + 15
    while len(arrived()) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    by_path = {r.path: r for r in hooks.received}
    assert set(by_path) == {"/hooks/tnt", "/hooks/ce/v2/booking-notifications"}
    tnt = by_path["/hooks/tnt"]
    assert tnt.json == {"events": [gate_in]}
    validate(tnt.json, "PostEventsRequest")
    assert tnt.signed_by(consumer["secret"])
    assert by_path["/hooks/ce/v2/booking-notifications"].json["data"] == gate_in
    # Its delivery log reads it as a tracking delivery.
    [logged] = ok(client.get(f"{HOOKS}/{consumer['id']}/deliveries", headers=alice))["list"]
    assert (logged["kind"], logged["state"]) == ("tracking", "delivered")
    # The choice is documented in the OpenAPI document's webhooks.
    documented = client.get("/openapi.json").json()["webhooks"]["tracking-events"]["post"]
    assert documented["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/PostEventsRequest"
    )


def test_nothing_of_a_booking_that_ended_reaches_its_customer_after_the_end(
    app_client: TestClient, hooks: Receiver
) -> None:
    """Decision 3819 as decision 3828 applies it to every door: tracking news of a booking that ended
    (rejected here) is neither posted to the customer's webhooks nor listed on her `GET /v3/events`, as it is
    neither e-mailed nor noticed; what reached the booking before it ended stays hers to read. Staff still
    see it on the booking."""
    client = app_client
    services = services_of(client)
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    alice = customer(client, "tnt-ended-alice")
    live = confirmed(client, alice, admin)
    ended_id = in_shipping_order(client, alice, admin)
    ended = ok(client.get(f"{CLIENT}/rate-requests/{ended_id}", headers=alice))["reference"]
    hook = {"callbackUrl": hooks.url + "/t", "eventTypes": ["tracking.event"]}
    ok(client.post(HOOKS, json=hook, headers=alice), 201)
    publisher = publisher_key(client, admin)
    box, other_box = TRACKED_CONTAINERS[0], TRACKED_CONTAINERS[1]
    gate_in = equipment("ended-gi", "GTIN", box, "2026-06-01T08:00:00Z", TRACKING_PORTS[0], ended)
    publish(client, publisher, gate_in)
    rejection = {"message": "The vessel was withdrawn"}
    ok(client.put(f"{ADMIN}/rate-requests/{ended_id}/reject", headers=admin, json=rejection))
    delivered = equipment("ended-drop", "DROP", box, "2026-06-20T08:00:00Z", TRACKING_PORTS[3], ended)
    live_drop = equipment("live-drop", "DROP", other_box, "2026-06-20T09:00:00Z", TRACKING_PORTS[3], live)
    publish(client, publisher, delivered, live_drop)
    publish(client, publisher, {"eventRouting": delivered["eventRouting"], "eventID": "ended-drop",
                                "isRetracted": True})  # fmt: skip
    publish(client, publisher, {**delivered, "eventID": "ended-drop-2"})

    def sent() -> list[str]:
        assert services.settle_all()
        services.webhook_sender.poke()
        return [r.json["data"]["eventID"] for r in hooks.received]

    deadline = time.monotonic() + 15
    while len(sent()) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # nothing else arrives
    assert sent() == ["ended-gi", "live-drop"]
    listed, _ = read_events(client, alice)
    assert [e["eventID"] for e in listed] == ["ended-gi", "live-drop"]
    assert [e["eventID"] for e in read_events(client, alice, carrierBookingReference=ended)[0]] == [
        "ended-gi"
    ]
    assert [e["eventID"] for e in read_events(client, alice, equipmentReference=box)[0]] == ["ended-gi"]
    # A booking cancelled on its customer's request ends as well.
    cancelled_id = in_shipping_order(client, alice, admin)
    cancelled = ok(client.get(f"{CLIENT}/rate-requests/{cancelled_id}", headers=alice))["reference"]
    asked, confirm = {"reason": "Plans changed"}, f"{ADMIN}/rate-requests/{cancelled_id}/cancellation-request"
    ok(client.post(f"{CLIENT}/rate-requests/{cancelled_id}/cancellation-request", headers=alice, json=asked))
    ok(client.put(f"{confirm}/confirm", headers=admin, json={}))
    publish(client, publisher, equipment("cancelled-gi", "GTIN", TRACKED_CONTAINERS[2],
                                         "2026-06-21T08:00:00Z", TRACKING_PORTS[0], cancelled))  # fmt: skip
    assert read_events(client, alice, carrierBookingReference=cancelled)[0] == []
    assert sent() == ["ended-gi", "live-drop"]
    # Staff see the delivery on the ended booking.
    staff = ok(client.get(f"{ADMIN}/rate-requests/{ended_id}", headers=admin))
    assert staff["progress"] is not None and staff["progress"]["milestones"] == 2, staff["progress"]
