"""Steps on the booking screens shared by the browser tests: the new booking's form, and the operations
console opened at one request."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import LiveServer
from tests.e2e.words import english


def choose(page: Page, label: str, text: str) -> None:
    """Picks `text` in the dropdown labelled `label`."""
    page.get_by_role("combobox", name=label).click()
    page.get_by_role("option", name=text).first.click()


def fill_rate_request(
    page: Page, lane: tuple[str, str], size: str, quantity: str, commodity: str, hs_code: str, day: str
) -> None:
    """Fills the new booking's form for a dry container of `size` on `lane` (POL, POD), shipping on `day`;
    sending it is the caller's."""
    choose(page, "Port of loading", lane[0])
    choose(page, "Port of discharge", lane[1])
    choose(page, "Container type", "Dry")
    choose(page, "Container size", size)
    page.get_by_label("Number of containers").fill(quantity)
    page.get_by_label("Commodity").fill(commodity)
    page.get_by_label("HS code").fill(hs_code)
    page.get_by_label("Preferred shipping date").fill(day)


def console_open(staff: Page, server: LiveServer, cargo: str) -> Locator:
    """Opens the request with `cargo` in the operations console (fresh list); returns the detail panel."""
    staff.goto(f"{server.url}/dashboard/operations")
    staff.get_by_test_id("ops-row").filter(has_text=cargo).first.get_by_role("button", name="Open").click()
    panel = staff.get_by_role("region", name="Selected rate request")
    expect(panel.get_by_role("heading", name=cargo)).to_be_visible()
    return panel


def add_container(
    dialog: Locator, seal: str, packages: str, gross_kg: str, net_kg: str, w: Callable[..., str] = english
) -> None:
    """In the container dialog, with a container number chosen: its seal, packages and weights (the labels
    say kilograms), then ADD; the labels in the screen's language (`w`, tests/e2e/words.py)."""
    dialog.get_by_label(w("booking:containerDialog.seal")).fill(seal)
    dialog.get_by_label(w("booking:containerDialog.count")).fill(packages)
    dialog.get_by_label(w("booking:containerDialog.grossWeight")).fill(gross_kg)
    dialog.get_by_label(w("booking:containerDialog.netWeight")).fill(net_kg)
    dialog.get_by_role("button", name=w("booking:containerDialog.addButton")).click()
