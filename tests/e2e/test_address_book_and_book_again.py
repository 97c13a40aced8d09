"""The address book on the shipping order and Book again, at 1280x800 and 375x812: a saved party fills the
shipper's fields when chosen, a typed consignee is saved into the book for next time, and Book again opens
the new-booking form filled with the booking's lane, containers and cargo, which the customer submits as a
new booking of its own. Screenshots: test-output/screenshots/address-book-*."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.corpus import FOREIGN_PHONES, LONG_ADDRESSES, PERSIAN_COMPANIES
from tests.e2e.browser import full_shot, layout_problems
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import BOOKING, booking_confirmed, call, foreign_customer, login, rate_request

BOOK = f"{BOOKING}/client/address-book"
SAVED_SHIPPER = {
    "name": PERSIAN_COMPANIES[1],
    "address": LONG_ADDRESSES[1],
    "phoneNumber": FOREIGN_PHONES[1],
    "roles": ["shipper"],
}


@dataclass
class Customer:
    username: str
    password: str
    token: str
    at_order: str  # a confirmed booking at its shipping order
    earlier: str  # a booking waiting for its price, to book again


@pytest.fixture(scope="module")
def customer(live_server: LiveServer) -> Customer:
    username, password = foreign_customer(live_server, "Bandar Export Co")
    token = login(live_server, username, password)
    call(live_server, "POST", BOOK, SAVED_SHIPPER, token=token)
    at_order = booking_confirmed(live_server, token, "Saffron, dried, in tins")
    earlier = rate_request(live_server, token, "Dates, pitted, in cartons")
    return Customer(username, password, token, at_order, earlier)


def shot(page: Page, shots: Path, name: str) -> None:
    full_shot(page, shots, "address-book", name)


def test_a_saved_party_fills_the_shipper_and_a_typed_consignee_is_saved(
    customer_page: Page,
    live_server: LiveServer,
    customer: Customer,
    viewport: dict[str, int],
    screenshot_dir: Path,
) -> None:
    page = customer_page
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{customer.at_order}")
    page.get_by_role("button", name="Add Shipper").click()
    dialog = page.get_by_role("dialog", name="Shipper Details")
    saved = dialog.get_by_label("Saved shippers")
    option = saved.locator("option", has_text=PERSIAN_COMPANIES[1])
    expect(option).to_have_count(1)
    saved.select_option(option.get_attribute("value"))
    expect(dialog.get_by_label("Full Name")).to_have_value(PERSIAN_COMPANIES[1])
    expect(dialog.get_by_label("Full Address")).to_have_value(LONG_ADDRESSES[1])
    expect(dialog.get_by_label("Mobile Number")).to_have_value(FOREIGN_PHONES[1])
    assert layout_problems(page) == []
    shot(page, screenshot_dir, "shipper-chosen")
    dialog.get_by_role("button", name="Submit").click()
    expect(dialog).to_be_hidden()

    # A consignee typed for the first time goes into the book, and is offered from then on.
    consignee = f"Rotterdam Fresh BV {viewport['width']}"
    page.get_by_role("button", name="Add Consignee").click()
    dialog = page.get_by_role("dialog", name="Consignee Details")
    dialog.get_by_label("Full Name", exact=True).fill(consignee)
    dialog.get_by_label("Mobile Number", exact=True).fill(FOREIGN_PHONES[0])
    dialog.get_by_label("Full Address", exact=True).fill("Marconistraat 16, 3029 AK Rotterdam")
    book_row = dialog.get_by_role("group", name="Address book: consignees")
    book_row.get_by_role("button", name="Save to address book").click()
    expect(page.get_by_text(f"{consignee} saved to your address book")).to_be_visible()
    expect(dialog.get_by_label("Saved consignees").locator("option", has_text=consignee)).to_have_count(1)
    assert layout_problems(page) == []
    shot(page, screenshot_dir, "consignee-saved")
    book = call(live_server, "GET", BOOK, token=customer.token)["list"]
    entry = next(p for p in book if p["name"] == consignee)
    assert entry["roles"] == ["consignee"] and entry["phoneNumber"] == FOREIGN_PHONES[0]


def test_book_again_opens_the_new_booking_form_filled_in(
    customer_page: Page,
    live_server: LiveServer,
    customer: Customer,
    screenshot_dir: Path,
) -> None:
    page = customer_page
    earlier = call(
        live_server, "GET", f"{BOOKING}/client/rate-requests/{customer.earlier}", token=customer.token
    )
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{customer.earlier}")
    page.get_by_role("button", name="Book again").click()
    expect(page).to_have_url(re.compile(rf"/dashboard/bookings/NewBooking\?again={customer.earlier}$"))
    expect(page.get_by_role("heading", name="Book again")).to_be_visible()
    expect(page.get_by_text(earlier["reference"])).to_be_visible()
    expect(page.get_by_label("Commodity")).to_have_value("Dates, pitted, in cartons")
    expect(page.get_by_label("HS code")).to_have_value(earlier["hsCode"])
    expect(page.get_by_label("Number of containers")).to_have_value(str(earlier["quantity"]))
    expect(page.get_by_role("combobox", name="Port of loading")).to_contain_text(earlier["pol"]["name"])
    expect(page.get_by_role("combobox", name="Port of discharge")).to_contain_text(earlier["pod"]["name"])
    assert layout_problems(page) == []
    shot(page, screenshot_dir, "book-again-form")

    page.get_by_role("button", name="Request Price").click()
    expect(page).to_have_url(re.compile(r"/dashboard/bookings/rate-request/detail/"))
    expect(page.get_by_text("Booking requested")).to_be_visible()
    copy_id = page.url.rsplit("/", 1)[1]
    assert copy_id != customer.earlier
    copy = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{copy_id}", token=customer.token)
    assert copy["reference"] != earlier["reference"]
    for key in ("commodity", "hsCode", "quantity", "polTitle", "podTitle", "cargoDetails"):
        assert copy[key] == earlier[key], key
    shot(page, screenshot_dir, "book-again-made")
