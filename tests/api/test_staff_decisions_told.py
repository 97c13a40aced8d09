"""What staff decide is told: a booking staff reject is e-mailed to its customer (before and after it was
confirmed, with staff's reason, in her language, unless she turned the kind off) and its notice's title says
which; a firm booking (made through /v2), whose quote is told no one, is confirmed with its price said in the
e-mail and the notice; and staff are told when a rate request they asked to revise comes back revised."""

# Persian words are what these tests look for.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from domain.emails.words import NOTICE_WORDS
from tests.api.accounts_support import NOTIFY, settle
from tests.api.booking_support import ADMIN, CLIENT, create, customer, in_shipping_order, ok, order_payload
from tests.api.booking_support import payload as rate_request_payload
from tests.api.dcsa_support import sample
from tests.api.email_support import PREFERENCES, mails, reference_of, someone
from tests.api.test_confirmed_sailing import v2_booking
from tests.api.test_persian_emails import persian_customer

REJECTED = NOTICE_WORDS["RateRequest.Rejected"]
REASON = "The vessel will not call at Shanghai this month"


def _notices(client: TestClient, headers: dict[str, str], language: str = "en") -> list[dict[str, Any]]:
    """The bell's notices of the account `headers` log in, read in `language`."""
    settle(client)
    me = ok(client.get("/auth/api/v1/me", headers=headers))["id"]
    asked = {**headers, "Accept-Language": language}
    page = ok(client.get(f"{NOTIFY}/{me}/paging?pageSize=100&page=1", headers=asked))["data"]
    return list(page["costumerlNotificationDetails"]["list"])


def _about(notices: list[dict[str, Any]], reference: str) -> list[dict[str, Any]]:
    return [n for n in notices if (n["subject"] or {}).get("reference") == reference]


def _reject(client: TestClient, admin: dict[str, str], rid: str) -> None:
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/reject", headers=admin, json={"message": REASON}))


def _kind(client: TestClient, address: str, rid: str, kind: str) -> list[dict[str, Any]]:
    settle(client)
    return [
        m
        for m in mails(client, address)
        if m["data"].get("rateRequestId") == rid and m["data"]["kind"] == kind
    ]


