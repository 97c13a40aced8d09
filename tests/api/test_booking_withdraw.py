"""While a request waits for its price the customer may withdraw it from the portal (the
lifecycle's `withdraw`); nobody else may, and a withdrawn request takes no price (both stores)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.api.booking_support import ADMIN, CLIENT, create, customer, fails, later, ok


def test_a_request_waiting_for_its_price_is_withdrawn_by_its_customer_only(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers = customer(client, "withdraw-user")
    other = customer(client, "withdraw-other")
    rid = create(client, headers)["id"]
    url = f"{CLIENT}/rate-requests/{rid}/withdraw"
    fails(client.put(url, headers=other, json={"reason": "not mine"}), 404)
    fails(client.put(url, headers=admin_headers), 403)
    fails(client.put(url, headers=headers, json={"reason": "x" * 501}), 400)
    assert ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))["stateName"] == "requested"

    answer = ok(client.put(url, headers=headers, json={"reason": "Shipment moved to next month"}))
    assert answer["state"] == 6 and answer["stateName"] == "rejected_by_client"
    quote = {"price": 900, "validUntil": later()}
    fails(client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin_headers, json=quote), 409)
    fails(client.put(url, headers=headers), 409)  # once withdrawn, nothing more to withdraw


def test_a_withdrawal_needs_no_reason(client: TestClient, admin_headers: dict[str, str]) -> None:
    headers = customer(client, "withdraw-plain")
    rid = create(client, headers)["id"]
    assert ok(client.put(f"{CLIENT}/rate-requests/{rid}/withdraw", headers=headers))["state"] == 6
