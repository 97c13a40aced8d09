"""In the browser at 1280x800 and 375x812: notifications (their time, a preview
that never cuts a booking reference, following an item marks it read), the staff work queue's cards for
amendment and cancellation requests, sign-up (Back from step 2 keeping the entries, the first code box
focused, one name per kind for the identifier, the acceptance e-mail naming the username, a resend countdown
that counts wall-clock time), and the cosmetics (toasts clear of the bell, the staff sidebar marking the page
shown, the registration list without sideways scroll on a phone, selects styled as inputs, the notify-party
checkbox not squeezed). Set-up goes through the API; what is asserted is what a person sees."""

from __future__ import annotations

import re
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, FloatRect, Page, ViewportSize, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.corpus import (
    FOREIGN_PHONES,
    PERSIAN_COMPANIES,
    PERSIAN_PEOPLE,
    fresh_company_id,
    fresh_national_id,
)
from tests.e2e.accounts_support import (
    fill_company,
    fill_individual,
    outbox_entry,
    sms_code,
    start_company,
    start_individual,
)
from tests.e2e.browser import no_serious_violations, sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import (
    BOOKING,
    admin_token,
    booking_confirmed,
    call,
    logged_in_customer,
    notifications,
    pending_registration,
    rate_request_body,
)

MOMENT = re.compile(r"^\d{4}/\d{2}/\d{2} \d{2}:\d{2} UTC$")
RR = f"{BOOKING}/client/rate-requests"


def shot(page: Page, directory: Path, name: str, size: ViewportSize) -> None:
    page.screenshot(path=str(directory / f"issue24-{name}-{size['width']}.png"), full_page=True)


def reference_of(server: LiveServer, token: str, rid: str) -> str:
    return str(call(server, "GET", f"{RR}/{rid}", token=token)["reference"])


def moment(iso: str) -> str:
    """The one date format, computed here from the server's own time."""
    at = datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone(UTC)
    return at.strftime("%Y/%m/%d %H:%M UTC")


def amendment_body(server: LiveServer, token: str, commodity: str) -> dict[str, Any]:
    """The booking as `customers.rate_request` made it, with a later shipping date."""
    return rate_request_body(
        server, token, commodity, preferredShippingDate=(date.today() + timedelta(days=27)).isoformat()
    )


def notification(server: LiveServer, token: str, title: str) -> dict[str, Any]:
    """The customer's newest notification with this title, once the notifications policy has written it."""
    deadline = time.monotonic() + 60  # a loaded CI machine: the condition ends the wait
    while time.monotonic() < deadline:
        found = [n for n in notifications(server, token) if n["title"] == title]
        if found:
            return found[0]
        time.sleep(0.2)
    raise AssertionError(f"no notification {title!r}: {notifications(server, token)[:3]}")


def open_staff_menu(page: Page, size: ViewportSize) -> None:
    if size["width"] < 768:  # the phone menu is a drawer
        page.get_by_role("button", name="Menu").click()


def current_menu_item(page: Page) -> Any:
    return page.locator("a[aria-current='page']").filter(visible=True)


