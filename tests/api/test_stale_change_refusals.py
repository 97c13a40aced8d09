"""A change of a confirmed booking decided meanwhile, acted on from a stale page, on SQLite and PostgreSQL:
the customer withdrawing an amendment staff already approved or declined, staff deciding one its customer
withdrew or a colleague decided, a cancellation request decided before it is withdrawn. The refusal (409)
says what happened, the change's state by its label in the reader's language, as every lifecycle refusal
does (decisions 3841, 3880), or to staff the colleague who decided and when (decision 3916); nothing is
recorded."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    customer,
    fails,
    in_shipping_order,
    later,
    ok,
    payload,
    told_who_decided,
)

RR = f"{CLIENT}/rate-requests"
STAFF = f"{ADMIN}/rate-requests"
EN = {"Accept-Language": "en"}
FA = {"Accept-Language": "fa"}


def refused(client: TestClient, who: dict[str, str], url: str, body: Any = None) -> tuple[str, str]:
    """The refusal of `url` (409) in English and in Persian."""
    said = [
        fails(client.put(url, headers={**who, **language}, json=body), 409)["description"]
        for language in (EN, FA)
    ]
    return said[0], said[1]


def amended(
    client: TestClient, admin: dict[str, str], name: str, **changes: Any
) -> tuple[dict[str, str], str]:
    alice = customer(client, name)
    rid = in_shipping_order(client, alice, admin)
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(**changes)))
    return alice, rid


def changes_of(client: TestClient, who: dict[str, str], rid: str) -> Any:
    return ok(client.get(f"{RR}/{rid}/changes", headers=who))


def test_withdrawing_an_amendment_staff_approved_says_it_was_approved(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice, rid = amended(client, admin_headers, "stale-withdraw-approved", commodity="Figs")
    ok(client.put(f"{STAFF}/{rid}/amendments/approve", headers=admin_headers))
    before = changes_of(client, alice, rid)
    assert refused(client, alice, f"{RR}/{rid}/amendments/withdraw") == (
        "Cannot withdraw a booking amendment in state “Amendment Approved”",
        "پس گرفتن اصلاحیهٔ رزرو در وضعیت «اصلاح تأیید شد» ممکن نیست",
    )
    # A client that names no language reads the state's name, as every lifecycle refusal says it.
    plain = fails(client.put(f"{RR}/{rid}/amendments/withdraw", headers=alice), 409)
    assert plain["description"] == "Cannot withdraw a booking amendment in state approved (2)"
    assert changes_of(client, alice, rid) == before
    assert ok(client.get(f"{RR}/{rid}", headers=alice))["commodity"] == "Figs"


def test_withdrawing_an_amendment_staff_declined_says_it_was_declined(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice, rid = amended(client, admin_headers, "stale-withdraw-declined", commodity="Figs")
    decline = {"message": "Figs need a reefer"}
    ok(client.put(f"{STAFF}/{rid}/amendments/decline", headers=admin_headers, json=decline))
    assert refused(client, alice, f"{RR}/{rid}/amendments/withdraw") == (
        "Cannot withdraw a booking amendment in state “Amendment Declined”",
        "پس گرفتن اصلاحیهٔ رزرو در وضعیت «اصلاح رد شد» ممکن نیست",
    )
    assert changes_of(client, alice, rid)["amendment"]["stateName"] == "declined"


def test_staff_deciding_an_amendment_withdrawn_or_decided_meanwhile_are_told_which(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice, rid = amended(client, admin_headers, "stale-staff-withdrawn", commodity="Figs")
    ok(client.put(f"{RR}/{rid}/amendments/withdraw", headers=alice))
    assert refused(client, admin_headers, f"{STAFF}/{rid}/amendments/approve") == (
        "Cannot approve a booking amendment in state “Amendment Withdrawn”",
        "تأیید اصلاحیهٔ رزرو در وضعیت «اصلاح پس گرفته شد» ممکن نیست",
    )
    assert refused(client, admin_headers, f"{STAFF}/{rid}/amendments/decline", {"message": "No"}) == (
        "Cannot decline a booking amendment in state “Amendment Withdrawn”",
        "رد اصلاحیهٔ رزرو در وضعیت «اصلاح پس گرفته شد» ممکن نیست",
    )
    # Approved first (here by the same staff member, told it was theirs: decision 3922): the decline is
    # told so.
    bob, other = amended(client, admin_headers, "stale-staff-approved", commodity="Dates")
    ok(client.put(f"{STAFF}/{other}/amendments/approve", headers=admin_headers))
    assert told_who_decided(
        refused(client, admin_headers, f"{STAFF}/{other}/amendments/decline", {"message": "No"}),
        "You already approved this amendment at {at}",
        "شما این اصلاحیه را در {at} تأیید کرده‌اید",
    )
    # A new price for an amendment declined first (here by the same staff member).
    carol, third = amended(client, admin_headers, "stale-staff-requote", quantity=3)
    decline = {"message": "No room"}
    ok(client.put(f"{STAFF}/{third}/amendments/decline", headers=admin_headers, json=decline))
    quote = {"price": 1300, "validUntil": later()}
    assert told_who_decided(
        refused(client, admin_headers, f"{STAFF}/{third}/amendments/requote", quote),
        "You already declined this amendment at {at}",
        "شما این اصلاحیه را در {at} رد کرده‌اید",
    )
    assert [changes_of(client, who, rid)["amendment"]["stateName"] for who, rid in (
        (alice, rid), (bob, other), (carol, third))] == ["withdrawn", "approved", "declined"]  # fmt: skip


def test_accepting_the_new_price_of_an_amendment_staff_declined_says_it_was_declined(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice, rid = amended(client, admin_headers, "stale-accept-declined", quantity=3)
    ok(
        client.put(
            f"{STAFF}/{rid}/amendments/requote",
            headers=admin_headers,
            json={"price": 1300, "validUntil": later()},
        )
    )
    ok(client.put(f"{STAFF}/{rid}/amendments/decline", headers=admin_headers, json={"message": "No room"}))
    assert refused(client, alice, f"{RR}/{rid}/amendments/accept-price", {"price": 1300}) == (
        "Cannot accept the new price of a booking amendment in state “Amendment Declined”",
        "پذیرفتن نرخ جدید اصلاحیهٔ رزرو در وضعیت «اصلاح رد شد» ممکن نیست",
    )
    assert ok(client.get(f"{RR}/{rid}", headers=alice))["quantity"] == 2


def test_a_cancellation_request_decided_meanwhile_says_so(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "stale-cancellation")
    rid = in_shipping_order(client, alice, admin_headers)
    ok(client.post(f"{RR}/{rid}/cancellation-request", headers=alice, json={"reason": "Air"}))
    decline = {"message": "The cargo is loading"}
    ok(client.put(f"{STAFF}/{rid}/cancellation-request/decline", headers=admin_headers, json=decline))
    assert refused(client, alice, f"{RR}/{rid}/cancellation-request/withdraw") == (
        "Cannot withdraw a booking cancellation in state “Cancellation Declined”",
        "پس گرفتن درخواست لغو رزرو در وضعیت «لغو رد شد» ممکن نیست",
    )
    assert told_who_decided(
        refused(client, admin_headers, f"{STAFF}/{rid}/cancellation-request/confirm"),
        "You already declined this cancellation request at {at}",
        "شما این درخواست لغو را در {at} رد کرده‌اید",
    )
    assert ok(client.get(f"{RR}/{rid}", headers=alice))["stateName"] == "shipping_order"


def test_a_booking_with_no_change_yet_still_says_it_has_none(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "stale-none")
    rid = in_shipping_order(client, alice, admin_headers)
    none = fails(client.put(f"{RR}/{rid}/amendments/withdraw", headers={**alice, **EN}), 400)
    assert none["fields"] == {"amendment": "This booking has no amendment waiting for a decision"}
