"""A repeated booking request is idempotent; a container twice in one order is refused."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.api import booking_support as booking
from tests.api.booking_support import ADMIN, CLIENT


def _events(client: TestClient, admin: dict[str, str], rid: str, event_type: str) -> int:
    events = booking.ok(client.get(f"/audit/api/v1/aggregates/{rid}/events", headers=admin))["events"]
    return sum(1 for e in events if e["type"] == event_type)


def test_submitting_the_same_booking_request_twice_records_one_event(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = booking.customer(client, "double-alice")
    rid = booking.loi_pending(client, alice, admin_headers)
    loi = booking.upload(client, alice, key="double-loi")
    flexi = booking.upload(client, alice, key="double-flexi", name="flexi.pdf")
    body = {"documents": [{"documentTypeId": 1, "fileId": loi}, {"documentTypeId": 2, "fileId": flexi}]}
    url = f"{CLIENT}/rate-requests/{rid}/booking-request"
    first = booking.ok(client.put(url, headers=alice, json=body))
    # The same documents in another order are the same submission.
    again = booking.ok(client.put(url, headers=alice, json={"documents": body["documents"][::-1]}))
    assert again["bookingRequest"] == first["bookingRequest"]
    assert _events(client, admin_headers, rid, "BookingRequestSubmitted") == 1
    # Different documents replace them (a second event).
    booking.ok(client.put(url, headers=alice, json={"documents": body["documents"][:1]}))
    assert _events(client, admin_headers, rid, "BookingRequestSubmitted") == 2


def test_a_container_already_in_the_order_is_refused_naming_containers(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = booking.customer(client, "double-bob")
    rid = booking.in_shipping_order(client, alice, admin_headers)
    body = booking.order_payload(rid)
    body["containers"][1]["containerId"] = body["containers"][0]["containerId"]
    error = booking.fails(client.post(f"{CLIENT}/shipping-orders", headers=alice, json=body), 400)
    assert "containers" in error["fields"]
    booking.ok(client.post(f"{CLIENT}/shipping-orders", headers=alice, json=booking.order_payload(rid)), 201)
    revise = {"revise": {"containers": "Check the seals"}}
    booking.ok(
        client.put(f"{ADMIN}/shipping-orders/{rid}/request-revision", headers=admin_headers, json=revise)
    )
    edit = {"freightType": 1, "cargoDescription": "Boxes", "containers": body["containers"]}
    error = booking.fails(client.put(f"{CLIENT}/shipping-orders/{rid}/edit", headers=alice, json=edit), 400)
    assert "containers" in error["fields"]
