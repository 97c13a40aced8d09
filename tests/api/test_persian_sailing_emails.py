"""A Persian-speaking customer's sailing news: the cut-off reminder, the rescheduled sailing and the sailing
named for an estimated plan come in Persian, as a notice and as an e-mail (text and HTML `lang="fa"
dir="rtl"`), times in the Solar Hijri calendar with Persian digits in the port's local time, the reference,
vessel, voyage and ports in Latin letters; an English-speaking customer's stay English. Each is a booking
e-mail: the reference first in its subject, a link to the booking, the foot naming the switch that turns its
kind off."""

# Persian digits are what these tests look for.
# ruff: noqa: RUF001

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from html import escape
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.api.accounts_support import settle
from tests.api.booking_support import ADMIN, customer, in_shipping_order, ok
from tests.api.email_support import PREFERENCES, Inbox, mails, reference_of, smtp_app, someone
from tests.api.schedules_support import PUBLISH, VESSEL_IMO, VOYAGE, publication
from tests.api.test_booking_sailings import by_vessel, departure_in, notifications_of
from tests.api.test_confirmed_sailing import v2_booking
from tests.api.test_persian_emails import persian_customer
from tests.app_services import services_of

SOLAR_HIJRI = re.compile("۱۴[۰-۹]{2}/[۰-۹]{2}/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2} به وقت ")
GREGORIAN = re.compile("20[0-9]{2}/[0-9]{2}/[0-9]{2}")


SAILING_KINDS = ("cutOffReminder", "sailingChanged")


def _sailing_mails(client: TestClient, address: str, rid: str) -> list[dict[str, Any]]:
    """The sailing e-mails of one booking."""
    settle(client)
    return [
        m
        for m in mails(client, address)
        if m["data"].get("rateRequestId") == rid and m["data"]["kind"] in SAILING_KINDS
    ]


def _persian(text: str, ref: str) -> None:
    assert SOLAR_HIJRI.search(text), text
    assert not GREGORIAN.search(text), text
    assert ref in text, text  # the reference keeps its Latin letters and digits
    assert "booking" not in text and "shipping" not in text.lower(), text


def _booking_mail(mail: dict[str, Any], title: str, ref: str, foot: str) -> str:
    """A sailing e-mail is a booking e-mail: the reference first in its subject, the link to the booking
    in its text and HTML, the foot saying how to turn its kind off. Its news (the first paragraph)."""
    assert mail["subject"] == f"[{ref}] {title}", mail["subject"]
    link = mail["data"]["link"]
    assert link.endswith(mail["data"]["rateRequestId"]), link
    assert f": {link}" in mail["body"] and f'href="{link}"' in mail["html"], mail["body"]
    assert foot in mail["body"] and escape(foot) in mail["html"], mail["body"]
    return str(mail["body"].split("\n\n")[0])


def _persian_mail(mail: dict[str, Any], title: str, ref: str) -> None:
    _persian(_booking_mail(mail, title, ref, "این ایمیل را دریافت می‌کنید"), ref)
    assert '<html lang="fa" dir="rtl">' in mail["html"], mail["html"][:200]


def _booked_on_a_sailing(
    client: TestClient, admin_headers: dict[str, str], username: str
) -> tuple[datetime, str, str, str]:
    """A sailing leaving in 20 days, published; a Persian customer `username` booked on it to its shipping
    order: the departure, the customer's e-mail address, the booking's id and reference."""
    leaving = departure_in(20)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin_headers))
    headers, address = persian_customer(client, username)
    rid = in_shipping_order(client, headers, admin_headers, sailing=by_vessel())
    return leaving, address, rid, reference_of(client, headers, rid)


def test_the_cut_off_reminder_is_in_persian(client: TestClient, admin_headers: dict[str, str]) -> None:
    from policies.cut_off_watch import remind_due_cut_offs

    leaving, address, rid, ref = _booked_on_a_sailing(client, admin_headers, "fa-reminded")
    cut_off = leaving - timedelta(hours=72)
    assert remind_due_cut_offs(services_of(client), cut_off - timedelta(hours=23)) == [(rid, 24)]

    title = "مهلت دستورالعمل حمل نزدیک است"
    [told] = [n for n in notifications_of(client, "fa-reminded") if n["title"] == title]
    _persian(told["message"], ref)
    assert "حدود ۲۳ ساعت دیگر" in told["message"], told["message"]  # the time left, not the lead
    assert "\u2068Shanghai (CNSHA)\u2069" in told["message"], told["message"]  # where the local time is
    [mail] = _sailing_mails(client, address, rid)
    _persian_mail(mail, title, ref)
    assert "حدود ۲۳ ساعت دیگر" in mail["body"]


