"""Everyone sees what to do next, in the browser: the customer's overview (what waits for them,
counts by state, latest notifications), the staff work queue (counts, age, links into the console), a
notification opening the item it is about, the audit trail in sentences, and server field errors landing
at their fields on the profile form. Each is walked in English and in Persian, elements found by
catalogue key (tests/e2e/words.py): English at the widths it always had, Persian at 375x812 (decision 3601).
The printable report stays English: the report document (web/documents/report.html) is written in English
only."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, ViewportSize, expect

from tests.e2e.browser import DESKTOP, PHONE, no_serious_violations, sign_in, signed_in_staff
from tests.e2e.conftest import LiveServer, in_both_languages
from tests.e2e.customers import (
    BOOKING,
    accept_quote,
    admin_token,
    call,
    foreign_customer,
    login,
    quote,
    rate_request,
)
from tests.e2e.test_booking_persian import check
from tests.e2e.words import Language, audit_role, audit_what, number, pattern, state_label, words

# The tests walked at the desktop width only: English there still, Persian at the phone's width.
ONCE_EACH = pytest.mark.parametrize(
    ("lang", "viewport"), [("en", DESKTOP), ("fa", PHONE)], ids=["en-desktop", "fa-phone"], indirect=True
)


def reference_of(server: LiveServer, token: str, rid: str) -> str:
    return str(call(server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)["reference"])


@pytest.fixture
def staff_page(
    browser: Browser, live_server: LiveServer, viewport: ViewportSize, lang: Language
) -> Iterator[Page]:
    yield from signed_in_staff(browser, live_server, viewport, lang)


def opens(lang: Language, reference: str) -> re.Pattern[str]:
    """A notification's link to its booking."""
    return pattern(lang, "accounts:notificationList.openReference", reference=reference)


def read_apart_from_notifications(page: Page, shots: Path, name: str) -> None:
    """The Persian checker on the page, its notifications' own words left out: the server writes them, in
    English for these accounts (test_every_screen_persian reads the overview the same way)."""
    latest = page.get_by_role("region", name=words("fa")("accounts:latestNotifications.latestNotifications"))
    latest.evaluate("(node) => node.remove()")
    check(page, shots, name)


@in_both_languages
def test_customer_overview_says_what_waits_counts_and_latest_news(
    page: Page, live_server: LiveServer, viewport: ViewportSize, lang: Language, screenshot_dir: Path
) -> None:
    w, size = words(lang), viewport
    name = f"Overview {uuid.uuid4().hex[:5]}"
    username, password = foreign_customer(live_server, name)
    token = login(live_server, username, password)
    waiting = rate_request(live_server, token, "Saffron threads")
    rate_request(live_server, token, "Dates in cartons")  # requested: staff's move, not listed as waiting
    quote(live_server, waiting, 3700)
    reference = reference_of(live_server, token, waiting)

    sign_in(page, live_server, username, password, w)
    waiting_for_you = w("booking:overview.waiting_one", n=1)
    mine = page.get_by_role("region", name=waiting_for_you)
    expect(mine.get_by_role("heading")).to_have_text(waiting_for_you)
    expect(mine.get_by_role("link")).to_have_count(1)
    expect(mine.get_by_role("link")).to_contain_text(reference)
    counts = page.get_by_role("region", name=w("booking:overview.byState"))
    # One count per state as her lists name it: the quoted request is not counted with the asked one.
    requested, quoted = (re.escape(state_label(lang, "rate_request", s)) for s in ("requested", "quoted"))
    expect(counts.get_by_role("listitem")).to_have_text(
        [re.compile(rf"^\s*{number(lang, '1')}\s+{label}\s*$") for label in (requested, quoted)]
    )
    latest = page.get_by_role("region", name=w("accounts:latestNotifications.latestNotifications"))
    expect(latest.get_by_role("link", name=opens(lang, reference)).first).to_be_visible()
    page.screenshot(
        path=str(screenshot_dir / f"journey-customer-overview-{size['width']}-{lang}.png"), full_page=True
    )
    no_serious_violations(page)
    if lang == "fa":
        read_apart_from_notifications(page, screenshot_dir, "journey-customer-overview")

    # The waiting booking opens where the customer acts on it.
    mine.get_by_role("link").click()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings/rate-request/detail/{waiting}")
    expect(page.get_by_text(reference).first).to_be_visible()
    # And so does the notification about it (the quote).
    page.goto(f"{live_server.url}/dashboard/overview")
    latest.get_by_role("link", name=opens(lang, reference)).first.click()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings/rate-request/detail/{waiting}")


