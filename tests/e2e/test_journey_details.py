"""In the browser at 1280x800 and 375x812: notifications (their time, a preview
that never cuts a booking reference, following an item marks it read), the staff work queue's cards for
amendment and cancellation requests, sign-up (Back from step 2 keeping the entries, the first code box
focused, one name per kind for the identifier, the acceptance e-mail naming the username, a resend countdown
that counts wall-clock time), and the cosmetics (toasts clear of the bell, the staff sidebar marking the page
shown, the registration list without sideways scroll on a phone, selects styled as inputs, the notify-party
checkbox not squeezed). Set-up goes through the API; what is asserted is what a person sees. Each is walked
in English at both widths and in Persian at 375x812 (decision 3601), elements found by catalogue key
(tests/e2e/words.py); the notifications' titles and the acceptance e-mail are the server's words, written in
the account's language (English here), and are found as they are."""

from __future__ import annotations

import json
import re
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, FloatRect, Page, ViewportSize, expect

from domain.emails.words import NOTICE_WORDS
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
from tests.e2e.conftest import LiveServer, in_both_languages, speak
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
from tests.e2e.test_booking_persian import check
from tests.e2e.words import Language, number, pattern, words
from tests.live_server import ROOT

MOMENT = re.compile(r"^\d{4}/\d{2}/\d{2} \d{2}:\d{2} UTC$")
# Persian writes the same moment in the Solar Hijri calendar and Persian digits.
PERSIAN_DIGIT = "[\u06f0-\u06f9]"
PERSIAN_MOMENT = re.compile(MOMENT.pattern.replace(r"\d", PERSIAN_DIGIT))
RR = f"{BOOKING}/client/rate-requests"


def shot(page: Page, directory: Path, name: str, size: ViewportSize) -> None:
    rtl = page.evaluate("document.documentElement.dir") == "rtl"
    page.screenshot(
        path=str(directory / f"issue24-{name}-{size['width']}{'-fa' if rtl else ''}.png"), full_page=True
    )


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


def open_staff_menu(page: Page, size: ViewportSize, lang: Language) -> None:
    if size["width"] < 768:  # the phone menu is a drawer
        page.get_by_role("button", name=words(lang)("common:shell.menu"), exact=True).click()


def current_menu_item(page: Page) -> Any:
    return page.locator("a[aria-current='page']").filter(visible=True)


# -- item 15: notifications ---------------------------------------------------------------------------------
@in_both_languages
def test_a_notification_shows_its_time_the_whole_reference_and_is_read_once_followed(
    page: Page, live_server: LiveServer, viewport: ViewportSize, lang: Language, screenshot_dir: Path
) -> None:
    w = words(lang)
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

    sign_in(page, live_server, username, password, w)
    bell = page.get_by_role("button", name=w("common:notificationBell.notifications"))
    bell.click()
    panel = page.get_by_role("region", name=w("common:notificationBell.notificationList"))
    # The notice in the language the screen shows, whatever the account read when it was told.
    title = NOTICE_WORDS["RateRequest.CancellationDeclined"][lang]["title"]
    item = panel.get_by_role("listitem").filter(has_text=title)
    expect(item.get_by_role("button")).to_contain_text(reference)
    expect(item.get_by_role("button")).not_to_contain_text(f"{reference[:9]}...")
    if lang == "en":
        expect(item.locator("time")).to_have_text(moment(declined["createdAt"]))
    expect(item.locator("time")).to_have_attribute("datetime", declined["createdAt"])
    for shown in panel.locator("time").all_inner_texts():
        assert (PERSIAN_MOMENT if lang == "fa" else MOMENT).match(shown), shown
    # int() reads Persian digits as well.
    unread = int(page.get_by_test_id("unread-badge").inner_text())
    assert unread >= 1
    expect(item.get_by_role("button")).to_contain_text(w("accounts:notificationList.unread"))
    shot(page, screenshot_dir, "notifications", viewport)
    no_serious_violations(page)

    # Following the item's link opens the booking and marks the notification read.
    opens = pattern(lang, "accounts:notificationList.openReference", reference=reference)
    item.get_by_role("link", name=opens).click()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    expect(page.get_by_test_id("unread-badge")).to_have_text(number(lang, str(unread - 1)))
    read = next(n for n in notifications(live_server, token) if n["id"] == declined["id"])
    assert read["isRead"] is True
    bell.click()
    expect(item.get_by_role("button")).not_to_contain_text(w("accounts:notificationList.unread"))


