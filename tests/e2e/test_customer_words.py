"""Words and screens that fit, on the customer's side, at 1280x800 and 375x812: a new booking opens itself
with its instant price (the tariff's row is staff's, not the customer's), the badge tells waiting from quoted,
the menu is the same at a desk as on a phone, the profile opens a tab, the bell shows each notification whole
with its link inside it, the amendment table names the MSDS file and keeps words whole, typed text in dialogs
is dark, the order form says Shipper and IMO class, the customer's own decline is said as theirs, and an
Iranian mobile is taken as people type it. Screenshots: test-output/screenshots/customer-words-*."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.corpus import fresh_company_id, fresh_national_id
from tests.e2e.accounts_support import choose_type
from tests.e2e.browser import full_shot
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import (
    BOOKING,
    booking_confirmed,
    call,
    foreign_customer,
    login,
    notifications,
    publish_tariff,
    quote,
    rate_request,
    rate_request_body,
    upload_pdf,
)
from tests.e2e.screens import fill_rate_request

# A lane no other browser test prices: its tariff is this module's.
LANE = ("Xiamen", "Antwerp")
TARIFF = (
    "pol,pod,container_size,container_type,cargo,valid_from,valid_to,ocean_freight,baf,thc_origin,"
    "thc_destination,dg_surcharge,reefer_surcharge,documentation_fee\n"
    "CNXMN,BEANR,20,Dry,general,{start},{end},1500,180,140,120,0,0,40\n"
    "CNXMN,BEANR,40,Dry,general,{start},{end},1700,200,150,130,0,0,45\n"
)
TEXT_COLOUR = "rgb(16, 24, 40)"  # --color-text
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)


def day(offset: int) -> str:
    return (date.today() + timedelta(days=offset)).isoformat()


@dataclass
class Customer:
    username: str
    password: str
    amended: str  # a confirmed dangerous-goods booking with an amendment waiting
    dangerous: str  # a confirmed dangerous-goods booking at its shipping order
    declined: str  # a quote the customer declined


@pytest.fixture(scope="module")
def customer(live_server: LiveServer) -> Customer:
    publish_tariff(live_server, TARIFF)
    username, password = foreign_customer(live_server, "Hanse Kontor Hamburg")
    token = login(live_server, username, password)
    sheet = upload_pdf(live_server, token, "msds.pdf")
    danger = {"isDanger": True, "msds": sheet}
    amended = booking_confirmed(live_server, token, "Paint, flammable, in drums", **danger)
    change = rate_request_body(live_server, token, "Paint, flammable, in steel drums", **danger)
    call(live_server, "POST", f"{BOOKING}/client/rate-requests/{amended}/amendments", change, token=token)
    dangerous = booking_confirmed(live_server, token, "Lithium batteries, packed", **danger)
    declined = rate_request(live_server, token, "Walnut kernels, declined")
    quote(live_server, declined, 2100)
    call(live_server, "PUT", f"{BOOKING}/client/rate-requests/{declined}/cancel", token=token)
    return Customer(username, password, amended, dangerous, declined)


def shot(page: Page, shots: Path, name: str) -> None:
    full_shot(page, shots, "customer-words", name)


# Boxes of visible buttons and links the toast lies over (its own Dismiss excepted).
COVERED_BY_TOAST = """(text) => {
  const toast = [...document.querySelectorAll('[role="status"]')].find((el) => el.textContent.includes(text));
  if (!toast) return null;
  const t = toast.getBoundingClientRect();
  return [...document.querySelectorAll('button, a')]
    .filter((el) => !toast.contains(el))
    .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
    .filter((el) => {
      const r = el.getBoundingClientRect();
      return r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top;
    })
    .map((el) => el.textContent.trim() || el.getAttribute('aria-label'));
}"""


def test_a_new_booking_opens_with_its_instant_price_in_the_customers_words(
    customer_page: Page, live_server: LiveServer, viewport: dict[str, int], screenshot_dir: Path
) -> None:
    page = customer_page
    width = viewport["width"]
    page.goto(f"{live_server.url}/dashboard/bookings/NewBooking")
    cargo = f"Porcelain cups {width}"
    fill_rate_request(page, LANE, "40", "1", cargo, "691200", day(14))
    page.get_by_role("button", name="Request Price").click()
    # The new booking opens at once, with its price: not the list. "Booking requested", in words, covers
    # none of its buttons.
    expect(page).to_have_url(re.compile(r"/dashboard/bookings/rate-request/detail/"))
    expect(page.get_by_text("Booking requested")).to_be_visible()
    expect(page.get_by_text("Price per container:")).to_be_visible()
    assert page.evaluate(COVERED_BY_TOAST, "Booking requested") == []
    offer = page.get_by_text("Price per container:")
    expect(offer).to_contain_text("$2,180.00")
    # Where the price came from, without the tariff's version and row (staff's bookkeeping).
    expect(page.get_by_text("Quoted instantly from the carrier's tariff", exact=True)).to_be_visible()
    expect(page.get_by_text(re.compile(r"row \d+"))).to_have_count(0)
    # Its badge says it is quoted, as its title does.
    expect(page.get_by_text("Price Quoted", exact=True).first).to_be_visible()
    shot(page, screenshot_dir, "new-booking-priced")

    page.goto(f"{live_server.url}/dashboard/bookings")
    listed = page.locator("[data-testid=booking-row], [data-testid=booking-card]").filter(visible=True)
    expect(listed.filter(has_text=cargo).get_by_text("Price Quoted", exact=True)).to_be_visible()
    # The customer's own decline is said as theirs.
    declined = listed.filter(has_text="Walnut kernels, declined")
    expect(declined.get_by_text("Declined by you", exact=True)).to_be_visible()
    expect(page.get_by_text("Rejected By Client")).to_have_count(0)
    shot(page, screenshot_dir, "bookings")


def test_the_menu_profile_and_bell_hold_what_they_should(
    customer_page: Page,
    live_server: LiveServer,
    customer: Customer,
    viewport: dict[str, int],
    screenshot_dir: Path,
) -> None:
    page = customer_page
    page.goto(f"{live_server.url}/dashboard/bookings")
    if viewport["width"] < 768:  # the phone's menu is a drawer
        page.get_by_role("button", name="Menu").click()
    menu = page.get_by_role("navigation", name="Mobile menu" if viewport["width"] < 768 else "Side menu")
    for item in ("Overview", "Bookings", "Documents", "Profile"):
        expect(menu.get_by_role("link", name=item, exact=True)).to_be_visible()
    shot(page, screenshot_dir, "menu")

    # The profile without a tab opens the profile, not a bare heading.
    page.goto(f"{live_server.url}/dashboard/profile")
    expect(page.get_by_role("heading", name="Edit Profile")).to_be_visible()
    expect(page.get_by_label("Address")).to_be_visible()
    shot(page, screenshot_dir, "profile")

    # The bell: every notification whole, its link inside its own item.
    token = login(live_server, customer.username, customer.password)
    told = notifications(live_server, token)
    assert told, "the customer has notifications"
    page.reload()
    page.get_by_role("button", name="Notifications").first.click()
    panel = page.get_by_role("region", name="Notification list")
    expect(panel).to_be_visible()
    for notice in told[:5]:
        expect(panel.get_by_text(notice["message"], exact=True).first).to_be_visible()
    boxes = panel.locator("li").evaluate_all(
        """(items) => items.map((li) => {
          const link = li.querySelector('a');
          if (!link) return true;
          const l = link.getBoundingClientRect(); const b = li.getBoundingClientRect();
          return l.top >= b.top && l.bottom <= b.bottom
            && getComputedStyle(li).borderBottomStyle !== 'none';
        })"""
    )
    assert boxes and all(boxes), boxes
    shot(page, screenshot_dir, "bell")


# Words split across two lines inside a cell of the table ("Comm" / "odity"): each word's boxes.
BROKEN_WORDS = """(table) => {
  const broken = [];
  for (const cell of table.querySelectorAll('th, td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /\\S+/g;
      for (let m = re.exec(node.textContent); m; m = re.exec(node.textContent)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


def test_the_amendment_table_names_the_msds_file_and_keeps_words_whole(
    customer_page: Page,
    live_server: LiveServer,
    customer: Customer,
    screenshot_dir: Path,
) -> None:
    page = customer_page
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{customer.amended}")
    table = page.locator("table", has=page.locator("th", has_text="Amended"))
    expect(table).to_be_visible()
    msds = table.locator("tr", has=page.locator("th", has_text=re.compile(r"^Safety data sheet \(MSDS\)$")))
    expect(msds.get_by_role("link", name="MSDS file")).to_have_count(2)
    assert not UUID.search(table.inner_text()), table.inner_text()
    assert table.evaluate(BROKEN_WORDS) == []
    # ... and it fits its card: nothing runs off to the right.
    assert table.evaluate("(t) => t.parentElement.scrollWidth <= t.parentElement.clientWidth + 1")
    # The request is said as the company's, whichever member of its team made it (decision 3866).
    expect(page.get_by_text(re.compile(r"^Requested \d"))).to_be_visible()
    expect(page.get_by_text(re.compile(r"^asked "))).to_have_count(0)
    shot(page, screenshot_dir, "amendment")


def test_the_shipping_order_says_shipper_and_imo_class_and_typed_text_is_dark(
    customer_page: Page,
    live_server: LiveServer,
    customer: Customer,
    screenshot_dir: Path,
) -> None:
    page = customer_page
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{customer.dangerous}")
    expect(page.get_by_role("heading", name="Shipping Order").first).to_be_visible()
    expect(page.get_by_label("IMO class")).to_be_visible()
    expect(page.get_by_text(re.compile("IMCO|Important Data|Fill Out The Details"))).to_have_count(0)
    expect(page.get_by_role("button", name="Add Supplier")).to_have_count(0)
    page.get_by_role("button", name="Add Shipper").click()
    dialog = page.get_by_role("dialog", name="Shipper Details")
    expect(dialog).to_be_visible()
    name = dialog.get_by_label("Full Name")
    name.fill("Zahra Hosseini")
    assert name.evaluate("(el) => getComputedStyle(el).color") == TEXT_COLOUR
    shot(page, screenshot_dir, "shipper-dialog")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()

    # What is typed in the amendment dialog reads as typed text too, not as a grey placeholder.
    page.get_by_role("button", name="Request amendment").click()
    amendment = page.get_by_role("dialog")
    commodity = amendment.get_by_label("Commodity")
    commodity.fill("Lithium batteries, packed in fibreboard boxes")
    assert commodity.evaluate("(el) => getComputedStyle(el).color") == TEXT_COLOUR
    shot(page, screenshot_dir, "amendment-dialog")


def test_an_iranian_mobile_is_taken_as_typed_and_a_refusal_says_the_rule(
    page: Page, live_server: LiveServer, viewport: dict[str, int], screenshot_dir: Path
) -> None:
    page.goto(f"{live_server.url}/register")
    page.get_by_label("National ID").fill(fresh_national_id())
    page.get_by_label("Mobile Number").fill("+98 912 345 6789")
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_label("First Name")).to_be_visible()

    # A Hamburg company without the switch gets the rule, and the switch says what it means.
    page.goto(f"{live_server.url}/register")
    choose_type(page, "Company")
    page.get_by_label("Company ID").fill(fresh_company_id())
    page.get_by_label("Mobile Number").fill("+49 40 3008 1234")
    page.get_by_role("button", name="Continue").click()
    expect(
        page.get_by_text(re.compile(r"Enter an Iranian mobile number: 09 and 9 more digits"))
    ).to_be_visible()
    expect(page.get_by_role("switch", name="Registered outside Iran")).to_be_visible()
    expect(page.get_by_text("Is Foreign?")).to_have_count(0)
    shot(page, screenshot_dir, "phone-rule")