@ONCE_EACH
def test_staff_work_queue_counts_ages_and_opens_the_console(
    staff_page: Page, live_server: LiveServer, lang: Language, screenshot_dir: Path
) -> None:
    w = words(lang)
    username, password = foreign_customer(live_server, f"Queue {uuid.uuid4().hex[:5]}")
    token = login(live_server, username, password)
    rid = rate_request(live_server, token, f"Queue cargo {uuid.uuid4().hex[:5]}")
    reference = reference_of(live_server, token, rid)
    answer = call(live_server, "GET", f"{BOOKING}/admin/work-queue", token=admin_token(live_server))
    queues = {q["kind"]: q for q in answer["queues"]}

    staff = staff_page
    staff.goto(f"{live_server.url}/dashboard/overview")
    work = staff.get_by_role("region", name=w("admin:queue.title"))

    def card(kind: str) -> Any:
        title = w(f"admin:queue.{kind}")
        region = work.get_by_role("region", name=re.compile(f"^{re.escape(title)}"))
        expect(region.get_by_role("heading")).to_have_text(
            f"{title} {number(lang, str(queues[kind]['count']))}"
        )
        return region

    to_quote = card("rateRequestsToQuote")
    expect(to_quote.get_by_text(pattern(lang, "admin:queue.oldest"))).to_be_visible()
    for kind in ("registrations", "editRequests", "bookingRequestsToConfirm", "ordersToReview"):
        card(kind)
    staff.screenshot(path=str(screenshot_dir / f"journey-work-queue-{lang}.png"), full_page=True)
    no_serious_violations(staff)
    if lang == "fa":
        check(staff, screenshot_dir, "journey-work-queue")

    # Oldest first: a new request is at the end, if shown; the newest item's age reads as just now.
    item = to_quote.get_by_role("listitem").filter(has_text=reference)
    if item.count() == 0:  # more old work than the queue shows: open the oldest instead
        item = to_quote.get_by_role("listitem").first
        target = queues["rateRequestsToQuote"]["items"][0]["id"]
    else:
        young = [w("common:age.underMinute"), w("common:age.minute_one", count=1)]
        expect(item).to_contain_text(re.compile("|".join(map(re.escape, young))))
        target = rid
    item.get_by_role("link").click()
    expect(staff).to_have_url(re.compile(rf"/dashboard/operations\?open={target}$"))
    panel = staff.get_by_role("region", name=w("operations:detail.label"))
    expect(panel.get_by_role("button", name=w("operations:detail.quote"), exact=True)).to_be_visible()


@ONCE_EACH
def test_staff_notification_opens_the_booking_in_the_console(
    staff_page: Page, live_server: LiveServer, lang: Language
) -> None:
    w = words(lang)
    username, password = foreign_customer(live_server, f"Notice {uuid.uuid4().hex[:5]}")
    token = login(live_server, username, password)
    cargo = f"Notice cargo {uuid.uuid4().hex[:5]}"
    rid = rate_request(live_server, token, cargo)
    reference = reference_of(live_server, token, rid)
    staff = staff_page
    staff.goto(f"{live_server.url}/dashboard/overview")
    bell = re.compile(f"^{re.escape(w('common:notificationBell.notifications'))}")
    staff.get_by_role("button", name=bell).click()
    notices = staff.get_by_role("region", name=w("common:notificationBell.notificationList"))
    notices.get_by_role("link", name=opens(lang, reference)).first.click()
    expect(staff).to_have_url(re.compile(rf"/dashboard/operations\?open={rid}$"))
    panel = staff.get_by_role("region", name=w("operations:detail.label"))
    expect(panel.get_by_text(cargo).first).to_be_visible()


