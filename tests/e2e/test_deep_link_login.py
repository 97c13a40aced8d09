"""An e-mailed booking link opened signed out: the login screen, and after signing in the booking it pointed
at (not the overview). The target travels in the login's address, so the reload after login keeps it."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.e2e.accounts_support import outbox_entry
from tests.e2e.browser import through_the_login
from tests.e2e.conftest import DESKTOP, LiveServer
from tests.e2e.customers import logged_in_customer, rate_request
from tests.e2e.customers import quote as staff_quote


def test_an_emailed_booking_link_leads_through_the_login_to_the_booking(
    browser: Browser, live_server: LiveServer
) -> None:
    username, password, token = logged_in_customer(live_server, "Kaveh Deep Link Trading")
    rid = rate_request(live_server, token, "Saffron threads in tins")
    staff_quote(live_server, rid)
    mail = outbox_entry(
        live_server,
        lambda e: (
            e["channel"] == "email"
            and (e.get("data") or {}).get("kind") == "quoteReady"
            and str(e["data"].get("link", "")).endswith(f"/detail/{rid}")
        ),
        timeout=60,
    )
    link = str(mail["data"]["link"])
    target = f"/dashboard/bookings/rate-request/detail/{rid}"
    assert link == f"{live_server.url}{target}", link  # the served address: no PUBLIC_URL on this server

    context = browser.new_context(viewport=DESKTOP)  # signed out: no cookie of any earlier test
    page = context.new_page()
    try:
        page.goto(link)
        through_the_login(page, live_server.url, target, username, password)
        expect(page.get_by_text("Saffron threads in tins").first).to_be_visible()

        # A crafted link cannot send the signed-in person to another site.
        page.goto(f"{live_server.url}/login?next=%2F%2Fevil.example%2Fdashboard")
        expect(page).to_have_url(re.compile(rf"^{re.escape(live_server.url)}/dashboard/overview$"))
    finally:
        context.close()