# -- item 15: notifications ---------------------------------------------------------------------------------
def test_a_notification_shows_its_time_the_whole_reference_and_is_read_once_followed(
    page: Page, live_server: LiveServer, viewport: ViewportSize, screenshot_dir: Path
) -> None:
    username, password, token = logged_in_customer(live_server, PERSIAN_COMPANIES[0])
    rid = booking_confirmed(live_server, token, "Saffron threads")
    reference = reference_of(live_server, token, rid)
    call(live_server, "POST", f"{RR}/{rid}/cancellation-request", {"reason": "Moved to air"}, token=token)
    call(
        live_server,
        "PUT",
        f"{BOOKING}/admin/rate-requests/{rid}/cancellation-request/decline",
        {"message": "Already loaded on the vessel"},
        token=admin_token(live_server),
    )
    # "Your request to cancel booking " is 31 characters: a 40-character cut fell inside the reference.
    declined = notification(live_server, token, "Cancellation declined")
    assert declined["message"].index(reference) < 40 < declined["message"].index(reference) + len(reference)

    sign_in(page, live_server, username, password)
    bell = page.get_by_role("button", name="Notifications")
    bell.click()
    panel = page.get_by_role("region", name="Notification list")
    item = panel.get_by_role("listitem").filter(has_text="Cancellation declined")
    expect(item.get_by_role("button")).to_contain_text(reference)
    expect(item.get_by_role("button")).not_to_contain_text(f"{reference[:9]}...")
    expect(item.locator("time")).to_have_text(moment(declined["createdAt"]))
    expect(item.locator("time")).to_have_attribute("datetime", declined["createdAt"])
    for shown in panel.locator("time").all_inner_texts():
        assert MOMENT.match(shown), shown
    unread = int(page.get_by_test_id("unread-badge").inner_text())
    assert unread >= 1
    expect(item.get_by_role("button")).to_contain_text("Unread:")
    shot(page, screenshot_dir, "notifications", viewport)
    no_serious_violations(page)

    # Following the item's link opens the booking and marks the notification read.
    item.get_by_role("link", name=f"Open {reference}").click()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    expect(page.get_by_test_id("unread-badge")).to_have_text(str(unread - 1))
    read = next(n for n in notifications(live_server, token) if n["id"] == declined["id"])
    assert read["isRead"] is True
    bell.click()
    expect(item.get_by_role("button")).not_to_contain_text("Unread:")


# -- item 15: the work queue's cards ------------------------------------------------------------------------
def test_the_work_queue_has_cards_for_amendment_and_cancellation_requests(
    page: Page, live_server: LiveServer, viewport: ViewportSize, screenshot_dir: Path
) -> None:
    *_, token = logged_in_customer(live_server, PERSIAN_COMPANIES[1])
    amended = booking_confirmed(live_server, token, "Dates in cartons")
    cancelled = booking_confirmed(live_server, token, "Dried figs")
    body = amendment_body(live_server, token, "Dates in cartons")
    call(live_server, "POST", f"{RR}/{amended}/amendments", body, token=token)
    call(
        live_server, "POST", f"{RR}/{cancelled}/cancellation-request", {"reason": "Moved to air"}, token=token
    )
    queues = {
        q["kind"]: q
        for q in call(live_server, "GET", f"{BOOKING}/admin/work-queue", token=admin_token(live_server))[
            "queues"
        ]
    }

    sign_in(page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD)
    for kind, title, rid in (
        ("amendmentRequests", "Amendment requests to decide", amended),
        ("cancellationRequests", "Cancellation requests to decide", cancelled),
    ):
        card = page.get_by_role("region", name=re.compile(f"^{title}"))
        expect(card.get_by_role("heading")).to_have_text(f"{title} {queues[kind]['count']}")
        link = card.get_by_role("link", name=re.compile(reference_of(live_server, token, rid)))
        expect(link).to_be_visible()
        if kind == "cancellationRequests":
            expect(link).to_contain_text("Moved to air")
    shot(page, screenshot_dir, "work-queue-changes", viewport)
    no_serious_violations(page)
    page.get_by_role("region", name=re.compile("^Amendment requests to decide")).get_by_role(
        "link", name=re.compile(reference_of(live_server, token, amended))
    ).click()
    expect(page).to_have_url(re.compile(rf"/dashboard/operations\?open={amended}$"))