def test_staff_rejecting_a_booking_emails_its_customer_with_their_reason(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    # A confirmed booking whose shipping order is in.
    headers, address = someone(client, "rejected-confirmed")
    rid = in_shipping_order(client, headers, admin_headers)
    ok(client.post(f"{CLIENT}/shipping-orders", headers=headers, json=order_payload(rid)), 201)
    _reject(client, admin_headers, rid)
    ref = reference_of(client, headers, rid)
    [mail] = _kind(client, address, rid, "bookingRejected")
    assert mail["subject"] == f"[{ref}] Your booking was rejected", mail["subject"]
    assert f"Our staff rejected your booking {ref}, which was confirmed; it is closed." in mail["body"]
    assert f"- {REASON}" in mail["body"] and f"<li>{REASON}</li>" in mail["html"]
    link = f"http://127.0.0.1:8000/dashboard/bookings/rate-request/detail/{rid}"
    assert f"Open the booking: {link}" in mail["body"] and f'href="{link}"' in mail["html"]
    assert '"Staff reject my booking" e-mails on your profile' in mail["body"]
    # Told once: the order closed with it says nothing of its own.
    assert _kind(client, address, rid, "shippingInstructionsDeclined") == []
    [told] = [n for n in _about(_notices(client, headers), ref) if REASON in n["message"]]
    assert told["title"] == "Confirmed booking rejected", told

    # One rejected before it was confirmed says so, and its notice keeps the rejection's title.
    early = create(client, headers)
    _reject(client, admin_headers, early["id"])
    [mail] = _kind(client, address, early["id"], "bookingRejected")
    assert f"Our staff rejected your booking {early['reference']}; it is closed." in mail["body"]
    assert "confirmed" not in mail["body"].split("Their reason:")[0]
    [told] = [n for n in _about(_notices(client, headers), early["reference"]) if REASON in n["message"]]
    assert told["title"] == REJECTED["en"]["title"] == "Rate request rejected", told


def test_a_persian_customer_reads_the_rejection_in_persian_and_may_turn_it_off(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers, address = persian_customer(client, "rejected-fa")
    rid = in_shipping_order(client, headers, admin_headers)
    _reject(client, admin_headers, rid)
    ref = reference_of(client, headers, rid)
    [mail] = _kind(client, address, rid, "bookingRejected")
    assert mail["subject"] == f"[{ref}] رزرو شما رد شد", mail["subject"]
    assert "کارکنان ما رزرو \u2068" + ref + "\u2069 شما را که تأیید شده بود رد کردند" in mail["body"]
    assert REASON in mail["body"] and '<html lang="fa" dir="rtl">' in mail["html"]
    assert "«کارکنان رزرو من را رد می‌کنند»" in mail["body"]  # the foot names the switch
    [told] = [n for n in _about(_notices(client, headers, "fa"), ref) if REASON in n["message"]]
    assert told["title"] == "رزرو تأییدشده رد شد", told

    # The kind is on the profile's switches; turned off, nothing is sent.
    kinds = ok(client.get(PREFERENCES, headers=headers))["kinds"]
    assert {"kind": "bookingRejected", "label": "Staff reject my booking", "enabled": True} in kinds
    ok(client.put(PREFERENCES, headers=headers, json={"muted": ["bookingRejected"]}))
    quiet = create(client, headers)["id"]
    _reject(client, admin_headers, quiet)
    assert _kind(client, address, quiet, "bookingRejected") == []


LINES = [
    {"code": "ocean_freight", "amount": 1300},
    {"code": "baf", "amount": "200.50"},
    {"code": "documentation_fee", "amount": 45},
]


def test_a_firm_booking_is_confirmed_with_its_price_said(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    units = sum(int(line["units"]) for line in sample("booking-regular")["requestedEquipments"])
    total = f"${1500.5 * units + 45:,.2f}"  # the per-booking fee counts once
    containers = f"{units} container" + ("" if units == 1 else "s")
    for name, language in (("firm-en", "en"), ("firm-fa", "fa")):
        headers, address = someone(client, name) if language == "en" else persian_customer(client, name)
        _, rid = v2_booking(client, headers)
        confirm = {"price": "1500.50", "charges": LINES}
        ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin_headers, json=confirm))
        ref = reference_of(client, headers, rid)
        [mail] = _kind(client, address, rid, "bookingConfirmed")
        title = NOTICE_WORDS["RateRequest.BookingConfirmed"][language]["title"]
        [told] = [n for n in _about(_notices(client, headers, language), ref) if n["title"] == title]
        if language == "en":
            said = (
                " at $1,500.50 per container (Ocean freight $1,300.00 + Bunker adjustment (BAF) $200.50;"
                f" Documentation fee $45.00 per booking); {total} in all for {containers}"
            )
            assert f"Your booking {ref} is confirmed{said}." in mail["body"], mail["body"]
            assert (
                told["message"]
                == f"Your booking {ref} is confirmed{said}; please fill in the shipping order."
            )
        else:
            assert "با نرخ ۱٬۵۰۰٫۵۰ دلار برای هر کانتینر (" in mail["body"], mail["body"]
            assert "روی هم" in mail["body"] and "$" not in mail["body"]
            assert "با نرخ ۱٬۵۰۰٫۵۰ دلار برای هر کانتینر (" in told["message"], told
    # A booking whose customer accepted the price is confirmed as before: its price was told with its quote.
    headers, address = someone(client, "portal-confirmed")
    rid = in_shipping_order(client, headers, admin_headers)
    [mail] = _kind(client, address, rid, "bookingConfirmed")
    assert f"Your booking {reference_of(client, headers, rid)} is confirmed." in mail["body"]


def test_staff_are_told_when_a_rate_request_they_asked_to_revise_comes_back(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers = customer(client, "revised-back")
    asked = create(client, headers)
    ok(
        client.put(
            f"{ADMIN}/rate-requests/{asked['id']}/request-revision",
            headers=admin_headers,
            json={"message": "Say the HS code of roasted pistachios"},
        )
    )
    assert _about(_notices(client, admin_headers), asked["reference"]) != []  # told of the new request
    before = len(_about(_notices(client, admin_headers), asked["reference"]))
    body = rate_request_payload(hsCode="080252")
    ok(client.put(f"{CLIENT}/rate-requests/{asked['id']}", headers=headers, json=body))
    told = _about(_notices(client, admin_headers), asked["reference"])
    assert len(told) == before + 1, told
    assert told[0]["title"] == "Rate request revised", told
    assert told[0]["message"] == f"Booking {asked['reference']}: the revised rate request to review."
    persian = _about(_notices(client, admin_headers, "fa"), asked["reference"])[0]
    assert persian["title"] == "درخواست نرخ اصلاح شد", persian
    assert persian["message"].endswith("درخواست نرخ اصلاح‌شده برای بررسی."), persian

    # A change no one asked for is the customer's own: nothing new for staff.
    own = create(client, headers)
    before = len(_about(_notices(client, admin_headers), own["reference"]))
    ok(client.put(f"{CLIENT}/rate-requests/{own['id']}", headers=headers, json=body))
    assert len(_about(_notices(client, admin_headers), own["reference"])) == before