@ONCE_EACH
def test_audit_trail_reads_as_sentences_with_names(
    staff_page: Page, live_server: LiveServer, lang: Language, screenshot_dir: Path
) -> None:
    name = f"Karimi Trading {uuid.uuid4().hex[:4]}"
    username, password = foreign_customer(live_server, name)
    token = login(live_server, username, password)
    rid = rate_request(live_server, token, "Pistachios in sacks")
    quote(live_server, rid, 3700)
    accept_quote(live_server, token, rid)
    staff = staff_page
    staff.goto(f"{live_server.url}/dashboard/audit/{rid}")
    expect(staff.get_by_role("heading", name=words(lang)("audit:timeline.title"))).to_be_visible()
    w = words(lang)
    role = f" ({audit_role(lang, 'customer').lower()})"
    what = audit_what(lang, "rate_request.PriceAccepted")
    accepted = w("audit:sentence.by", what=what, name=name, role=role)
    expect(staff.get_by_text(accepted).first).to_be_visible()
    quoted = audit_what(lang, "RateRequest.Quoted")
    # Up to the name's first letter (in Persian the Latin name is isolated, its U+2068 before it: 3884).
    by_someone = re.escape(w("audit:sentence.by", what=quoted, name="WHO", role="")).split("WHO")[0]
    expect(staff.get_by_text(re.compile(f"^{by_someone}\\S")).first).to_be_visible()
    expect(staff.get_by_text(number(lang, "$3,700.00")).first).to_be_visible()
    staff.screenshot(path=str(screenshot_dir / f"journey-audit-sentences-{lang}.png"), full_page=True)


FIELD_ERRORS: dict[Language, dict[str, str]] = {
    "en": {"name": "Company name must be at least 4 characters.", "email": "Invalid email address."},
    "fa": {"name": "نام شرکت باید دست‌کم ۴ نویسه باشد.", "email": "نشانی ایمیل نامعتبر است."},
}


@ONCE_EACH
def test_profile_server_errors_land_at_their_fields_without_wire_keys(
    page: Page, live_server: LiveServer, lang: Language, viewport: ViewportSize
) -> None:
    """The 400 envelope's fields go under the fields the form shows; one it does not show (e-mail, read-only
    here) is said above the buttons in words. No toast carries "name:" or any other wire key. The server
    writes its messages in the customer's language."""
    w = words(lang)
    username, password = foreign_customer(live_server, f"Errors {uuid.uuid4().hex[:5]}")
    sign_in(page, live_server, username, password, w)
    fields = FIELD_ERRORS[lang]
    body: dict[str, Any] = {
        "isSuccess": False,
        "isError": True,
        "error": {"description": "; ".join(f"{k}: {v}" for k, v in fields.items()), "fields": fields},
        "response": None,
    }

    def refuse(route: Route) -> None:
        if route.request.method == "PUT":
            route.fulfill(status=400, content_type="application/json", body=json.dumps(body))
        else:
            route.fallback()

    # The server's rules and the form's are the same, so a refusal only the server makes is staged here.
    page.route("**/account/api/v1/client/foreign-corporate-customers", refuse)
    page.goto(f"{live_server.url}/dashboard/profile?editProfile=true")
    page.get_by_label(w("profile:address")).fill("99 Elbchaussee, Hamburg")
    page.get_by_role("button", name=w("accounts:profileForm.save")).click()
    company = page.get_by_label(w("profile:name"))
    expect(company).to_have_attribute("aria-invalid", "true")
    described = (company.get_attribute("aria-describedby") or "").split()
    assert described, "the company name has no message"
    expect(page.locator(f"#{described[0]}")).to_have_text(fields["name"])
    form = page.get_by_role("form", name=w("accounts:profileForm.editProfile"))
    expect(form.get_by_role("alert").filter(has_text=fields["email"])).to_be_visible()
    page.wait_for_timeout(500)
    assert page.get_by_text(re.compile(r"\b(name|email): ")).count() == 0


def test_printable_report_renders_money_like_the_screens(page: Page, live_server: LiveServer) -> None:
    """The report says `$3,700.00` per container and the total for the quantity, never "3700 USD"."""
    username, password = foreign_customer(live_server, f"Report {uuid.uuid4().hex[:5]}")
    token = login(live_server, username, password)
    rid = rate_request(live_server, token, "Report cargo", quantity=2)
    quote(live_server, rid, 3700)
    reference = reference_of(live_server, token, rid)
    page.set_viewport_size(DESKTOP)
    sign_in(page, live_server, username, password)
    page.goto(f"{live_server.url}/documents/report.html")
    page.evaluate("id => window.postMessage({ type: 'rate-request', id }, window.location.origin)", rid)
    report = page.locator("#report")
    expect(report.get_by_text(f"Booking {reference}")).to_be_visible()
    expect(report.locator("div", has=page.get_by_text("Price per container", exact=True))).to_contain_text(
        "$3,700.00"
    )
    expect(report.locator("div", has=page.get_by_text("Total for 2", exact=True))).to_contain_text(
        "$7,400.00"
    )
    expect(report).not_to_contain_text("USD")
