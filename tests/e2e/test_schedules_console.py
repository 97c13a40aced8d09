"""The console's Schedules screen in the browser: staff upload a CS 1.0 file, see what publishing it changes
(a past-dated file is warned of; a republication names the moved sailing and its booking) and publish it,
then remove a service after a dialog naming the booking its removal touches. And the staff detail warns
that an order filled before an amendment no longer matches the booking's quantity, before anyone tries to
accept it. At 1280x800 and 375x812, axe checked, screenshots kept."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.api.schedules_support import PUBLISH, publication, sample
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.e2e.browser import DESKTOP, PHONE, no_serious_violations, signed_in_page
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import (
    BOOKING,
    admin_token,
    booking_confirmed,
    call,
    logged_in_customer,
    rate_request_body,
    shipping_order,
)

# A moment at the port where it happens (the schedules showed every time in the viewer's zone).
SHANGHAI = r"\d{4}/\d{2}/\d{2} \d{2}:\d{2} local time \(UTC\+08:00\)"
SINGAPORE = r"\d{4}/\d{2}/\d{2} \d{2}:\d{2} local time \(UTC\+08:00\)"
SIZES = [pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")]


def _file(tmp_path: Path, name: str, document: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _no_sideways_scroll(page: Page) -> None:
    assert not page.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth"), (
        "the page scrolls sideways"
    )


@pytest.mark.parametrize("size", SIZES)
def test_staff_preview_publish_and_remove_a_schedule(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, tmp_path: Path, size: ViewportSize
) -> None:
    width = size["width"]
    service = f"S{width}"
    leaving = (datetime.now(UTC) + timedelta(days=25)).replace(hour=8, minute=0, second=0, microsecond=0)
    call(live_server, "PUT", PUBLISH, publication(leaving, service=service), token=admin_token(live_server))
    _, _, token = logged_in_customer(live_server, f"Schedule Watcher {width}")
    sailing = {"routingReference": f"{service}::{service}-CNSHA-1::{service}-SGSIN-2"}
    rid = call(
        live_server,
        "POST",
        f"{BOOKING}/client/rate-requests",
        rate_request_body(live_server, token, f"Pistachios {width}", sailing=sailing),
        token=token,
    )["id"]
    reference = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)["reference"]

    with signed_in_page(browser, live_server, size, ADMIN_USERNAME, ADMIN_PASSWORD) as page:
        page.goto(f"{live_server.url}/dashboard/schedules")
        expect(page.get_by_role("heading", name="Upload a schedule")).to_be_visible()

        # The standard's sample is dated in the past: the preview says so, call by call.
        page.get_by_label("Schedule file").set_input_files(str(_file(tmp_path, "sample.json", sample())))
        warnings = page.get_by_test_id("schedule-warnings")
        expect(warnings).to_contain_text("already past")
        expect(page.get_by_role("region", name="What publishing changes")).to_contain_text("new service")
        no_serious_violations(page)
        page.screenshot(path=str(screenshot_dir / f"schedules-past-{width}.png"), full_page=True)
        page.get_by_role("button", name="Discard file").click()
        expect(page.get_by_test_id("schedule-preview")).to_have_count(0)

        # A republication 30 hours later: the moved sailing names the booking made for it.
        moved = _file(tmp_path, "moved.json", publication(leaving, service=service, shift_hours=30))
        page.get_by_label("Schedule file").set_input_files(str(moved))
        preview = page.get_by_test_id("schedule-preview")
        expect(preview).to_contain_text("1 booking touched")
        row = page.get_by_test_id("sailing-moved").filter(has_text="CNSHA").filter(has_text="SGSIN")
        expect(row).to_contain_text(reference)
        expect(row).to_contain_text("was")
        # Each time at its port, in the port's local time with its zone; each port by its name.
        moved_row = rf"Shanghai \(CNSHA\){SHANGHAI}Singapore \(SGSIN\){SINGAPORE} \(was {SINGAPORE}\)"
        expect(row).to_contain_text(re.compile(moved_row))
        expect(page.get_by_test_id("schedule-warnings")).to_have_count(0)
        _no_sideways_scroll(page)
        no_serious_violations(page)
        page.screenshot(path=str(screenshot_dir / f"schedules-preview-{width}.png"), full_page=True)
        page.get_by_role("button", name="Publish", exact=True).click()
        expect(page.get_by_test_id("schedule-preview")).to_have_count(0)
        seen = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}/sailing", token=token)
        assert seen["previous"] is not None  # the booking was told of the move

        # Removing the service: the dialog names the booking; Keep changes nothing, Remove removes.
        published = page.get_by_role("region", name="Published schedules")
        leg = published.get_by_role("row").filter(has_text="Shanghai (CNSHA)")
        expect(leg.first).to_contain_text(re.compile(rf"{SHANGHAI}.*{SINGAPORE}"))
        expect(published.locator("tbody").first).not_to_contain_text(re.compile(r"\d{2}:\d{2} UTC"))
        remove = published.get_by_role("button", name=f"Remove Persian Gulf Express ({service})")
        remove.click()
        dialog = page.get_by_role("dialog")
        expect(dialog.get_by_test_id("removal-bookings")).to_contain_text(reference)
        no_serious_violations(page)
        page.screenshot(path=str(screenshot_dir / f"schedules-remove-{width}.png"), full_page=True)
        dialog.get_by_role("button", name="Keep service").click()
        expect(published).to_contain_text(f"({service})")
        remove.click()
        page.get_by_role("dialog").get_by_role("button", name="Remove service").click()
        expect(published).not_to_contain_text(f"({service})")
        listed = call(live_server, "GET", PUBLISH, token=admin_token(live_server))["list"]["list"]
        assert service not in {s["serviceCode"] for s in listed}


@pytest.mark.parametrize("size", SIZES)
def test_staff_see_the_order_no_longer_matches_the_amended_quantity(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, size: ViewportSize
) -> None:
    width = size["width"]
    cargo = f"Saffron mismatch {width}"
    _, _, token = logged_in_customer(live_server, f"Amended Order {width}")
    rid = booking_confirmed(live_server, token, cargo)
    shipping_order(live_server, token, rid, ["BMOU0061950"])
    body = rate_request_body(live_server, token, cargo, quantity=2)
    call(live_server, "POST", f"{BOOKING}/client/rate-requests/{rid}/amendments", body, token=token)
    valid = (datetime.now(UTC) + timedelta(days=5)).isoformat()
    call(
        live_server,
        "PUT",
        f"{BOOKING}/admin/rate-requests/{rid}/amendments/requote",
        {"price": 3900, "validUntil": valid},
        token=admin_token(live_server),
    )
    call(live_server, "PUT", f"{BOOKING}/client/rate-requests/{rid}/amendments/accept-price", token=token)

    with signed_in_page(browser, live_server, size, ADMIN_USERNAME, ADMIN_PASSWORD) as page:
        page.goto(f"{live_server.url}/dashboard/operations?open={rid}")
        panel = page.get_by_role("region", name="Selected rate request")
        warning = panel.get_by_test_id("order-mismatch")
        expect(warning).to_contain_text("1 containers")
        expect(warning).to_contain_text("now for 2")
        expect(panel.get_by_role("button", name="Accept Shipping Order")).to_be_visible()
        _no_sideways_scroll(page)
        no_serious_violations(page)
        warning.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / f"order-mismatch-{width}.png"), full_page=True)
