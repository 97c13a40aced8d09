"""The accounts' own messages and notices in the reader's language: a sign-up made in Persian gets its code,
its decline, its create-password and reset links in Persian (text and HTML, Persian digits); a company that
reads Persian invites its colleague in Persian; each staff member reads the staff's notices in their own
language. The HTML parts are written to test-output/emails-fa/ to be looked at."""

# Persian digits are what these tests look for.
# ruff: noqa: RUF001

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from domain.shared.actor import SYSTEM_ACTOR
from tests.api.accounts_support import ADMIN, AUTH, CLIENT, NOTIFY, PASSWORD, last_link, ok, outbox
from tests.api.booking_support import create, customer
from tests.api.team_support import TEAM, company
from tests.app_services import services_of
from tests.conftest import login
from tests.corpus import (
    LONG_ADDRESSES,
    PERSIAN_COMPANIES,
    PERSIAN_PEOPLE,
    TEAM_COLLEAGUES,
    ZAHRA_HOSSEINI,
    fresh_company_id,
    fresh_iranian_mobile,
    fresh_national_id,
)

LANGUAGE = "/account/api/v1/client/profile/language"
OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "emails-fa"
FA = {"Accept-Language": "fa-IR,fa;q=0.9,en;q=0.8"}
PERSIAN_DIGIT = re.compile("[۰-۹]")
PERSIAN_LETTERS = re.compile("[\u0600-\u06ff]{3,}")
# What a Persian message may still hold in Latin letters: links, e-mail addresses, the zone's name and values
# isolated from the sentence (a booking reference).
LATIN_KEPT = re.compile(r"https?://\S+|[\w.+-]+@[\w.-]+|UTC|\u2068[^\u2069]*\u2069")


def english_words(text: str) -> list[str]:
    """The Latin words of `text` besides links, addresses and `UTC`: English interface words left over."""
    return re.findall(r"[A-Za-z]{2,}", LATIN_KEPT.sub(" ", text))


def persian(message: dict[str, Any], *, numbers: bool = True) -> None:
    """A message written in Persian: Persian words, Persian digits where it counts, no English words."""
    html = message.get("html")
    for part in (message["subject"], message["body"], *([re.sub(r"<[^>]+>", " ", html)] if html else [])):
        assert PERSIAN_LETTERS.search(part), part
        assert english_words(part) == [], (english_words(part), part)
    if numbers:
        assert PERSIAN_DIGIT.search(message["body"]), message["body"]
    if message.get("html"):
        assert '<html lang="fa" dir="rtl">' in message["html"]


def kept(name: str, message: dict[str, Any]) -> None:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    (OUTPUT / f"{name}.html").write_text(message["html"], encoding="utf-8")
    (OUTPUT / f"{name}.txt").write_text(f"{message['subject']}\n\n{message['body']}", encoding="utf-8")


def sent(client: TestClient, to: str, channel: str) -> list[dict[str, Any]]:
    return [m for m in outbox(client) if m["to"] == to and m["channel"] == channel]


def notices_of(client: TestClient, headers: dict[str, str]) -> list[dict[str, Any]]:
    me = ok(client.get(f"{AUTH}/me", headers=headers))["id"]
    page = ok(client.get(f"{NOTIFY}/{me}/paging?pageSize=50&page=1", headers=headers))["data"]
    return list(page["costumerlNotificationDetails"]["list"])


def individual(person: int = 0) -> dict[str, str]:
    first, last = PERSIAN_PEOPLE[person]
    national_id = fresh_national_id()
    return {
        "firstName": first,
        "lastName": last,
        "birthDate": "1370/05/12",
        "nationalId": national_id,
        "phone": fresh_iranian_mobile(),
        "fax": "",
        "email": f"applicant-{national_id}@shipper.example",
        "address": LONG_ADDRESSES[0],
        "postalCode": "1969713111",
    }


