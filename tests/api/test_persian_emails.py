"""A Persian-speaking customer's e-mails: the quote-ready, confirmed and tracking e-mails in Persian, text and
HTML (`lang="fa" dir="rtl"`), dates in the Solar Hijri calendar with Persian digits in the place's local time
and zone, the reference and link untouched; the same customer in English gets the English words; a real SMTP
server receives the Persian e-mail. The HTML is written to test-output/emails-fa/ to be looked at."""

# Persian digits and separators are what these tests look for.
# ruff: noqa: RUF001

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.api.accounts_support import NOTIFY, settle
from tests.api.booking_support import customer, in_shipping_order, ok, quoted
from tests.api.email_support import Inbox, mails, quote_mailed, reference_of, smtp_app, the_one_mail
from tests.api.test_tracking_emails import voyage
from tests.api.tracking_support import publisher_key
from tests.corpus import TRACKED_CONTAINERS, ZAHRA_HOSSEINI

LANGUAGE = "/account/api/v1/client/profile/language"
OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "emails-fa"
PERSIAN_DIGIT = re.compile("[۰-۹]")


def persian_customer(client: TestClient, name: str) -> tuple[dict[str, str], str]:
    (first, last), _ = ZAHRA_HOSSEINI
    address = f"{name}@shipper.example"
    headers = customer(client, name, {"email": address, "firstName": first, "lastName": last})
    ok(client.put(LANGUAGE, headers=headers, json={"language": "fa"}))
    return headers, address


def _kept(mail: dict[str, Any]) -> None:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    (OUTPUT / f"{mail['data']['kind']}.html").write_text(mail["html"], encoding="utf-8")
    (OUTPUT / f"{mail['data']['kind']}.txt").write_text(
        f"{mail['subject']}\n\n{mail['body']}", encoding="utf-8"
    )


def test_quote_confirmation_and_tracking_emails_are_in_persian_for_a_persian_speaking_customer(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers, address = persian_customer(client, "zahra-fa")
    rid = in_shipping_order(client, headers, admin_headers)  # quoted, accepted, documents, confirmed
    ref = reference_of(client, headers, rid)
    voyage(client, publisher_key(client, admin_headers), ref, TRACKED_CONTAINERS[0], "fa")
    settle(client)
    by_kind = {m["data"]["kind"]: m for m in mails(client, address)}
    wanted = ["quoteReady", "bookingConfirmed", "vesselDeparted", "vesselArrived", "cargoDelivered"]
    assert set(wanted) <= set(by_kind), sorted(by_kind)
    for kind in [*wanted, "arrivalEstimateChanged"]:
        mail = by_kind[kind]
        _kept(mail)
        assert mail["subject"].startswith(f"[{ref}] "), mail["subject"]
        assert '<html lang="fa" dir="rtl">' in mail["html"] and 'dir="rtl"' in mail["html"].split("<body")[1]
        link = mail["data"]["link"]
        assert link in mail["body"] and f'href="{link}"' in mail["html"] and ref in mail["body"]
        # The foot names the profile's switch in Persian.
        assert "این ایمیل را دریافت می‌کنید" in mail["body"], mail["body"]
    quote = by_kind["quoteReady"]
    assert quote["subject"] == f"[{ref}] نرخ شما آماده است"
    # The price in Persian digits and separators; the validity in the Solar Hijri calendar, UTC named.
    assert "۱٬۲۵۰٫۵۰ دلار" in quote["body"], quote["body"]
    assert re.search("[۰-۹]{4}/[۰-۹]{2}/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2} به وقت UTC", quote["body"]), quote["body"]
    assert "$" not in quote["body"] and "Your quote" not in quote["body"]
    confirmed = by_kind["bookingConfirmed"]
    assert confirmed["subject"] == f"[{ref}] رزرو شما تأیید شد"
    assert "گام بعدی دستور حمل است" in confirmed["body"]
    departed = by_kind["vesselDeparted"]
    assert departed["subject"] == f"[{ref}] کشتی حرکت کرد"
    # Departed 2026-01-06T20:00Z from Bandar Abbas: 23:30 of 1404/10/16 in Tehran's zone.
    assert "حرکت کرد" in departed["body"] and "KING OF THE SEAS" in departed["body"]
    moved = by_kind["arrivalEstimateChanged"]["body"]
    # 2026-01-14T08:00Z in Hamburg: 09:00 of 1404/10/24, Berlin's zone named; 48 h later in Persian digits.
    assert "۱۴۰۴/۱۰/۲۴ ۰۹:۰۰ به وقت محلی (UTC+۰۱:۰۰)" in moved, moved
    assert "۴۸ ساعت دیرتر" in moved, moved
    assert not PERSIAN_DIGIT.search(ref)


def test_her_notifications_are_in_persian_too(client: TestClient, admin_headers: dict[str, str]) -> None:
    headers, _ = persian_customer(client, "zahra-notices")
    rid = quoted(client, headers, admin_headers)
    ref = reference_of(client, headers, rid)
    settle(client)
    me = ok(client.get("/auth/api/v1/me", headers=headers))["id"]
    page = ok(client.get(f"{NOTIFY}/{me}/paging?pageSize=10&page=1", headers=headers))["data"]
    [quote] = [n for n in page["costumerlNotificationDetails"]["list"] if n["subject"]["reference"] == ref]
    assert quote["title"] == "نرخ اعلام شد", quote
    assert "۱٬۲۵۰٫۵۰ دلار" in quote["message"] and ref in quote["message"], quote["message"]


def test_the_same_customer_in_english_gets_the_english_words(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers, address = persian_customer(client, "zahra-en")
    ok(client.put(LANGUAGE, headers=headers, json={"language": "en"}))
    rid = quoted(client, headers, admin_headers)
    ref = reference_of(client, headers, rid)
    settle(client)
    (mail,) = mails(client, address)
    assert mail["subject"] == f"[{ref}] Your quote is ready"
    assert "$1,250.50 per container" in mail["body"] and '<html lang="en" dir="ltr">' in mail["html"]
    assert not PERSIAN_DIGIT.search(mail["body"])


def test_a_real_smtp_server_receives_the_persian_email(
    smtp_server: tuple[int, Inbox], tmp_path: Path
) -> None:
    port, inbox = smtp_server
    with smtp_app(tmp_path / "var", port) as (client, admin):
        headers, address = persian_customer(client, "zahra-smtp")
        _, ref = quote_mailed(client, admin, headers)
    mail, text, html = the_one_mail(inbox)
    assert (mail["To"], mail["Subject"]) == (address, f"[{ref}] نرخ شما آماده است")
    assert "۱٬۲۵۰٫۵۰ دلار" in text
    assert '<html lang="fa" dir="rtl">' in html
