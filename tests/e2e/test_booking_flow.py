"""A customer and a staff member carry one dry-cargo request from creation to state 4 (two browser contexts)."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import admin_token, call, foreign_customer, login

PDF = b"%PDF-1.4\n" + b"0123456789" * 2500 + b"\n%%EOF\n"  # about 25 KB: three chunks


def no_serious_violations(page: Page) -> None:
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    assert not bad, [(v["id"], [n["target"] for n in v["nodes"]]) for v in bad]


def sign_in(page: Page, server: LiveServer, username: str, password: str) -> None:
    page.goto(f"{server.url}/login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Log In").click()
    expect(page).to_have_url(f"{server.url}/dashboard/overview", timeout=15_000)


def choose(page: Page, label: str, text: str) -> None:
    page.get_by_role("combobox", name=label).click()
    page.get_by_role("option", name=text).first.click()


def test_dry_cargo_from_request_to_completed(
    page: Page, browser: Browser, live_server: LiveServer, screenshot_dir: Path, tmp_path: Path
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
    expect(page.get_by_text("POL is Required")).to_be_visible()

    choose(page, "POL", "Shanghai")
    choose(page, "POD", "Singapore")
    choose(page, "Container Type", "Dry")
    choose(page, "Container Size", "40")
    page.get_by_label("Quantity").fill("1")
    page.get_by_label("Commodity").fill("Pistachios")
    page.get_by_label("HS Code").fill("080251")
    page.get_by_label("Preferred Shipping Date").fill((date.today() + timedelta(days=20)).isoformat())
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / "booking-new-desktop.png"), full_page=True)
    page.get_by_role("button", name="Request Price").click()
    expect(page.get_by_text("Added Successfully")).to_be_visible()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings")
    expect(page.get_by_test_id("booking-row")).to_have_count(1)
    expect(page.get_by_test_id("booking-row").get_by_text("Rate Request")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "booking-list-desktop.png"), full_page=True)
    page.get_by_test_id("booking-row").get_by_role("link", name="View Details").click()
    expect(page.get_by_text("waiting for a price quote")).to_be_visible()

    # Staff quote through the operations console in a second context.
    staff = browser.new_context(viewport={"width": 1280, "height": 900})
    staff_page = staff.new_page()
    sign_in(staff_page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD)
    staff_page.goto(f"{live_server.url}/dashboard/operations")
    staff_page.get_by_test_id("ops-row").filter(has_text="Pistachios").first.get_by_role("button", name="Open").click()
    staff_page.get_by_role("button", name="Quote").click()
    staff_page.get_by_label("Price per container (USD)").fill("1500")
    staff_page.get_by_label("Valid until").fill((date.today() + timedelta(days=5)).isoformat())
    no_serious_violations(staff_page)
    staff_page.screenshot(path=str(screenshot_dir / "operations-quote.png"), full_page=True)
    staff_page.get_by_role("button", name="Confirm").click()
    expect(staff_page.get_by_text("Quote: done")).to_be_visible()

    # The customer's open screen refreshes without a reload.
    expect(page.get_by_text("price per container is:")).to_be_visible(timeout=25_000)
    expect(page.get_by_text("1500", exact=True)).to_be_visible()
    page.screenshot(path=str(screenshot_dir / "booking-price.png"), full_page=True)
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_text("Are you sure you want to accept the price request?")).to_be_visible()
    page.get_by_role("button", name="Confirm").click()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings")
    expect(page.get_by_test_id("booking-row").get_by_text("Loi Pending")).to_be_visible()

    # Booking request: template download, LOI upload in chunks, submit.
    page.get_by_test_id("booking-row").get_by_role("link", name="View Details").click()
    expect(page.get_by_role("heading", name="Booking Request").first).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("button", name="Download Booking Letter template").click()
    assert download.value.suggested_filename.endswith(".pdf")
    loi = tmp_path / "loi.pdf"
    loi.write_bytes(PDF)
    page.get_by_label("Signed Booking Letter").set_input_files(str(loi))
    expect(page.get_by_text("Uploaded Success !").first).to_be_visible()
    page.get_by_role("button", name="Submit Booking Request").click()
    expect(page.get_by_text("Booking request sent")).to_be_visible()
    # Axe once the toast (a shared component, animated in) is gone.
    expect(page.get_by_text("Booking request sent")).to_be_hidden(timeout=15_000)
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / "booking-request.png"), full_page=True)

    rid = page.url.rsplit("/", 1)[-1]
    admin = admin_token(live_server)
    call(live_server, "PUT", f"/booking/api/v1/admin/rate-requests/{rid}/confirm-booking", token=admin)

    # Shipping order.
    page.reload()
    expect(page.get_by_role("heading", name="Shipping Order").first).to_be_visible()
    page.get_by_role("button", name="Add Supplier").click()
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
    dialog.get_by_role("list", name="Container search results").get_by_role("button").first.click(timeout=10_000)
    dialog.get_by_label("Seal").fill("SEAL1")
    dialog.get_by_label("Number Of Packages").fill("100")
    dialog.get_by_label("Gross Weight").fill("20000")
    dialog.get_by_label("Net Weight").fill("18000")
    dialog.get_by_role("button", name="ADD").click()
    expect(dialog.get_by_text("1/1")).to_be_visible()
    expect(dialog.get_by_role("button", name="ADD")).to_be_disabled()
    page.screenshot(path=str(screenshot_dir / "booking-containers.png"), full_page=True)
    dialog.get_by_role("button", name="Submit").click()
    page.get_by_label("Cargo Description").fill("Roasted pistachios in boxes")
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_text("Added Shipping Order !")).to_be_visible()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings?RateRequests=true")

    call(live_server, "PUT", f"/booking/api/v1/admin/shipping-orders/{rid}/accept", token=admin)

    # Final.
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    finish = page.get_by_role("button", name="Finish")
    expect(finish).to_be_disabled()
    report = page.frame_locator("iframe[title='Shipping order report']")
    expect(report.get_by_text("Roasted pistachios in boxes")).to_be_visible()
    page.get_by_label("I confirm that the information provided is complete and accurate.").check()
    page.screenshot(path=str(screenshot_dir / "booking-final.png"), full_page=True)
    finish.click()
    expect(page.get_by_text("Finish Successfully!")).to_be_visible()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings")
    token = login(live_server, username, password)
    assert call(live_server, "GET", f"/booking/api/v1/client/rate-requests/{rid}", token=token)["state"] == 4

    page.set_viewport_size({"width": 375, "height": 800})
    expect(page.get_by_test_id("booking-card")).to_have_count(1)
    no_serious_violations(page)
    page.screenshot(path=str(screenshot_dir / "booking-list-mobile.png"), full_page=True)
    staff.close()
