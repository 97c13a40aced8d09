"""The customer's and staff's booking screens in every state of the rate_request lifecycle, at both widths:
the customer's screen is the one state-machines/rate_request.json names for the state (its `screen` and
`step`), so a booking cancelled after confirmation shows that it is closed, not the accepted price's step
with a disabled Continue. Screenshots: test-output/screenshots/state-*.png."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.browser import layout_problems, sign_in, signed_in_staff
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import (
    BOOKING,
    accept_order,
    accept_quote,
    admin_token,
    booking_confirmed,
    call,
    logged_in_customer,
    quote,
    rate_request,
    shipping_order,
)
from tests.e2e.screens import console_open
from tests.live_server import ROOT

MACHINE = json.loads((ROOT / "state-machines" / "rate_request.json").read_text(encoding="utf-8"))
STATES = {s["name"]: s for s in MACHINE["states"]}
STEP_TITLES = ["Rate Request", "Booking Letter", "Shipping Order", "Final"]
# A state the customer brought about is said to them as theirs (staff read the lifecycle's label).
CUSTOMER_WORDS = {"rejected_by_client": "Declined by you"}


def _wait_for_state(server: LiveServer, token: str, rid: str, code: int) -> None:
    path = f"{BOOKING}/client/rate-requests/{rid}"
    deadline = time.monotonic() + 60  # a loaded CI machine: the condition ends the wait
    while call(server, "GET", path, token=token)["state"] != code and time.monotonic() < deadline:
        time.sleep(0.2)
    assert call(server, "GET", path, token=token)["state"] == code


def _reach(server: LiveServer, token: str, state: str, cargo: str) -> str:
    """A booking of `cargo` carried through the API to `state`; returns its id."""
    admin = admin_token(server)
    staff = f"{BOOKING}/admin/rate-requests"
    if state in ("shipping_order", "completed", "cancelled"):
        rid = booking_confirmed(server, token, cargo)
    else:
        rid = rate_request(server, token, cargo)
    if state in ("quoted", "loi_pending", "rejected_by_client"):
        quote(server, rid)
    if state == "revision_requested":
        call(server, "PUT", f"{staff}/{rid}/request-revision", {"message": "Please give the HS code"}, admin)
    elif state == "loi_pending":
        accept_quote(server, token, rid)
    elif state == "rejected_by_admin":
        call(server, "PUT", f"{staff}/{rid}/reject", {"message": "No space on this lane"}, admin)
    elif state == "rejected_by_client":
        call(server, "PUT", f"{BOOKING}/client/rate-requests/{rid}/cancel", token=token)
    elif state == "price_expired":
        until = (datetime.now(UTC) + timedelta(seconds=3)).isoformat(timespec="seconds")
        call(server, "PUT", f"{staff}/{rid}/quote", {"price": 1200, "validUntil": until}, admin)
    elif state == "completed":
        order = shipping_order(server, token, rid, ["BMOU0061950"])
        accept_order(server, order)
        call(server, "PUT", f"{BOOKING}/client/shipping-orders/{order}/approve", token=token)
    elif state == "cancelled":
        asked = f"{BOOKING}/client/rate-requests/{rid}/cancellation-request"
        call(server, "POST", asked, {"reason": "The buyer withdrew"}, token)
        call(server, "PUT", f"{staff}/{rid}/cancellation-request/confirm", None, admin)
    _wait_for_state(server, token, rid, STATES[state]["code"])
    return rid


@pytest.fixture(scope="module")
def bookings(live_server: LiveServer) -> dict[str, Any]:
    """One customer with a booking in each state of the lifecycle file: {state: (id, cargo)}, and the
    customer's username and password."""
    username, password, token = logged_in_customer(live_server, "Zagros Dried Fruit")
    run = random.randint(1000, 9999)
    made = {}
    for state in STATES:
        cargo = f"Raisins {state.replace('_', ' ')} {run}"
        made[state] = (_reach(live_server, token, state, cargo), cargo)
    return {"username": username, "password": password, "token": token, "made": made}


@pytest.fixture
def staff_page(browser: Browser, live_server: LiveServer, viewport: ViewportSize) -> Iterator[Page]:
    yield from signed_in_staff(browser, live_server, viewport)


