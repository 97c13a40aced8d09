"""Staff's breakdown editor adds a charge of a kind the nearest tariff row lacks (of those the cargo may
carry: a dry, general box is offered no DG or reefer line, decision 3865), and removes one, at 1280x800 and at
375x812; the quote the server records holds exactly those lines.

The lane (Busan -> Valencia) is one no other browser test asks for: the server is shared by the session."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from tests.e2e.browser import DESKTOP, PHONE, layout_problems, no_serious_violations, sign_in, signed_in_staff
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import foreign_customer
from tests.e2e.screens import console_open, fill_rate_request
from tests.e2e.test_instant_quote import publish


def day(offset: int) -> str:
    return (date.today() + timedelta(days=offset)).isoformat()


@pytest.fixture
def staff_page(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    yield from signed_in_staff(browser, live_server)


def ask_for_rate(page: Page, live_server: LiveServer, commodity: str, hs_code: str) -> None:
    """A request outside the tariff rows' days: no instant quote, it waits for staff."""
    page.goto(f"{live_server.url}/dashboard/bookings/NewBooking")
    fill_rate_request(page, ("Busan", "Valencia"), "20", "2", commodity, hs_code, day(80))
    page.get_by_role("button", name="Request Price").click()
    expect(page.get_by_text("Booking requested")).to_be_visible()


def open_quote(staff: Page, live_server: LiveServer, commodity: str) -> tuple[Locator, Locator]:
    panel = console_open(staff, live_server, commodity)
    panel.get_by_role("button", name="Quote", exact=True).click()
    dialog = staff.get_by_role("dialog", name="Quote")
    expect(dialog.get_by_text(re.compile(r"Nearest tariff row: version \d+, row 2"))).to_be_visible()
    return panel, dialog


def options(dialog: Locator) -> list[str]:
    return [text.strip() for text in dialog.get_by_label("Add a charge").locator("option").all_inner_texts()]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "375x812"])
def test_staff_add_a_charge_the_tariff_row_lacks(
    page: Page,
    staff_page: Page,
    live_server: LiveServer,
    screenshot_dir: Path,
    tmp_path: Path,
    viewport: ViewportSize,
) -> None:
    width = f"{viewport['width']}x{viewport['height']}"
    staff_page.goto(f"{live_server.url}/dashboard/tariffs")
    rows = [
        f"KRPUS,ESVLC,20,Dry,general,{day(0)},{day(60)},1200,0,110,0,0,0,40",
        f"KRPUS,ESVLC,20,Dry,dangerous,{day(0)},{day(60)},1300,150,110,90,300,0,40",
    ]
    publish(staff_page, tmp_path / "tariff.csv", rows)
    expect(staff_page.get_by_text(re.compile(r"Tariff version \d+ published: 2 rows"))).to_be_visible()

    commodity = f"Ceramic tiles {width}"
    username, password = foreign_customer(live_server, f"Azulejos Levante {width}")
    page.set_viewport_size(DESKTOP)
    sign_in(page, live_server, username, password)
    ask_for_rate(page, live_server, commodity, "690721")

    staff_page.set_viewport_size(viewport)
    panel, dialog = open_quote(staff_page, live_server, commodity)
    expect(dialog.get_by_test_id("charge-line")).to_have_count(3)
    expect(dialog.get_by_test_id("quote-total")).to_have_text("$1,310.00")
    # Only the kinds the row lacks are offered, of those dry, general cargo may carry.
    assert options(dialog) == [
        "Choose a charge…",
        "Bunker adjustment (BAF) (per container)",
        "Terminal handling, destination (per container)",
    ]
    expect(dialog.get_by_role("button", name="Add", exact=True)).to_be_disabled()
    dialog.get_by_label("Add a charge").select_option(label="Bunker adjustment (BAF) (per container)")
    dialog.get_by_role("button", name="Add", exact=True).click()
    added = dialog.get_by_label("Bunker adjustment (BAF) (USD per container)")
    expect(added).to_have_value("")
    assert options(dialog) == ["Choose a charge…", "Terminal handling, destination (per container)"]
    # An added line needs its amount before the quote goes.
    dialog.get_by_label("Valid until").fill(day(10))
    dialog.get_by_role("button", name="Confirm").click()
    # The line is focused and says what it lacks (decision 3876).
    amount_needed = dialog.get_by_text("Every charge needs an amount of USD (0 or more)")
    expect(added).to_be_focused()
    expect(added).to_have_attribute("aria-invalid", "true")
    expect(amount_needed).to_be_visible()
    added.fill("275.5")
    expect(amount_needed).to_have_count(0)  # the reason went with the fix
    expect(dialog.get_by_test_id("quote-total")).to_have_text("$1,585.50")
    # And a line may go: the origin's terminal handling is removed, and offered again. Removed with the
    # keyboard, the focus goes on to the next line's Remove, and the removal is said (decision 3884).
    dialog.get_by_role("button", name="Remove Terminal handling, origin").focus()
    staff_page.keyboard.press("Enter")
    expect(dialog.get_by_role("status").filter(has_text="removed")).to_have_text(
        "Terminal handling, origin removed"
    )
    expect(dialog.locator("[data-removes-row]:focus")).to_have_count(1)
    assert staff_page.evaluate("document.activeElement !== document.body")
    expect(dialog.get_by_test_id("quote-total")).to_have_text("$1,475.50")
    assert "Terminal handling, origin (per container)" in options(dialog)
    no_serious_violations(staff_page)
    assert layout_problems(staff_page) == []
    staff_page.screenshot(path=str(screenshot_dir / f"quote-editor-added-charge-{width}.png"))

    dialog.get_by_role("button", name="Confirm").click()
    expect(staff_page.get_by_text("Price quoted: the customer is told")).to_be_visible()
    breakdown = panel.get_by_role("table", name="Price breakdown")
    expect(breakdown.get_by_test_id("charge-line")).to_have_text(
        [
            re.compile(r"Ocean freight.*\$1,200\.00"),
            re.compile(r"Bunker adjustment \(BAF\).*\$275\.50"),
            re.compile(r"Documentation fee.*per booking.*\$40\.00"),
        ]
    )
    # Two containers at $1,475.50 and the documentation fee once.
    expect(panel.get_by_test_id("booking-total")).to_have_text("$2,991.00")
    no_serious_violations(staff_page)
    # The toast sits over the header for a while: the layout is judged once it has gone.
    expect(staff_page.get_by_text("Price quoted: the customer is told")).to_have_count(0)
    assert layout_problems(staff_page) == []
    staff_page.screenshot(path=str(screenshot_dir / f"quote-editor-quoted-{width}.png"), full_page=True)
    live_server.verify()
