"""A session that ends while a form is being written (decision 3881): the customer logs out in another tab
while the reason of a cancellation request is typed in the first. The log-out ends the session on the server
(3901), and the first tab leads to the login page by itself, which says the reason was not sent; signed in
again she is back on the booking, the dialog open with her reason and a message that it was not sent, and
she sends it."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.e2e.browser import _log_in, layout_problems, no_serious_violations, sign_in
from tests.e2e.conftest import DESKTOP, PHONE, LiveServer, speak
from tests.e2e.customers import BOOKING, call, foreign_customer, login
from tests.e2e.test_booking_amendments import confirmed_booking
from tests.e2e.words import Language, state_label, words
from tests.e2e.words import english as w

REASON = "The buyer withdrew: the season ended early"


def logged_out_in_another_tab(
    context: BrowserContext, live_server: LiveServer, say: Callable[..., str] = w
) -> None:
    """Meanwhile she logs out in another tab of the same browser (a desktop's tab: its menu is in sight).
    The log-out ends her session on the server (decision 3901): her first tab's live stream ends, and the
    tab finds the session gone and leads to the login page by itself, whatever she was doing there."""
    other = context.new_page()
    other.set_viewport_size(DESKTOP)
    other.goto(f"{live_server.url}/dashboard/overview")
    other.get_by_role("button", name=say("common:shell.logout"), exact=True).click()
    expect(other).to_have_url(re.compile(r"/login"))
    other.close()


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

    logged_out_in_another_tab(context, live_server)
    expect(page).to_have_url(re.compile(r"/login\?.*signedOut=1"))
    expect(page.get_by_role("status").filter(has_text=w("accounts:login.draftKept"))).to_be_visible()
    # The login page says why; the requests the tab found the session gone by raise no toast over it
    # (decision 3902). Counted once the network is idle, not waited for: a toast goes by itself after 3 s.
    page.wait_for_load_state("networkidle")
    assert page.locator("[data-type='error']").count() == 0
    page.screenshot(path=str(screenshot_dir / "session-ended-login.png"), full_page=True)
    changes = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}/changes", token=token)
    assert changes["cancellation"] is None  # nothing was done

    _log_in(page, username, password)
    expect(page).to_have_url(screen)
    dialog = page.get_by_role("dialog", name="Request cancellation")
    expect(dialog.get_by_role("alert")).to_have_text(w("common:keptDraft.notSent"))
    expect(dialog.get_by_label("Reason (optional)")).to_have_value(REASON)
    # The keyboard is in the dialog, not on the page's heading behind it: record 3875's focus waits for the
    # heading and takes it as the heading is added, so once it is shown that turn has been played.
    expect(page.locator("main h1")).to_be_visible()
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


def test_someone_else_signing_in_on_the_tab_does_not_see_the_kept_reason(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path
) -> None:
    """Decision 3888: a shared computer. Her session ends as she sends; a colleague signs in on the same tab
    and is led to the same screen: no dialog, none of her words, nothing of them left in the tab."""
    username, password = foreign_customer(live_server, "Shared Desk Co")
    other_username, other_password = foreign_customer(live_server, "Next At The Desk Co")
    token = login(live_server, username, password)
    rid = confirmed_booking(live_server, token, "Walnuts at a shared desk")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sign_in(page, live_server, username, password)
    screen = f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}"
    page.goto(screen)
    page.get_by_role("button", name="Request cancellation").click()
    dialog = page.get_by_role("dialog", name="Request cancellation")
    dialog.get_by_label("Reason (optional)").fill(REASON)
    logged_out_in_another_tab(context, live_server)
    expect(page).to_have_url(re.compile(r"/login\?.*signedOut=1"))

    _log_in(page, other_username, other_password)
    expect(page).to_have_url(screen)
    # Not her booking: the screen says so, and the reason's dialog never opens on it.
    expect(page.get_by_role("heading", level=1, name=w("booking:notFound.title"))).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.get_by_text(REASON)).to_have_count(0)
    kept = page.evaluate("() => Object.keys(sessionStorage).filter(key => key.startsWith('keptDraft:'))")
    assert kept == []
    page.screenshot(path=str(screenshot_dir / "session-ended-someone-else-signs-in.png"), full_page=True)
    changes = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}/changes", token=token)
    assert changes["cancellation"] is None
    context.close()
    live_server.verify()


# How many lines an element's text takes: the distinct tops of its text's line boxes.
LINES_OF_TEXT = """(el) => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const tops = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const box of range.getClientRects()) tops.add(Math.round(box.top));
  }
  return tops.size;
}"""


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_at_a_phone_s_width_the_login_and_the_kept_reason_s_dialog_are_usable(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, lang: Language
) -> None:
    """The same end of a session on a 375 px phone, in English and Persian: the login page's note and the
    dialog brought back with her reason fit the screen (nothing cut off, overflowing or overlapping), its
    buttons in reach and their labels whole, and the keyboard in the dialog. Screenshots:
    session-ended-login-375[-fa].png, session-ended-draft-back-375[-fa].png."""
    say = words(lang)
    suffix = "-fa" if lang == "fa" else ""
    username, password = foreign_customer(live_server, f"Session Ends On A Phone Co {lang}")
    token = login(live_server, username, password)
    rid = confirmed_booking(live_server, token, "Walnuts kept on a phone")
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    speak(context, lang)
    page = context.new_page()
    sign_in(page, live_server, username, password, say)
    if lang == "fa":  # as the login page spoke, or chosen on the screen where her account speaks English
        if page.locator("html").get_attribute("dir") != "rtl":
            page.get_by_role("button", name=w("common:language.switchLabel")).click()
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
    screen = f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}"
    page.goto(screen)
    title = say("booking:changes.requestCancellation")
    page.get_by_role("button", name=title).click()
    dialog = page.get_by_role("dialog", name=title)
    dialog.get_by_label(say("booking:awaitingQuote.reason")).fill(REASON)

    logged_out_in_another_tab(context, live_server, say)
    expect(page).to_have_url(re.compile(r"/login\?.*signedOut=1"))
    expect(page.get_by_role("status").filter(has_text=say("accounts:login.draftKept"))).to_be_visible()
    assert layout_problems(page) == []
    page.screenshot(path=str(screenshot_dir / f"session-ended-login-375{suffix}.png"), full_page=True)

    _log_in(page, username, password, say)
    expect(page).to_have_url(screen)
    dialog = page.get_by_role("dialog", name=title)
    expect(dialog.get_by_role("alert")).to_have_text(say("common:keptDraft.notSent"))
    expect(dialog.get_by_label(say("booking:awaitingQuote.reason"))).to_have_value(REASON)
    page.wait_for_function("() => document.querySelector('[role=dialog]')?.contains(document.activeElement)")
    assert layout_problems(page) == []
    # The whole dialog on the screen, its buttons within it and in reach.
    box = dialog.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    for key in ("booking:changes.sendRequest", "booking:changes.keepBooking"):
        button = dialog.get_by_role("button", name=say(key))
        button.scroll_into_view_if_needed()
        expect(button).to_be_in_viewport()
        # A short label reads on one line: the buttons take a row each rather than break their words.
        assert button.evaluate(LINES_OF_TEXT) == 1, f"{say(key)!r} broken over lines"
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / f"session-ended-draft-back-375{suffix}.png"))

    dialog.get_by_role("button", name=say("booking:changes.sendRequest")).click()
    # Sent: the dialog is gone, and the changes panel says so (in Persian its state and a button share words).
    expect(page.get_by_role("dialog")).to_have_count(0)
    requested = state_label(lang, "booking_cancellation", "requested")
    expect(page.get_by_text(requested, exact=True).and_(page.locator(":not(button *)")).first).to_be_visible()
    changes = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}/changes", token=token)
    assert changes["cancellation"]["reason"] == REASON
    context.close()
