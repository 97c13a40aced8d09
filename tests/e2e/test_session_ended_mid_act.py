"""A session that ends while a form is being written (decision 3881): the customer logs out in another tab,
then sends the reason of a cancellation request she had typed. The server refuses it (401) and the app leads
to the login page, which says it was not sent; signed in again she is back on the booking, the dialog open
with her reason and a message that it was not sent, and she sends it."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.e2e.browser import _log_in, no_serious_violations, sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import BOOKING, call, foreign_customer, login
from tests.e2e.test_booking_amendments import confirmed_booking
from tests.e2e.words import english as w

REASON = "The buyer withdrew: the season ended early"


def test_a_reason_sent_after_the_session_ended_comes_back_after_the_login(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path
) -> None:
    username, password = foreign_customer(live_server, "Session Ends Co")
    token = login(live_server, username, password)
    rid = confirmed_booking(live_server, token, "Walnuts kept")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_in(page, live_server, username, password)
    screen = f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}"
    page.goto(screen)
    page.get_by_role("button", name="Request cancellation").click()
    dialog = page.get_by_role("dialog", name="Request cancellation")
    dialog.get_by_label("Reason (optional)").fill(REASON)

    # Meanwhile she logs out in another tab of the same browser.
    other = context.new_page()
    other.goto(f"{live_server.url}/dashboard/overview")
    other.get_by_role("button", name=w("common:shell.logout"), exact=True).click()
    expect(other).to_have_url(re.compile(r"/login"))
    other.close()

    dialog.get_by_role("button", name="Send request").click()
    expect(page).to_have_url(re.compile(r"/login\?.*signedOut=1"))
    expect(page.get_by_role("status").filter(has_text=w("accounts:login.draftKept"))).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "session-ended-login.png"), full_page=True)
    changes = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}/changes", token=token)
    assert changes["cancellation"] is None  # nothing was done

    _log_in(page, username, password)
    expect(page).to_have_url(screen)
    dialog = page.get_by_role("dialog", name="Request cancellation")
    expect(dialog.get_by_role("alert")).to_have_text(w("common:keptDraft.notSent"))
    expect(dialog.get_by_label("Reason (optional)")).to_have_value(REASON)
    # The keyboard is in the dialog, not on the page's heading behind it (record 3875's focus waits for it).
    page.wait_for_timeout(500)
    assert dialog.evaluate("d => d.contains(document.activeElement)")
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / "session-ended-draft-back.png"), full_page=True)

    dialog.get_by_role("button", name="Send request").click()
    expect(page.get_by_text("Cancellation Requested", exact=True)).to_be_visible()
    changes = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}/changes", token=token)
    assert changes["cancellation"]["reason"] == REASON
    # Used once: a reload shows the booking as it is, no dialog and no kept text.
    page.reload()
    expect(page.get_by_text("Cancellation Requested", exact=True)).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)
    context.close()
    live_server.verify()
