"""The overview's "The latest 10 of 11." leads to the customer's booking list showing only the bookings
waiting for her, the filter kept in the address (decision 3909), in both languages and at both widths."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, ViewportSize, expect

from tests.e2e.browser import layout_problems, no_serious_violations, sign_in
from tests.e2e.conftest import LiveServer, in_both_languages
from tests.e2e.customers import followers_caught_up, logged_in_customer, quote, rate_request
from tests.e2e.words import Language, words


@in_both_languages
def test_the_overview_leads_to_every_booking_waiting_for_her(
    page: Page, live_server: LiveServer, viewport: ViewportSize, lang: Language, screenshot_dir: Path
) -> None:
    w = words(lang)
    username, password, token = logged_in_customer(live_server, f"Waiting Trading {lang} {viewport['width']}")
    for n in range(11):
        quote(live_server, rate_request(live_server, token, f"Waiting cargo {n}"))
    rate_request(live_server, token, "Cargo staff must price")
    followers_caught_up(live_server)
    sign_in(page, live_server, username, password, w)
    page.get_by_test_id("waiting-more").get_by_role("link", name=w("booking:overview.allWaiting")).click()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings?waiting=me")
    expect(page.get_by_role("checkbox", name=w("booking:bookings.waitingOnly"))).to_be_checked()
    row = "booking-row" if viewport["width"] > 700 else "booking-card"
    expect(page.get_by_test_id(row).first).to_be_visible()
    expect(page.get_by_text("Cargo staff must price")).to_have_count(0)
    assert layout_problems(page) == []
    no_serious_violations(page)
    page.screenshot(
        path=str(screenshot_dir / f"waiting-for-me-{lang}-{viewport['width']}.png"), full_page=True
    )
    # The address changes a moment after the click (the router's navigation), and the box follows it.
    only = page.get_by_role("checkbox", name=w("booking:bookings.waitingOnly"))
    only.click()
    expect(only).not_to_be_checked()
    expect(page.get_by_text("Cargo staff must price").first).to_be_attached()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings")