# -- item 15: the work queue's cards ------------------------------------------------------------------------
@in_both_languages
def test_the_work_queue_has_cards_for_amendment_and_cancellation_requests(
    page: Page, live_server: LiveServer, viewport: ViewportSize, lang: Language, screenshot_dir: Path
) -> None:
    w = words(lang)
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

    sign_in(page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD, w)
    for kind, rid in (("amendmentRequests", amended), ("cancellationRequests", cancelled)):
        title = w(f"admin:queue.{kind}")
        card = page.get_by_role("region", name=re.compile(f"^{re.escape(title)}"))
        expect(card.get_by_role("heading")).to_have_text(
            f"{title} {number(lang, str(queues[kind]['count']))}"
        )
        link = card.get_by_role("link", name=re.compile(reference_of(live_server, token, rid)))
        expect(link).to_be_visible()
        if kind == "cancellationRequests":
            expect(link).to_contain_text("Moved to air")
    shot(page, screenshot_dir, "work-queue-changes", viewport)
    no_serious_violations(page)
    if lang == "fa":
        check(page, screenshot_dir, "work-queue-changes")
    amendments = re.compile(f"^{re.escape(w('admin:queue.amendmentRequests'))}")
    page.get_by_role("region", name=amendments).get_by_role(
        "link", name=re.compile(reference_of(live_server, token, amended))
    ).click()
    expect(page).to_have_url(re.compile(rf"/dashboard/operations\?open={amended}$"))


# -- item 16: sign-up ---------------------------------------------------------------------------------------
@in_both_languages
def test_sign_up_goes_back_keeping_the_entries_and_focuses_the_first_code_box(
    page: Page, live_server: LiveServer, viewport: ViewportSize, lang: Language, screenshot_dir: Path
) -> None:
    w = words(lang)
    national_id, phone = fresh_national_id(), "0912" + fresh_national_id()[-7:]
    first, last = PERSIAN_PEOPLE[0]
    details = w("accounts:registrationForm.titles.1")
    start_individual(page, live_server, national_id, phone, w)
    expect(page.get_by_role("heading", name=details)).to_be_visible()
    expect(page.get_by_label(w("profile:national_id"))).to_have_value(national_id)
    page.get_by_label(w("profile:first_name"), exact=True).fill(first)
    page.get_by_label(w("profile:last_name"), exact=True).fill(last)
    if lang == "fa":
        check(page, screenshot_dir, "sign-up-details")

    page.get_by_role("button", name=w("accounts:registrationForm.back")).click()
    step = f"{w('accounts:signUpProgress.step')} {number(lang, '1')} {w('accounts:signUpProgress.of')} "
    expect(page.get_by_text(step + number(lang, "3"))).to_be_visible()
    expect(page.get_by_label(w("profile:national_id"))).to_have_value(national_id)
    expect(page.get_by_label(w("accounts:startForm.mobileNumber"))).to_have_value(phone)
    shot(page, screenshot_dir, "sign-up-back", viewport)
    page.get_by_role("button", name=w("accounts:startForm.continue")).click()
    expect(page.get_by_role("heading", name=details)).to_be_visible()
    expect(page.get_by_label(w("profile:first_name"), exact=True)).to_have_value(first)
    expect(page.get_by_label(w("profile:last_name"), exact=True)).to_have_value(last)

    fill_individual(page, f"{national_id}@example.com", phone, w)
    page.get_by_role("button", name=w("accounts:registrationForm.submit")).click()
    expect(page.get_by_role("heading", name=w("accounts:verificationStep.verification"))).to_be_visible()
    expect(page.get_by_label(w("accounts:codeInput.digit", n=1))).to_be_focused()
    shot(page, screenshot_dir, "sign-up-code-focused", viewport)
    page.keyboard.type(sms_code(live_server, phone))  # no click first: the cursor is already there
    page.get_by_role("button", name=w("accounts:verificationStep.confirm")).click()
    expect(page.get_by_role("dialog", name=w("accounts:signUp.successTitle"))).to_be_visible()


