"""The one time policy in the browser, at desktop and phone widths: a customer of a Bandar Abbas to Hamburg
booking reads its departure and cut-offs in Tehran's time and its arrival in Hamburg's, each with its zone;
the tracking timeline writes each event in its port's time, names every port (planned rows too) and drops the
estimate an actual arrival replaced; New Booking's date is typed YYYY/MM/DD in a field of the design system;
a notice's time, which has no port, is in the reader's own zone, named in her language.
Screenshots: test-output/screenshots/local-times-<width>.png and local-times-new-booking-<width>.png."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.e2e.browser import DESKTOP, PHONE, no_serious_violations, sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import (
    BOOKING,
    _lookup_id,
    booking_confirmed,
    call,
    foreign_customer,
    login,
    notifications,
    quote,
    rate_request,
)
from tests.e2e.test_tracking_timeline import Booked, customer_page, event, publish, publisher_key
from tests.e2e.test_words_not_codes import dates_on
from tests.e2e.words import words

# The zone's Persian name ends with the country ("... ایران"), the browser's own (CLDR) wording before it.
IRAN = "\u0627\u06cc\u0631\u0627\u0646"
IRAN_IN_PERSIAN = re.compile(rf"^[\u06f0-\u06f9/: ]+ \S.* {IRAN} \(UTC\+\u06f0\u06f3:\u06f3\u06f0\)$")

# Bandar Abbas keeps Iran's clock, Hamburg Central Europe's: each named as the port's local time.
BANDAR_ABBAS_ZONE = r"local time \(UTC\+03:30\)$"
BANDAR_ABBAS = re.compile(r"^\d{4}/\d{2}/\d{2} \d{2}:\d{2} " + BANDAR_ABBAS_ZONE)
HAMBURG = re.compile(r"^\d{4}/\d{2}/\d{2} \d{2}:\d{2} local time \(UTC\+0[12]:00\)$")


def tehran_to_hamburg(server: LiveServer, company: str) -> Booked:
    username, password = foreign_customer(server, company)
    token = login(server, username, password)
    ports = {
        "polId": _lookup_id(server, token, "port/loadings", "Bandar Abbas"),
        "podId": _lookup_id(server, token, "port/loadings", "Hamburg"),
    }
    rid = booking_confirmed(server, token, "Saffron threads, vacuum packed", **ports)
    reference = call(server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)["reference"]
    return Booked(username, password, token, rid, reference)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_customer_reads_each_time_in_the_local_time_of_its_port(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, size: ViewportSize
) -> None:
    booked = tehran_to_hamburg(live_server, f"Tehran Saffron House {size['width']}")
    key = publisher_key(live_server, f"Shahid Rajaee gate {size['width']}")
    tag = f"local-{size['width']}-"
    reference = booked.reference
    publish(
        live_server,
        key,
        [
            event(tag + "gi", "EQUIPMENT", "GTIN", "ACT", "2026-01-05T08:00:00Z", "IRBND", reference),
            event(tag + "eta", "TRANSPORT", "ARRI", "EST", "2026-01-14T08:00:00Z", "DEHAM", reference)
            | {"eventUpdatedDateTime": "2026-01-07T00:00:00Z"},
            # The terminal writes its own offset: 07:00 in Hamburg, 06:00 UTC.
            event(tag + "ata", "TRANSPORT", "ARRI", "ACT", "2026-01-15T07:00:00+01:00", "DEHAM", reference),
        ],
    )
    with customer_page(browser, live_server, booked, size) as page:
        page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{booked.rid}")
        sailing = page.get_by_role("region", name="Sailing")
        expect(sailing.get_by_text("ETD Bandar Abbas")).to_be_visible()
        expect(sailing.get_by_text("ETA Hamburg")).to_be_visible()
        facts = sailing.locator("dd")
        expect(facts.nth(0)).to_have_text(BANDAR_ABBAS)
        expect(facts.nth(1)).to_have_text(HAMBURG)
        for cut_off in sailing.get_by_role("list", name="Cut-offs").get_by_role("listitem").all():
            expect(cut_off).to_have_text(re.compile(r": \d{4}/\d{2}/\d{2} \d{2}:\d{2} " + BANDAR_ABBAS_ZONE))

        panel = page.get_by_test_id("tracking-panel")
        rows = panel.get_by_role("listitem")
        expect(rows.first).to_contain_text("2026/01/05 11:30 local time (UTC+03:30) Gated in at Bandar Abbas")
        expect(panel.get_by_text("2026/01/15 07:00 local time (UTC+01:00)")).to_be_visible()
        expect(rows.filter(has_text="Arrival at Hamburg")).to_have_count(1)
        # The estimate the actual arrival replaced is gone; the sailing's plan names its ports too.
        expect(rows.filter(has_text="Arrival (estimated)")).to_have_count(0)
        expect(rows.filter(has_text="(planned) at Bandar Abbas")).to_have_count(1)
        expect(rows.filter(has_text=re.compile(r"\bat (IRBND|DEHAM)\b"))).to_have_count(0)
        assert dates_on(page) == []
        no_serious_violations(page)
        panel.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / f"local-times-{size['width']}.png"), full_page=True)

        page.goto(f"{live_server.url}/dashboard/bookings/NewBooking")
        field = page.get_by_label("Preferred shipping date")
        expect(field).to_have_attribute("type", "text")
        expect(field).to_have_attribute("placeholder", "YYYY/MM/DD")
        field.press_sequentially("20271210")
        expect(field).to_have_value("2027/12/10")
        assert dates_on(page) == []
        page.screenshot(
            path=str(screenshot_dir / f"local-times-new-booking-{size['width']}.png"), full_page=True
        )


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_time_of_no_place_is_in_the_readers_zone_named_in_her_language(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, size: ViewportSize
) -> None:
    """A notice's time has no port: it is written in the zone the reader's device is set to (Tehran's here),
    named in Persian on a Persian screen, never as the Latin city of the zone's name."""
    username, password = foreign_customer(live_server, f"Zone Readers {size['width']}")
    token = login(live_server, username, password)
    rid = rate_request(live_server, token, "Saffron")
    quote(live_server, rid, 1450)
    assert notifications(live_server, token)
    context = browser.new_context(viewport=size, timezone_id="Asia/Tehran")
    try:
        page = context.new_page()
        sign_in(page, live_server, username, password)
        page.evaluate("localStorage.setItem('freight.language', 'fa')")  # as the language switch leaves it
        page.reload()
        w = words("fa")
        page.get_by_role("button", name=w("common:notificationBell.notifications")).click()
        listed = page.get_by_role("region", name=w("common:notificationBell.notificationList"))
        moments = listed.locator("time")
        expect(moments.first).to_have_text(IRAN_IN_PERSIAN)
        assert "Tehran" not in page.locator("body").inner_text()
        page.screenshot(path=str(screenshot_dir / f"local-times-viewer-fa-{size['width']}.png"))
    finally:
        context.close()
