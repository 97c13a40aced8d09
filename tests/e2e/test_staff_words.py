"""Words and screens that fit, on the staff's side, at 1280x800 and 375x812: an order revision offers only the
fields the order has (no temperature for a dry container) and says what it did in a sentence; staff see the
tariff's version and row of an instant price; a sign-up's long Persian address is read whole and the accept
dialog names the applicant; the tracking console's time field is wide enough for its placeholder and the
one-time publisher key has a Copy button. Screenshots: test-output/screenshots/staff-words-*."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.e2e.browser import sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import (
    BOOKING,
    booking_confirmed,
    call,
    container_id,
    foreign_customer,
    foreign_sign_up,
    login,
    publish_tariff,
    rate_request,
    upload_pdf,
)
from tests.e2e.screens import console_open

TARIFF = (
    "pol,pod,container_size,container_type,cargo,valid_from,valid_to,ocean_freight,baf,thc_origin,"
    "thc_destination,dg_surcharge,reefer_surcharge,documentation_fee\n"
    "CNXMN,BEANR,20,Dry,general,{start},{end},1500,180,140,120,0,0,40\n"
    "CNXMN,BEANR,40,Dry,general,{start},{end},1700,200,150,130,0,0,45\n"
)
PERSIAN_ADDRESS = (
    "تهران، خیابان ولیعصر، بالاتر از میدان ونک، کوچه شهید رضا قاسمی، پلاک ۲۴، طبقه سوم، واحد ۷، "  # noqa: RUF001 (Persian digits, as written)
    "ساختمان بازرگانی پارسیان"
)


@dataclass
class Staffed:
    dangerous: str  # the cargo of a dry dangerous-goods booking whose shipping order waits for staff
    instant: str  # the cargo of a request priced from the tariff


def _dangerous_order(server: LiveServer, token: str, rid: str) -> None:
    """A dry dangerous-goods order: IMO class 3, UN 1263, no temperature or humidity."""
    parties = [
        {"name": name, "address": f"{name}, Harbour Road 1", "phoneNumber": phone, "fax": None}
        | {"partyType": kind, "isForSwbl": False}
        for name, phone, kind in (
            ("Antwerp Paints NV", "+32 3 123 45 67", 1),
            ("Antwerp Paints NV", "+32 3 123 45 67", 2),
            ("Zahra Hosseini", "+98 912 345 6789", 0),
        )
    ]
    container = {"containerId": container_id(server, token, "BMOU0216223"), "seal": "SEAL-7001"}
    container |= {"count": 80, "type": 1, "grossWeight": 18000, "netWeight": 16500}
    body: dict[str, Any] = {"rateRequestId": rid, "isSWBL": False, "frightType": 2}
    body |= {"cargoDescription": "Paint, flammable, UN 1263, in steel drums", "imcoClass": "3"}
    body |= {"unNumber": "1263", "temprature": None, "humidity": None, "hasVentilation": False}
    body |= {"parties": parties, "containers": [container]}
    call(server, "POST", f"{BOOKING}/client/shipping-orders", body, token=token)


@pytest.fixture(scope="module")
def staffed(live_server: LiveServer) -> Staffed:
    publish_tariff(live_server, TARIFF)
    username, password = foreign_customer(live_server, "Scheldt Coatings BV")
    token = login(live_server, username, password)
    dangerous = "Paint, flammable, for the revision"
    danger = {"isDanger": True, "msds": upload_pdf(live_server, token, "msds.pdf")}
    _dangerous_order(live_server, token, booking_confirmed(live_server, token, dangerous, **danger))
    instant = "Porcelain plates, priced by the tariff"
    lane = {"polId": _port(live_server, token, "Xiamen"), "podId": _port(live_server, token, "Antwerp")}
    size = {"containerSizeId": _size(live_server, token, "40")}
    rate_request(live_server, token, instant, **lane, **size)
    return Staffed(dangerous, instant)


def _port(server: LiveServer, token: str, name: str) -> int:
    rows = call(server, "GET", f"{BOOKING}/client/rate-request/general/port/loadings", token=token)["list"]
    row = next(r for r in rows["list"] if r["name"] == name or r["name"].startswith(f"{name} "))
    return int(row.get("id") or row["value"])


def _size(server: LiveServer, token: str, name: str) -> int:
    rows = call(server, "GET", f"{BOOKING}/client/rate-request/general/container/sizes", token=token)["list"]
    row = next(r for r in rows["list"] if r["name"] == name or r["name"].startswith(f"{name} "))
    return int(row.get("id") or row["value"])


@pytest.fixture
def staff(browser: Browser, live_server: LiveServer, viewport: dict[str, int]) -> Iterator[Page]:
    context = browser.new_context(
        viewport=viewport,  # type: ignore[arg-type]
        permissions=["clipboard-read", "clipboard-write"],
    )
    page = context.new_page()
    sign_in(page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD)
    yield page
    context.close()


def shot(page: Page, shots: Path, name: str) -> None:
    width = page.viewport_size["width"] if page.viewport_size else 0
    page.screenshot(path=str(shots / f"staff-words-{width}-{name}.png"), full_page=True)


def test_an_order_revision_offers_only_the_orders_fields_and_says_what_it_did(
    staff: Page, live_server: LiveServer, staffed: Staffed, viewport: dict[str, int], screenshot_dir: Path
) -> None:
    # The instant price names the tariff's version and row for staff.
    panel = console_open(staff, live_server, staffed.instant)
    expect(
        panel.get_by_text(re.compile(r"Quoted instantly from the carrier's tariff \(version \d+, row \d+\)"))
    ).to_be_visible()

    panel = console_open(staff, live_server, staffed.dangerous)
    panel.get_by_role("button", name="Request Order Revision").click()
    dialog = staff.get_by_role("dialog", name="Request Order Revision")
    expect(dialog.get_by_label("IMO class revise message")).to_be_visible()
    expect(dialog.get_by_label("UN number revise message")).to_be_visible()
    # A dry container has no temperature or humidity to revise.
    expect(dialog.get_by_label(re.compile("Temperature"))).to_have_count(0)
    expect(dialog.get_by_label(re.compile("Humidity"))).to_have_count(0)
    shot(staff, screenshot_dir, "order-revision")
    # Sent once, at the last width (the desktop run comes first): the revision is one act of one booking.
    if viewport["width"] < 768:
        dialog.get_by_label("UN number revise message").fill("Give the UN number as on the MSDS")
        dialog.get_by_role("button", name="Confirm").click()
        expect(staff.get_by_text(re.compile(r"^Order revision requested"))).to_be_visible()
        expect(staff.get_by_text(re.compile(r": done$"))).to_have_count(0)
        # The order panel keeps what was asked, each field by its label, to check the update against.
        asked = panel.get_by_role("region", name="What staff asked the customer to revise")
        expect(asked.get_by_role("term")).to_have_text(["UN number"])
        expect(asked.get_by_role("definition")).to_have_text(["Give the UN number as on the MSDS"])
        shot(staff, screenshot_dir, "order-revision-asked")


def test_a_sign_up_is_read_whole_and_accepted_by_name(
    staff: Page, live_server: LiveServer, viewport: dict[str, int], screenshot_dir: Path
) -> None:
    national = str(random.randint(10**9, 10**10 - 1))
    name = f"بازرگانی پارسیان {viewport['width']}"
    details = {"name": name, "contactPerson": "Zahra Hosseini", "nationalCode": national}
    details |= {"phone": "+98 912 345 6789", "fax": "", "email": f"p{national}@example.com"}
    details |= {"address": PERSIAN_ADDRESS, "postalCode": "1966733155"}
    foreign_sign_up(live_server, details)
    staff.goto(f"{live_server.url}/dashboard/request/corporateForeign/detail/{national}")
    address = staff.get_by_label("Address")
    expect(address).to_have_value(PERSIAN_ADDRESS)
    # Read whole: the box is as tall and as wide as its text.
    assert address.evaluate(
        "(el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1"
    )
    shot(staff, screenshot_dir, "registration")
    staff.get_by_role("button", name="Accept").click()
    dialog = staff.get_by_role("dialog", name="Accept")
    # The name isolated (FSI ... PDI), so a right-to-left name keeps its ID's brackets out of its run.
    expect(dialog).to_contain_text(f"Accept the sign-up of \u2068{name}\u2069 ({national})?")
    shot(staff, screenshot_dir, "registration-accept")
    dialog.get_by_role("button", name="Cancel").click()


# The placeholder's width in the input's own font, beside the room the input gives its text.
PLACEHOLDER_ROOM = """(el) => {
  const s = getComputedStyle(el);
  const context = document.createElement('canvas').getContext('2d');
  context.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
  const needed = context.measureText(el.placeholder).width;
  const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  return [needed, room];
}"""


def test_the_tracking_console_time_fits_and_the_key_copies(
    staff: Page, live_server: LiveServer, viewport: dict[str, int], screenshot_dir: Path
) -> None:
    staff.goto(f"{live_server.url}/dashboard/tracking")
    when = staff.get_by_label("When (UTC)")
    expect(when).to_be_visible()
    needed, room = when.evaluate(PLACEHOLDER_ROOM)
    assert needed <= room, (needed, room)

    staff.get_by_label("Who publishes with it").fill(f"Antwerp MPET gate {viewport['width']}")
    staff.get_by_role("button", name="Create key").click()
    issued = staff.get_by_test_id("issued-key")
    key = issued.locator("code").inner_text().strip()
    issued.get_by_role("button", name="Copy the publisher key").click()
    expect(issued.get_by_role("button", name="Copy the publisher key")).to_have_text("Copied")
    assert staff.evaluate("navigator.clipboard.readText()") == key
    shot(staff, screenshot_dir, "tracking")
