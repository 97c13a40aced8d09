"""On the new-booking screen a customer finds Chabahar (IRZBR, a UN/LOCODE
port beyond the seed list) by typing, sees the next sailings from Shanghai with vessel, voyage, ETD, ETA,
transit days and cut-offs, picks one, and finds it on the booking; staff see it and the published schedule in
the console. At 1280x800 and 375x812, with axe and screenshots."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.api.schedules_support import PUBLISH, publication
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.e2e.browser import DESKTOP, PHONE, layout_problems, no_serious_violations, signed_in_page
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import admin_token, call, foreign_customer


@pytest.mark.parametrize(
    ("viewport", "name", "service"), [(DESKTOP, "desktop", "E2D"), (PHONE, "phone", "E2P")]
)
def test_a_customer_picks_a_sailing_to_chabahar(
    browser: Browser,
    live_server: LiveServer,
    screenshot_dir: Path,
    viewport: ViewportSize,
    name: str,
    service: str,
) -> None:
    leaving = (datetime.now(UTC) + timedelta(days=15)).replace(hour=8, minute=0, second=0, microsecond=0)
    call(live_server, "PUT", PUBLISH, publication(leaving, service=service), token=admin_token(live_server))
    username, password = foreign_customer(live_server, f"Sailing {name} Trading")
    with signed_in_page(browser, live_server, viewport, username, password) as page:
        page.goto(f"{live_server.url}/dashboard/bookings/NewBooking")
        page.get_by_role("combobox", name="Port of loading").click()
        page.get_by_role("option", name="Shanghai").first.click()
        page.get_by_role("combobox", name="Port of discharge").click()
        page.get_by_label("Search Port of discharge").fill("Chabahar")
        page.get_by_role("option", name="IRZBR").first.click()
        page.get_by_role("combobox", name="Container type").click()
        page.get_by_role("option").first.click()
        page.get_by_role("combobox", name="Container size").click()
        page.get_by_role("option", name="40").first.click()
        page.get_by_label("Number of containers").fill("1")
        page.get_by_label("Commodity").fill(f"Saffron {name}")
        page.get_by_label("HS code").fill("091020")
        page.get_by_label("Preferred shipping date").fill((date.today() + timedelta(days=20)).isoformat())

        sailings = page.get_by_role("group", name="Next sailings")
        ours = (
            sailings.get_by_role("listitem")
            .filter(has_text="Persian Gulf Express")
            .filter(has_text="Kharg Star")
        )
        expect(ours.first).to_be_visible()
        expect(ours.first).to_contain_text("voyage 2407W")
        expect(ours.first).to_contain_text("21 days")
        expect(ours.first).to_contain_text("Shipping instructions (documentation)")
        ours.first.get_by_role("radio").check()
        no_serious_violations(page)
        page.evaluate("window.scrollTo(0, 0)")  # the sticky header sits over the form only when scrolled
        assert layout_problems(page) == []
        page.screenshot(path=str(screenshot_dir / f"sailing-choice-{name}.png"), full_page=True)
        page.get_by_role("button", name="Request Price").click()
        # The new booking opens at once, its sailing on it.
        expect(page).to_have_url(re.compile(r"/dashboard/bookings/rate-request/detail/"))
        card = page.get_by_role("region", name="Sailing")
        expect(card).to_contain_text("Kharg Star")
        expect(card).to_contain_text("ETA Chabahar")  # the port by its name, its time in its own zone
        no_serious_violations(page)
        page.screenshot(path=str(screenshot_dir / f"sailing-booking-{name}.png"), full_page=True)

    with signed_in_page(browser, live_server, viewport, ADMIN_USERNAME, ADMIN_PASSWORD) as staff:
        staff.goto(f"{live_server.url}/dashboard/operations")
        schedules = staff.get_by_role("region", name="Published schedules")
        expect(schedules).to_contain_text(f"Persian Gulf Express ({service})")
        staff.get_by_test_id("ops-row").filter(has_text=f"Saffron {name}").first.get_by_role(
            "button", name="Open"
        ).click()
        panel = staff.get_by_role("region", name="Selected rate request")
        expect(panel.get_by_role("region", name="Sailing")).to_contain_text("Kharg Star")
        staff.screenshot(path=str(screenshot_dir / f"sailing-console-{name}.png"), full_page=True)
