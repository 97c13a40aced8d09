"""Staff's operations screen shows the open booking's tracking (decision 3843): where it is and each
container's latest milestone, in the tracking catalogue's words, at the port's local time; desktop and phone,
axe checked, screenshots kept (test-output/screenshots/operations-tracking-<width>.png)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.corpus import TRACKED_CONTAINERS
from tests.e2e.browser import DESKTOP, PHONE, no_serious_violations, signed_in_page
from tests.e2e.conftest import LiveServer
from tests.e2e.test_tracking_timeline import (
    confirmed_booking,
    event,
    publish,
    publisher_key,
    scrolls_sideways,
)

# Named with the booking's reference (never bare: the console's tests keep their own boxes unmatched).
LOADED_BOX, GATED_BOX = TRACKED_CONTAINERS[1], TRACKED_CONTAINERS[2]


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_staff_see_the_open_booking_s_tracking_on_the_operations_screen(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, size: ViewportSize
) -> None:
    booked = confirmed_booking(live_server, f"Ops Tracked {size['width']}", "Cumin")
    key = publisher_key(live_server, f"Ops summary gate {size['width']}")
    tag = f"ops-{size['width']}-"

    def box(event_id: str, code: str, when: str, container: str) -> dict[str, object]:
        found = event(tag + event_id, "EQUIPMENT", code, "ACT", when, "IRBND", booked.reference)
        return found | {"equipmentDetails": {"equipmentReference": container}}

    with signed_in_page(browser, live_server, size, ADMIN_USERNAME, ADMIN_PASSWORD) as page:
        page.goto(f"{live_server.url}/dashboard/operations?open={booked.rid}")
        tracking = page.get_by_test_id("ops-tracking")
        # Confirmed, nothing reached it yet: said so.
        expect(tracking).to_contain_text("No tracking event has reached this booking yet.")
        publish(
            live_server,
            key,
            [
                box("gi-1", "GTIN", "2026-01-05T08:00:00Z", LOADED_BOX),
                box("ld-1", "LOAD", "2026-01-06T08:00:00Z", LOADED_BOX),
                box("gi-2", "GTIN", "2026-01-05T09:00:00Z", GATED_BOX),
                event(
                    tag + "dep", "TRANSPORT", "DEPA", "ACT", "2026-01-06T20:00:00Z", "IRBND", booked.reference
                ),
            ],
        )
        page.get_by_role("button", name="Refresh").click()
        expect(tracking.get_by_test_id("booking-progress")).to_contain_text(
            "Departed Bandar Abbas on KING OF THE SEAS"
        )
        lines = tracking.get_by_test_id("container-milestone")
        expect(lines).to_have_count(2)
        # By container number; each its latest milestone, named in words, at the port by its name.
        expect(lines.nth(0)).to_contain_text(f"{GATED_BOX}: Gated in 2026/01/05")
        expect(lines.nth(1)).to_contain_text(f"{LOADED_BOX}: Loaded 2026/01/06")
        expect(lines.nth(1)).to_contain_text("at Bandar Abbas")
        expect(lines.nth(1)).to_have_attribute("data-milestone", "LOAD")

        no_serious_violations(page)
        assert not scrolls_sideways(page), "the page scrolls sideways"
        tracking.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / f"operations-tracking-{size['width']}.png"), full_page=True)
        tracking.screenshot(path=str(screenshot_dir / f"operations-tracking-panel-{size['width']}.png"))
