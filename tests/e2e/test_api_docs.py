"""`/docs` works under the app's Content-Security-Policy: Swagger UI's assets come from the app,
the page starts it from a script file, and it renders the operations with no violation."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.conftest import LiveServer
from tests.e2e.test_content_security_policy import RECORD_VIOLATIONS


def test_the_api_docs_render_under_the_content_security_policy(page: Page, live_server: LiveServer) -> None:
    messages: list[str] = []
    elsewhere: list[str] = []
    page.on("console", lambda message: messages.append(message.text))
    page.on(
        "request",
        lambda request: None if request.url.startswith(live_server.url) else elsewhere.append(request.url),
    )
    page.add_init_script(RECORD_VIOLATIONS)
    answer = page.goto(f"{live_server.url}/docs")
    assert answer is not None and "script-src 'self'" in answer.headers["content-security-policy"]
    expect(page.get_by_role("heading", name="Freight booking portal")).to_be_visible()
    expect(page.locator(".opblock-summary-path", has_text="/auth/api/v1/login").first).to_be_visible()
    assert page.evaluate("window.__violations") == []
    assert not [text for text in messages if "Content Security Policy" in text], messages
    assert elsewhere == []  # nothing from a CDN
