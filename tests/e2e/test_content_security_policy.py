"""The built web app works under the server's Content-Security-Policy: no violation while a user logs in and
moves through the app, and the printable report page keeps its styles."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.e2e.conftest import LiveServer

RECORD_VIOLATIONS = """
window.__violations = [];
window.print = () => { window.__printed = true; };
document.addEventListener('securitypolicyviolation', (e) => {
  const where = [e.sourceFile, e.lineNumber, location.pathname];
  window.__violations.push([e.violatedDirective, e.blockedURI, e.sample, ...where].join(' '));
});
"""


def test_the_app_runs_under_its_content_security_policy(page: Page, live_server: LiveServer) -> None:
    messages: list[str] = []
    page.on("console", lambda message: messages.append(message.text))
    page.add_init_script(RECORD_VIOLATIONS)
    answer = page.goto(f"{live_server.url}/login")
    assert answer is not None and "frame-ancestors 'self'" in answer.headers["content-security-policy"]
    page.get_by_label("Username").fill(ADMIN_USERNAME)
    page.get_by_label("Password", exact=True).fill(ADMIN_PASSWORD)
    page.get_by_role("button", name="Log In").click()
    expect(page).to_have_url(f"{live_server.url}/dashboard/overview")
    expect(page.get_by_role("heading", name="Overview")).to_be_visible()
    assert page.evaluate("window.__violations") == []
    # The report page (framed by the booking wizard) keeps its stylesheet.
    page.goto(f"{live_server.url}/documents/report.html")
    expect(page.locator("#report")).to_be_visible()
    assert "system-ui" in page.evaluate("getComputedStyle(document.body).fontFamily")
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("window.__printed") is True
    assert page.evaluate("window.__violations") == []
    assert not [text for text in messages if "Content Security Policy" in text], messages
