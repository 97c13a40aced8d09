"""The console's Tracking screen in the browser: staff create a publisher key (shown once) and
revoke it, see an event that matched no booking and assign it, record a milestone by hand, and see the
customer's booking move; desktop and phone, axe checked, screenshots kept
(test-output/screenshots/tracking-console-<width>.png)."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.corpus import ORDERED_CONTAINERS, TRACKED_CONTAINERS
from tests.e2e.browser import DESKTOP, PHONE, no_serious_violations, signed_in_page
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import BOOKING, call
from tests.e2e.test_tracking_timeline import confirmed_booking, event, publish, scrolls_sideways


def tracking_events(server: LiveServer, token: str, reference: str) -> list[dict[str, Any]]:
    """The booking's events as its customer reads them at the standard's door (TNT 3.0)."""
    query = urllib.parse.urlencode({"carrierBookingReference": reference})
    request = urllib.request.Request(f"{server.url}/v3/events?{query}")
    request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=20) as answer:
        return list(json.loads(answer.read())["events"])


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_staff_run_tracking_from_the_console(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, size: ViewportSize
) -> None:
    booked = confirmed_booking(live_server, f"Console Tracked {size['width']}", "Dates")
    token, rid, reference = booked.token, booked.rid, booked.reference
    with signed_in_page(browser, live_server, size, ADMIN_USERNAME, ADMIN_PASSWORD) as page:
        page.goto(f"{live_server.url}/dashboard/tracking")
        expect(page.get_by_role("heading", name="Publisher keys")).to_be_visible()

        # A key: shown once, then listed by its hint only.
        label = f"Jebel Ali gate {size['width']}"
        field = page.get_by_label("Who publishes with it")
        field.fill(label)
        expect(page.get_by_role("button", name="Create key")).to_be_enabled()
        # Submitted from the field (Enter), as a keyboard user does: the panels above may still be loading and
        # moving the form down, and a click aimed before they moved lands beside the button.
        field.press("Enter")
        issued = page.get_by_test_id("issued-key")
        expect(issued).to_contain_text("shown this once")
        key = issued.locator("code").inner_text()
        assert key.startswith("fpk_")
        page.get_by_role("button", name="I have copied it").click()
        expect(page.get_by_test_id("issued-key")).to_have_count(0)
        row = page.get_by_test_id("publisher-key").filter(has_text=label)
        expect(row).to_have_count(1)
        assert key not in page.content()

        # The terminal publishes a gate-in naming only an unknown container: staff place it.
        stray = event(f"console-{size['width']}", "EQUIPMENT", "GTIN", "ACT", "2026-01-05T08:00:00Z", "IRBND",
                      "FB-0000-000000")  # fmt: skip
        # A container of its own per run: once assigned, a container follows its booking (the live server
        # is shared by the whole session).
        box = TRACKED_CONTAINERS[3] if size["width"] == DESKTOP["width"] else ORDERED_CONTAINERS[0]
        stray["equipmentDetails"] = {"equipmentReference": box}
        del stray["shipmentDetails"]
        publish(live_server, key, [stray])
        page.reload()
        unmatched = page.get_by_test_id("unmatched-event").filter(has_text=stray["eventID"])
        expect(unmatched).to_have_count(1)
        unmatched.get_by_label(f"Booking or bill of lading reference for {stray['eventID']}").fill(reference)
        unmatched.get_by_role("button", name="Assign").click()
        expect(page.get_by_text(f"Event assigned to {reference}")).to_be_visible()
        expect(page.get_by_test_id("unmatched-event").filter(has_text=stray["eventID"])).to_have_count(0)

        # A milestone by hand: the vessel departed.
        page.get_by_label("Booking or bill of lading reference", exact=True).fill(reference)
        page.get_by_label("Milestone", exact=True).select_option("DEPA")
        page.get_by_label("Port (UN/LOCODE)").fill("IRBND")
        page.get_by_label("Vessel").fill("KING OF THE SEAS")
        # The time in the product's one format and zone, not the browser's mm/dd/yyyy picker.
        when = page.get_by_label("When (UTC)")
        expect(when).to_have_attribute("type", "text")
        expect(when).to_have_attribute("placeholder", "YYYY/MM/DD HH:MM")
        when.fill("2026/01/06 20:00")
        page.get_by_role("button", name="Record milestone").click()
        expect(page.get_by_text("Milestone recorded")).to_be_visible()
        departures = [
            e for e in tracking_events(live_server, token, reference) if e["eventID"].startswith("staff-")
        ]
        assert [e["eventDateTime"] for e in departures] == ["2026-01-06T20:00:00Z"], departures
        progress = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)["progress"]
        # Confirmed on an estimated sailing, the booking knows where and when it arrives.
        departed = "Departed Bandar Abbas on KING OF THE SEAS, arriving Singapore "
        assert progress["summary"].startswith(departed)
        assert progress["milestones"] == 2

        no_serious_violations(page)
        assert not scrolls_sideways(page), "the page scrolls sideways"
        page.screenshot(path=str(screenshot_dir / f"tracking-console-{size['width']}.png"), full_page=True)

        # Revoked: asked first, then the key no longer publishes.
        row.get_by_role("button", name="Revoke").click()
        page.get_by_role("button", name="Revoke key").click()
        expect(row).to_contain_text("revoked")
        with pytest.raises(Exception, match=r"401|403"):
            publish(live_server, key, [stray | {"eventID": f"after-revoke-{size['width']}"}])
