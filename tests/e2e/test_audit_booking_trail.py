"""Staff find a booking by a Persian company's name or by its reference
and read its whole history (rate request and shipping order) as one trail in words, at both widths."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.corpus import PERSIAN_COMPANIES
from tests.e2e.browser import DESKTOP, PHONE, layout_problems, sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import (
    accept_order,
    booking_confirmed,
    call,
    foreign_customer,
    login,
    shipping_order,
)

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
COMPANY = PERSIAN_COMPANIES[0]  # "بازرگانی پارسیان"


def a_booking_with_its_shipping_order(live_server: LiveServer) -> str:
    username, password = foreign_customer(live_server, COMPANY)
    token = login(live_server, username, password)
    rid = booking_confirmed(live_server, token, "Saffron")
    accept_order(live_server, shipping_order(live_server, token, rid, ["BMOU0061950"]))
    reference = call(live_server, "GET", f"/booking/api/v1/client/rate-requests/{rid}", token=token)[
        "reference"
    ]
    return str(reference)


def assert_in_words(page: Page) -> None:
    text = page.get_by_role("main").inner_text()
    assert not UUID.search(text), UUID.search(text)
    assert "{" not in text and '"' not in text
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), re.search(r"\b[a-z]+_[a-z_]+\b", text)
    assert "No reason recorded" not in text


def test_staff_find_a_booking_by_name_and_by_reference_and_read_one_trail_in_words(
    page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    reference = a_booking_with_its_shipping_order(live_server)
    for size, width in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        sign_in(page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD)
        page.goto(f"{live_server.url}/dashboard/audit")
        expect(page.get_by_role("heading", name="Audit log")).to_be_visible()

        # By the customer's name, in Persian, from the first letters of one of its words.
        search = page.get_by_role("search", name="Find a booking's trail")
        search.get_by_label("Booking reference or person's name").fill("پارس")
        search.get_by_role("button", name="Find booking").click()
        expect(page).to_have_url(re.compile(r"/dashboard/audit/bookings\?q="))
        found = page.get_by_role("article", name=f"Booking {reference}")
        expect(found).to_be_visible()
        expect(found).to_contain_text(COMPANY)
        page.screenshot(path=str(screenshot_dir / f"audit-booking-search-{width}.png"), full_page=True)
        found.get_by_role("link", name=reference).click()

        # One trail headed by the reference: the rate request and its shipping order together, in words.
        expect(page.get_by_role("heading", level=1, name=f"Booking {reference}")).to_be_visible()
        created = page.get_by_role("article", name="Rate request made")
        expect(created).to_contain_text(re.compile(r"\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2} UTC"))
        expect(created).to_contain_text(COMPANY)
        expect(created.locator("dt", has_text="Port of loading").locator("xpath=..")).to_contain_text(
            "Shanghai (CNSHA)"
        )
        expect(created.locator("dt", has_text="Container type").locator("xpath=..")).to_contain_text("Dry")
        quoted = page.get_by_role("article", name="Price quoted")
        expect(quoted).to_contain_text("$3,700.00")
        expect(page.get_by_role("article", name="Booking letter submitted")).to_contain_text("loi.pdf")
        order = page.get_by_role("article", name="Shipping order submitted")
        expect(order.locator("dt", has_text="Freight").locator("xpath=..")).to_contain_text("Prepaid")
        container = order.locator("dt", has_text="Container BMOU0061950").locator("xpath=..")
        expect(container).to_contain_text("seal SEAL-0001, 120 packages, gross 21,000 kg, net 19,500 kg")
        expect(order.locator("dt", has_text="Consignee").locator("xpath=..")).to_contain_text(
            "Consignee Pte Ltd"
        )
        expect(page.get_by_role("article", name="Shipping order accepted by staff")).to_be_visible()
        assert_in_words(page)
        assert layout_problems(page) == []
        page.screenshot(path=str(screenshot_dir / f"audit-booking-trail-{width}.png"), full_page=True)

        # By its reference, typed in lower case, from the trail page itself.
        page.get_by_label("Booking reference or person's name").fill(reference.lower())
        page.get_by_role("button", name="Find booking").click()
        expect(page.get_by_text("1 booking found.")).to_be_visible()
        expect(page.get_by_role("article", name=f"Booking {reference}")).to_be_visible()
        page.context.clear_cookies()
        page.evaluate("localStorage.clear(); sessionStorage.clear()")


def test_the_log_is_filtered_by_a_persons_name_and_names_each_rows_booking(
    page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    reference = a_booking_with_its_shipping_order(live_server)
    page.set_viewport_size(DESKTOP)
    sign_in(page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD)
    page.goto(f"{live_server.url}/dashboard/audit")
    filters = page.get_by_role("search", name="Filter the audit log")
    filters.get_by_label("Who").fill(COMPANY.split()[1])
    filters.get_by_role("button", name="Apply filters").click()
    expect(page).to_have_url(re.compile(r"person="))
    rows = page.get_by_role("article", name=re.compile(r", position \d+$"))
    expect(rows.first).to_be_visible()
    # Every row is the company's own act; the booking's rows link to its trail by reference.
    for row in rows.all():
        expect(row).to_contain_text(COMPANY)
    booking_row = rows.filter(has=page.get_by_role("link", name=reference)).first
    expect(booking_row).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "audit-log-by-person-desktop.png"), full_page=True)
    booking_row.get_by_role("link", name=reference).click()
    expect(page.get_by_role("heading", level=1, name=f"Booking {reference}")).to_be_visible()
