"""Where a booking's end meets its other parts, on SQLite and PostgreSQL: staff cannot reject a booking whose
amendment or cancellation request is still open (they decide it first); a booking cancelled or rejected closes
its shipping order in the same write, so nobody acts on instructions of a booking that will not sail; a firm
(`/v2`) booking's quote asks nothing of the customer, and nobody is warned that it expires."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient

from policies.quote_expiry import warn_expiring_quotes
from tests.api.accounts_support import NOTIFY, settle
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    assert_verify_clean,
    fails,
    in_shipping_order,
    ok,
    order_payload,
    payload,
)
from tests.api.dcsa_support import rate_request_id, sample
from tests.api.email_support import mails, reference_of, someone
from tests.app_services import services_of

RR = f"{CLIENT}/rate-requests"
STAFF_RR = f"{ADMIN}/rate-requests"
ORDERS = f"{CLIENT}/shipping-orders"


def detail(client: TestClient, who: dict[str, str], rid: str) -> dict[str, Any]:
    return dict(ok(client.get(f"{RR}/{rid}", headers=who)))


def changes(client: TestClient, who: dict[str, str], rid: str) -> dict[str, Any]:
    return dict(ok(client.get(f"{RR}/{rid}/changes", headers=who)))


def notice_titles(client: TestClient, who: dict[str, str]) -> list[str]:
    settle(client)
    me = ok(client.get("/auth/api/v1/me", headers=who))["id"]
    page = ok(client.get(f"{NOTIFY}/{me}/paging?pageSize=50&page=1", headers=who))["data"]
    return [n["title"] for n in page["costumerlNotificationDetails"]["list"]]


def with_order(client: TestClient, who: dict[str, str], admin: dict[str, str]) -> tuple[str, str]:
    """A confirmed booking for 2 containers with its shipping order submitted: (booking id, order id)."""
    rid = in_shipping_order(client, who, admin, quantity=2)
    order = ok(client.post(ORDERS, headers=who, json=order_payload(rid)), 201)
    return rid, str(order["id"])


def test_staff_decide_an_open_change_before_they_reject_the_booking(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who, _ = someone(client, "changing")
    amended = in_shipping_order(client, who, admin_headers)
    ok(client.post(f"{RR}/{amended}/amendments", headers=who, json=payload(additionalComment="Fragile")))
    reject = {"message": "The vessel was withdrawn"}
    refused = client.put(f"{STAFF_RR}/{amended}/reject", headers=admin_headers, json=reject)
    error = fails(refused, 400)
    assert "amendment" in error["fields"], error
    assert detail(client, who, amended)["stateName"] == "shipping_order"
    assert changes(client, who, amended)["amendment"]["stateName"] == "requested"
    # Declined first, with its own reason, the booking may then be rejected: each decision told once.
    declined = {"message": "Not possible on this sailing"}
    ok(client.put(f"{STAFF_RR}/{amended}/amendments/decline", headers=admin_headers, json=declined))
    ok(client.put(f"{STAFF_RR}/{amended}/reject", headers=admin_headers, json=reject))
    assert detail(client, who, amended)["stateName"] == "rejected_by_admin"

    cancelling = in_shipping_order(client, who, admin_headers)
    ok(client.post(f"{RR}/{cancelling}/cancellation-request", headers=who, json={"reason": "Plans changed"}))
    answer = client.put(f"{STAFF_RR}/{cancelling}/reject", headers=admin_headers, json=reject)
    assert "cancellation" in fails(answer, 400)["fields"]
    assert changes(client, who, cancelling)["cancellation"]["stateName"] == "requested"
    confirm = f"{STAFF_RR}/{cancelling}/cancellation-request/confirm"
    ok(client.put(confirm, headers=admin_headers, json={}))
    assert detail(client, who, cancelling)["stateName"] == "cancelled"


def test_a_cancelled_booking_cancels_its_shipping_order(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Any
) -> None:
    who, address = someone(client, "cancelling")
    rid, order = with_order(client, who, admin_headers)
    ok(client.post(f"{RR}/{rid}/cancellation-request", headers=who, json={"reason": "Plans changed"}))
    ok(client.put(f"{STAFF_RR}/{rid}/cancellation-request/confirm", headers=admin_headers, json={}))
    booking = detail(client, who, rid)
    assert booking["stateName"] == "cancelled" and booking["order"]["statusName"] == "cancelled"
    # Nobody acts on it any more: staff cannot accept it (and the customer is not asked to approve it).
    fails(client.put(f"{ADMIN}/shipping-orders/{order}/accept", headers=admin_headers), 409)
    reference = reference_of(client, who, rid)
    instructions = client.get(f"/v3/shipping-instructions/SI-{reference}", headers=who)
    assert instructions.json()["shippingInstructionsStatus"] == "CANCELLED", instructions.text
    assert client.get(f"/v2/bookings/{reference}", headers=who).json()["bookingStatus"] == "CANCELLED"
    # Told once, as the booking's cancellation; the trail says the system closed the order, and why.
    assert [m["data"]["kind"] for m in mails(client, address)][-1] == "cancellationDecided"
    assert "Shipping instructions cancelled" not in notice_titles(client, admin_headers)
    trail = ok(client.get(f"/audit/api/v1/aggregates/{order}/events", headers=admin_headers))
    closing = trail["events"][-1]
    assert closing["actor"]["role"] == "system" and closing["reason"] == "its booking was cancelled"
    assert_verify_clean(services_of(client), tmp_path)


def test_a_rejected_booking_declines_its_accepted_shipping_order(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who, address = someone(client, "rejected")
    rid, order = with_order(client, who, admin_headers)
    ok(client.put(f"{ADMIN}/shipping-orders/{order}/accept", headers=admin_headers))
    reject = {"message": "The vessel was withdrawn"}
    ok(client.put(f"{STAFF_RR}/{rid}/reject", headers=admin_headers, json=reject))
    booking = detail(client, who, rid)
    assert booking["stateName"] == "rejected_by_admin" and booking["order"]["statusName"] == "declined"
    # The draft it was waiting to approve is gone: the approval is refused and no transport document is read.
    fails(client.put(f"{ORDERS}/{order}/approve", headers=who), 409)
    reference = reference_of(client, who, rid)
    instructions = client.get(f"/v3/shipping-instructions/SI-{reference}", headers=who).json()
    assert instructions["shippingInstructionsStatus"] == "DECLINED"
    assert client.get(f"/v3/transport-documents/BL-{reference}", headers=who).status_code == 404
    # The customer hears of the rejection once, not of the instructions declined as well; a confirmed
    # booking's rejection is titled so.
    titles = notice_titles(client, who)
    assert "Confirmed booking rejected" in titles and "Shipping instructions declined" not in titles
    kinds = [m["data"]["kind"] for m in mails(client, address)]
    assert "shippingInstructionsDeclined" not in kinds and kinds.count("bookingRejected") == 1


def test_a_firm_bookings_quote_asks_nothing_of_the_customer(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who, address = someone(client, "integrator")
    answer = client.post("/v2/bookings", json=sample("booking-regular"), headers=who)
    assert answer.status_code == 202, answer.text
    rid = rate_request_id(client, str(answer.json()["carrierBookingRequestReference"]))
    until = (datetime.now(UTC) + timedelta(hours=5)).replace(microsecond=0)
    quote = {"price": 900, "validUntil": until.isoformat()}
    ok(client.put(f"{STAFF_RR}/{rid}/quote", headers=admin_headers, json=quote))
    assert detail(client, who, rid)["waitingFor"] == "staff"
    settle(client)
    # No "review and accept the price" (the customer may not), no "expires within 24 hours" (it does not).
    assert warn_expiring_quotes(services_of(client)) == []
    assert [m["data"]["kind"] for m in mails(client, address)] == []
    assert "Price quoted" not in notice_titles(client, who)
    ok(client.put(f"{STAFF_RR}/{rid}/confirm-request", headers=admin_headers, json={"price": 900}))
    assert [m["data"]["kind"] for m in mails(client, address)] == ["bookingConfirmed"]