# -- item 16: sign-up ---------------------------------------------------------------------------------------
def test_sign_up_goes_back_keeping_the_entries_and_focuses_the_first_code_box(
    page: Page, live_server: LiveServer, viewport: ViewportSize, screenshot_dir: Path
) -> None:
    national_id, phone = fresh_national_id(), "0912" + fresh_national_id()[-7:]
    first, last = PERSIAN_PEOPLE[0]
    start_individual(page, live_server, national_id, phone)
    expect(page.get_by_role("heading", name="Individual Information")).to_be_visible()
    expect(page.get_by_label("National ID")).to_have_value(national_id)
    page.get_by_label("First Name").fill(first)
    page.get_by_label("Last Name").fill(last)

    page.get_by_role("button", name="Back").click()
    expect(page.get_by_text("Step 1 of 3")).to_be_visible()
    expect(page.get_by_label("National ID")).to_have_value(national_id)
    expect(page.get_by_label("Mobile Number")).to_have_value(phone)
    shot(page, screenshot_dir, "sign-up-back", viewport)
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("heading", name="Individual Information")).to_be_visible()
    expect(page.get_by_label("First Name")).to_have_value(first)
    expect(page.get_by_label("Last Name")).to_have_value(last)

    fill_individual(page, f"{national_id}@example.com", phone)
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("heading", name="Verification")).to_be_visible()
    expect(page.get_by_label("Digit 1")).to_be_focused()
    shot(page, screenshot_dir, "sign-up-code-focused", viewport)
    page.keyboard.type(sms_code(live_server, phone))  # no click first: the cursor is already there
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("dialog", name="Sign Up Successful")).to_be_visible()


def test_the_resend_countdown_counts_wall_clock_time_as_in_a_background_tab(
    page: Page, live_server: LiveServer, viewport: ViewportSize
) -> None:
    national_id, phone = fresh_national_id(), "0935" + fresh_national_id()[-7:]
    page.clock.install()
    start_individual(page, live_server, national_id, phone)
    fill_individual(page, f"{national_id}@example.com", phone)
    page.get_by_role("button", name="Submit").click()
    resend = page.get_by_role("button", name="Resend Code")
    expect(resend).to_be_disabled()
    expect(page.get_by_test_id("countdown")).to_have_text(re.compile(r"^0[12]:\d{2}$"))

    # A background tab: its timer is throttled, the clock is not. 60 s pass without a tick; coming back to
    # the tab shows the time left at once.
    now = page.evaluate("Date.now()")
    page.clock.set_system_time(datetime.fromtimestamp(now / 1000 + 60, UTC))
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.get_by_test_id("countdown")).to_have_text(re.compile(r"^00:5\d$"))
    expect(resend).to_be_disabled()
    # 65 s more, and the throttled timer fires once: the two minutes are over.
    page.clock.set_system_time(datetime.fromtimestamp(now / 1000 + 125, UTC))
    page.clock.run_for(1000)
    expect(page.get_by_test_id("countdown")).to_have_text("00:00")
    expect(resend).to_be_enabled()


def test_the_identifier_has_one_name_per_kind_and_the_acceptance_email_names_the_username(
    page: Page, live_server: LiveServer, viewport: ViewportSize, screenshot_dir: Path
) -> None:
    company_id = fresh_company_id()
    email = f"c{company_id}@example.com"
    start_company(page, live_server, company_id, "0912" + company_id[-7:])
    expect(page.get_by_role("heading", name="Company Information")).to_be_visible()
    expect(page.get_by_label("Company ID")).to_have_value(company_id)
    expect(page.get_by_text("National Code")).to_have_count(0)
    expect(page.get_by_label("National ID")).to_have_count(0)

    # Back: a foreign company after all; the company ID stays, and keeps its name.
    page.get_by_role("button", name="Back").click()
    expect(page.get_by_label("Company ID")).to_have_value(company_id)
    page.get_by_role("switch", name="Registered outside Iran").click()
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("heading", name="Foreign Company Information")).to_be_visible()
    expect(page.get_by_label("Company ID")).to_have_value(company_id)
    expect(page.get_by_text("National Code")).to_have_count(0)
    fill_company(page, email, FOREIGN_PHONES[1], domestic=False)
    page.get_by_label("Company Name").fill(PERSIAN_COMPANIES[0])
    shot(page, screenshot_dir, "sign-up-company-id", viewport)
    page.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("dialog", name="Sign Up Successful")).to_be_visible()

    admin = admin_token(live_server)
    listing = call(
        live_server, "GET", "/account/api/v1/admin/register-requests?limit=100&page=1", token=admin
    )
    request_id = next(r["id"] for r in listing["list"] if str(r["nationalId"]) == company_id)
    accept = f"/account/api/v1/admin/foreign-corporate-customer/register-requests/{request_id}/accept"
    call(live_server, "POST", accept, token=admin)
    mail = outbox_entry(
        live_server, lambda e: e["channel"] == "email" and e["to"] == email and "link" in e["data"]
    )
    assert f"Your username is {company_id}" in mail["body"]

    # Log in and reset: the same two names.
    page.goto(f"{live_server.url}/login")
    expect(page.get_by_label("Username")).to_have_accessible_description(
        "Your National ID, or your Company ID for a company"
    )
    page.goto(f"{live_server.url}/forgetpassword")
    expect(page.get_by_label("National ID or Company ID")).to_be_visible()
    expect(page.get_by_text("National Code")).to_have_count(0)


