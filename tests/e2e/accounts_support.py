"""Helpers of the accounts browser tests (tests/e2e/test_accounts_*.py): sign-up steps, outbox reading,
staff and customer logins, the axe check."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.corpus import fresh_national_id
from tests.e2e.browser import sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.words import english, number

PASSWORD = "Str0ngPass!"
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
MOBILE: ViewportSize = {"width": 375, "height": 740}


def unique_id(prefix: str = "ID") -> str:
    return f"{prefix}{uuid.uuid4().hex[:10].upper()}"


def phone_number() -> str:
    return "09" + str(uuid.uuid4().int)[:9]


def assert_accessible(page: Page, label: str) -> None:
    """axe finds no serious or critical violation on the page as it is now."""
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    assert not bad, f"{label}: " + "; ".join(f"{v['id']}: {v['help']} ({len(v['nodes'])})" for v in bad)


def shot(page: Page, directory: Path, name: str) -> None:
    page.screenshot(path=str(directory / f"accounts-{name}.png"), full_page=True)


def outbox_entry(
    server: LiveServer, predicate: Callable[[dict[str, Any]], object], timeout: float = 10
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    entry: dict[str, Any]
    while time.monotonic() < deadline:
        for entry in reversed(server.outbox()):
            if predicate(entry):
                return entry
        time.sleep(0.2)
    raise AssertionError("no matching outbox message")


def sms_code(server: LiveServer, phone: str) -> str:
    entry = outbox_entry(server, lambda e: e["channel"] == "sms" and e["to"] == phone and "code" in e["data"])
    return str(entry["data"]["code"])


def email_link(server: LiveServer, email: str, subject: str | None = None) -> str:
    entry = outbox_entry(
        server,
        lambda e: (
            e["channel"] == "email"
            and e["to"] == email
            and "link" in e["data"]
            and (subject is None or e["subject"] == subject)
        ),
    )
    return str(entry["data"]["link"])


def choose_type(page: Page, name: str, w: Callable[..., str] = english) -> None:
    """Picks the sign-up's account type `name` (in the screen's language: `w`, tests/e2e/words.py)."""
    page.get_by_role("combobox", name=w("accounts:startForm.type")).click()
    page.get_by_role("option", name=name).click()


def start_individual(
    page: Page, server: LiveServer, national_id: str, phone: str, w: Callable[..., str] = english
) -> None:
    """The sign-up's first step as a person: their national ID and mobile number, then Continue (labels in
    the screen's language: `w`, tests/e2e/words.py)."""
    page.goto(f"{server.url}/register")
    page.get_by_label(w("profile:national_id")).fill(national_id)
    page.get_by_label(w("accounts:startForm.mobileNumber")).fill(phone)
    page.get_by_role("button", name=w("accounts:startForm.continue")).click()


def start_company(
    page: Page, server: LiveServer, company_id: str, phone: str | None = None, w: Callable[..., str] = english
) -> None:
    """The sign-up's first step as a company: its ID and a mobile number, or (no phone) the foreign switch
    on; then Continue."""
    page.goto(f"{server.url}/register")
    choose_type(page, w("accounts:startForm.types.2"), w)
    page.get_by_label(w("profile:national_code")).fill(company_id)
    if phone is None:
        page.get_by_role("switch", name=w("accounts:startForm.registeredOutsideIran")).check()
    else:
        page.get_by_label(w("accounts:startForm.mobileNumber")).fill(phone)
    page.get_by_role("button", name=w("accounts:startForm.continue")).click()


