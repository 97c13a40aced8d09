"""A colleague half-way through typing the shipping order while the company's owner sends it (decision 3886):
her screen says who sent it and when, that her typing was not sent, and keeps what she typed to read or copy
until she closes the note. Two people, two browser contexts. Screenshot:
test-output/screenshots/colleague-order-sent-meanwhile.png."""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Page, expect

from tests.corpus import TEAM_COLLEAGUES
from tests.e2e.browser import browser_of, sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import booking_confirmed, call, logged_in_customer
from tests.e2e.screens import add_container

REZA = TEAM_COLLEAGUES[0]
TEAM = "/account/api/v1/client/team"
PASSWORD = "Colleague-Pass7"
LIVE = 30_000  # the colleague's screen follows the owner's send through the event stream


def _joined(server: LiveServer, owner: str, name: str, email: str) -> None:
    """`name` invited as a booker by the owner and joined with the e-mailed link."""
    call(server, "POST", f"{TEAM}/invitations", {"email": email, "name": name, "role": "booker"}, owner)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        links = [
            m["data"]["link"]
            for m in server.outbox()
            if m.get("to") == email and "/team/invitation" in (m.get("data") or {}).get("link", "")
        ]
        if links:
            token = parse_qs(urlparse(links[-1]).query)["token"][0]
            call(server, "POST", f"/account/api/v1/team/invitations/{token}/accept", {"password": PASSWORD})
            return
        time.sleep(0.2)
    raise AssertionError(f"no invitation reached {email}")


def _send_order(page: Page) -> None:
    """The whole order typed and sent on the screen."""
    page.get_by_role("button", name="Add Shipper").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Full Name").fill("Supplier Co")
    dialog.get_by_label("Mobile Number").fill("4915100000001")
    dialog.get_by_label("Full Address").fill("Supplier street 1")
    dialog.get_by_role("button", name="Submit").click()
    page.get_by_role("button", name="Add Consignee").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Full Name", exact=True).fill("Consignee Co")
    dialog.get_by_label("Mobile Number", exact=True).fill("6512345678")
    dialog.get_by_label("Full Address", exact=True).fill("Consignee road 2")
    dialog.get_by_label("Notify party same as consignee").check()
    dialog.get_by_role("button", name="Submit").click()
    page.get_by_role("button", name="Add Containers").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Container Numbers").fill("BMOU")
    dialog.get_by_role("list", name="Container search results").get_by_role("button").first.click(
        timeout=10_000
    )
    add_container(dialog, "SEAL-OWNER", "100", "20000", "18000")
    dialog.get_by_role("button", name="Submit").click()
    page.get_by_label("Cargo Description").fill("Pistachios as the owner wrote them")
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_text("Shipping order sent")).to_be_visible()


def test_the_colleague_is_told_who_sent_the_order_she_was_typing(
    page: Page, live_server: LiveServer, screenshot_dir: Path
) -> None:
    company, company_password, owner = logged_in_customer(live_server, "Pars Export Co.")
    email = f"meanwhile.{REZA[1]}"
    _joined(live_server, owner, REZA[0], email)
    booking = booking_confirmed(live_server, owner, "Pistachios")
    detail = f"{live_server.url}/dashboard/bookings/rate-request/detail/{booking}"

    # Reza, the colleague, begins the shipping order: half of it typed, nothing sent.
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, live_server, email, PASSWORD)
    page.goto(detail)
    page.get_by_label("Cargo Description").fill("Saffron, 40 cartons, typed by Reza")
    page.get_by_role("button", name="Add Shipper").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Full Name").fill("Reza's Supplier")
    dialog.get_by_label("Mobile Number").fill("4915100000002")
    dialog.get_by_label("Full Address").fill("Reza street 9")
    dialog.get_by_role("button", name="Submit").click()

    # Meanwhile the owner, in her own browser, sends the order.
    owner_context = browser_of(page).new_context(viewport={"width": 1280, "height": 900})
    owner_page = owner_context.new_page()
    sign_in(owner_page, live_server, company, company_password)
    owner_page.goto(detail)
    _send_order(owner_page)
    owner_context.close()

    # Reza's screen moves on and says who sent it, that his typing was not sent, and keeps it.
    note = page.get_by_role("alert").filter(has_text="sent this shipping order at")
    expect(note).to_be_visible(timeout=LIVE)
    expect(note.get_by_role("heading")).to_contain_text("Pars Export Co.")
    expect(note.get_by_role("heading")).to_contain_text("while you were editing it")
    expect(note).to_contain_text("Your unsaved changes were not sent.")
    expect(page.get_by_text("being reviewed", exact=False).first).to_be_visible()
    note.get_by_role("button", name="Show what I typed").click()
    typed = note.get_by_role("definition")
    expect(typed.filter(has_text="Saffron, 40 cartons, typed by Reza")).to_be_visible()
    expect(typed.filter(has_text="Reza's Supplier, Reza street 9")).to_be_visible()
    # Read only: nothing of it is a field to type into.
    expect(note.get_by_role("textbox")).to_have_count(0)
    page.screenshot(path=str(screenshot_dir / "colleague-order-sent-meanwhile.png"), full_page=True)

    # Closed, it is gone; the order is the owner's.
    note.get_by_role("button", name="Close").click()
    expect(page.get_by_role("alert").filter(has_text="sent this shipping order at")).to_have_count(0)