# -- item 20: cosmetics -------------------------------------------------------------------------------------
def overlap(a: FloatRect | None, b: FloatRect | None) -> bool:
    assert a and b
    x = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    y = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return x > 0 and y > 0


# In the page, as soon as the toast shows (log out leaves the dashboard 2 s later): the toast's box, the
# bell's, and whether the bell's centre is the bell (nothing over it).
TOAST_AND_BELL = """async (text) => {
  const started = performance.now();
  let toast = null;
  while (!toast && performance.now() - started < 1500) {
    toast = [...document.querySelectorAll('[role="status"]')].find((el) => el.textContent.includes(text));
    if (!toast) await new Promise((done) => requestAnimationFrame(done));
  }
  const bell = document.querySelector('button[aria-label="Notifications"]');
  if (!toast || !bell) return null;
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height};
  };
  const b = bell.getBoundingClientRect();
  const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
  return {toast: box(toast), bell: box(bell), bellOnTop: Boolean(hit && bell.contains(hit))};
}"""


def test_a_toast_never_covers_the_bell(page: Page, live_server: LiveServer, viewport: ViewportSize) -> None:
    sign_in(page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page.get_by_role("status")).to_have_count(0)  # the log-in toast has gone
    # Log out toasts on the dashboard for 2 s before going to the login page, the bell still there.
    open_staff_menu(page, viewport)
    page.get_by_role("button", name="Log out").click()
    seen = page.evaluate(TOAST_AND_BELL, "You have been logged out.")
    assert seen, "no toast seen on the dashboard"
    assert not overlap(seen["toast"], seen["bell"]), seen
    assert seen["bellOnTop"], f"something covers the bell: {seen}"


def test_the_staff_sidebar_marks_the_page_shown(
    page: Page, live_server: LiveServer, viewport: ViewportSize, screenshot_dir: Path
) -> None:
    company_id = pending_registration(live_server, PERSIAN_COMPANIES[1])
    sign_in(page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD)
    open_staff_menu(page, viewport)
    expect(current_menu_item(page)).to_have_text("Overview")
    shot(page, screenshot_dir, "staff-menu-overview", viewport)
    page.get_by_role("link", name="Operations").filter(visible=True).click()
    open_staff_menu(page, viewport)
    expect(current_menu_item(page)).to_have_text("Operations")
    page.get_by_role("link", name="Overview").filter(visible=True).click()
    # A registration request opened from the overview is still the overview's page.
    lists = page.get_by_role("region", name="Registration Requests", exact=True)
    lists.get_by_role("row").filter(has_text=company_id).get_by_role("link").click()
    expect(page).to_have_url(re.compile("/dashboard/request/"))
    open_staff_menu(page, viewport)
    expect(current_menu_item(page)).to_have_text("Overview")


