"""Each test failed on the code before its fix. The Container Details dialog at
1280 px, the operations console after an action and at 375 px, an unknown or foreign booking id, the
booking list and the step summaries at desktop, double actions, and the Documents page."""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.browser import DESKTOP, PHONE, layout_problems, no_serious_violations, sign_in, signed_in_staff
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import (
    PDF,
    accept_quote,
    booking_confirmed,
    foreign_customer,
    login,
    quote,
    rate_request,
    send_booking_request,
)
from tests.e2e.screens import add_container


def booking_items(page: Page) -> Locator:
    """The list's table rows and phone cards alike: whichever shows, each booking once."""
    return page.locator("[data-testid=booking-row], [data-testid=booking-card]")


@pytest.fixture(scope="module")
def customer(live_server: LiveServer) -> tuple[str, str]:
    """One customer for this module's screens (its bookings are made per test)."""
    return foreign_customer(live_server, "Delta Shipping")


@pytest.fixture
def customer_page(page: Page, live_server: LiveServer, customer: tuple[str, str]) -> Page:
    page.set_viewport_size(DESKTOP)
    sign_in(page, live_server, *customer)
    return page


@pytest.fixture
def staff_page(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    yield from signed_in_staff(browser, live_server)


def test_container_details_dialog_fits_at_1280(
    customer_page: Page, live_server: LiveServer, customer: tuple[str, str], screenshot_dir: Path
) -> None:
    page = customer_page
    rid = booking_confirmed(live_server, login(live_server, *customer), "Dialog check", quantity=2)
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    page.get_by_role("button", name="Add Containers").click()
    dialog = page.get_by_role("dialog", name="Container Details")
    # Typed as read off the box; the ISO 6346 check digit is checked before anything is chosen.
    number = dialog.get_by_label("Container Numbers")
    number.fill("bmou 006195-1")
    expect(dialog.get_by_text("The check digit of BMOU006195 is 0, not 1")).to_be_visible()
    number.fill("bmou 006195-0")
    expect(dialog.get_by_text("Chosen: BMOU0061950")).to_be_visible(timeout=2_000)
    add_container(dialog, "SEAL-0001", "120", "21000", "19500")
    expect(dialog.get_by_role("button", name=re.compile("Delete container"))).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "journey-container-dialog-desktop.png"))
    assert layout_problems(page) == []

    # The same number twice is refused at the field, before the server would refuse it.
    dialog.get_by_label("Container Numbers").fill("BMOU0061950")
    dialog.get_by_role("list", name="Container search results").get_by_role("button").first.click(
        timeout=10_000
    )
    add_container(dialog, "SEAL-0002", "1", "2", "1")
    expect(dialog.get_by_text("This container is already in the order")).to_be_visible()
    expect(dialog.get_by_text("1/2")).to_be_visible()


def test_operations_console_follows_an_action_and_fits_a_phone(
    staff_page: Page, live_server: LiveServer, customer: tuple[str, str], screenshot_dir: Path
) -> None:
    token = login(live_server, *customer)
    cargo = f"Console {uuid.uuid4().hex[:6]}"
    rid = rate_request(live_server, token, cargo)
    staff = staff_page
    staff.goto(f"{live_server.url}/dashboard/operations")
    row = staff.get_by_test_id("ops-row").filter(has_text=cargo)
    row.get_by_role("button", name="Open").click()
    panel = staff.get_by_role("region", name="Selected rate request")
    expect(panel.get_by_role("button", name="Quote", exact=True)).to_be_visible()

    # The customer's side moves on (quoted, accepted, documents sent) while the console stays open.
    quote(live_server, rid, 3700)
    accept_quote(live_server, token, rid)
    send_booking_request(live_server, token, rid)
    staff.get_by_role("button", name="Refresh").click()
    row.get_by_role("button", name="Open").click()
    expect(panel.get_by_role("button", name="Confirm Booking")).to_be_visible(timeout=2_000)
    expect(panel.get_by_role("button", name="Quote", exact=True)).to_have_count(0)

    # Its own action shows at once: the booking is confirmed and the button is gone.
    panel.get_by_role("button", name="Confirm Booking").click()
    staff.get_by_role("dialog", name="Confirm Booking").get_by_role("button", name="Confirm").click()
    expect(panel.get_by_role("button", name="Confirm Booking")).to_have_count(0)
    expect(row.get_by_text("Shipping Order")).to_be_visible()

    staff.set_viewport_size(PHONE)
    staff.goto(f"{live_server.url}/dashboard/operations")
    expect(staff.get_by_test_id("ops-row").first).to_be_visible()
    staff.screenshot(path=str(screenshot_dir / "journey-operations-phone.png"), full_page=True)
    width = staff.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"console is {width}px wide at {PHONE['width']}px"


