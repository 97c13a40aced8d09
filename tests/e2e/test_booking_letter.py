"""The booking letter is written in for the booking: from the letter step a customer opens each document
type's letter with the booking's reference, her company's name (Persian, read right to left), the ports,
the containers, the cargo and the price already written in, and her own address from her profile (the
order that names a shipper comes later); what the order gives says so, no blank line but the signature's;
A4 to print, at both widths (decision 3885)."""

from __future__ import annotations

import uuid
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.corpus import PERSIAN_COMPANIES
from tests.e2e.browser import layout_problems, no_serious_violations, sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import accept_quote, call, foreign_customer, login, quote, rate_request


def test_the_letter_step_opens_each_letter_written_in_for_the_booking(
    browser: Browser, page: Page, viewport: ViewportSize, live_server: LiveServer, screenshot_dir: Path
) -> None:
    company = PERSIAN_COMPANIES[1]
    customer = foreign_customer(live_server, company)
    token = login(live_server, *customer)
    cargo = f"Saffron {uuid.uuid4().hex[:6]}"
    rid = rate_request(live_server, token, cargo)
    quote(live_server, rid, 1365)
    accept_quote(live_server, token, rid)
    detail = call(live_server, "GET", f"/booking/api/v1/client/rate-requests/{rid}", token=token)
    sign_in(page, live_server, *customer)
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    link = page.get_by_role("link", name="Open the Export LOI for this booking")
    expect(link).to_be_visible()
    assert layout_problems(page) == []
    page.screenshot(path=str(screenshot_dir / f"booking-letter-step-{viewport['width']}.png"), full_page=True)
    with page.context.expect_page() as opened:
        link.click()
    letter = opened.value
    letter.set_viewport_size(viewport)
    expect(letter.get_by_role("heading", name="Export LOI")).to_be_visible()
    text = letter.locator("#letter").inner_text()
    for fact in (
        detail["reference"],
        company,
        detail["pol"]["name"],
        detail["pod"]["name"],
        cargo,
        "$1,365.00",
    ):
        assert fact in text, (fact, text)
    assert f"{detail['quantity']} \u00d7 " in text  # "2 x 20ft Dry"
    assert "We indemnify the carrier for the export particulars declared below." in text
    # At its step, before any order names a shipper: the customer's own address and postal code, as she
    # signed up with them (a foreign company's, abroad); the consignee, the order's to give, says so. No
    # blank line but the signature's.
    fact = letter.locator("dl > div")
    address = fact.filter(has=letter.locator("dt", has_text="Shipper's address")).locator("dd")
    expect(address).to_have_text("Hafenstrasse 1, Hamburg")
    postal_code = fact.filter(has=letter.locator("dt", has_text="Postal code")).locator("dd")
    expect(postal_code).to_have_text("2045700000")
    consignee = fact.filter(has=letter.locator("dt", has_text="Consignee")).locator("dd")
    expect(consignee).to_have_text("Named on the shipping order")
    expect(letter.locator(".blank")).to_have_count(0)
    for value in letter.locator("dd").all_inner_texts():
        assert value.strip(), text
    expect(letter.locator("dd bdi", has_text=company)).to_have_attribute("dir", "auto")
    assert layout_problems(letter) == []
    no_serious_violations(letter)
    letter.screenshot(path=str(screenshot_dir / f"booking-letter-{viewport['width']}.png"), full_page=True)
    # Another customer's booking is not hers to print.
    stranger = foreign_customer(live_server, "Hanse Spedition GmbH")
    context = browser.new_context(viewport=viewport)
    try:
        other = context.new_page()
        sign_in(other, live_server, *stranger)
        other.goto(f"{live_server.url}/documents/letter.html?booking={rid}&type=2")
        expect(other.locator("#letter")).to_contain_text("could not be loaded")
        assert company not in other.locator("#letter").inner_text()
    finally:
        context.close()


def test_a_persian_reader_signs_a_letter_she_can_read_beside_the_english_the_carrier_reads(
    page: Page, viewport: ViewportSize, live_server: LiveServer, screenshot_dir: Path
) -> None:
    company = PERSIAN_COMPANIES[0]
    customer = foreign_customer(live_server, company)
    token = login(live_server, *customer)
    rid = rate_request(live_server, token, f"Pistachios {uuid.uuid4().hex[:6]}")
    quote(live_server, rid, 1365)
    accept_quote(live_server, token, rid)
    detail = call(live_server, "GET", f"/booking/api/v1/client/rate-requests/{rid}", token=token)
    sign_in(page, live_server, *customer)
    page.evaluate("localStorage.setItem('freight.language', 'fa')")  # as the language switch leaves it
    page.goto(f"{live_server.url}/documents/letter.html?booking={rid}&type=2")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_contain_text("تعهدنامهٔ صادرات")
    expect(heading.locator("[lang=en]")).to_have_text("Export LOI")
    statements = page.locator(".statement")
    expect(statements).to_have_count(2)
    expect(statements.nth(0)).to_contain_text("متصدی حمل")
    undertaking = "We indemnify the carrier for the export particulars declared below."
    expect(statements.nth(1)).to_have_text(undertaking)
    # The facts as the carrier reads them: the price in dollars with Latin digits, the reference as it is.
    expect(page.locator("dd", has_text=detail["reference"])).to_have_count(1)
    fact = page.locator("dl > div")
    price = fact.filter(has=page.locator("dt", has_text="Price per container")).locator("dd")
    expect(price).to_have_text("$1,365.00")
    total = fact.filter(has=page.locator("dt", has_text="Total for the booking")).locator("dd")
    expect(total).to_have_text(f"${1365 * detail['quantity']:,.2f}")  # no per-booking fee in this quote
    expect(page.locator("dt").filter(has_text="گیرنده").locator("[lang=en]")).to_have_text("Consignee")
    # Her own address; the consignee, the order's to give, said in her words beside the carrier's.
    address = fact.filter(has=page.locator("dt", has_text="نشانی فرستنده")).locator("dd")
    expect(address).to_have_text("Hafenstrasse 1, Hamburg")
    consignee = fact.filter(has=page.locator("dt", has_text="گیرنده")).locator("dd")
    expect(consignee).to_have_text("در دستور حمل نام برده می‌شود Named on the shipping order")
    expect(page.locator(".blank")).to_have_count(0)
    expect(page.get_by_role("button", name="چاپ")).to_be_visible()
    assert layout_problems(page) == []
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / f"booking-letter-fa-{viewport['width']}.png"), full_page=True)