@in_both_languages
def test_the_resend_countdown_counts_wall_clock_time_as_in_a_background_tab(
    page: Page, live_server: LiveServer, viewport: ViewportSize, lang: Language
) -> None:
    w = words(lang)
    national_id, phone = fresh_national_id(), "0935" + fresh_national_id()[-7:]
    page.clock.install()
    start_individual(page, live_server, national_id, phone, w)
    fill_individual(page, f"{national_id}@example.com", phone, w)
    page.get_by_role("button", name=w("accounts:registrationForm.submit")).click()
    resend = page.get_by_role("button", name=w("accounts:verificationStep.resendCode"))
    expect(resend).to_be_disabled()
    digit = PERSIAN_DIGIT if lang == "fa" else r"\d"
    expect(page.get_by_test_id("countdown")).to_have_text(
        re.compile(f"^{number(lang, '0')}[{number(lang, '12')}]:{digit}{{2}}$")
    )

    # A background tab: its timer is throttled, the clock is not. 60 s pass without a tick; coming back to
    # the tab shows the time left at once.
    now = page.evaluate("Date.now()")
    page.clock.set_system_time(datetime.fromtimestamp(now / 1000 + 60, UTC))
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.get_by_test_id("countdown")).to_have_text(re.compile(f"^{number(lang, '00:5')}{digit}$"))
    expect(resend).to_be_disabled()
    # 65 s more, and the throttled timer fires once: the two minutes are over.
    page.clock.set_system_time(datetime.fromtimestamp(now / 1000 + 125, UTC))
    page.clock.run_for(1000)
    expect(page.get_by_test_id("countdown")).to_have_text(number(lang, "00:00"))
    expect(resend).to_be_enabled()


@in_both_languages
def test_the_identifier_has_one_name_per_kind_and_the_acceptance_email_names_the_username(
    page: Page, live_server: LiveServer, viewport: ViewportSize, lang: Language, screenshot_dir: Path
) -> None:
    w = words(lang)
    company_id = fresh_company_id()
    email = f"c{company_id}@example.com"
    company_id_label = w("profile:national_code")
    start_company(page, live_server, company_id, "0912" + company_id[-7:], w)
    expect(
        page.get_by_role("heading", name=w("accounts:registrationForm.titles.2"), exact=True)
    ).to_be_visible()
    expect(page.get_by_label(company_id_label)).to_have_value(company_id)
    expect(page.get_by_text("National Code")).to_have_count(0)
    expect(page.get_by_label(w("profile:national_id"))).to_have_count(0)

    # Back: a foreign company after all; the company ID stays, and keeps its name.
    page.get_by_role("button", name=w("accounts:registrationForm.back")).click()
    expect(page.get_by_label(w("profile:national_code"))).to_have_value(company_id)
    page.get_by_role("switch", name=w("accounts:startForm.registeredOutsideIran")).click()
    page.get_by_role("button", name=w("accounts:startForm.continue")).click()
    expect(page.get_by_role("heading", name=w("accounts:registrationForm.titles.3"))).to_be_visible()
    expect(page.get_by_label(company_id_label)).to_have_value(company_id)
    expect(page.get_by_text("National Code")).to_have_count(0)
    fill_company(page, email, FOREIGN_PHONES[1], domestic=False, w=w)
    page.get_by_label(w("profile:name")).fill(PERSIAN_COMPANIES[0])
    shot(page, screenshot_dir, "sign-up-company-id", viewport)
    if lang == "fa":
        check(page, screenshot_dir, "sign-up-foreign-company")
    page.get_by_role("button", name=w("accounts:registrationForm.submit")).click()
    expect(page.get_by_role("dialog", name=w("accounts:signUp.successTitle"))).to_be_visible()

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
    # The e-mail speaks the language the sign-up was made in (contract/email-messages.json).
    said = json.loads((ROOT / "contract" / "email-messages.json").read_text(encoding="utf-8"))["words"]
    before, after = said["account.created.username"][lang].split("{username}")
    names = re.escape(before) + f"\u2068?{company_id}\u2069?" + re.escape(after)
    assert re.search(names, mail["body"]), mail["body"]

    # Log in and reset: the same two names.
    page.goto(f"{live_server.url}/login")
    expect(page.get_by_label(w("accounts:loginForm.username"))).to_have_accessible_description(
        w("accounts:loginForm.usernameHint")
    )
    page.goto(f"{live_server.url}/forgetpassword")
    expect(page.get_by_label(w("accounts:forgetPassword.username"))).to_be_visible()
    expect(page.get_by_text("National Code")).to_have_count(0)


