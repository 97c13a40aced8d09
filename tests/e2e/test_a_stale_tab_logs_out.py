"""Sessions in one browser (decision 3904). A customer's tab is open on a shared computer; another customer
signs in on the same browser, in another tab, so the browser's one cookie now names her. The first one,
in her stale tab, clicks Log out: her tab sends nothing and leaves the cookie alone, so the other customer
stays signed in, in her tab and on the server; the stale tab says she is logged out and shows the account
signed in now. And a login over another person's cookie ends the token it replaces on the server."""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from tests.e2e.browser import _log_in, layout_problems, no_serious_violations, sign_in
from tests.e2e.conftest import DESKTOP, PHONE, LiveServer
from tests.e2e.customers import call, foreign_customer, login
from tests.e2e.words import english as w

ME = "/auth/api/v1/me"


def _context(browser: Browser, phone: bool) -> BrowserContext:
    if phone:
        return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    return browser.new_context(viewport=DESKTOP)


# Another customer signs in on this browser, in another tab, and at once (before this tab has had a moment to
# look at the cookie again: a focus, a periodic refetch, decision 3893) she clicks Log out in her stale tab.
# The window takes the focus first (the tab looks then and starts loading the overview) and her click follows
# in the page she sees, as in a browser. Played in the page: the driver's own clicks wait, and would be
# repeated on the page loaded meanwhile, whose Log out is the other person's.
LOG_OUT = """([token, logOut]) => {
  document.cookie = `token=${token}; path=/; SameSite=Lax`;
  window.dispatchEvent(new Event('focus'));
  const shown = [...document.querySelectorAll('button')].filter((b) => b.offsetParent !== null);
  shown.find((b) => b.textContent.trim() === logOut).click();
}"""


def _log_out(page: Page, phone: bool, other_token: str) -> None:
    if phone:
        page.get_by_role("button", name=w("common:shell.menu"), exact=True).click()
    logout = page.get_by_role("button", name=w("common:shell.logout"), exact=True)
    expect(logout).to_be_visible()
    page.evaluate(LOG_OUT, [other_token, w("common:shell.logout")])


def _refused(server: LiveServer, token: str) -> bool:
    try:
        call(server, "GET", ME, token=token)
    except AssertionError as refusal:
        assert ": 401 " in str(refusal), refusal
        return True
    return False


def _stale_tab_logs_out(browser: Browser, live_server: LiveServer, screenshot_dir: Path, phone: bool) -> None:
    name = "Stale Phone" if phone else "Stale Desk"
    username, password = foreign_customer(live_server, f"{name} Co")
    other_username, other_password = foreign_customer(live_server, f"{name} Neighbour Co")
    context = _context(browser, phone)
    theirs = context.new_page()  # the other tab, open before anyone signs in
    hers = context.new_page()
    sign_in(hers, live_server, username, password)
    her_token = next(c["value"] for c in context.cookies() if c["name"] == "token")

    other_token = login(live_server, other_username, other_password)
    sent: list[Request] = []
    hers.on("request", lambda request: sent.append(request))
    _log_out(hers, phone, other_token)

    # The stale tab: the cookie untouched, nothing sent to the log-out, told where it is now.
    assert [c["value"] for c in context.cookies() if c["name"] == "token"] == [other_token]
    told = hers.get_by_role("status").filter(has_text=w("common:someoneElse.loggedOut"))
    expect(told).to_be_visible()
    expect(hers).to_have_url(f"{live_server.url}/dashboard/overview")
    assert [r.url for r in sent if r.url.endswith("/auth/api/v1/logout")] == []
    # The neighbour stays signed in: her tab's next request succeeds, and the server still takes her token.
    # (Her tab is opened only now: a page coming to the front would have the first tab look at the cookie
    # again, find her and show her account before the click, decision 3893.)
    with theirs.expect_response(lambda answer: answer.url.endswith(ME)) as answered:
        theirs.goto(f"{live_server.url}/dashboard/overview")
    assert answered.value.status == 200
    expect(theirs).to_have_url(f"{live_server.url}/dashboard/overview")
    assert not _refused(live_server, other_token)
    assert not _refused(live_server, her_token)  # not sent by anyone: it lapses with its time

    if phone:
        assert layout_problems(hers) == []
    else:
        no_serious_violations(hers)
    width = "375" if phone else "1280"
    hers.screenshot(path=str(screenshot_dir / f"stale-tab-logged-out-{width}.png"), full_page=True)
    context.close()
    live_server.verify()


def test_a_stale_tab_logging_out_leaves_the_person_signed_in_since(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path
) -> None:
    _stale_tab_logs_out(browser, live_server, screenshot_dir, phone=False)


def test_at_a_phone_s_width_a_stale_tab_logging_out_leaves_her_signed_in(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path
) -> None:
    _stale_tab_logs_out(browser, live_server, screenshot_dir, phone=True)


def test_a_login_over_another_person_ends_the_token_it_replaces(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path
) -> None:
    username, password = foreign_customer(live_server, "Replaced Co")
    other_username, other_password = foreign_customer(live_server, "Replacing Co")
    context = _context(browser, phone=False)
    # A login page opened while no one was signed in, used after the first customer signed in elsewhere.
    login_tab = context.new_page()
    login_tab.goto(f"{live_server.url}/login")
    hers = context.new_page()
    sign_in(hers, live_server, username, password)
    her_token = next(c["value"] for c in context.cookies() if c["name"] == "token")

    _log_in(login_tab, other_username, other_password)
    expect(login_tab).to_have_url(f"{live_server.url}/dashboard/overview")
    other_token = next(c["value"] for c in context.cookies() if c["name"] == "token")
    assert other_token != her_token

    # The browser forgot it: no copy of it works any more. The login ends it by a request sent on its way and
    # never waited for (a keepalive fetch the page may leave before it is answered), so the test waits, with a
    # bound, for the server to refuse the token.
    deadline = time.monotonic() + 15
    while not _refused(live_server, her_token):
        assert time.monotonic() < deadline, "the replaced token still opens the doors"
        login_tab.wait_for_timeout(50)
    assert not _refused(live_server, other_token)
    # Her tab, its stream ended with her token, finds the neighbour signed in and says so (decision 3893).
    expect(hers.get_by_role("status").filter(has_text=w("common:someoneElse.signedIn"))).to_be_visible()
    assert next(c["value"] for c in context.cookies() if c["name"] == "token") == other_token
    assert not _refused(live_server, other_token)
    hers.screenshot(path=str(screenshot_dir / "login-over-someone-else.png"), full_page=True)
    context.close()
    live_server.verify()
