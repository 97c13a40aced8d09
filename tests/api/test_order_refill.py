"""A cancelled or declined shipping order filled again (decision 3824), where it meets the rest: the customer
reads why staff declined it on the booking (the order's `declineMessage`, kept by the read model) as in the
notice and the e-mail, and a booking whose order she may fill again is reminded of the shipping-instruction
cut-off as a booking with no order is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import ADMIN, CLIENT, assert_verify_clean, customer, ok
from tests.api.email_support import mails
from tests.api.test_booking_sailings import notifications_of
from tests.api.test_order_resubmitted import again, cancel_on_v3, detail, submitted
from tests.api.test_persian_emails import persian_customer
from tests.app_services import services_of

ORDERS = f"{CLIENT}/shipping-orders"
REASON = "The consignee may not receive this cargo"
# As a Persian-speaking member of staff would write it to a Persian-speaking customer.
PERSIAN_REASON = "گیرنده اجازهٔ دریافت این محموله را ندارد"


def decline(client: TestClient, admin: dict[str, str], order_id: str, message: str) -> dict[str, Any]:
    body = {"message": message}
    return dict(ok(client.put(f"{ADMIN}/shipping-orders/{order_id}/decline", headers=admin, json=body)))


def test_the_customer_reads_why_staff_declined_her_order_until_she_sends_it_again(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    address = "refill-reason@shipper.example"
    who = customer(client, "refill-reason", {"email": address, "name": "Refill Reason"})
    rid, order_id, _ = submitted(client, who, admin_headers)
    assert detail(client, who, rid)["order"]["declineMessage"] is None  # under review: nothing declined
    answered = decline(client, admin_headers, order_id, f"  {REASON}  ")
    # On the booking she is offered to fill again: the reason as staff wrote it (trimmed, as recorded).
    assert answered["declineMessage"] == REASON
    order = detail(client, who, rid)["order"]
    assert (order["statusName"], order["declineMessage"]) == ("declined", REASON)
    staff_view = ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers))["order"]
    assert staff_view["declineMessage"] == REASON
    # The notice and the e-mail of the decline say it too.
    notices = notifications_of(client, "refill-reason")
    [told] = [n for n in notices if n["title"] == "Shipping instructions declined"]
    assert REASON in told["message"] and "fill the shipping order again" in told["message"], told["message"]
    [mail] = [m for m in mails(client, address) if m["data"].get("kind") == "shippingInstructionsDeclined"]
    assert REASON in mail["body"] and REASON in mail["html"]
    # Sent again, the order is under review: the reason of the decline before is no longer the order's.
    resent = ok(client.put(f"{ORDERS}/{order_id}/resubmit", headers=who, json=again()))
    assert resent["declineMessage"] is None
    assert detail(client, who, rid)["order"]["declineMessage"] is None
    # Declined again for another reason: that one is read.
    decline(client, admin_headers, order_id, "The seals are missing")
    assert detail(client, who, rid)["order"]["declineMessage"] == "The seals are missing"
    assert_verify_clean(services_of(client), tmp_path)


def test_a_cancelled_order_has_no_reason_and_a_persian_reason_reads_as_written(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who = customer(client, "refill-cancelled")
    rid, _, reference = submitted(client, who, admin_headers)
    cancel_on_v3(client, who, reference)
    order = detail(client, who, rid)["order"]
    assert (order["statusName"], order["declineMessage"]) == ("cancelled", None)

    headers, address = persian_customer(client, "refill-fa")
    rid, order_id, _ = submitted(client, headers, admin_headers)
    decline(client, admin_headers, order_id, PERSIAN_REASON)
    assert detail(client, headers, rid)["order"]["declineMessage"] == PERSIAN_REASON
    [told] = [n for n in notifications_of(client, "refill-fa") if n["title"] == "دستورالعمل حمل رد شد"]
    assert PERSIAN_REASON in told["message"] and "دوباره پر کنید" in told["message"], told["message"]
    [mail] = [m for m in mails(client, address) if m["data"].get("kind") == "shippingInstructionsDeclined"]
    assert PERSIAN_REASON in mail["body"] and PERSIAN_REASON in mail["html"]
