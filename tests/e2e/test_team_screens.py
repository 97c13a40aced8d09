"""The team screens at both widths: the invited colleague joins on the invitation page; the owner's Team tab
lists, invites, changes a role and withdraws an invitation; the colleague's own profile; a viewer reads the
company's quoted booking with no decision offered. Screenshots in test-output/screenshots/team-*.png."""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import Page, ViewportSize, expect

from tests.corpus import TEAM_COLLEAGUES
from tests.e2e.browser import browser_of, layout_problems, sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import call, logged_in_customer, quote, rate_request

REZA, MARYAM, _, NEGAR = TEAM_COLLEAGUES
TEAM = "/account/api/v1/client/team"
PASSWORD = "Colleague-Pass7"


def _mailed_link(server: LiveServer, email: str, kind: str) -> str:
    """The newest link e-mailed to `email` whose address holds `kind` (an invitation's, a reset's)."""
    deadline = time.monotonic() + 60  # a loaded CI machine: the condition ends the wait
    while time.monotonic() < deadline:
        links = [
            m["data"]["link"]
            for m in server.outbox()
            if m.get("to") == email and kind in (m.get("data") or {}).get("link", "")
        ]
        if links:
            return str(links[-1])
        time.sleep(0.2)
    raise AssertionError(f"no {kind} link reached {email}")


def _shot(page: Page, directory: Path, name: str, viewport: ViewportSize) -> None:
    page.screenshot(path=str(directory / f"team-{name}-{viewport['width']}.png"), full_page=True)
    assert not layout_problems(page), layout_problems(page)


def test_team_screens(
    page: Page, live_server: LiveServer, viewport: ViewportSize, screenshot_dir: Path
) -> None:
    width = viewport["width"]
    company, company_password, owner = logged_in_customer(live_server, "Pars Export Co.")
    reza_email = f"{width}.{REZA[1]}"
    call(
        live_server,
        "POST",
        f"{TEAM}/invitations",
        {"email": reza_email, "name": REZA[0], "role": "booker"},
        owner,
    )

    # The colleague opens the e-mailed link and joins.
    link = _mailed_link(live_server, reza_email, "/team/invitation")
    token = parse_qs(urlparse(link).query)["token"][0]
    page.goto(f"{live_server.url}/team/invitation?token={token}")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    _shot(page, screenshot_dir, "invitation", viewport)
    page.get_by_role("button", name="Join the team").click()
    expect(page.get_by_role("status")).to_contain_text(reza_email)
    _shot(page, screenshot_dir, "joined", viewport)

    # The owner's Team tab: invite, change a role, withdraw.
    owner_context = browser_of(page).new_context(viewport=viewport)
    owner_page = owner_context.new_page()
    sign_in(owner_page, live_server, company, company_password)
    owner_page.goto(f"{live_server.url}/dashboard/profile?team=true")
    members = owner_page.get_by_role("list", name="Team members")
    expect(members.get_by_role("listitem", name=REZA[0])).to_contain_text("Active")
    form = owner_page.get_by_role("form", name="Invite a colleague")
    form.get_by_label("Name").fill(NEGAR[0])
    form.get_by_label("Email").fill(f"{width}.{NEGAR[1]}")
    form.get_by_label("Role").select_option("viewer")
    form.get_by_role("button", name="Send invitation").click()
    expect(members.get_by_role("listitem", name=NEGAR[0])).to_contain_text("Invited")
    owner_page.get_by_label(f"Role of {REZA[0]}").select_option("viewer")
    expect(owner_page.get_by_label(f"Role of {REZA[0]}")).to_have_value("viewer")
    _shot(owner_page, screenshot_dir, "owner-tab", viewport)
    members.get_by_role("listitem", name=NEGAR[0]).get_by_role("button", name="Withdraw").click()
    expect(members.get_by_role("listitem", name=NEGAR[0])).to_have_count(0)
    owner_context.close()

    # A colleague who forgot his password asks by his e-mail address, as the page says he may.
    page.goto(f"{live_server.url}/forgetpassword")
    page.get_by_label("National ID, Company ID or e-mail").fill(reza_email)
    page.get_by_role("button", name="Reset My Password").click()
    expect(page.get_by_role("dialog", name="Check Your Email")).to_be_visible()
    _mailed_link(live_server, reza_email, "/forgetpassword/createpassword")

    # The colleague's own profile and the team seen as a viewer.
    sign_in(page, live_server, reza_email, PASSWORD)
    page.goto(f"{live_server.url}/dashboard/profile?editProfile=true")
    own = page.get_by_role("form", name="My profile")
    expect(own).to_contain_text("Viewer at Pars Export Co.")  # the role as the screens word it
    own.get_by_label("Phone").fill("+98 912 345 6789")
    own.get_by_role("button", name="Save").click()
    expect(own.get_by_role("status")).to_have_text("Saved.")
    _shot(page, screenshot_dir, "own-profile", viewport)
    page.goto(f"{live_server.url}/dashboard/profile?integrations=true")
    expect(page.get_by_role("heading", name="API keys")).to_be_visible()
    expect(page.get_by_text("Webhooks are managed by an owner of your company's team.")).to_be_visible()
    # A viewer's key reads; booking through it is a booker's or an owner's.
    expect(page.get_by_text("Your systems read your team's bookings", exact=False)).to_be_visible()
    page.goto(f"{live_server.url}/dashboard/profile?team=true")
    expect(page.get_by_text("Only an owner changes the team.")).to_be_visible()
    expect(page.get_by_role("form", name="Invite a colleague")).to_have_count(0)
    _shot(page, screenshot_dir, "viewer-tab", viewport)

    # The company's quoted booking, read by the viewer: the price, and who decides it, not the buttons.
    booking = rate_request(live_server, owner, "Saffron")
    quote(live_server, booking)
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{booking}")
    expect(page.get_by_role("heading", name="Price quoted")).to_be_visible()
    expect(page.get_by_role("note").filter(has_text="a booker or an owner of your team")).to_be_visible()
    for action in ("Accept price", "Decline quote", "Book again"):
        expect(page.get_by_role("button", name=action)).to_have_count(0)
    _shot(page, screenshot_dir, "viewer-booking", viewport)
    # The overview says the quoted booking waits for her team, not for her.
    page.goto(f"{live_server.url}/dashboard/overview")
    expect(page.get_by_role("heading", name="Waiting for your team (1)")).to_be_visible()
    _shot(page, screenshot_dir, "viewer-overview", viewport)
    page.goto(f"{live_server.url}/dashboard/bookings")
    # A table's row, or a phone's card.
    expect(page.locator("text=Saffron >> visible=true").first).to_be_visible()
    expect(page.get_by_role("button", name="New Booking")).to_have_count(0)