def test_a_rescheduled_sailing_is_told_in_persian(client: TestClient, admin_headers: dict[str, str]) -> None:
    leaving, address, rid, ref = _booked_on_a_sailing(client, admin_headers, "fa-moved")
    ok(client.put(PUBLISH, json=publication(leaving, shift_hours=30), headers=admin_headers))

    title = "زمان سفر دریایی تغییر کرد"
    [told] = [n for n in notifications_of(client, "fa-moved") if n["title"] == title]
    _persian(told["message"], ref)
    # The voyage and ports as written; the arrival before and now in Solar Hijri. The republication moved
    # the arrival alone: the departure, which did not move, is not said to have moved.
    assert VOYAGE in told["message"] and "CNSHA" in told["message"], told["message"]
    assert len(SOLAR_HIJRI.findall(told["message"])) == 2 and "رسیدن از" in told["message"], told["message"]
    assert "حرکت" not in told["message"], told["message"]
    [mail] = _sailing_mails(client, address, rid)
    _persian_mail(mail, title, ref)
    # An English-speaking customer on the same sailing is told in English.
    english = customer(client, "en-moved")
    other = in_shipping_order(client, english, admin_headers, sailing=by_vessel())
    ok(client.put(PUBLISH, json=publication(leaving, shift_hours=40), headers=admin_headers))
    moved = [n for n in notifications_of(client, "en-moved") if n["title"] == "Sailing rescheduled"]
    assert len(moved) == 1 and "The carrier moved the sailing of your booking" in moved[0]["message"]
    assert other != rid


def test_the_sailing_named_for_an_estimate_is_told_in_persian(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers, address = persian_customer(client, "fa-named")
    ref, rid = v2_booking(client, headers)
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin_headers, json={"price": 900}))
    leaving = (datetime.now(UTC) + timedelta(days=15)).replace(second=0, microsecond=0)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin_headers))
    sailing = {"sailing": {"vesselIMONumber": VESSEL_IMO, "carrierExportVoyageNumber": VOYAGE}}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/sailing", headers=admin_headers, json=sailing))

    title = "کشتی رزرو شما تعیین شد"
    [told] = [n for n in notifications_of(client, "fa-named") if n["title"] == title]
    _persian(told["message"], ref)
    assert VOYAGE in told["message"] and "مهلت دستورالعمل حمل" in told["message"], told["message"]
    [mail] = _sailing_mails(client, address, rid)
    _persian_mail(mail, title, ref)


def test_a_real_smtp_server_receives_the_persian_reminder(
    smtp_server: tuple[int, Inbox], tmp_path: Path
) -> None:
    from policies.cut_off_watch import remind_due_cut_offs

    port, inbox = smtp_server
    with smtp_app(tmp_path / "var", port) as (client, admin):
        leaving, address, _rid, ref = _booked_on_a_sailing(client, admin, "fa-smtp-reminded")
        remind_due_cut_offs(services_of(client), leaving - timedelta(hours=72 + 47))
        settle(client)
    title = "مهلت دستورالعمل حمل نزدیک است"
    [mail] = [m for m in inbox.received if str(m["Subject"]).endswith(title)]
    assert (mail["To"], mail["Subject"]) == (address, f"[{ref}] {title}")
    text, html = mail.get_body(("plain",)), mail.get_body(("html",))
    assert text is not None and html is not None
    _persian(text.get_content().replace("\r\n", "\n").split("\n\n")[0], ref)
    assert "حدود ۴۷ ساعت دیگر" in text.get_content()  # the time left when it was sent
    assert '<html lang="fa" dir="rtl">' in html.get_content()


def test_the_sailing_e_mails_are_booking_e_mails_a_customer_may_turn_off(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """In English as in Persian, the cut-off reminder and the rescheduled sailing are written as every
    booking e-mail (subject, link to the booking, foot); the customer turns their kinds off on the profile
    and is e-mailed neither again, while the notices still come."""
    from policies.cut_off_watch import remind_due_cut_offs

    leaving = departure_in(20)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin_headers))
    headers, address = someone(client, "en-sailing-mails")
    rid = in_shipping_order(client, headers, admin_headers, sailing=by_vessel())
    ref = reference_of(client, headers, rid)
    cut_off = leaving - timedelta(hours=72)
    assert remind_due_cut_offs(services_of(client), cut_off - timedelta(hours=47)) == [(rid, 48)]
    ok(client.put(PUBLISH, json=publication(leaving, shift_hours=30), headers=admin_headers))

    reminder, moved = _sailing_mails(client, address, rid)
    near = 'You can turn off "The shipping-instruction cut-off of my booking is near" e-mails'
    news = _booking_mail(reminder, "Shipping instructions due", ref, near)
    assert news.startswith(f"Submit the shipping order of your booking {ref} before"), news
    assert "Open the booking: " in reminder["body"]
    moves = 'You can turn off "The carrier moves or names the sailing of my booking" e-mails'
    assert "The carrier moved the sailing" in _booking_mail(moved, "Sailing rescheduled", ref, moves)

    ok(client.put(PREFERENCES, headers=headers, json={"muted": list(SAILING_KINDS)}))
    assert remind_due_cut_offs(services_of(client), cut_off - timedelta(hours=23)) == [(rid, 24)]
    ok(client.put(PUBLISH, json=publication(leaving, shift_hours=40), headers=admin_headers))
    assert len(_sailing_mails(client, address, rid)) == 2
    titles = [n["title"] for n in notifications_of(client, "en-sailing-mails")]
    assert (titles.count("Shipping instructions due"), titles.count("Sailing rescheduled")) == (2, 2)
