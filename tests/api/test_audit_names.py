"""The audit trail names people (actorName) and carries the booking reference."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fastapi.testclient import TestClient

from tests.api import booking_support as booking
from tests.api.booking_support import ADMIN, CLIENT
from tests.app_services import services_of

AUDIT = "/audit/api/v1"


def test_events_name_their_actor_and_the_create_event_carries_the_reference(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    sara = booking.customer(client, "audit-sara", {"firstName": "Sara", "lastName": "Karimi"})
    rate_request = booking.create(client, sara)
    quote = {"price": 900, "validUntil": booking.later(1)}
    booking.ok(
        client.put(f"{ADMIN}/rate-requests/{rate_request['id']}/quote", headers=admin_headers, json=quote)
    )
    services = services_of(client)
    services.expire_due_quotes(datetime.now(UTC) + timedelta(days=3))
    services.settle_all()
    events = booking.ok(client.get(f"{AUDIT}/aggregates/{rate_request['id']}/events", headers=admin_headers))[
        "events"
    ]
    assert [(e["type"], e["actorName"]) for e in events] == [
        ("Created", "Sara Karimi"),
        ("Quoted", "admin"),
        ("QuoteExpired", "System"),
    ]
    assert events[0]["changes"]["reference"] == rate_request["reference"]
    log = booking.ok(client.get(f"{AUDIT}/events", headers=admin_headers, params={"limit": 500}))["list"]
    mine = [e for e in log if e["aggregateId"] == rate_request["id"]]
    assert [e["actorName"] for e in mine] == ["Sara Karimi", "admin", "System"]
    # The reference is claimed in the same transaction, and the claim is on the trail too.
    claims = [
        e for e in log if e["type"] == "Claimed" and e["changes"]["reference"] == rate_request["reference"]
    ]
    assert len(claims) == 1 and claims[0]["changes"]["rate_request_id"] == rate_request["id"]


def test_a_bookings_trail_carries_its_shipping_orders_events(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    sara = booking.customer(client, "audit-order", {"firstName": "Sara", "lastName": "Karimi"})
    rid = booking.in_shipping_order(client, sara, admin_headers)
    trail = booking.ok(client.get(f"{AUDIT}/aggregates/{rid}/events", headers=admin_headers))
    assert trail["related"] == []
    order = booking.ok(
        client.post(f"{CLIENT}/shipping-orders", headers=sara, json=booking.order_payload(rid)), 201
    )
    booking.ok(client.put(f"{ADMIN}/shipping-orders/{rid}/accept", headers=admin_headers))
    trail = booking.ok(client.get(f"{AUDIT}/aggregates/{rid}/events", headers=admin_headers))
    [related] = trail["related"]
    assert (related["aggregateId"], related["aggregateKind"]) == (order["id"], "shipping_order")
    assert [(e["type"], e["actorName"]) for e in related["events"]] == [
        ("Created", "Sara Karimi"),
        ("Accepted", "admin"),
    ]
    own = booking.ok(client.get(f"{AUDIT}/aggregates/{order['id']}/events", headers=admin_headers))
    assert own["related"] == [] and [e["type"] for e in own["events"]] == ["Created", "Accepted"]
