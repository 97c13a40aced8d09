"""Staff quote a request as they read it (decision 3908): the customer asks for other containers while staff's
Quote dialog is open; the quote is refused in staff's words, and the console shows the request as it stands
at once (live notices cut, so only the refetch after the refusal can show it)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.browser import signed_in_staff
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import BOOKING, call, logged_in_customer, rate_request, rate_request_body, staff_call
from tests.e2e.screens import console_open

CHANGED = "The customer changed this booking since you opened it: read it again before you decide"


@pytest.fixture
def staff(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    for page in signed_in_staff(browser, live_server):
        page.route("**/events/api/v1/stream**", lambda route: route.abort())
        yield page


def test_a_quote_on_a_request_changed_meanwhile_is_refused_and_the_change_shown(
    staff: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    _, _, token = logged_in_customer(live_server, "Changing Mind Trading")
    rid = rate_request(live_server, token, "Saffron threads")
    panel = console_open(staff, live_server, "Saffron threads")
    panel.get_by_role("button", name="Quote", exact=True).click()
    dialog = staff.get_by_role("dialog", name="Quote")
    dialog.get_by_label("Price per container (USD)").fill("1400")
    dialog.get_by_label("Valid until").fill((date.today() + timedelta(days=5)).isoformat())
    # She asks for six containers while staff price one.
    body = rate_request_body(live_server, token, "Saffron threads", quantity=6)
    call(live_server, "PUT", f"{BOOKING}/client/rate-requests/{rid}", body, token=token)
    dialog.get_by_role("button", name="Confirm").click()
    expect(dialog.get_by_text(CHANGED)).to_be_visible()
    # The console read the booking again: six containers, still waiting for a price.
    expect(staff.get_by_text("6 x ").first).to_be_visible()
    staff.screenshot(path=str(screenshot_dir / "quote-changed-meanwhile.png"), full_page=True)
    detail = staff_call(live_server, "GET", f"{BOOKING}/admin/rate-requests/{rid}")
    assert (detail["stateName"], detail["price"], detail["quantity"]) == ("requested", None, 6)
