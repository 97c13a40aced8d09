"""A rate request's edit address opened once its price was accepted (an old link, a typed address) shows the
request read-only, saying the booking's state, with no Edit and no Request Price the server would refuse."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, ViewportSize, expect

from tests.e2e.browser import sign_in
from tests.e2e.conftest import LiveServer, in_both_languages
from tests.e2e.customers import accept_quote, logged_in_customer, quote, rate_request
from tests.e2e.words import Language, pattern, state_label, words


@in_both_languages
def test_the_edit_address_of_a_booking_past_its_quote_reads_it(
    page: Page, live_server: LiveServer, viewport: ViewportSize, lang: Language, screenshot_dir: Path
) -> None:
    w = words(lang)
    username, password, token = logged_in_customer(live_server, "Past Quote Trading")
    rid = rate_request(live_server, token, "Saffron threads")
    quote(live_server, rid)
    accept_quote(live_server, token, rid)
    sign_in(page, live_server, username, password, w)
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/edit/{rid}?edit=true")
    state = state_label(lang, "rate_request", "loi_pending")
    said = pattern(lang, "booking:rateRequestForm.notEditable", state=state)
    expect(page.get_by_role("note")).to_have_text(said)
    expect(page.get_by_role("button", name=w("booking:actions.edit"), exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name=w("booking:rateRequestForm.requestPrice"))).to_have_count(0)
    page.screenshot(
        path=str(screenshot_dir / f"edit-past-quote-{lang}-{viewport['width']}.png"), full_page=True
    )
