"""DCSA Bill of Lading 3.0.3 on the screens: shipping instructions an integrator sent through `/v3` with its
API key, accepted by staff, read on the customer's final step as the draft bill of lading; the customer
approves it there, and staff issue it from the operations console; updated through `/v3` before staff accept
it, it reads as Update Received on both sides. Checked at 1280x800 and 375x812."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from domain.booking.reference import seed_containers
from tests.api.dcsa_support import sample
from tests.api.test_dcsa_ebl import instructions
from tests.e2e.browser import layout_problems, no_serious_violations, sign_in, signed_in_staff
from tests.e2e.conftest import DESKTOP, PHONE, LiveServer
from tests.e2e.customers import (
    BOOKING,
    accept_order,
    admin_token,
    booked_through_the_door,
    call,
    foreign_customer,
    login,
)


@pytest.fixture
def staff_page(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    yield from signed_in_staff(browser, live_server, DESKTOP)


def door(server: LiveServer, method: str, path: str, key: str, body: Any = None) -> httpx.Response:
    return httpx.request(method, f"{server.url}{path}", headers={"API-Key": key}, json=body, timeout=20)


def test_the_draft_bill_of_lading_is_approved_and_issued_on_the_screens(
    browser: Browser, staff_page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    username, password = foreign_customer(live_server, "Bill Of Lading Ltd")
    token = login(live_server, username, password)
    key, booking, rid = booked_through_the_door(live_server, token, sample("booking-regular"))
    call(
        live_server,
        "PUT",
        f"{BOOKING}/admin/rate-requests/{rid}/confirm-request",
        {"price": 990},
        token=admin_token(live_server),
    )
    sent = door(
        live_server,
        "POST",
        "/v3/shipping-instructions",
        key,
        instructions(booking, seed_containers()[0].number),
    )
    assert sent.status_code == 202, sent.text
    # The integrator updates them: the order's code stays 0, as a fresh submission's, yet both screens say
    # Update Received (decision 3835), and staff accept it from there.
    container = seed_containers()[0].number
    reference = f"SI-{booking}"
    updated = instructions(booking, container, "Raw pistachios", reference)
    sent = door(live_server, "PUT", f"/v3/shipping-instructions/{reference}", key, updated)
    assert sent.status_code == 202, sent.text
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    sign_in(page, live_server, username, password)
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    expect(page.get_by_role("status").filter(has_text="Update Received:")).to_be_visible()
    # While it awaits staff she may withdraw just her update (decision 3839), at both widths.
    expect(page.get_by_role("button", name="Withdraw my update")).to_be_visible()
    page.get_by_role("button", name="Withdraw my update").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "ebl-update-received-desktop.png"))
    page.set_viewport_size(PHONE)
    expect(page.get_by_role("button", name="Withdraw my update")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "ebl-update-received-phone.png"), full_page=True)
    assert layout_problems(page) == []
    page.set_viewport_size(DESKTOP)
    staff_page.goto(f"{live_server.url}/dashboard/operations?open={rid}")
    expect(
        staff_page.get_by_role("region", name="Selected rate request").get_by_role(
            "heading", name="Shipping order (Update Received)"
        )
    ).to_be_visible()
    order = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)["order"]
    accept_order(live_server, order["id"])

    # The customer's final step reads as the draft bill of lading, at both widths.
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    report = page.frame_locator("iframe[title='Shipping order report']")
    expect(report.get_by_role("heading", name="Draft Bill of Lading")).to_be_visible()
    expect(report.get_by_text(f"Bill of lading BL-{booking} (draft)", exact=False)).to_be_visible()
    page.locator("iframe[title='Shipping order report']").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "ebl-draft-desktop.png"))
    page.set_viewport_size(PHONE)
    expect(report.get_by_role("heading", name="Draft Bill of Lading")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "ebl-draft-phone.png"), full_page=True)
    assert layout_problems(page) == []
    page.set_viewport_size(DESKTOP)
    page.get_by_label("I confirm that the information provided is complete and accurate.").check()
    page.get_by_role("button", name="Finish").click()
    expect(page.get_by_text("Approved: staff issue the bill of lading next.")).to_be_visible()
    approved = door(live_server, "GET", f"/v3/transport-documents/BL-{booking}", key)
    assert approved.json()["transportDocumentStatus"] == "APPROVED", approved.text

    # Staff issue it from the console.
    staff = staff_page
    staff.goto(f"{live_server.url}/dashboard/operations?open={rid}")
    panel = staff.get_by_role("region", name="Selected rate request")
    panel.get_by_role("button", name="Issue Bill of Lading").click()
    dialog = staff.get_by_role("dialog", name="Issue Bill of Lading")
    # Staff are told what the bill will say (decision 3857): the shipped-on-board bill asked for is not yet
    # possible, tracking having seen nothing of the cargo, so it would read received for shipment today.
    expect(dialog).to_contain_text("tracking has not seen the cargo on board")
    expect(dialog).to_contain_text("it is a received-for-shipment bill dated today")
    no_serious_violations(staff)
    staff.screenshot(path=str(screenshot_dir / "ebl-issue-desktop.png"))
    dialog.get_by_role("button", name="Confirm").click()
    expect(panel.get_by_role("button", name="Issue Bill of Lading")).to_have_count(0)
    expect(panel.get_by_role("heading", name="Shipping order (Bill Of Lading Issued)")).to_be_visible()
    staff.set_viewport_size(PHONE)
    staff.screenshot(path=str(screenshot_dir / "ebl-issued-console-phone.png"), full_page=True)
    assert layout_problems(staff) == []
    issued = door(live_server, "GET", f"/v3/transport-documents/BL-{booking}", key)
    assert issued.json()["transportDocumentStatus"] == "ISSUED", issued.text

    # The customer's page says so.
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    expect(page.get_by_text("The bill of lading is issued. This booking is complete.")).to_be_visible()
    expect(report.get_by_role("heading", name="Bill of Lading", exact=True)).to_be_visible()
    # Dated as the standard's document is (decision 3855): no tracking yet, so received for shipment that day.
    document = issued.json()
    expect(report.locator("dl").first).to_contain_text(f"Issued{document['issueDate'].replace('-', '/')}")
    received = document["receivedForShipmentDate"].replace("-", "/")
    expect(report.locator("dl").first).to_contain_text(f"Received for shipment{received}")
    page.get_by_role("status").filter(has_text="bill of lading is issued").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "ebl-issued-desktop.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(screenshot_dir / "ebl-issued-phone.png"), full_page=True)
    context.close()
    live_server.verify()