def fill_individual(page: Page, email: str, phone: str, w: Callable[..., str] = english) -> None:
    # Exact: Persian's first name (نام) is a part of the last name's label and of the sign-up's name.
    page.get_by_label(w("profile:first_name"), exact=True).fill("Sara")
    page.get_by_label(w("profile:last_name"), exact=True).fill("Tehrani")
    # The Jalali calendar: open it and pick a day; then check the text form.
    page.get_by_role("button", name=w("accounts:datePicker.open")).click()
    page.get_by_label(w("accounts:datePicker.year"), exact=True).fill("1370")
    page.get_by_label(w("accounts:datePicker.month"), exact=True).select_option("5")
    page.get_by_role("button", name="1370/05/14").click()
    # Shown in the page's digits (Persian's on a Persian page), sent in Latin ones.
    persian = w("profile:birth_date") != english("profile:birth_date")
    birth_date = number("fa", "1370/05/14") if persian else "1370/05/14"
    expect(page.get_by_label(w("profile:birth_date"))).to_have_value(birth_date)
    expect(page.get_by_label(w("profile:phone"))).to_have_value(phone)
    page.get_by_label(w("accounts:fieldLabels.fax")).fill("02112345678")
    page.get_by_label(w("profile:email")).fill(email)
    page.get_by_label(w("profile:postal_code")).fill("1234567890")
    page.get_by_label(w("profile:address")).fill("12 Azadi Street, Tehran")


def fill_company(
    page: Page, email: str, phone: str | None, *, domestic: bool, w: Callable[..., str] = english
) -> None:
    """The company's details form, its labels in the screen's language (`w`, tests/e2e/words.py)."""
    page.get_by_label(w("profile:name"), exact=True).fill("Caspian Lines")
    page.get_by_label(w("profile:contact_person")).fill("Reza Karimi")
    if domestic:
        page.get_by_label(w("profile:economic_code")).fill("12345678901")
        page.get_by_label(w("profile:registration_code")).fill("654321")
    if phone is not None:
        page.get_by_label(w("profile:phone"), exact=True).fill(phone)
    page.get_by_label(w("profile:email")).fill(email)
    page.get_by_label(w("profile:postal_code")).fill("1234567890")
    page.get_by_label(w("profile:address"), exact=True).fill("Harbour Road 7, Bandar Abbas")


def enter_code(page: Page, code: str) -> None:
    page.get_by_label("Digit 1").focus()
    for digit in code:
        page.keyboard.type(digit)


def staff_page(browser: Browser, server: LiveServer) -> Page:
    """A second browser context signed in as the bootstrap admin."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    sign_in(page, server, ADMIN_USERNAME, ADMIN_PASSWORD)
    return page


def register_individual(page: Page, server: LiveServer, shots: Path | None = None) -> tuple[str, str, str]:
    """Start, form, code from the outbox, verify: answers (national id, phone, email)."""
    national_id, phone, email = fresh_national_id(), phone_number(), f"{unique_id('u').lower()}@example.com"
    page.goto(f"{server.url}/register")
    page.get_by_label("National ID").fill(national_id)
    page.get_by_label("Mobile Number").fill(phone)
    if shots:
        shot(page, shots, "register-start")
        assert_accessible(page, "registration start")
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("heading", name="Individual Information")).to_be_visible()
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_text("Required", exact=True).first).to_be_visible()
    fill_individual(page, email, phone)
    if shots:
        shot(page, shots, "register-individual-form")
        assert_accessible(page, "individual form")
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("heading", name="Verification")).to_be_visible()
    expect(page.get_by_text("Remaining Time")).to_be_visible()
    expect(page.get_by_role("button", name="Resend Code")).to_be_disabled()
    confirm = page.get_by_role("button", name="Confirm")
    expect(confirm).to_be_disabled()
    code = sms_code(server, phone)
    wrong = "00000" if code != "00000" else "11111"
    enter_code(page, wrong)
    confirm.click()
    expect(page.locator("fieldset[data-invalid='true']")).to_be_visible()
    if shots:
        shot(page, shots, "verification-wrong-code")
        assert_accessible(page, "verification")
    enter_code(page, code)
    confirm.click()
    expect(page.get_by_role("dialog", name="Sign Up Successful")).to_be_visible()
    if shots:
        shot(page, shots, "sign-up-successful")
    page.get_by_role("button", name="Confirm").click()
    expect(page).to_have_url(f"{server.url}/login")
    return national_id, phone, email