def signed_up_in_persian(client: TestClient, form: dict[str, str]) -> dict[str, Any]:
    """An individual's sign-up made in Persian, up to its code texted: the code's SMS."""
    door = f"{CLIENT}/indivisual-customers/register"
    start = {"nationalId": form["nationalId"], "phone": form["phone"]}
    ok(client.post(f"{door}/start", json=start, headers=FA))
    ok(client.post(f"{door}/finalize", json=form, headers=FA))
    (texted,) = sent(client, form["phone"], "sms")
    return texted


def test_a_sign_up_made_in_persian_hears_its_code_acceptance_and_links_in_persian(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    form = individual()
    code_sms = signed_up_in_persian(client, form)
    persian(code_sms)
    code = code_sms["data"]["code"]
    assert code in code_sms["body"] and "۱۰ دقیقه" in code_sms["body"], code_sms["body"]
    ok(
        client.post(
            f"{CLIENT}/indivisual-customers/register/verify",
            json={"nationalId": form["nationalId"], "code": code},
        )
    )
    ok(
        client.post(
            f"{ADMIN}/indivisual-customer/register-requests/{form['nationalId']}", headers=admin_headers
        )
    )
    (created,) = sent(client, form["email"], "email")
    persian(created, numbers=False)  # the username is the national ID, kept in Latin digits as typed
    kept("accountCreated", created)
    assert created["subject"] == "حساب شما آماده است: رمز عبور خود را تعیین کنید"
    assert form["nationalId"] in created["body"] and created["data"]["link"] in created["body"]
    assert "تعیین رمز عبور</a>" in created["html"]
    _, token, national_id = last_link(client, form["email"])
    body = {"token": token, "newPassword": PASSWORD, "confirmNewPassword": PASSWORD}
    ok(client.put(f"{AUTH}/{national_id}/reset-password", json=body))
    headers = login(client, form["nationalId"], PASSWORD)
    # Without a choice of her own, her account's notices keep the sign-up's language.
    welcome = notices_of(client, headers)
    assert [n["title"] for n in welcome] == ["ثبت‌نام پذیرفته شد"], welcome
    assert english_words(welcome[0]["message"]) == []

    ok(client.get(f"{AUTH}/{national_id}/reset-password/token"))
    reset = sent(client, form["email"], "email")[-1]
    persian(reset, numbers=False)
    kept("passwordReset", reset)
    assert reset["subject"] == "بازنشانی رمز عبور" and reset["data"]["link"] in reset["body"]
    assert "انتخاب رمز عبور تازه</a>" in reset["html"]


def test_the_same_sign_up_in_english_stays_english(client: TestClient) -> None:
    form = individual(1)
    door = f"{CLIENT}/indivisual-customers/register"
    ok(client.post(f"{door}/start", json={"nationalId": form["nationalId"], "phone": form["phone"]}))
    ok(client.post(f"{door}/finalize", json=form, headers={"Accept-Language": "en-GB,en"}))
    (texted,) = sent(client, form["phone"], "sms")
    assert texted["subject"] == "Verification code"
    assert (
        texted["body"].startswith("Your freight portal verification code is ")
        and "10 minutes" in texted["body"]
    )


def test_a_declined_sign_up_hears_it_in_persian(client: TestClient, admin_headers: dict[str, str]) -> None:
    # A person's decline is texted; a foreign company's is e-mailed.
    form = individual(2)
    signed_up_in_persian(client, form)
    code = sent(client, form["phone"], "sms")[0]["data"]["code"]
    verify = {"nationalId": form["nationalId"], "code": code}
    ok(client.post(f"{CLIENT}/indivisual-customers/register/verify", json=verify))
    reason = "تصویر کارت ملی خوانا نیست"
    decline = {"message": reason}
    ok(
        client.post(
            f"{ADMIN}/register-requests/{form['nationalId']}/decline", json=decline, headers=admin_headers
        )
    )
    texted = sent(client, form["phone"], "sms")[-1]
    persian(texted, numbers=False)
    assert texted["body"] == f"درخواست ثبت‌نام شما رد شد: {reason}"

    company_id = fresh_company_id()
    foreign = {
        "isForeign": True,
        "name": PERSIAN_COMPANIES[1],
        "contactPerson": " ".join(PERSIAN_PEOPLE[0]),
        "nationalCode": company_id,
        "phone": "09120000000",
        "fax": "",
        "email": f"ops-{company_id}@gulf.example",
        "address": LONG_ADDRESSES[1],
        "postalCode": "20095",
    }
    door = f"{CLIENT}/foreign-corporate-customers/register"
    ok(client.post(f"{door}/start", json={"nationalId": company_id, "phone": foreign["phone"]}, headers=FA))
    ok(client.post(f"{door}/finalize", json=foreign, headers=FA))
    ok(client.post(f"{ADMIN}/register-requests/{company_id}/decline", json=decline, headers=admin_headers))
    (mailed,) = sent(client, str(foreign["email"]), "email")
    persian(mailed, numbers=False)
    kept("registrationDeclined", mailed)
    assert mailed["subject"] == "درخواست ثبت‌نام رد شد" and reason in mailed["html"]


def test_a_company_reading_persian_invites_its_colleague_in_persian(client: TestClient) -> None:
    owner, _ = company(client, PERSIAN_COMPANIES[0], "owner@parsian.example")
    ok(client.put(LANGUAGE, headers=owner, json={"language": "fa"}))
    name, email = TEAM_COLLEAGUES[3]
    ok(
        client.post(
            f"{TEAM}/invitations", json={"email": email, "name": name, "role": "booker"}, headers=owner
        ),
        201,
    )
    (invitation,) = sent(client, email, "email")
    persian(invitation)
    kept("teamInvitation", invitation)
    assert invitation["subject"] == f"{PERSIAN_COMPANIES[0]} شما را به تیم رزروهای حمل خود دعوت می‌کند"
    assert "با نقش رزروکننده" in invitation["body"] and "۷۲ ساعت" in invitation["body"]
    assert invitation["data"]["link"] in invitation["body"] and "پیوستن به تیم</a>" in invitation["html"]


def test_each_staff_member_reads_the_staffs_notices_in_their_own_language(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    services = services_of(client)
    services.settle(
        services.accounts.create_staff("kaveh.moradi", "Staff-Pass1-long", ["admin"], SYSTEM_ACTOR)
    )
    english_staff = login(client, "kaveh.moradi", "Staff-Pass1-long")
    ok(client.put(LANGUAGE, headers=admin_headers, json={"language": "fa"}))
    form = individual()
    code = signed_up_in_persian(client, form)["data"]["code"]
    verify = {"nationalId": form["nationalId"], "code": code}
    ok(client.post(f"{CLIENT}/indivisual-customers/register/verify", json=verify))
    outbox(client)  # the policies settled

    def told(headers: dict[str, str]) -> dict[str, Any]:
        listed = notices_of(client, headers)
        (notice,) = [n for n in listed if (n.get("subject") or {}).get("id") == form["nationalId"]]
        return dict(notice)

    in_persian, in_english = told(admin_headers), told(english_staff)
    name = f"{form['firstName']} {form['lastName']}"
    assert in_persian["title"] == "ثبت‌نام تازه"
    assert in_persian["message"] == f"{name} ثبت‌نام کرده و منتظر بررسی است."
    assert in_english["title"] == "New registration"
    assert in_english["message"] == f"{name} signed up and waits for review."


def test_a_staff_member_reading_persian_hears_of_a_new_rate_request_in_persian(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    ok(client.put(LANGUAGE, headers=admin_headers, json={"language": "fa"}))
    (first, last), _ = ZAHRA_HOSSEINI
    shipper = customer(client, "zahra-staff-fa", {"firstName": first, "lastName": last})
    created = create(client, shipper, quantity=3)
    outbox(client)  # the policies settled
    listed = notices_of(client, admin_headers)
    (notice,) = [n for n in listed if (n.get("subject") or {}).get("id") == created["id"]]
    assert notice["title"] == "درخواست نرخ تازه"
    assert "۳ کانتینر" in notice["message"] and notice["message"].startswith("درخواست نرخ "), notice
    # The commodity is the customer's own words; every other word is Persian.
    assert english_words(notice["message"].replace("Pistachios", "")) == [], notice["message"]
