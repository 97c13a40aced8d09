"""Book again: `POST /rate-requests/{id}/copy` makes a new booking waiting for a price with the lane,
containers and cargo of one of the caller's own, and a reference of its own; it goes through the create's
checks, so a passed date is refused until a new one is given; another customer's booking is 404 (both
stores)."""

from __future__ import annotations

from datetime import date, timedelta

from fastapi.testclient import TestClient

from tests.api.accounts_support import quiet_head
from tests.api.booking_support import ADMIN, CLIENT, create, customer, fails, ok, quoted, upload
from tests.app_services import services_of

COPIED = ("commodity", "hsCode", "quantity", "polTitle", "podTitle", "cargoDetails", "preferredShippingDate")


def test_book_again_makes_a_new_booking_waiting_for_a_price(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers = customer(client, "again-shipper")
    msds = upload(client, headers, key="again-msds")
    original_id = quoted(
        client, headers, admin_headers, isDanger=True, msds=msds, quantity=3, containerTypeId=2, isSwbl=True
    )
    original = ok(client.get(f"{CLIENT}/rate-requests/{original_id}", headers=headers))

    copy = ok(client.post(f"{CLIENT}/rate-requests/{original_id}/copy", headers=headers), 201)
    assert copy["id"] != original_id
    assert copy["reference"] and copy["reference"] != original["reference"]
    assert copy["stateName"] == "requested" and copy["waitingFor"] == "staff" and copy["price"] is None
    for key in COPIED:
        assert copy[key] == original[key], key
    assert copy["isDanger"] is True and copy["msds"] == msds and copy["isSwbl"] is True
    # The original is left as it was; both are in the customer's list.
    assert ok(client.get(f"{CLIENT}/rate-requests/{original_id}", headers=headers))["stateName"] == "quoted"
    listed = ok(client.get(f"{CLIENT}/rate-requests", headers=headers))["list"]
    assert {original_id, copy["id"]} <= {row["id"] for row in listed["list"]}
    # Staff see it in their queue as any new request.
    staff_view = ok(client.get(f"{ADMIN}/rate-requests/{copy['id']}", headers=admin_headers))
    assert staff_view["reference"] == copy["reference"]


def test_book_again_takes_a_new_date_and_refuses_a_passed_one(client: TestClient) -> None:
    headers = customer(client, "again-weekly")
    original_id = create(client, headers)["id"]
    url = f"{CLIENT}/rate-requests/{original_id}/copy"
    later = (date.today() + timedelta(days=40)).isoformat()
    copy = ok(client.post(url, headers=headers, json={"preferredShippingDate": later}), 201)
    assert copy["preferredShippingDate"] == later

    head = quiet_head(services_of(client))
    passed = (date.today() - timedelta(days=2)).isoformat()  # past on every clock (record 3897)
    error = fails(client.post(url, headers=headers, json={"preferredShippingDate": passed}), 400)
    assert set(error["fields"]) == {"preferredShippingDate"}
    error = fails(client.post(url, headers=headers, json={"preferredShippingDate": "next week"}), 400)
    assert set(error["fields"]) == {"preferredShippingDate"}
    assert quiet_head(services_of(client)) == head


def test_book_again_with_the_same_key_makes_one_booking(client: TestClient) -> None:
    headers = customer(client, "again-retrying")
    original_id = create(client, headers)["id"]
    url = f"{CLIENT}/rate-requests/{original_id}/copy"
    keyed = {**headers, "Idempotency-Key": "again-1"}
    first = ok(client.post(url, headers=keyed), 201)
    second = ok(client.post(url, headers=keyed), 201)
    assert first["id"] == second["id"] and first["reference"] == second["reference"]


def test_another_customers_booking_cannot_be_booked_again(client: TestClient) -> None:
    owner = customer(client, "again-owner")
    stranger = customer(client, "again-stranger")
    original_id = create(client, owner)["id"]
    head = quiet_head(services_of(client))
    fails(client.post(f"{CLIENT}/rate-requests/{original_id}/copy", headers=stranger), 404)
    fails(client.post(f"{CLIENT}/rate-requests/not-an-id/copy", headers=stranger), 404)
    assert quiet_head(services_of(client)) == head
    assert ok(client.get(f"{CLIENT}/rate-requests", headers=stranger))["list"]["totalCount"] == 0
