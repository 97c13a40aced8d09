"""Someone else signs in on the same browser (decision 3893): a customer has the cancellation dialog of her
booking open with a reason typed; meanwhile the browser's one cookie comes to name another customer (a
shared office computer: one cookie for every tab), while her own session still holds. When she sends, her
tab sends nothing in the other person's name: it drops what it showed of her and opens the overview of the
person signed in now, saying why and that her words are kept for her. Signed in again herself, she has her
reason back on her booking."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, Request, expect

from tests.e2e.browser import _log_in, layout_problems, no_serious_violations, sign_in
from tests.e2e.conftest import DESKTOP, PHONE, LiveServer
from tests.e2e.customers import BOOKING, call, foreign_customer, login
from tests.e2e.test_booking_amendments import confirmed_booking
from tests.e2e.words import english as w

REASON = "The buyer withdrew: the season ended early"


def _her_dialog_open_then_someone_else_signs_in(
    browser: Browser, live_server: LiveServer, name: str, phone: bool = False
) -> tuple[Page, str, str, tuple[str, str], list[Request]]:
    """Her page on her booking with the cancellation dialog open and the reason typed; then, in a second
    page of the same browser, a log-out and the other customer's login. Gives her page, her token, the
    booking, her username and password, and the requests her page makes from then on."""
    username, password = foreign_customer(live_server, f"{name} Co")
    other_username, other_password = foreign_customer(live_server, f"{name} Neighbour Co")
    token = login(live_server, username, password)
    rid = confirmed_booking(live_server, token, f"Walnuts of {name}")
    context = (
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        if phone
        else browser.new_context(viewport=DESKTOP)
    )
    page = context.new_page()
    sign_in(page, live_server, username, password)
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    page.get_by_role("button", name="Request cancellation").click()
    dialog = page.get_by_role("dialog", name="Request cancellation")
    dialog.get_by_label("Reason (optional)").fill(REASON)

    # The browser's one cookie now names the other customer, while her session still holds on the server
    # and her tab's live stream stays open: the moment the tab itself must notice. (A log-out in another tab
    # first would end her session, and her tab would go to the login page by itself: decision 3901.)
    context.add_cookies(
        [
            {
                "name": "token",
                "value": login(live_server, other_username, other_password),
                "url": live_server.url,
            }
        ]
    )

    sent: list[Request] = []
    page.on("request", lambda request: sent.append(request))
    return page, token, rid, (username, password), sent


def _nothing_sent_for(rid: str, sent: list[Request]) -> None:
    about_her_booking = [f"{request.method} {request.url}" for request in sent if rid in request.url]
    assert about_her_booking == [], about_her_booking
    writes = [f"{request.method} {request.url}" for request in sent if request.method not in ("GET", "HEAD")]
    assert writes == [], writes


def _told_on_the_overview(page: Page, live_server: LiveServer, rid: str) -> None:
    expect(page).to_have_url(f"{live_server.url}/dashboard/overview")
    told = page.get_by_role("status").filter(has_text=w("common:someoneElse.signedIn"))
    expect(told).to_be_visible()
    expect(told).to_contain_text(w("common:someoneElse.draftKept"))
    # Nothing of hers is left on the tab: not her dialog, not her words, not her booking.
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.get_by_text(REASON)).to_have_count(0)
    expect(page.get_by_text("Walnuts of", exact=False)).to_have_count(0)
    assert rid not in page.content()


def test_her_tab_sends_nothing_as_the_person_who_signed_in_elsewhere(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path
) -> None:
    page, token, rid, (username, password), sent = _her_dialog_open_then_someone_else_signs_in(
        browser, live_server, "Shared Office"
    )

    page.get_by_role("dialog", name="Request cancellation").get_by_role("button", name="Send request").click()

    _told_on_the_overview(page, live_server, rid)
    _nothing_sent_for(rid, sent)
    changes = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}/changes", token=token)
    assert changes["cancellation"] is None  # nothing was done, in anyone's name
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / "someone-else-signed-in.png"), full_page=True)

    # She logs the other person out on her tab and signs in: her reason is back on her booking, unsent.
    page.get_by_role("button", name=w("common:shell.logout"), exact=True).click()
    expect(page).to_have_url(re.compile(r"/login"))
    _log_in(page, username, password)
    expect(page).to_have_url(f"{live_server.url}/dashboard/overview")
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    dialog = page.get_by_role("dialog", name="Request cancellation")
    expect(dialog.get_by_role("alert")).to_have_text(w("common:keptDraft.notSent"))
    expect(dialog.get_by_label("Reason (optional)")).to_have_value(REASON)
    dialog.get_by_role("button", name="Send request").click()
    expect(page.get_by_text("Cancellation Requested", exact=True)).to_be_visible()
    changes = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}/changes", token=token)
    assert changes["cancellation"]["reason"] == REASON
    page.context.close()
    live_server.verify()


def test_at_a_phone_s_width_the_tab_says_someone_else_signed_in(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path
) -> None:
    page, token, rid, _, sent = _her_dialog_open_then_someone_else_signs_in(
        browser, live_server, "Shared Phone", phone=True
    )

    dialog = page.get_by_role("dialog", name="Request cancellation")
    send = dialog.get_by_role("button", name="Send request")
    send.scroll_into_view_if_needed()
    send.click()

    _told_on_the_overview(page, live_server, rid)
    _nothing_sent_for(rid, sent)
    assert layout_problems(page) == []
    page.screenshot(path=str(screenshot_dir / "someone-else-signed-in-375.png"), full_page=True)
    changes = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}/changes", token=token)
    assert changes["cancellation"] is None
    page.context.close()
