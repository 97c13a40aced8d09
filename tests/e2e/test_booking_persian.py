"""The customer's booking journey in Persian, at 1280x800 and 375x812: signed in, the switch turns the page
to فارسی (right to left); a rate is requested on the new booking's form, then the bookings list, a quoted
request's detail with its price, a confirmed booking's shipping order form and a tracked booking's timeline
are each read with no English interface word left, no sideways scroll, and Persian (Solar Hijri) dates.
Screenshots: test-output/screenshots/booking-fa-<width>-*.png."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.corpus import TRACKED_CONTAINERS
from tests.e2e.browser import full_shot, layout_problems, signed_in_page
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import (
    BOOKING,
    booking_confirmed,
    call,
    followers_caught_up,
    foreign_customer,
    login,
    quote,
    rate_request,
)
from tests.e2e.screens import choose
from tests.e2e.test_tracking_timeline import event, publish, publisher_key

# Interface words that must not survive in Persian; data (references, ports, cargo, vessels) is left out of
# the text read, being isolated in <bdi> or typed into inputs.
ENGLISH = re.compile(
    r"\b(the|and|Submit|Save|Cancel|Booking|Bookings|Status|State|Search|Back|Continue|Price|Request|Shipping"
    r"|Reference|Details|Loading|Add|Edit|Where|Download|Containers?|Consignee|Shipper|Sort|Select|Required)\b"
)
PERSIAN_DIGIT = re.compile("[\u06f0-\u06f9]")
# Words these screens show but do not write: state names (the lifecycle files, read by lib/lifecycle), whose
# move it is (components/whose-move), the booking facts and sailing blocks (components/booking-facts, sailing)
# and the server's tracking summary. They are translated where they are
# made; here they are read apart, kept in test-output for whoever checks them.
SHARED = '[data-state], [class*="badge"], [data-testid="booking-progress"], [data-stage], [data-shared]'
SHARED_SEEN: set[str] = set()


def moment(days: int) -> str:
    """A time `days` from today (an actual event has happened; an estimate lies ahead)."""
    return f"{(date.today() + timedelta(days=days)).isoformat()}T08:00:00Z"


@dataclass
class Customer:
    username: str
    password: str
    quoted: str
    confirmed: str
    tracked: str


@pytest.fixture(scope="module")
def customer(live_server: LiveServer) -> Customer:
    username, password = foreign_customer(live_server, "Persian Journey Traders")
    token = login(live_server, username, password)
    quoted = rate_request(live_server, token, "Pistachios, in sacks")
    quote(live_server, quoted, price=1850)
    confirmed = booking_confirmed(live_server, token, "Saffron, dried, in tins")
    tracked = booking_confirmed(live_server, token, "Dates, pitted, in cartons")
    detail = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{tracked}", token=token)
    reference = detail["reference"]
    key = publisher_key(live_server, "Persian journey gate")
    publish(
        live_server,
        key,
        [
            event("fa-gi", "EQUIPMENT", "GTIN", "ACT", moment(-1), "IRBND", reference),
            # An estimate of a later arrival, made now: its update time is not ahead of now (decision 3891).
            event("fa-eta", "TRANSPORT", "ARRI", "EST", moment(20), "DEHAM", reference)
            | {"eventUpdatedDateTime": moment(-1)},
        ],
    )
    followers_caught_up(live_server)  # the tracking read model has the events before any page asks
    return Customer(username, password, quoted, confirmed, tracked)


@pytest.fixture
def persian_page(
    browser: Browser, live_server: LiveServer, customer: Customer, viewport: dict[str, int]
) -> Iterator[Page]:
    # The switch saves the choice on the account, and the account's language wins once `/me` answers: the
    # previous width's run left it Persian, so this page could turn Persian by itself just as the switch is
    # clicked, and the click would turn it back. Each width starts from an English account.
    token = login(live_server, customer.username, customer.password)
    call(live_server, "PUT", "/account/api/v1/client/profile/language", {"language": "en"}, token=token)
    with signed_in_page(browser, live_server, viewport, customer.username, customer.password) as page:
        page.get_by_role("button", name="نمایش به فارسی").first.click()
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        yield page


def interface_text(page: Page) -> str:
    """What `main` and an open dialog (drawn outside `main`) say in their own words: their text without the
    isolated data values."""
    return str(
        page.evaluate(
            """() => [...document.querySelectorAll('main, dialog[open], [role="dialog"]')].map((part) => {
              const copy = part.cloneNode(true);
              copy.querySelectorAll('bdi, time, input, textarea, select option[value]:not([value=""])')
                .forEach((n) => n.remove());
              copy.querySelectorAll(shared).forEach((n) => n.remove());
              // Each text node apart: a heading's English glued to the Persian beside it has no word edge.
              const texts = [];
              const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
              while (walker.nextNode()) texts.push(walker.currentNode.textContent);
              return texts.join(' ');
            }).join(' ')""".replace("shared", repr(SHARED))
        )
    )


def shared_words(page: Page) -> list[str]:
    script = f"[...document.querySelectorAll('main :is({SHARED})')].map((n) => n.textContent)"
    return list(page.evaluate(script))


def check(page: Page, shots: Path, name: str) -> None:
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "scrolls sideways"
    assert layout_problems(page) == []
    left = sorted(set(ENGLISH.findall(interface_text(page))))
    assert not left, f"English left on {name}: {left} in {interface_text(page)!r}"
    # The font draws a middle dot as the Persian zero: a reference, a dot, a count reads as one number.
    assert "\u00b7" not in interface_text(page), f"a middle dot on {name}, read as a zero"
    full_shot(page, shots, "booking-fa", name)
    SHARED_SEEN.update(w for w in shared_words(page) if ENGLISH.search(w) or re.search(r"[A-Za-z]{4,}", w))
    (shots / "booking-fa-shared-english.txt").write_text("\n".join(sorted(SHARED_SEEN)) + "\n")


def test_the_customer_books_and_tracks_in_persian(
    persian_page: Page, live_server: LiveServer, customer: Customer, screenshot_dir: Path
) -> None:
    page = persian_page
    url = live_server.url
    # A rate requested on the new booking's form, its labels in Persian.
    page.goto(f"{url}/dashboard/bookings/NewBooking")
    expect(page.get_by_role("heading", name="رزرو جدید")).to_be_visible()
    # Sent empty first: each refusal, and each choice's placeholder, in Persian.
    page.get_by_role("button", name="درخواست نرخ").click()
    expect(page.get_by_text("بندر بارگیری را انتخاب کنید")).to_be_visible()
    check(page, screenshot_dir, "new-booking-refused")
    choose(page, "بندر بارگیری", "Shanghai")
    choose(page, "بندر تخلیه", "Singapore")
    choose(page, "نوع کانتینر", "خشک")
    choose(page, "اندازهٔ کانتینر", "۲۰ فوتی")
    page.get_by_label("تعداد کانتینر").fill("2")
    page.get_by_label("کالا", exact=True).fill("زعفران سرگل")
    page.get_by_label("کد HS").fill("091020")
    page.get_by_label("تاریخ حمل دلخواه").fill((date.today() + timedelta(days=20)).isoformat())
    check(page, screenshot_dir, "new-booking")
    page.get_by_role("button", name="درخواست نرخ").click()
    expect(page).to_have_url(re.compile(r"/dashboard/bookings/rate-request/detail/"), timeout=15_000)

    # The list: Persian headings, Solar Hijri dates in Persian digits.
    page.goto(f"{url}/dashboard/bookings")
    expect(page.get_by_role("heading", name="درخواست‌های رزرو")).to_be_visible()
    expect(page.get_by_text("زعفران سرگل").locator("visible=true").first).to_be_visible(timeout=15_000)
    assert PERSIAN_DIGIT.search(page.locator("main").inner_text())
    check(page, screenshot_dir, "list")

    # A quoted request: the price and its two answers.
    page.goto(f"{url}/dashboard/bookings/rate-request/detail/{customer.quoted}")
    expect(page.get_by_text("نرخ هر کانتینر:")).to_be_visible(timeout=15_000)
    expect(page.get_by_role("button", name="پذیرش نرخ")).to_be_visible()
    check(page, screenshot_dir, "quoted")

    # A confirmed booking: the shipping order form.
    page.goto(f"{url}/dashboard/bookings/rate-request/detail/{customer.confirmed}")
    expect(page.get_by_role("heading", name="دستور حمل").first).to_be_visible(timeout=15_000)
    check(page, screenshot_dir, "shipping-order")
    page.get_by_role("button", name="افزودن فرستنده").click()
    dialog = page.get_by_role("dialog", name="مشخصات فرستنده")
    expect(dialog.get_by_label("نام کامل")).to_be_visible()
    full_shot(page, screenshot_dir, "booking-fa", "shipper-dialog")
    dialog.get_by_role("button", name="انصراف").click()

    # A tracked booking: where the cargo is, its milestones in Persian.
    page.goto(f"{url}/dashboard/bookings/rate-request/detail/{customer.tracked}")
    panel = page.get_by_test_id("tracking-panel")
    expect(panel).to_be_visible(timeout=15_000)
    expect(panel.get_by_role("heading", name="محمولهٔ شما کجاست")).to_be_visible()
    expect(panel.get_by_role("listitem").filter(has_text="وارد پایانه شد")).to_have_count(1)
    expect(panel.get_by_text(TRACKED_CONTAINERS[0]).first).to_be_visible()
    check(page, screenshot_dir, "tracking")
