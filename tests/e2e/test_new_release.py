"""A page opened before a new release, whose next screen's chunk the release replaced (hashed names): the app
loads the page again once and shows the screen, never the error screen. The replaced chunk is played by
refusing the first script the page had not loaded yet until the page loads again; then it is served."""

from __future__ import annotations

from playwright.sync_api import Browser, Request, Route, expect

from tests.e2e.conftest import DESKTOP, LiveServer


def test_a_screen_whose_chunk_a_release_replaced_opens_after_one_reload(
    browser: Browser, live_server: LiveServer
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    loads: list[str] = []
    page.on("load", lambda loaded: loads.append(loaded.url))
    try:
        page.goto(f"{live_server.url}/login")
        expect(page.get_by_role("link", name="No account yet? Sign Up")).to_be_visible()
        page.wait_for_load_state("networkidle")
        loaded = set(page.evaluate("performance.getEntriesByType('resource').map(e => e.name)"))
        refused: list[str] = []

        def the_old_release(route: Route, request: Request) -> None:
            # Before the reload, the first script this page had not loaded is gone, however often asked for
            # (a preload and an import ask twice): what a server with the new release answers.
            if len(loads) == 1 and request.url not in loaded and request.url in (refused or [request.url]):
                refused.append(request.url)
                route.fulfill(status=404, body="")
            else:
                route.continue_()

        page.route("**/assets/*.js", the_old_release)
        page.get_by_role("link", name="No account yet? Sign Up").click()
        expect(page.get_by_role("heading", name="Sign Up").first).to_be_visible()
        assert refused, "the sign-up screen loaded no chunk of its own"
        assert len(loads) == 2, loads  # the first load and the one reload
        expect(page.get_by_text("Something went wrong")).to_have_count(0)
    finally:
        context.close()
