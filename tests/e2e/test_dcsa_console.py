"""The carrier's side of DCSA use case 12 in the browser: a booking an integrator made through `/v2` with its
API key, confirmed by staff, is confirmed completed from the operations console; the integrator reads
COMPLETED with its key."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.api.dcsa_support import sample
from tests.e2e.browser import no_serious_violations, signed_in_staff
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import BOOKING, admin_token, booked_through_the_door, call, foreign_customer, login


@pytest.fixture
def staff_page(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    yield from signed_in_staff(browser, live_server, {"width": 1280, "height": 900})


def v2(server: LiveServer, method: str, path: str, key: str, body: Any = None) -> httpx.Response:
    return httpx.request(
        method, f"{server.url}/v2/bookings{path}", headers={"API-Key": key}, json=body, timeout=20
    )


def test_staff_confirm_an_api_booking_completed_from_the_console(
    staff_page: Page, live_server: LiveServer
) -> None:
    token = login(live_server, *foreign_customer(live_server, "Integrator Ltd"))
    # The new customer's one booking: its portal id is what the console's address takes.
    key, reference, rid = booked_through_the_door(live_server, token, sample("booking-regular"))
    staff_token = admin_token(live_server)
    call(
        live_server,
        "PUT",
        f"{BOOKING}/admin/rate-requests/{rid}/confirm-request",
        {"price": 990},
        token=staff_token,
    )

    staff = staff_page
    staff.goto(f"{live_server.url}/dashboard/operations?open={rid}")
    panel = staff.get_by_role("region", name="Selected rate request")
    panel.get_by_role("button", name="Confirm Completed").click()
    dialog = staff.get_by_role("dialog", name="Confirm Completed")
    expect(dialog).to_contain_text("transport document")
    no_serious_violations(staff)
    dialog.get_by_role("button", name="Confirm").click()
    expect(panel.get_by_role("button", name="Confirm Completed")).to_have_count(0)
    expect(panel.get_by_text("Completed").first).to_be_visible()
    read = v2(live_server, "GET", f"/{reference}", key)
    assert read.status_code == 200 and read.json()["bookingStatus"] == "COMPLETED", read.text
    live_server.verify()
