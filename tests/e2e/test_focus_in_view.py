"""What gets the keyboard's focus can be seen: at a phone's width it stops below the sticky header (not
under it), and its ring is solid, drawn in forced-colours mode too."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.browser import sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import logged_in_customer

HEADER_HEIGHT = 64


def _signed_in_on_a_phone(page: Page, server: LiveServer, company: str) -> None:
    username, password, _ = logged_in_customer(server, company)
    page.set_viewport_size({"width": 390, "height": 740})
    sign_in(page, server, username, password)


def test_a_focused_field_stops_below_the_header_with_a_solid_ring(
    page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    _signed_in_on_a_phone(page, live_server, "Focus Trading")
    page.goto(f"{live_server.url}/dashboard/profile")
    field = page.get_by_label("Contact Person")
    expect(field).to_have_value("Jane Doe")  # the profile has loaded: the page is as long as it gets
    # From the bottom of the page, back up to a field near the top with Shift+Tab: each step scrolls the
    # field it reaches into view, and stops it below the header.
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    assert page.evaluate("window.scrollY") > 200  # the field is out of view above
    page.get_by_role("button", name="Save").focus()
    for _ in range(20):
        if field.evaluate("node => node === document.activeElement"):
            break
        page.keyboard.press("Shift+Tab")
    expect(field).to_be_focused()
    # The field, and the label that says what it is, both below the header.
    label = page.locator("label", has_text="Contact Person").bounding_box()
    assert label is not None and label["y"] >= HEADER_HEIGHT, label
    page.screenshot(path=str(screenshot_dir / "focus-below-header-390.png"))

    # A link reached with the keyboard shows a solid ring, and an outline forced colours can draw.
    page.goto(f"{live_server.url}/dashboard/overview")
    expect(page.get_by_role("heading", name="Overview")).to_be_visible()
    page.keyboard.press("Tab")
    ring = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.boxShadow]; }"
    )
    assert ring[0] == "solid", ring
    assert "rgb(46, 107, 216)" in ring[1] and "rgba" not in ring[1], ring


def test_the_phone_menu_keeps_the_keyboard_and_a_new_page_takes_it_at_its_heading(
    page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    _signed_in_on_a_phone(page, live_server, "Drawer Trading")
    page.goto(f"{live_server.url}/dashboard/bookings")
    expect(page.get_by_role("heading", name="Booking Requests")).to_be_visible()
    # The first stop skips the header and the menu (decision 3875).
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to content")).to_be_focused()

    menu_button = page.get_by_role("button", name="Menu")
    menu_button.focus()
    page.keyboard.press("Enter")
    drawer = page.get_by_role("navigation", name="Mobile menu")
    expect(drawer.get_by_role("link", name="Overview")).to_be_focused()
    # Tab goes round the drawer and its Menu button, never into the page behind the scrim.
    where = "() => document.activeElement.closest('nav, header')?.tagName ?? 'PAGE'"
    reached = []
    for _ in range(12):
        page.keyboard.press("Tab")
        reached.append(page.evaluate(where))
    assert set(reached) <= {"NAV", "HEADER"}, reached
    page.screenshot(path=str(screenshot_dir / "drawer-keeps-focus-390.png"))
    page.keyboard.press("Escape")
    expect(drawer).to_have_count(0)
    expect(menu_button).to_be_focused()

    # A link chosen in the drawer: the new page's heading has the focus, and the next Tab is in its content.
    page.keyboard.press("Enter")
    drawer.get_by_role("link", name="Overview").focus()
    page.keyboard.press("Enter")
    heading = page.get_by_role("heading", name="Overview", level=1)
    expect(heading).to_be_focused()
    assert page.evaluate("window.scrollY") == 0
