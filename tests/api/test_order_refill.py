"""A cancelled or declined shipping order filled again (decision 3824), where it meets the rest: the customer
reads why staff declined it on the booking (the order's `declineMessage`, kept by the read model) as in the
notice and the e-mail, and a booking whose order she may fill again is reminded of the shipping-instruction
cut-off as a booking with no order is."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.api.accounts_support import fails, settle
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    assert_verify_clean,
    customer,
    in_shipping_order,
    ok,
    order_payload,
)
from tests.api.email_support import Inbox, mails, reference_of, smtp_app
from tests.api.schedules_support import PUBLISH, publication
from tests.api.test_booking_sailings import by_vessel, departure_in, notifications_of
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


def test_a_decline_without_a_message_is_refused_naming_the_message(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Staff's decline must say why: a blank message is a 400 naming `message` (the console shows it beside
    the field), as the rate request's reasons are; the order stays under review."""
    who = customer(client, "decline-blank")
    rid, order_id, _ = submitted(client, who, admin_headers)
    blank = {"message": "  "}
    answer = client.put(f"{ADMIN}/shipping-orders/{order_id}/decline", headers=admin_headers, json=blank)
    assert set(fails(answer, 400)["fields"]) == {"message"}
    assert detail(client, who, rid)["order"]["statusName"] == "submitted"


def test_a_booking_whose_order_may_be_filled_again_is_reminded_of_the_cut_off(
    smtp_server: tuple[int, Inbox], tmp_path: Path
) -> None:
    """Nothing is with staff while an order cancelled or declined waits to be filled again: the customer is
    reminded of the shipping-instruction cut-off as for a booking with no order (once per cut-off and lead),
    by e-mail through a real SMTP server; not once the order is sent again, nor for one closed with its
    booking or one under review."""
    from policies.cut_off_watch import remind_due_cut_offs

    port, inbox = smtp_server
    with smtp_app(tmp_path / "var", port) as (client, admin):
        leaving = departure_in(20)
        ok(client.put(PUBLISH, json=publication(leaving), headers=admin))
        address = "refill-reminded@shipper.example"
        who = customer(client, "refill-reminded", {"email": address, "name": "Refill Reminded"})

        def booked(with_order: bool = True) -> tuple[str, str, str]:
            """A booking on the sailing in its shipping-order step, with an order sent when `with_order`."""
            rid = in_shipping_order(client, who, admin, quantity=2, sailing=by_vessel())
            order = ok(client.post(ORDERS, headers=who, json=order_payload(rid)), 201) if with_order else None
            return rid, str(order["id"]) if order else "", reference_of(client, who, rid)

        declined, declined_order, _ = booked()
        decline(client, admin, declined_order, REASON)
        cancelled, _, cancelled_ref = booked()
        cancel_on_v3(client, who, cancelled_ref)
        none, _, _ = booked(with_order=False)
        resent, resent_order, _ = booked()
        decline(client, admin, resent_order, REASON)
        ok(client.put(f"{ORDERS}/{resent_order}/resubmit", headers=who, json=again()))
        reviewed, _, _ = booked()
        closed, _, _ = booked()
        ok(client.put(f"{ADMIN}/rate-requests/{closed}/reject", headers=admin, json={"message": "No space"}))
        assert detail(client, who, closed)["order"]["statusName"] == "declined"  # closed with its booking

        services = services_of(client)
        cut_off = leaving - timedelta(hours=72)
        due = {declined, cancelled, none}
        assert set(remind_due_cut_offs(services, cut_off - timedelta(hours=47))) == {(r, 48) for r in due}
        assert remind_due_cut_offs(services, cut_off - timedelta(hours=30)) == []  # once per lead
        assert set(remind_due_cut_offs(services, cut_off - timedelta(hours=23))) == {(r, 24) for r in due}
        assert {resent, reviewed, closed}.isdisjoint(due)
        references = {rid: reference_of(client, who, rid) for rid in (declined, cancelled, none)}
        settle(client)
    title = "Shipping instructions due"
    reminders = [m for m in inbox.received if str(m["Subject"]).endswith(title)]
    sent = sorted(str(m["Subject"]) for m in reminders)
    assert sent == sorted(f"[{ref}] {title}" for ref in references.values() for _ in (48, 24)), sent
    assert {m["To"] for m in reminders} == {address}