# -- item 20: cosmetics -------------------------------------------------------------------------------------
def overlap(a: FloatRect | None, b: FloatRect | None) -> bool:
    assert a and b
    x = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    y = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return x > 0 and y > 0


# Installed before log out: the moment the toast saying `text` enters the page (log out leaves the dashboard
# 2 s later, within the same document), the toast's box, the bell's, and whether the bell's centre is the
# bell (nothing over it) are kept in `window.__toastAndBell`. The page records what it saw however late the
# test looks; nothing waits on a clock.
WATCH_TOAST_AND_BELL = """([text, bellName]) => {
  window.__toastAndBell = null;
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height};
  };
  const look = () => {
    const statuses = [...document.querySelectorAll('[role="status"]')];
    const toast = statuses.find((el) => el.textContent.includes(text));
    const bell = document.querySelector(`button[aria-label="${bellName}"]`);
    if (!toast || !bell) return false;
    const b = bell.getBoundingClientRect();
    const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
    const bellOnTop = Boolean(hit && bell.contains(hit));
    window.__toastAndBell = {toast: box(toast), bell: box(bell), bellOnTop};
    return true;
  };
  const observer = new MutationObserver(() => {
    if (look()) observer.disconnect();
  });
  observer.observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


@in_both_languages
def test_a_toast_never_covers_the_bell(
    page: Page, live_server: LiveServer, viewport: ViewportSize, lang: Language
) -> None:
    w = words(lang)
    sign_in(page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD, w)
    expect(page.get_by_role("status")).to_have_count(0)  # the log-in toast has gone
    # Log out toasts on the dashboard for 2 s before going to the login page, the bell still there.
    open_staff_menu(page, viewport, lang)
    page.evaluate(
        WATCH_TOAST_AND_BELL, [w("common:shell.loggedOut"), w("common:notificationBell.notifications")]
    )
    page.get_by_role("button", name=w("common:shell.logout"), exact=True).click()
    page.wait_for_function("() => window.__toastAndBell !== null", timeout=30_000)
    seen = page.evaluate("window.__toastAndBell")
    assert not overlap(seen["toast"], seen["bell"]), seen
    assert seen["bellOnTop"], f"something covers the bell: {seen}"


@in_both_languages
def test_the_staff_sidebar_marks_the_page_shown(
    page: Page, live_server: LiveServer, viewport: ViewportSize, lang: Language, screenshot_dir: Path
) -> None:
    w = words(lang)
    overview, operations = w("common:menu.Overview"), w("common:menu.Operations")
    company_id = pending_registration(live_server, PERSIAN_COMPANIES[1])
    sign_in(page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD, w)
    open_staff_menu(page, viewport, lang)
    expect(current_menu_item(page)).to_have_text(overview)
    shot(page, screenshot_dir, "staff-menu-overview", viewport)
    page.get_by_role("link", name=operations).filter(visible=True).click()
    open_staff_menu(page, viewport, lang)
    expect(current_menu_item(page)).to_have_text(operations)
    page.get_by_role("link", name=overview).filter(visible=True).click()
    # A registration request opened from the overview is still the overview's page.
    lists = page.get_by_role("region", name=w("admin:registrations.title"), exact=True)
    lists.get_by_role("row").filter(has_text=company_id).get_by_role("link").click()
    expect(page).to_have_url(re.compile("/dashboard/request/"))
    open_staff_menu(page, viewport, lang)
    expect(current_menu_item(page)).to_have_text(overview)


@in_both_languages
def test_the_registration_list_never_scrolls_sideways_in_its_box(
    page: Page, live_server: LiveServer, viewport: ViewportSize, lang: Language, screenshot_dir: Path
) -> None:
    w = words(lang)
    company_id = pending_registration(live_server, PERSIAN_COMPANIES[0])
    sign_in(page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD, w)
    section = page.get_by_role("region", name=w("admin:registrations.title"), exact=True)
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
        expect(row.get_by_role("cell", name=f"{w('profile:national_code')} {company_id}")).to_be_visible()
    shot(page, screenshot_dir, "registration-list", viewport)
    no_serious_violations(page)


INPUT_LOOK = """(el) => {
  const s = getComputedStyle(el);
  return [s.height, s.borderTopWidth, s.borderTopColor, s.borderTopLeftRadius, s.appearance, s.fontSize];
}"""


@in_both_languages
def test_selects_look_like_the_inputs_beside_them(
    browser: Browser,
    page: Page,
    live_server: LiveServer,
    viewport: ViewportSize,
    lang: Language,
    screenshot_dir: Path,
) -> None:
    w = words(lang)
    sign_in(page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD, w)
    page.goto(f"{live_server.url}/dashboard/operations")
    state = page.locator("#ops-state")
    expect(state).to_be_visible()
    # The text input the design gives every form (components/ui/text-input), as the login page shows it.
    signed_out = browser.new_context(viewport=viewport)
    speak(signed_out, lang)
    other = signed_out.new_page()
    other.goto(f"{live_server.url}/login")
    username = other.get_by_label(w("accounts:loginForm.username"))
    control = username.locator("xpath=..")
    text_look = control.evaluate(INPUT_LOOK)
    select_look = state.evaluate(INPUT_LOOK)
    font_size = username.evaluate("(el) => getComputedStyle(el).fontSize")
    signed_out.close()
    assert select_look[:4] == text_look[:4], (select_look, text_look)
    assert select_look[4] == "none"  # the drawn chevron, not the browser's own
    assert select_look[5] == font_size
    shot(page, screenshot_dir, "select-styled", viewport)


@in_both_languages
def test_the_notify_party_checkbox_is_not_squeezed(
    page: Page, live_server: LiveServer, viewport: ViewportSize, lang: Language, screenshot_dir: Path
) -> None:
    w = words(lang)
    username, password, token = logged_in_customer(live_server, PERSIAN_COMPANIES[1])
    rid = booking_confirmed(live_server, token, "Pistachios in cartons")
    sign_in(page, live_server, username, password, w)
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    page.get_by_role("button", name=w("booking:shippingOrder.addConsignee")).click()
    dialog = page.get_by_role("dialog")
    box = dialog.get_by_label(w("booking:party.notifySame"))
    expect(box).to_be_visible()
    square = box.bounding_box()
    assert square and square["width"] >= 18 and abs(square["width"] - square["height"]) < 1, square
    label = dialog.get_by_text(w("booking:party.notifySame")).bounding_box()
    assert label and not overlap(square, label)
    # Room around it: the nearest field above and below keep their distance.
    fields = [
        dialog.get_by_label(w("booking:party.fullAddress"), exact=True),
        dialog.get_by_label(w("booking:party.notifyFullName")),
    ]
    above, below = (f.bounding_box() for f in fields)
    assert above and below
    assert square["y"] - (above["y"] + above["height"]) >= 8
    assert below["y"] - (square["y"] + square["height"]) >= 8
    dialog.screenshot(path=str(screenshot_dir / f"issue24-notify-party-{viewport['width']}-{lang}.png"))
    box.click()
    expect(box).to_be_checked()
