"""Staff publish a tariff in the console (a bad file first: each bad cell listed,
nothing published), a customer asks for a rate on its lane and sees the price and its breakdown before any
staff act, at 1280x800 and 375x812; the staff overview charts how quoting goes. Screenshots of each.

The lane (Ningbo -> Hamburg) is one no other browser test asks for: the server is shared by the session."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.browser import DESKTOP, PHONE, layout_problems, no_serious_violations, sign_in, signed_in_staff
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import foreign_customer
from tests.e2e.screens import console_open, fill_rate_request

LANE = ("Ningbo", "Hamburg")
HEADER = (
    "pol,pod,container_size,container_type,cargo,valid_from,valid_to,ocean_freight,baf,thc_origin,"
    "thc_destination,dg_surcharge,reefer_surcharge,documentation_fee"
)


def day(offset: int) -> str:
    return (date.today() + timedelta(days=offset)).isoformat()


@pytest.fixture
def staff_page(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    yield from signed_in_staff(browser, live_server)


def publish(staff: Page, path: Path, rows: list[str]) -> None:
    """Writes a tariff file of `rows` (under HEADER) at `path`, uploads it in the console and publishes it."""
    path.write_text("".join(f"{line}\n" for line in [HEADER, *rows]))
    staff.get_by_label("Tariff file").set_input_files(str(path))
    staff.get_by_role("button", name="Publish").click()


def test_a_tariff_prices_a_request_before_staff_act(
    page: Page, staff_page: Page, live_server: LiveServer, screenshot_dir: Path, tmp_path: Path
) -> None:
    # Staff: a file with bad rows is refused whole, each bad cell named by line and column.
    staff_page.goto(f"{live_server.url}/dashboard/tariffs")
    expect(staff_page.get_by_role("heading", name="Upload a tariff (CSV)")).to_be_visible()
    bad = [
        f"CNNGB,DEHAM,40,Dry,general,{day(0)},{day(60)},1800,210,160,140,0,0,50",
        f"XXNOP,DEHAM,40,Dry,general,{day(0)},{day(60)},1800,210,160,140,0,0,50",
        f"CNNGB,DEHAM,40,Dry,dangerous,{day(60)},{day(0)},1800,210,160,140,450,0,50",
    ]
    publish(staff_page, tmp_path / "bad-tariff.csv", bad)
    alert = staff_page.get_by_role("alert")
    expect(alert).to_contain_text("The tariff has 2 error(s); nothing was published")
    expect(alert).to_contain_text("Line 3, pol: Not a known port (UN/LOCODE)")
    expect(alert).to_contain_text("Line 4, valid_to: valid_to must not be before valid_from")
    expect(staff_page.get_by_test_id("tariff-row").filter(has_text="CNNGB → DEHAM")).to_have_count(0)
    no_serious_violations(staff_page)
    assert layout_problems(staff_page) == []
    staff_page.screenshot(path=str(screenshot_dir / "tariff-upload-refused.png"), full_page=True)

    good = [
        f"CNNGB,DEHAM,40,Dry,general,{day(0)},{day(60)},1800,210,160,140,0,0,50",
        f"CNNGB,DEHAM,40,Dry,dangerous,{day(0)},{day(60)},1950,210,160,140,450,0,50",
    ]
    publish(staff_page, tmp_path / "tariff.csv", good)
    expect(staff_page.get_by_text(re.compile(r"Tariff version \d+ published: 2 rows"))).to_be_visible()
    expect(staff_page.get_by_test_id("tariff-row").filter(has_text="CNNGB → DEHAM")).to_have_count(2)
    no_serious_violations(staff_page)
    staff_page.screenshot(path=str(screenshot_dir / "tariff-published.png"), full_page=True)

    # The customer asks for a rate on that lane: priced at once, the breakdown shown, no staff action.
    username, password = foreign_customer(live_server, "Hanse Import GmbH")
    page.set_viewport_size(DESKTOP)
    sign_in(page, live_server, username, password)
    page.goto(f"{live_server.url}/dashboard/bookings/NewBooking")
    fill_rate_request(page, LANE, "40", "2", "Porcelain tableware", "691110", day(14))
    page.get_by_role("button", name="Request Price").click()
    expect(page.get_by_text("Booking requested")).to_be_visible()
    # The new booking opens at once, with its instant price.
    expect(page).to_have_url(re.compile(r"/dashboard/bookings/rate-request/detail/"))

    offer = page.get_by_text("Price per container:")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("$2,310.00")
    breakdown = page.get_by_role("table", name="Price breakdown")
    expect(breakdown).to_be_visible()
    lines = breakdown.get_by_test_id("charge-line")
    expect(lines).to_have_text(
        [
            re.compile(r"Ocean freight.*\$1,800\.00"),
            re.compile(r"Bunker adjustment \(BAF\).*\$210\.00"),
            re.compile(r"Terminal handling, origin.*\$160\.00"),
            re.compile(r"Terminal handling, destination.*\$140\.00"),
            re.compile(r"Documentation fee.*per booking.*\$50\.00"),
        ]
    )
    expect(breakdown.get_by_test_id("booking-total")).to_have_text("$4,670.00")
    expect(page.get_by_text("Quoted instantly from the carrier's tariff")).to_be_visible()
    no_serious_violations(page)
    # The create's toast sits over the header for a while: the layout is judged once it has gone.
    expect(page.get_by_text("Booking requested")).to_have_count(0)
    assert layout_problems(page) == []
    page.screenshot(path=str(screenshot_dir / "instant-quote-desktop.png"), full_page=True)

    page.set_viewport_size(PHONE)
    page.reload()
    expect(page.get_by_role("table", name="Price breakdown")).to_be_visible()
    expect(page.get_by_test_id("booking-total")).to_have_text("$4,670.00")
    no_serious_violations(page)
    assert layout_problems(page) == []
    page.screenshot(path=str(screenshot_dir / "instant-quote-mobile.png"), full_page=True)

    # Staff see the request quoted by the system in the console, and quoting by week on the overview.
    panel = console_open(staff_page, live_server, "Porcelain tableware")
    expect(panel.get_by_role("table", name="Price breakdown")).to_be_visible()
    expect(
        panel.get_by_text(re.compile(r"Quoted instantly from the carrier's tariff \(version \d+, row 2\)"))
    ).to_be_visible()
    staff_page.screenshot(path=str(screenshot_dir / "instant-quote-console.png"), full_page=True)
    # A request outside the rows' days waits for staff, whose quote starts from the nearest row's charges.
    page.set_viewport_size(DESKTOP)
    page.goto(f"{live_server.url}/dashboard/bookings/NewBooking")
    fill_rate_request(page, LANE, "40", "1", "Stoneware vases", "691200", day(75))
    page.get_by_role("button", name="Request Price").click()
    expect(page.get_by_text("Booking requested")).to_be_visible()
    panel = console_open(staff_page, live_server, "Stoneware vases")
    panel.get_by_role("button", name="Quote", exact=True).click()
    dialog = staff_page.get_by_role("dialog", name="Quote")
    expect(dialog.get_by_text(re.compile(r"Nearest tariff row: version \d+, row 2"))).to_be_visible()
    freight = dialog.get_by_label("Ocean freight (USD per container)")
    expect(freight).to_have_value("1800")
    freight.fill("1900")
    expect(dialog.get_by_test_id("quote-total")).to_have_text("$2,410.00")
    dialog.get_by_label("Valid until").fill(day(10))
    no_serious_violations(staff_page)
    assert layout_problems(staff_page) == []
    staff_page.screenshot(path=str(screenshot_dir / "quote-breakdown-editor.png"))
    dialog.get_by_role("button", name="Confirm").click()
    expect(staff_page.get_by_text("Price quoted: the customer is told")).to_be_visible()
    expect(panel.get_by_text("Quoted by our staff")).to_be_visible()
    expect(panel.get_by_test_id("booking-total")).to_have_text("$2,460.00")

    staff_page.goto(f"{live_server.url}/dashboard/overview")
    expect(staff_page.get_by_role("heading", name="How quoting goes")).to_be_visible()
    expect(
        staff_page.get_by_role("img", name="Share quoted instantly and share accepted, by week")
    ).to_be_visible()
    expect(staff_page.get_by_test_id("quoting-week")).to_have_count(8)
    no_serious_violations(staff_page)
    staff_page.screenshot(path=str(screenshot_dir / "quoting-overview.png"), full_page=True)
    live_server.verify()