def _customer_sees_the_files_screen(page: Page, state: dict[str, Any]) -> None:
    progress = page.get_by_role("list", name="Booking progress")
    if state["screen"] == "closed":
        label = CUSTOMER_WORDS.get(state["name"], state["label"])
        expect(page.get_by_role("heading", name=f"Booking closed: {label}")).to_be_visible()
        expect(progress).to_have_count(0)
        expect(page.get_by_role("button", name="Continue")).to_have_count(0)
        expect(page.get_by_text("You accepted the price")).to_have_count(0)
        return
    current = progress.locator("[aria-current=step]")
    expect(current).to_contain_text(STEP_TITLES[state["step"]])


def test_a_booking_cancelled_after_confirmation_shows_it_is_closed(
    page: Page, live_server: LiveServer, bookings: dict[str, Any], screenshot_dir: Path
) -> None:
    rid, _ = bookings["made"]["cancelled"]
    sign_in(page, live_server, bookings["username"], bookings["password"])
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    expect(page.get_by_role("status").filter(has_text="Cancelled")).to_be_visible()
    expect(page.get_by_text("You accepted the price")).to_have_count(0)
    expect(page.get_by_role("button", name="Continue")).to_have_count(0)
    expect(page.get_by_role("list", name="Booking progress")).to_have_count(0)
    # Its sailing is what it was booked on: no cut-off left to meet, no times that "will change".
    sailing = page.get_by_role("region", name="Sailing")
    expect(sailing.get_by_role("heading", name="The sailing it was booked on")).to_be_visible()
    expect(sailing.get_by_role("list", name="Cut-offs")).to_have_count(0)
    expect(sailing).not_to_contain_text("will change")


def test_a_completed_booking_s_estimate_is_its_plan_not_times_that_will_change(
    page: Page, live_server: LiveServer, bookings: dict[str, Any]
) -> None:
    """Nobody may change a completed booking's sailing (its state's `sailing` fact is empty), so its estimate
    is said as the plan it has, its cut-offs still listed: its cargo is still due by them."""
    rid, _ = bookings["made"]["completed"]
    sign_in(page, live_server, bookings["username"], bookings["password"])
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    sailing = page.get_by_role("region", name="Sailing")
    expect(sailing.get_by_role("heading", name="Sailing and cut-offs")).to_be_visible()
    expect(sailing).to_contain_text("Estimated: no vessel and voyage were named for this booking")
    expect(sailing.get_by_role("list", name="Cut-offs")).to_be_visible()
    expect(sailing).not_to_contain_text("will change")


def test_every_state_on_both_sides_at_both_widths(
    page: Page,
    staff_page: Page,
    viewport: ViewportSize,
    live_server: LiveServer,
    bookings: dict[str, Any],
    screenshot_dir: Path,
) -> None:
    width = viewport["width"]
    sign_in(page, live_server, bookings["username"], bookings["password"])
    problems = {}
    for name, (rid, cargo) in bookings["made"].items():
        state = STATES[name]
        page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        _customer_sees_the_files_screen(page, state)
        # Her badge names the state the booking is in (a revision asked of her read "Rate Request").
        badge = page.locator(f"[data-state={name}]")
        expect(badge.first).to_have_text(CUSTOMER_WORDS.get(name, state["label"]))
        expect(page.get_by_text("Loading…", exact=True)).to_have_count(0)  # the picture is of the page read
        page.screenshot(path=str(screenshot_dir / f"state-{name}-customer-{width}.png"), full_page=True)
        problems[f"customer {name}"] = layout_problems(page)

        panel = console_open(staff_page, live_server, cargo)
        expect(panel).to_contain_text(state["label"])
        # From the top, as a person opening it sees it (scrolled, the sticky header covers the list).
        staff_page.evaluate("window.scrollTo(0, 0)")
        staff_page.screenshot(path=str(screenshot_dir / f"state-{name}-staff-{width}.png"), full_page=True)
        problems[f"staff {name}"] = layout_problems(staff_page)
    assert {where: found for where, found in problems.items() if found} == {}
