"""Layout checks: every route at 1280x800 and 375x812, as the role that uses it, with realistic
data (bookings in every step, an order with its containers, a waiting sign-up, a profile edit): no
horizontal page overflow, no two visible controls overlapping, no input under 80 px, no text cut off.
Each page is saved under test-output/screenshots/layout-<role>-<width>-<name>.png."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.e2e.browser import DESKTOP, PHONE, layout_problems, sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import (
    accept_order,
    accept_quote,
    booking_confirmed,
    call,
    foreign_customer,
    login,
    pending_registration,
    quote,
    rate_request,
    send_booking_request,
    shipping_order,
)


@dataclass
class World:
    customer: tuple[str, str]
    routes: dict[str, list[tuple[str, str]]]  # role -> [(name, path)]


@pytest.fixture(scope="module")
def world(live_server: LiveServer) -> World:
    username, password = foreign_customer(live_server, "Karimi Trading FZE")
    token = login(live_server, username, password)
    awaiting = rate_request(live_server, token, "Dates, Medjool, 5 kg boxes", quantity=3)
    offered = rate_request(live_server, token, "Saffron threads, vacuum packed", quantity=2)
    quote(live_server, offered, 3700)
    loi = rate_request(live_server, token, "Roasted pistachios")
    quote(live_server, loi, 2450)
    accept_quote(live_server, token, loi)
    sent = rate_request(live_server, token, "Walnut kernels")
    quote(live_server, sent, 1980)
    accept_quote(live_server, token, sent)
    send_booking_request(live_server, token, sent)
    order_step = booking_confirmed(live_server, token, "Dried figs", quantity=2)
    final = booking_confirmed(live_server, token, "Pistachio kernels, 2 containers", quantity=2)
    order_id = shipping_order(live_server, token, final, ["BMOU0061950", "BMOU0815324"])
    accept_order(live_server, order_id)
    profile = "/account/api/v1/client/foreign-corporate-customers"
    current = call(live_server, "GET", profile, token=token)
    edit = {k: current[k] for k in ("name", "contactPerson", "nationalCode", "fax", "postalCode")}
    call(live_server, "PUT", profile, {**edit, "address": "Jebel Ali Free Zone, Dubai"}, token=token)
    registration = pending_registration(live_server, f"Nordhafen Logistik {uuid.uuid4().hex[:4]}")
    detail = "/dashboard/bookings/rate-request/detail"
    return World(
        customer=(username, password),
        routes={
            "visitor": [
                ("login", "/login"),
                ("register", "/register"),
                ("forget-password", "/forgetpassword"),
                ("create-password", "/forgetpassword/createpassword?token=x&nationalId=1"),
                ("not-found", "/no/such/page"),
            ],
            "customer": [
                ("overview", "/dashboard/overview"),
                ("bookings", "/dashboard/bookings"),
                ("new-booking", "/dashboard/bookings/NewBooking"),
                ("awaiting-quote", f"{detail}/{awaiting}"),
                ("price-offered", f"{detail}/{offered}"),
                ("booking-request", f"{detail}/{loi}"),
                ("documents-sent", f"{detail}/{sent}"),
                ("shipping-order", f"{detail}/{order_step}"),
                ("final", f"{detail}/{final}"),
                ("edit", f"/dashboard/bookings/rate-request/edit/{awaiting}"),
                ("not-found-booking", f"{detail}/{uuid.uuid4()}"),
                ("documents", "/dashboard/documents"),
                ("profile", "/dashboard/profile?editProfile=true"),
            ],
            "admin": [
                ("overview", "/dashboard/overview"),
                ("operations", "/dashboard/operations"),
                ("registration", f"/dashboard/request/corporateForeign/detail/{registration}"),
                ("profile-edit", f"/dashboard/request/update/CorporateForeign/detail/{username}"),
                ("audit", "/dashboard/audit"),
                ("audit-timeline", f"/dashboard/audit/{final}"),
            ],
        },
    )


def settle(page: Page) -> None:
    """The page has its heading and nothing is loading any more."""
    expect(page.locator("h1").first).to_be_visible()
    expect(page.get_by_role("status").filter(has_text="Loading")).to_have_count(0)


def visit(page: Page, server: LiveServer, routes: list[tuple[str, str]]) -> Iterator[str]:
    """Opens each route in turn and yields its name once the page has settled (the operations console with a
    request open, as staff use it)."""
    for name, path in routes:
        page.goto(f"{server.url}{path}")
        settle(page)
        if name == "operations":
            page.get_by_test_id("ops-row").first.get_by_role("button", name="Open").click()
            expect(page.get_by_role("region", name="Selected rate request")).to_be_visible()
        yield name


@contextmanager
def page_as(
    browser: Browser, server: LiveServer, world: World, role: str, viewport: ViewportSize
) -> Iterator[Page]:
    """A page in a context of its own at `viewport`, signed in as `role` (a visitor is not signed in)."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        if role == "customer":
            sign_in(page, server, *world.customer)
        elif role == "admin":
            sign_in(page, server, ADMIN_USERNAME, ADMIN_PASSWORD)
        yield page
    finally:
        context.close()


def check_routes(
    page: Page, server: LiveServer, role: str, routes: list[tuple[str, str]], shots: Path
) -> None:
    width = page.viewport_size["width"] if page.viewport_size else 0
    found: dict[str, list[str]] = {}
    for name in visit(page, server, routes):
        page.screenshot(path=str(shots / f"layout-{role}-{width}-{name}.png"), full_page=True)
        problems = layout_problems(page)
        if problems:
            found[name] = problems
    assert found == {}, found


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("role", ["visitor", "customer", "admin"])
def test_every_route_fits(
    browser: Browser,
    live_server: LiveServer,
    world: World,
    role: str,
    viewport: ViewportSize,
    screenshot_dir: Path,
) -> None:
    with page_as(browser, live_server, world, role, viewport) as page:
        check_routes(page, live_server, role, world.routes[role], screenshot_dir)
