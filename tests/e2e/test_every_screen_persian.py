"""The screens the booking and staff Persian tests do not visit, in Persian at 1280x800 and 375x812:
login, sign-up (a person, a company, a foreign company), the phone verification step, password reset (asking,
and a link's page), the profile's tabs (edit, team, security, API keys and webhooks, e-mails), the customer's
overview and documents, and the staff tracking console. Each is read right to left with no English interface
word (test_booking_persian's checker), no sideways scroll, and no day written in Latin digits. Elements are
found by the Persian catalogue's words (web/src/i18n/locales/fa), not by copied strings.
Screenshots: test-output/screenshots/booking-fa-<width>-screen-*.png."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.corpus import LONG_ADDRESSES, PERSIAN_PEOPLE, fresh_national_id
from tests.e2e.accounts_support import phone_number
from tests.e2e.browser import DESKTOP, PHONE, full_shot
from tests.e2e.browser import sign_in as sign_in_as
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import foreign_customer
from tests.e2e.test_booking_persian import ENGLISH, PERSIAN_DIGIT, check, interface_text
from tests.e2e.words import words

# A day or time written with Latin digits (2026-11-29, 29/11/2026, 14:30): Persian days are Solar Hijri in
# Persian digits.
# (`[0-9]`, not `\d`: Python's `\d` is every script's digit, Persian ones too.)
LATIN_DAY = re.compile(
    r"\b[0-9]{4}-[0-9]{2}-[0-9]{2}\b|\b[0-9]{1,2}/[0-9]{1,2}/[0-9]{2,4}\b|\b[0-9]{4}/[0-9]{2}/[0-9]{2}\b"
)
fa = words("fa")  # the Persian catalogue's words by key (tests/e2e/words.py)


def sign_in(page: Page, server: LiveServer, username: str, password: str) -> None:
    """Signing in on the Persian login page, by its Persian labels."""
    sign_in_as(page, server, username, password, fa)


def read(page: Page, shots: Path, name: str, *, code_boxes: bool = False) -> None:
    """The shared Persian check, and no day in Latin digits in what `main` says. The verification code's
    one-digit boxes are narrow by design (the shared layout check flags narrow inputs): that step is read
    without it, for direction, sideways scroll and English words."""
    expect(page.locator("main").first).to_be_visible()
    if code_boxes:
        assert page.evaluate("document.documentElement.dir") == "rtl"
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), (
            "scrolls sideways"
        )
        left = sorted(set(ENGLISH.findall(interface_text(page))))
        assert not left, f"English left on {name}: {left}"
        full_shot(page, shots, "booking-fa", f"screen-{name}")
    else:
        check(page, shots, f"screen-{name}")
    text = page.locator("main").first.inner_text()
    assert not LATIN_DAY.findall(text), (name, LATIN_DAY.findall(text))


@pytest.fixture
def persian(browser: Browser, viewport: ViewportSize) -> Iterator[BrowserContext]:
    """A browser context in which the app starts in Persian, as the language switch leaves it."""
    context = browser.new_context(viewport=viewport)
    context.add_init_script("localStorage.setItem('freight.language', 'fa')")
    try:
        yield context
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_public_screens_read_in_persian(
    persian: BrowserContext, live_server: LiveServer, screenshot_dir: Path
) -> None:
    page = persian.new_page()
    url = live_server.url

    page.goto(f"{url}/login")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.get_by_role("button", name=fa("accounts:loginForm.submit"))).to_be_visible()
    page.get_by_role("button", name=fa("accounts:loginForm.submit")).click()
    # A missing field is said in Persian too.
    expect(page.get_by_text(fa("accounts:loginForm.required")).first).to_be_visible()
    read(page, screenshot_dir, "login")

    # Sign-up: a person (the first kind), then a company and a foreign company.
    page.goto(f"{url}/register")
    expect(page.get_by_role("button", name=fa("accounts:startForm.continue"))).to_be_visible()
    read(page, screenshot_dir, "sign-up-person")
    page.get_by_role("combobox", name=fa("accounts:startForm.type")).click()
    page.get_by_role("option").nth(1).click()
    expect(page.get_by_label(fa("profile:national_code"))).to_be_visible()
    read(page, screenshot_dir, "sign-up-company")
    page.get_by_role("switch", name=fa("accounts:startForm.registeredOutsideIran")).check()
    read(page, screenshot_dir, "sign-up-foreign-company")

    # A person's details, then the phone verification step.
    page.goto(f"{url}/register")
    page.get_by_label(fa("profile:national_id")).fill(fresh_national_id())
    page.get_by_label(fa("accounts:startForm.mobileNumber")).fill(phone_number())
    page.get_by_role("button", name=fa("accounts:startForm.continue")).click()
    expect(page.get_by_role("heading", name=fa("accounts:registrationForm.titles.1"))).to_be_visible()
    read(page, screenshot_dir, "sign-up-person-details")
    first, last = PERSIAN_PEOPLE[0]
    page.get_by_label(fa("profile:first_name"), exact=True).fill(first)
    page.get_by_label(fa("profile:last_name"), exact=True).fill(last)
    page.get_by_label(fa("profile:birth_date"), exact=True).fill("1370/05/14")
    page.get_by_label(fa("profile:email"), exact=True).fill(f"{fresh_national_id()}@example.com")
    page.get_by_label(fa("profile:postal_code"), exact=True).fill("1969713111")
    page.get_by_label(fa("profile:address"), exact=True).fill(LONG_ADDRESSES[0])
    page.get_by_role("button", name=fa("accounts:registrationForm.submit")).click()
    expect(page.get_by_role("button", name=fa("accounts:verificationStep.resendCode"))).to_be_visible(
        timeout=15_000
    )
    read(page, screenshot_dir, "phone-verification", code_boxes=True)

    # Password reset: asking for a link, and a link's page without its token.
    page.goto(f"{url}/forgetpassword")
    expect(page.get_by_role("button", name=fa("accounts:forgetPassword.submit"))).to_be_visible()
    read(page, screenshot_dir, "forgot-password")
    page.goto(f"{url}/forgetpassword/createpassword")
    expect(page.get_by_text(fa("accounts:createPassword.missing"))).to_be_visible()
    read(page, screenshot_dir, "create-password")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_signed_in_screens_read_in_persian(
    persian: BrowserContext, live_server: LiveServer, screenshot_dir: Path
) -> None:
    url = live_server.url
    username, password = foreign_customer(live_server, "Persian Screens Traders")
    page = persian.new_page()
    sign_in(page, live_server, username, password)
    expect(page.locator("html")).to_have_attribute("dir", "rtl")

    page.goto(f"{url}/dashboard/overview")
    latest = page.get_by_role("region", name=fa("accounts:latestNotifications.latestNotifications"))
    expect(latest).to_be_visible()
    # The notifications were told while this account read English: each is worded in every language, so
    # they read in Persian with the rest of the screen.
    expect(latest.get_by_role("listitem").first).to_be_visible()
    read(page, screenshot_dir, "overview")
    page.goto(f"{url}/dashboard/documents")
    expect(page.get_by_role("heading").first).to_be_visible()
    read(page, screenshot_dir, "documents")

    for tab in ("editProfile", "team", "security", "integrations", "emails"):
        page.goto(f"{url}/dashboard/profile?{tab}=true")
        # The page's title names the tab (a section inside may be headed alike).
        expect(page.get_by_role("heading", level=1, name=fa(f"accounts:profile.tabs.{tab}"))).to_be_visible()
        read(page, screenshot_dir, f"profile-{tab}")
        if tab == "security":
            # Sessions and sign-ins carry days: Solar Hijri, in Persian digits.
            assert PERSIAN_DIGIT.search(page.locator("main").inner_text())

    # The staff tracking console.
    staff = persian.browser.new_context(viewport=page.viewport_size) if persian.browser else None
    assert staff is not None
    try:
        staff.add_init_script("localStorage.setItem('freight.language', 'fa')")
        console = staff.new_page()
        sign_in(console, live_server, ADMIN_USERNAME, ADMIN_PASSWORD)
        console.goto(f"{url}/dashboard/tracking")
        expect(console.get_by_role("heading").first).to_be_visible()
        read(console, screenshot_dir, "staff-tracking")
    finally:
        staff.close()