def test_the_registration_list_never_scrolls_sideways_in_its_box(
    page: Page, live_server: LiveServer, viewport: ViewportSize, screenshot_dir: Path
) -> None:
    company_id = pending_registration(live_server, PERSIAN_COMPANIES[0])
    sign_in(page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD)
    section = page.get_by_role("region", name="Registration Requests", exact=True)
    box = section.get_by_role("region").first  # the list's own box, inside its section
    row = box.get_by_role("row").filter(has_text=company_id)
    expect(row).to_be_visible()
    widths = box.evaluate("(el) => [el.scrollWidth, el.clientWidth]")
    assert widths[0] <= widths[1] + 1, f"the list scrolls sideways: {widths}"
    # Every cell is on screen, and says what it is on a phone.
    row.scroll_into_view_if_needed()
    for cell in row.get_by_role("cell").all():
        cell_box = cell.bounding_box()
        assert cell_box and cell_box["x"] >= 0 and cell_box["x"] + cell_box["width"] <= viewport["width"] + 1
    if viewport["width"] < 640:  # each value with its label
        expect(row.get_by_role("cell", name=f"Company ID {company_id}")).to_be_visible()
    shot(page, screenshot_dir, "registration-list", viewport)
    no_serious_violations(page)


INPUT_LOOK = """(el) => {
  const s = getComputedStyle(el);
  return [s.height, s.borderTopWidth, s.borderTopColor, s.borderTopLeftRadius, s.appearance, s.fontSize];
}"""


def test_selects_look_like_the_inputs_beside_them(
    browser: Browser, page: Page, live_server: LiveServer, viewport: ViewportSize, screenshot_dir: Path
) -> None:
    sign_in(page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD)
    page.goto(f"{live_server.url}/dashboard/operations")
    state = page.locator("#ops-state")
    expect(state).to_be_visible()
    # The text input the design gives every form (components/ui/text-input), as the login page shows it.
    signed_out = browser.new_context(viewport=viewport)
    other = signed_out.new_page()
    other.goto(f"{live_server.url}/login")
    username = other.get_by_label("Username")
    control = username.locator("xpath=..")
    text_look = control.evaluate(INPUT_LOOK)
    select_look = state.evaluate(INPUT_LOOK)
    font_size = username.evaluate("(el) => getComputedStyle(el).fontSize")
    signed_out.close()
    assert select_look[:4] == text_look[:4], (select_look, text_look)
    assert select_look[4] == "none"  # the drawn chevron, not the browser's own
    assert select_look[5] == font_size
    shot(page, screenshot_dir, "select-styled", viewport)


def test_the_notify_party_checkbox_is_not_squeezed(
    page: Page, live_server: LiveServer, viewport: ViewportSize, screenshot_dir: Path
) -> None:
    username, password, token = logged_in_customer(live_server, PERSIAN_COMPANIES[1])
    rid = booking_confirmed(live_server, token, "Pistachios in cartons")
    sign_in(page, live_server, username, password)
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    page.get_by_role("button", name="Add Consignee").click()
    dialog = page.get_by_role("dialog")
    box = dialog.get_by_label("Notify party same as consignee")
    expect(box).to_be_visible()
    square = box.bounding_box()
    assert square and square["width"] >= 18 and abs(square["width"] - square["height"]) < 1, square
    label = dialog.get_by_text("Notify party same as consignee").bounding_box()
    assert label and not overlap(square, label)
    # Room around it: the nearest field above and below keep their distance.
    fields = [dialog.get_by_label("Full Address", exact=True), dialog.get_by_label("Notify Party Full Name")]
    above, below = (f.bounding_box() for f in fields)
    assert above and below
    assert square["y"] - (above["y"] + above["height"]) >= 8
    assert below["y"] - (square["y"] + square["height"]) >= 8
    dialog.screenshot(path=str(screenshot_dir / f"issue24-notify-party-{viewport['width']}.png"))
    box.click()
    expect(box).to_be_checked()
