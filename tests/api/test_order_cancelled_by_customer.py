"""The customer cancels her shipping order on the portal (`PUT .../shipping-orders/{id}/cancel`), the pair of
filling it again (decision 3832), on SQLite and PostgreSQL: the same domain command as the standard's PATCH on
`/v3`, so the screens, staff's queue and `/v3` read it alike; another customer's order is not found, and one
the lifecycle no longer lets her cancel is refused and left as it was."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import ADMIN, CLIENT, assert_verify_clean, customer, fails, ok
from tests.api.test_order_resubmitted import (
    again,
    detail,
    on_v3,
    queued_for_review,
    submitted,
)
from tests.app_services import services_of

ORDERS = f"{CLIENT}/shipping-orders"


def events_of(client: TestClient, admin: dict[str, str], order_id: str) -> list[dict[str, Any]]:
    return list(ok(client.get(f"/audit/api/v1/aggregates/{order_id}/events", headers=admin))["events"])


def test_the_customer_cancels_her_order_and_every_reading_agrees(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Any
) -> None:
    who = customer(client, "cancel-portal")
    rid, order_id, reference = submitted(client, who, admin_headers)
    assert rid in queued_for_review(client, admin_headers)
    why = {"reason": "  The buyer postponed the shipment  "}
    answer = ok(client.put(f"{ORDERS}/{order_id}/cancel", headers=who, json=why))
    assert answer["id"] == order_id and answer["statusName"] == "cancelled"
    # The screens' read model, staff's queue and view, and the standard's door say it alike.
    booking = detail(client, who, rid)
    assert booking["order"]["statusName"] == "cancelled"
    assert booking["stateName"] == "shipping_order" and booking["waitingFor"] == "customer"
    assert rid not in queued_for_review(client, admin_headers)
    staff_view = ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers))
    assert staff_view["order"]["statusName"] == "cancelled"
    assert on_v3(client, who, reference)["shippingInstructionsStatus"] == "CANCELLED"
    # The audit trail keeps who cancelled it and why, as typed less the blanks around it.
    last = events_of(client, admin_headers, order_id)[-1]
    assert last["type"] == "Cancelled" and last["actor"]["role"] == "customer"
    assert last["reason"] == "The buyer postponed the shipment"
    trail = ok(client.get(f"/audit/api/v1/bookings/{reference}/trail", headers=admin_headers))["entries"]
    said = [e for e in trail if e["what"] == "Shipping instructions cancelled"]
    assert [e["reason"] for e in said] == ["The buyer postponed the shipment"]
    # The pair: she may fill it again.
    filled = ok(client.put(f"{ORDERS}/{order_id}/resubmit", headers=who, json=again()))
    assert filled["statusName"] == "submitted"
    assert_verify_clean(services_of(client), tmp_path)


def test_without_a_body_and_while_staff_ask_for_a_revision(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who = customer(client, "cancel-revision")
    rid, order_id, _ = submitted(client, who, admin_headers)
    revise = {"revise": {"cargoDescription": "Say what is in the tins"}}
    ok(client.put(f"{ADMIN}/shipping-orders/{order_id}/request-revision", headers=admin_headers, json=revise))
    assert detail(client, who, rid)["order"]["statusName"] == "revision_requested"
    assert ok(client.put(f"{ORDERS}/{order_id}/cancel", headers=who))["statusName"] == "cancelled"
    assert events_of(client, admin_headers, order_id)[-1]["reason"] is None


def test_only_its_customer_cancels_it_once_and_a_refusal_changes_nothing(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who = customer(client, "cancel-owner")
    stranger = customer(client, "cancel-stranger")
    rid, order_id, reference = submitted(client, who, admin_headers)
    # Another customer's order is not found (not forbidden: its id is not confirmed); staff do not cancel it.
    fails(client.put(f"{ORDERS}/{order_id}/cancel", headers=stranger, json={}), 404)
    fails(client.put(f"{ORDERS}/{order_id}/cancel", headers=admin_headers, json={}), 403)
    # A reason too long is refused naming it.
    error = fails(client.put(f"{ORDERS}/{order_id}/cancel", headers=who, json={"reason": "x" * 501}), 400)
    assert "reason" in error["fields"], error
    assert detail(client, who, rid)["order"]["statusName"] == "submitted"

    ok(client.put(f"{ORDERS}/{order_id}/cancel", headers=who, json={"reason": "Plans changed"}))
    before = detail(client, who, rid)
    history = events_of(client, admin_headers, order_id)
    # Cancelled already: the lifecycle has no cancel from here, said plainly, and nothing is recorded.
    refused = fails(client.put(f"{ORDERS}/{order_id}/cancel", headers=who, json={}), 409)
    assert "cancel" in refused["description"] and "cancelled" in refused["description"]
    assert detail(client, who, rid) == before
    assert events_of(client, admin_headers, order_id) == history
    assert on_v3(client, who, reference)["shippingInstructionsStatus"] == "CANCELLED"


def test_an_order_staff_accepted_is_no_longer_hers_to_cancel(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who = customer(client, "cancel-accepted")
    rid, order_id, _ = submitted(client, who, admin_headers)
    ok(client.put(f"{ADMIN}/shipping-orders/{order_id}/accept", headers=admin_headers))
    refused = fails(client.put(f"{ORDERS}/{order_id}/cancel", headers=who, json={}), 409)
    assert "ready_for_approval" in refused["description"]
    assert detail(client, who, rid)["order"]["statusName"] == "ready_for_approval"