@pytest.mark.parametrize("route", ["detail", "edit"])
def test_unknown_and_foreign_bookings_say_not_found(
    customer_page: Page, live_server: LiveServer, route: str
) -> None:
    page = customer_page
    other, password = foreign_customer(live_server, "Epsilon Foods")
    foreign = rate_request(live_server, login(live_server, other, password), "Not yours")
    for booking_id in (str(uuid.uuid4()), foreign):
        page.goto(f"{live_server.url}/dashboard/bookings/rate-request/{route}/{booking_id}")
        started = time.monotonic()
        expect(page.get_by_role("heading", name="Booking not found")).to_be_visible(timeout=2_000)
        assert time.monotonic() - started < 2
        expect(page.get_by_text("Not yours")).to_have_count(0)
        no_serious_violations(page)
    page.get_by_role("link", name="Back to your bookings").click()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings")


def test_desktop_shows_each_booking_and_summary_once(
    customer_page: Page, live_server: LiveServer, customer: tuple[str, str]
) -> None:
    page = customer_page
    cargo = f"Once {uuid.uuid4().hex[:6]}"
    rid = rate_request(live_server, login(live_server, *customer), cargo)
    page.goto(f"{live_server.url}/dashboard/bookings")
    expect(page.get_by_test_id("booking-row").filter(has_text=cargo)).to_be_visible()
    expect(booking_items(page).filter(has_text=cargo).filter(visible=True)).to_have_count(1)
    expect(page.get_by_test_id("booking-card").filter(visible=True)).to_have_count(0)

    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    expect(page.get_by_role("region", name="Request summary")).to_be_visible()
    expect(page.get_by_text("DSFA")).to_be_hidden()
    expect(
        page.get_by_role("region", name="Request summary").locator("dl").filter(visible=True)
    ).to_have_count(1)

    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/dashboard/bookings")
    expect(page.get_by_test_id("booking-card").filter(has_text=cargo)).to_be_visible()
    expect(booking_items(page).filter(has_text=cargo).filter(visible=True)).to_have_count(1)


def test_booking_request_is_not_sent_twice(
    customer_page: Page, live_server: LiveServer, customer: tuple[str, str], tmp_path: Path
) -> None:
    page = customer_page
    token = login(live_server, *customer)
    rid = rate_request(live_server, token, f"Twice {uuid.uuid4().hex[:6]}")
    quote(live_server, rid, 3700)
    accept_quote(live_server, token, rid)
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.method) if r.url.endswith("/booking-request") else None)
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    loi = tmp_path / "loi.pdf"
    loi.write_bytes(PDF)
    page.get_by_label("Signed Booking Letter").set_input_files(str(loi))
    expect(page.get_by_text("Uploaded: ").first).to_be_visible()
    submit = page.get_by_role("button", name="Submit Booking Request")
    submit.click()
    expect(page.get_by_text("Booking request sent")).to_be_visible()
    # The same documents again would be the same request: the button says so and waits for a change.
    expect(submit).to_be_disabled()
    assert sent == ["PUT"]


def test_documents_page_offers_the_loi_templates(customer_page: Page, live_server: LiveServer) -> None:
    page = customer_page
    page.goto(f"{live_server.url}/dashboard/documents")
    for name in ("Booking Letter", "Export LOI", "Flexi LOI"):
        expect(page.get_by_role("heading", name=name)).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("button", name="Download Export LOI template").click()
    assert download.value.suggested_filename.endswith(".pdf")
    no_serious_violations(page)
    page.goto(f"{live_server.url}/dashboard/doucuments")
    expect(page.get_by_role("heading", name="Flexi LOI")).to_be_visible()
