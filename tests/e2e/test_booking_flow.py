"""Booking journeys in two browser contexts (a customer, and staff in the operations console):
a dry-cargo request carried to completion, a refrigerated dangerous request through an order revision, a
quote the customer cancels, and a request staff reject. Each checks axe and saves screenshots."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.browser import DESKTOP, PHONE, layout_problems, no_serious_violations, sign_in, signed_in_staff
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import (
    PDF,
    booking_confirmed,
    call,
    foreign_customer,
    login,
    notifications,
    quote,
    rate_request,
    shipping_order,
    staff_call,
)
from tests.e2e.screens import add_container, choose, console_open, fill_rate_request

UPLOAD_CHUNK = "/file-manager/api/v1/files/upload-chunk"
LIVE = 15_000  # live notices, or polling every 5 s without the event stream


@pytest.fixture
def staff_page(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    """An admin signed in in a second browser context."""
    yield from signed_in_staff(browser, live_server, {"width": 1280, "height": 900})


def console_act(staff: Page, panel: Locator, action: str, screenshot: Path | None = None) -> None:
    """Presses `action` in the detail panel and confirms its dialog (after any filling by the caller)."""
    panel.get_by_role("button", name=action, exact=True).click()
    dialog = staff.get_by_role("dialog", name=action)
    expect(dialog).to_be_visible()
    if screenshot:
        staff.screenshot(path=str(screenshot), full_page=True)
    dialog.get_by_role("button", name="Confirm").click()
    expect(dialog).to_have_count(0)  # done: the dialog closes and staff are told in words


def console_act_with_text(
    staff: Page,
    panel: Locator,
    action: str,
    needs: tuple[str, str, str],
    screenshot: Path,
    *,
    beside_the_field: bool = True,
) -> None:
    """Presses `action`, whose dialog needs a text: confirmed empty it refuses with `needs`' message, said
    beside the field (its description, the field marked invalid), or for the dialog as a whole when no one
    field is the one missing; with the text in `needs`' field (axe checked, the dialog saved as
    `screenshot`) it is done. `needs`: (refusal, field label, text)."""
    refusal, label, text = needs
    panel.get_by_role("button", name=action, exact=True).click()
    dialog = staff.get_by_role("dialog", name=action)
    dialog.get_by_role("button", name="Confirm").click()
    field = dialog.get_by_label(label)
    if beside_the_field:
        expect(field).to_have_accessible_description(refusal)
        expect(field).to_have_attribute("aria-invalid", "true")
    else:
        expect(dialog.get_by_role("alert")).to_have_text(refusal)
    field.fill(text)
    no_serious_violations(staff)
    staff.screenshot(path=str(screenshot), full_page=True)
    dialog.get_by_role("button", name="Confirm").click()
    expect(dialog).to_have_count(0)  # done: the dialog closes and staff are told in words


def console_quote(
    staff: Page, server: LiveServer, cargo: str, price: str, screenshot: Path | None = None
) -> None:
    panel = console_open(staff, server, cargo)
    panel.get_by_role("button", name="Quote", exact=True).click()
    dialog = staff.get_by_role("dialog", name="Quote")
    dialog.get_by_label("Price per container (USD)").fill(price)
    dialog.get_by_label("Valid until").fill((date.today() + timedelta(days=5)).isoformat())
    no_serious_violations(staff)
    if screenshot:
        staff.screenshot(path=str(screenshot), full_page=True)
    dialog.get_by_role("button", name="Confirm").click()
    expect(staff.get_by_text("Price quoted: the customer is told")).to_be_visible()


def new_request_form(page: Page, server: LiveServer, container_type: str, commodity: str) -> None:
    page.goto(f"{server.url}/dashboard/bookings/NewBooking")
    choose(page, "Port of loading", "Shanghai")
    choose(page, "Port of discharge", "Singapore")
    choose(page, "Container type", container_type)
    choose(page, "Container size", "40")
    page.get_by_label("Number of containers").fill("1")
    page.get_by_label("Commodity").fill(commodity)
    page.get_by_label("HS code").fill("080251")
    page.get_by_label("Preferred shipping date").fill((date.today() + timedelta(days=20)).isoformat())


def accept_price(page: Page, server: LiveServer, price: str) -> None:
    offer = page.get_by_text("Price per container:")
    expect(offer).to_be_visible(timeout=LIVE)
    expect(offer).to_contain_text(price)
    page.get_by_role("button", name="Accept price").click()
    expect(page.get_by_role("dialog", name="Accept this price?")).to_be_visible()
    page.get_by_role("dialog").get_by_role("button", name="Accept price").click()
    # The customer lands on the next step (the signed booking letter), not on the list.
    expect(page).to_have_url(re.compile(r"/dashboard/bookings/rate-request/detail/"))
    expect(page.get_by_role("heading", name="Booking Request").first).to_be_visible()
    expect(page.get_by_text("Booking Request", exact=True).first).to_be_visible()


def submit_booking_request(page: Page, tmp_path: Path) -> None:
    expect(page.get_by_role("heading", name="Booking Request").first).to_be_visible()
    loi = tmp_path / "loi.pdf"
    loi.write_bytes(PDF)
    page.get_by_label("Signed Booking Letter").set_input_files(str(loi))
    expect(page.get_by_text("Uploaded: ").first).to_be_visible()
    page.get_by_role("button", name="Submit Booking Request").click()
    expect(page.get_by_text("Booking request sent")).to_be_visible()


def add_parties_and_container(page: Page, seal: str) -> None:
    page.get_by_role("button", name="Add Shipper").click()
    page.get_by_role("dialog").get_by_label("Full Name").fill("Supplier Co")
    page.get_by_role("dialog").get_by_label("Mobile Number").fill("4915100000001")
    page.get_by_role("dialog").get_by_label("Full Address").fill("Supplier street 1")
    page.get_by_role("dialog").get_by_role("button", name="Submit").click()
    page.get_by_role("button", name="Add Consignee").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Full Name", exact=True).fill("Consignee Co")
    dialog.get_by_label("Mobile Number", exact=True).fill("6512345678")
    dialog.get_by_label("Full Address", exact=True).fill("Consignee road 2")
    dialog.get_by_label("Notify party same as consignee").check()
    expect(dialog.get_by_label("Notify Party Full Name")).to_have_value("Consignee Co")
    dialog.get_by_role("button", name="Submit").click()
    page.get_by_role("button", name="Add Containers").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Container Numbers").fill("BMOU")
    dialog.get_by_role("list", name="Container search results").get_by_role("button").first.click(
        timeout=10_000
    )
    add_container(dialog, seal, "100", "20000", "18000")
    expect(dialog.get_by_text("1/1")).to_be_visible()
    expect(dialog.get_by_role("button", name="ADD")).to_be_disabled()


def test_dry_cargo_from_request_to_completed(
    page: Page, staff_page: Page, live_server: LiveServer, screenshot_dir: Path, tmp_path: Path
) -> None:
    username, password = foreign_customer(live_server)
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, live_server, username, password)
    page.goto(f"{live_server.url}/dashboard/bookings")
    expect(page.get_by_text("Your Booking Request List is Empty!")).to_be_visible()
    no_serious_violations(page)
    page.get_by_role("button", name="Add New Booking").click()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings/NewBooking")

    # Validation messages first.
    page.get_by_role("button", name="Request Price").click()
    expect(page.get_by_text("Commodity").first).to_be_visible()
    expect(page.get_by_text("Port of loading is Required")).to_be_visible()
    no_serious_violations(page)  # field errors on the form's surface

    in_20_days = (date.today() + timedelta(days=20)).isoformat()
    fill_rate_request(page, ("Shanghai", "Singapore"), "40", "1", "Pistachios", "080251", in_20_days)
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / "booking-new-desktop.png"), full_page=True)
    page.get_by_role("button", name="Request Price").click()
    expect(page.get_by_text("Booking requested")).to_be_visible()
    # The shared toast is fully opaque from its first frame: axe while it shows.
    no_serious_violations(page)
    # The new booking opens at once, waiting for its price; the list holds it too.
    expect(page).to_have_url(re.compile(r"/dashboard/bookings/rate-request/detail/"))
    expect(page.get_by_text("waiting for a price quote")).to_be_visible()
    page.goto(f"{live_server.url}/dashboard/bookings")
    expect(page.get_by_test_id("booking-row")).to_have_count(1)
    expect(page.get_by_test_id("booking-row").get_by_text("Rate Request")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "booking-list-desktop.png"), full_page=True)
    page.get_by_test_id("booking-row").get_by_role("link", name="View Details").click()
    expect(page.get_by_text("waiting for a price quote")).to_be_visible()

    # Staff quote through the operations console in a second context.
    console_quote(staff_page, live_server, "Pistachios", "1500", screenshot_dir / "operations-quote.png")

    # The customer's open screen refreshes without a reload.
    expect(page.get_by_text("Price per container:")).to_be_visible(timeout=LIVE)
    page.screenshot(path=str(screenshot_dir / "booking-price.png"), full_page=True)
    accept_price(page, live_server, "$1,500.00")

    # Booking request: template download, LOI upload in chunks, submit.
    expect(page.get_by_role("heading", name="Booking Request").first).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("button", name="Download Booking Letter template").click()
    assert download.value.suggested_filename.endswith(".pdf")
    submit_booking_request(page, tmp_path)
    no_serious_violations(page)  # with the toast showing
    page.screenshot(path=str(screenshot_dir / "booking-request.png"), full_page=True)
    rid = page.url.rsplit("/", 1)[-1]

    # Staff confirm the booking in the console.
    panel = console_open(staff_page, live_server, "Pistachios")
    expect(panel.get_by_role("link", name="Booking Letter")).to_be_visible()
    expect(panel.get_by_role("button", name="Quote", exact=True)).to_have_count(0)
    console_act(staff_page, panel, "Confirm Booking", screenshot_dir / "operations-confirm-booking.png")
    expect(panel.get_by_text("Shipping Order", exact=False).first).to_be_visible()

    # Shipping order.
    page.reload()
    expect(page.get_by_role("heading", name="Shipping Order").first).to_be_visible()
    add_parties_and_container(page, "SEAL1")
    page.screenshot(path=str(screenshot_dir / "booking-containers.png"), full_page=True)
    page.get_by_role("dialog").get_by_role("button", name="Submit").click()
    page.get_by_label("Cargo Description").fill("Roasted pistachios in boxes")
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_text("Shipping order sent")).to_be_visible()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings?RateRequests=true")

    # Staff review and accept the order in the console.
    panel = console_open(staff_page, live_server, "Pistachios")
    expect(panel.get_by_role("heading", name="Shipping order (Submitted)")).to_be_visible()
    expect(panel.get_by_text("Roasted pistachios in boxes")).to_be_visible()
    no_serious_violations(staff_page)
    console_act(staff_page, panel, "Accept Shipping Order", screenshot_dir / "operations-order-accept.png")
    expect(panel.get_by_role("heading", name="Shipping order (Ready For Approval)")).to_be_visible()

    # Final.
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    finish = page.get_by_role("button", name="Finish")
    expect(finish).to_be_disabled()
    report = page.frame_locator("iframe[title='Shipping order report']")
    expect(report.get_by_text("Roasted pistachios in boxes")).to_be_visible()
    page.get_by_label("I confirm that the information provided is complete and accurate.").check()
    page.screenshot(path=str(screenshot_dir / "booking-final.png"), full_page=True)
    finish.click()
    expect(page.get_by_text("Approved: staff issue the bill of lading next.")).to_be_visible()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings")
    token = login(live_server, username, password)
    assert call(live_server, "GET", f"/booking/api/v1/client/rate-requests/{rid}", token=token)["state"] == 4

    page.set_viewport_size({"width": 375, "height": 800})
    expect(page.get_by_test_id("booking-card")).to_have_count(1)
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / "booking-list-mobile.png"), full_page=True)


PROGRESS_RECORDER = """() => {
  window.__progress = [];
  new MutationObserver(() => {
    for (const bar of document.querySelectorAll('progress')) window.__progress.push(Number(bar.value));
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
}"""


def test_reefer_dangerous_request_with_order_revision(
    page: Page, staff_page: Page, live_server: LiveServer, screenshot_dir: Path, tmp_path: Path
) -> None:
    cargo = "Chilled ethanol extract"
    username, password = foreign_customer(live_server, "Cold Chain GmbH")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, live_server, username, password)
    new_request_form(page, live_server, "Refrigerated", cargo)

    # Dangerous: the MSDS control opens only with Dangerous goods, and the file is required.
    msds = page.get_by_label("MSDS file", exact=True)
    expect(msds).to_be_disabled()
    page.get_by_label("Dangerous goods").check()
    expect(msds).to_be_enabled()
    page.get_by_role("button", name="Request Price").click()
    expect(page.get_by_text("Please Upload Danger File !")).to_be_visible()

    # The MSDS goes up in 10,240-byte chunks with a progress bar.
    chunks: list[str] = []
    page.on("request", lambda r: chunks.append(r.method) if UPLOAD_CHUNK in r.url else None)
    page.evaluate(PROGRESS_RECORDER)
    sheet = tmp_path / "msds.pdf"
    sheet.write_bytes(PDF)
    msds.set_input_files(str(sheet))
    expect(page.get_by_text("Uploaded: ")).to_be_visible()
    assert chunks == ["POST"] * 3, chunks  # 25 KB in 10,240-byte chunks
    seen = page.evaluate("window.__progress")
    assert any(0 < value < 100 for value in seen), seen
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / "booking-reefer-new.png"), full_page=True)
    page.get_by_role("button", name="Request Price").click()
    expect(page.get_by_text("Booking requested")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/dashboard/bookings/rate-request/detail/"))
    page.goto(f"{live_server.url}/dashboard/bookings")
    expect(page.get_by_test_id("booking-row").filter(has_text=cargo)).to_have_count(1)

    # Quoted in the console, accepted on the price panel.
    console_quote(staff_page, live_server, cargo, "2400")
    page.get_by_test_id("booking-row").filter(has_text=cargo).get_by_role("link", name="View Details").click()
    accept_price(page, live_server, "$2,400.00")
    submit_booking_request(page, tmp_path)
    rid = page.url.rsplit("/", 1)[-1]
    console_act(staff_page, console_open(staff_page, live_server, cargo), "Confirm Booking")

    # Shipping order with the hazardous and reefer fields, required for this request.
    page.reload()
    expect(page.get_by_role("heading", name="Shipping Order").first).to_be_visible()
    expect(page.get_by_role("group", name="Hazardous Cargo")).to_be_visible()
    expect(page.get_by_role("group", name="Reefer Cargo")).to_be_visible()
    add_parties_and_container(page, "SEAL-R1")
    page.get_by_role("dialog").get_by_role("button", name="Submit").click()
    page.get_by_label("Cargo Description").fill("Ethanol extract in drums, keep cold")
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_text("This Field is required")).to_have_count(4)
    page.get_by_label("IMO Class").fill("3")
    page.get_by_label("UN number").fill("1170")
    page.get_by_label("Temperature").fill("-18")
    page.get_by_label("Humidity").fill("60")
    page.get_by_label("Ventilation", exact=True).check()
    expect(page.get_by_text("This Field is required")).to_have_count(0)
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / "booking-reefer-order.png"), full_page=True)
    # The form built from the field list at a phone's width: one column, nothing off the screen.
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(screenshot_dir / "booking-reefer-order-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_text("Shipping order sent")).to_be_visible()

    # Staff ask for a revision of one field; a revision needs at least one message.
    panel = console_open(staff_page, live_server, cargo)
    revise = "UN 1170 is ethanol; this extract is UN 1987"
    console_act_with_text(
        staff_page,
        panel,
        "Request Order Revision",
        ("Give at least one field message", "UN number revise message", revise),
        screenshot_dir / "operations-order-revision.png",
        beside_the_field=False,  # any of the fields may carry it
    )
    expect(panel.get_by_role("heading", name="Shipping order (Revision Requested)")).to_be_visible()

    # The customer's list opens the edit screen; the message is the field's error until fixed.
    page.goto(f"{live_server.url}/dashboard/bookings")
    page.get_by_test_id("booking-row").filter(has_text=cargo).get_by_role("link", name="View Details").click()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings/rate-request/edit/{rid}")
    expect(page.get_by_role("heading", name="Edit Shipping Order")).to_be_visible()
    un = page.get_by_label("UN number")
    expect(un).to_have_value("1170")
    expect(un).to_have_attribute("aria-invalid", "true")
    expect(un).to_have_accessible_description(revise)
    expect(page.get_by_label("IMO Class")).to_have_value("3")
    expect(page.get_by_label("IMO Class")).not_to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Temperature")).to_have_value("-18")
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / "booking-order-edit.png"), full_page=True)
    un.fill("1987")
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_text("Changes saved")).to_be_visible()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings")

    # Staff see the edited order and accept it; the customer's report shows the fixed value.
    panel = console_open(staff_page, live_server, cargo)
    expect(panel.get_by_role("heading", name="Shipping order (Submitted)")).to_be_visible()
    console_act(staff_page, panel, "Accept Shipping Order")
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    report = page.frame_locator("iframe[title='Shipping order report']")
    expect(report.get_by_text("1987", exact=True)).to_be_visible()
    expect(report.get_by_text("-18 °C", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Finish")).to_be_disabled()
    page.screenshot(path=str(screenshot_dir / "booking-reefer-final.png"), full_page=True)
    order = call(
        live_server,
        "GET",
        f"/booking/api/v1/client/rate-requests/{rid}",
        token=login(live_server, username, password),
    )["order"]
    assert (order["status"], str(order["unNumber"]), str(order["imcoClass"])) == (2, "1987", "3")
    assert (
        float(order["temprature"]) == -18
        and float(order["humidity"]) == 60
        and order["hasVentilation"] is True
    )


def test_customer_cancels_a_quote(page: Page, live_server: LiveServer, screenshot_dir: Path) -> None:
    username, password = foreign_customer(live_server, "Beta Imports")
    rid = rate_request(live_server, login(live_server, username, password), "Walnuts")
    quote(live_server, rid, 900)
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, live_server, username, password)
    page.goto(f"{live_server.url}/dashboard/bookings")
    page.get_by_test_id("booking-row").filter(has_text="Walnuts").get_by_role(
        "link", name="View Details"
    ).click()
    expect(page.get_by_text("Price per container:")).to_be_visible()

    # Keyboard: the panel's Decline quote opens its own dialog, Escape leaves it, Tab and Enter confirm.
    cancel = page.get_by_role("button", name="Decline quote", exact=True)
    cancel.focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Decline this quote?")
    expect(dialog.get_by_text("you cannot accept $900.00 per container afterwards")).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(cancel).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / "booking-cancel-quote.png"), full_page=True)
    confirm = dialog.get_by_role("button", name="Decline quote", exact=True)
    for _ in range(3):
        if confirm.evaluate("b => b === document.activeElement"):
            break
        page.keyboard.press("Tab")
    expect(confirm).to_be_focused()
    page.keyboard.press("Enter")

    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings")
    row = page.get_by_test_id("booking-row").filter(has_text="Walnuts")
    expect(row.get_by_text("Declined by you")).to_be_visible()
    token = login(live_server, username, password)
    assert call(live_server, "GET", f"/booking/api/v1/client/rate-requests/{rid}", token=token)["state"] == 6
    page.set_viewport_size({"width": 375, "height": 800})
    expect(
        page.get_by_test_id("booking-card").filter(has_text="Walnuts").get_by_text("Declined by you")
    ).to_be_visible()
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / "booking-rejected-by-client-mobile.png"), full_page=True)


def test_staff_reject_a_request(
    page: Page, staff_page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    username, password = foreign_customer(live_server, "Gamma Foods")
    rid = rate_request(live_server, login(live_server, username, password), "Saffron threads")
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, live_server, username, password)
    page.goto(f"{live_server.url}/dashboard/bookings")
    row = page.get_by_test_id("booking-row").filter(has_text="Saffron threads")
    expect(row.get_by_text("Rate Request")).to_be_visible()

    # The console asks for a reason before it rejects (opened with the keyboard).
    staff_page.goto(f"{live_server.url}/dashboard/operations")
    # By the company too: another test on this server may have asked for saffron threads as well.
    staff_page.get_by_test_id("ops-row").filter(has_text="Saffron threads").filter(
        has_text="Gamma Foods"
    ).get_by_role("button", name="Open").focus()
    staff_page.keyboard.press("Enter")
    panel = staff_page.get_by_role("region", name="Selected rate request")
    reason = "Saffron is not carried on this route"
    console_act_with_text(
        staff_page,
        panel,
        "Reject",
        ("A reason is required", "Reason", reason),
        screenshot_dir / "operations-reject.png",
    )
    expect(panel.get_by_text("Rejected By Admin")).to_be_visible()
    expect(panel.get_by_role("button", name="Reject", exact=True)).to_have_count(0)

    # The customer's open list follows without a reload, and the bell has the notice.
    expect(row.get_by_text("Rejected By Admin")).to_be_visible(timeout=LIVE)
    token = login(live_server, username, password)
    notice = next(n for n in notifications(live_server, token) if n["title"] == "Rate request rejected")
    assert reason in notice["message"] and not notice["isRead"]
    page.get_by_role("button", name="Notifications").click()
    expect(
        page.get_by_role("region", name="Notification list").get_by_text("Rate request rejected")
    ).to_be_visible(timeout=LIVE)
    page.screenshot(path=str(screenshot_dir / "booking-rejected-by-admin.png"), full_page=True)
    page.keyboard.press("Escape")
    row.get_by_role("link", name="View Details").click()
    expect(page.get_by_role("status").filter(has_text=f"Rejected By Admin: {reason}")).to_be_visible()
    assert call(live_server, "GET", f"/booking/api/v1/client/rate-requests/{rid}", token=token)["state"] == 5


def test_a_declined_order_is_filled_again(page: Page, live_server: LiveServer, screenshot_dir: Path) -> None:
    """Staff declined the shipping order of a live booking: the customer fills it again (decision 3824)."""
    username, password = foreign_customer(live_server, "Second Try Trading")
    token = login(live_server, username, password)
    rid = booking_confirmed(live_server, token, "Dried figs")
    order_id = shipping_order(live_server, token, rid, ["BMOU0061950"])
    decline = {"message": "The consignee is not allowed to receive dried fruit"}
    staff_call(live_server, "PUT", f"/booking/api/v1/admin/shipping-orders/{order_id}/decline", decline)
    page.set_viewport_size(DESKTOP)
    sign_in(page, live_server, username, password)
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    expect(page.get_by_text("Staff declined your shipping order.")).to_be_visible()
    # Why, as staff wrote it, where she is offered to fill it again and above the form while she does.
    why = page.get_by_role("region", name="Why staff declined it")
    expect(why).to_contain_text(decline["message"])
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / "booking-order-fill-again.png"), full_page=True)
    page.set_viewport_size(PHONE)
    expect(why).to_contain_text(decline["message"])
    assert layout_problems(page) == []
    page.screenshot(path=str(screenshot_dir / "booking-order-fill-again-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.get_by_role("button", name="Fill the order again").click()
    expect(page.get_by_role("heading", name="Shipping Order").first).to_be_visible()
    expect(why).to_contain_text(decline["message"])
    # The form starts from the order as last sent: the cargo, the parties and the container are there.
    cargo = page.get_by_label("Cargo Description")
    expect(cargo).to_have_value("Roasted pistachios in 25 kg cartons")
    for given in ("Add Shipper", "Add Consignee", "Add Containers"):
        expect(page.get_by_role("button", name=given).get_by_test_id("button-done")).to_be_visible()
    no_serious_violations(page)
    page.evaluate("window.scrollTo(0, 0)")  # the sticky header at the top of the shot, not halfway down
    page.screenshot(path=str(screenshot_dir / "booking-order-fill-again-form.png"), full_page=True)
    page.set_viewport_size(PHONE)
    assert layout_problems(page) == []
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(screenshot_dir / "booking-order-fill-again-form-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    # She corrects what staff declined, the consignee, and the cargo's words; the rest goes as it was sent.
    page.get_by_role("button", name="Add Consignee").click()
    dialog = page.get_by_role("dialog")
    expect(dialog.get_by_label("Full Name", exact=True)).to_have_value("Consignee Pte Ltd")
    dialog.get_by_label("Full Name", exact=True).fill("Figs Import GmbH")
    dialog.get_by_role("button", name="Submit").click()
    cargo.fill("Dried figs in 10 kg cartons")
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_text("Shipping order sent again")).to_be_visible()
    order = call(live_server, "GET", f"/booking/api/v1/client/rate-requests/{rid}", token=token)["order"]
    assert (order["id"], order["statusName"]) == (order_id, "submitted")
    assert order["cargoDescription"] == "Dried figs in 10 kg cartons"
    assert [(c["containerNumber"], c["seal"]) for c in order["containers"]] == [("BMOU0061950", "SEAL-0001")]
    named = {p["partyType"]: p["name"] for p in order["parties"]}
    assert named == {0: "Supplier Co", 1: "Figs Import GmbH", 2: "Notify Pte Ltd"}
    assert order["declineMessage"] is None


def test_the_customer_cancels_her_order_and_may_fill_it_again(
    page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    """Decision 3832: her order under staff's review, cancelled from the booking's screen, saying why."""
    username, password = foreign_customer(live_server, "Change Of Plan Trading")
    token = login(live_server, username, password)
    rid = booking_confirmed(live_server, token, "Dried apricots")
    shipping_order(live_server, token, rid, ["BMOU0061950"])
    sign_in(page, live_server, username, password)
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    for size, name in ((DESKTOP, "booking-order-cancel"), (PHONE, "booking-order-cancel-phone")):
        page.set_viewport_size(size)
        page.get_by_role("button", name="Cancel the order").click()
        dialog = page.get_by_role("dialog", name="Cancel this shipping order?")
        expect(dialog).to_be_visible()
        no_serious_violations(page)
        if size == PHONE:
            assert layout_problems(page) == []
        page.screenshot(path=str(screenshot_dir / f"{name}.png"), full_page=True)
        if size == DESKTOP:  # kept the first time: nothing is sent
            dialog.get_by_role("button", name="Keep the order").click()
            expect(dialog).to_have_count(0)
    dialog.get_by_label("Reason (optional)").fill("The buyer postponed the shipment")
    dialog.get_by_role("button", name="Cancel the order").click()
    expect(page.get_by_role("button", name="Fill the order again")).to_be_visible()
    order = call(live_server, "GET", f"/booking/api/v1/client/rate-requests/{rid}", token=token)["order"]
    assert order["statusName"] == "cancelled"
