"""Staff's and the auditor's screens in Persian, at 1280x800 and 375x812: the operations console with a
booking open, tariffs, schedules, a sign-up under review, the audit log and a booking's trail read right to
left, with no sideways scroll and no English interface word left (data that is Latin by nature, such as
port codes, references, container numbers and the tariff's column names, aside), and each of the overview's
panels whole in a screenshot of its own. Screenshots: test-output/screenshots/staff-fa-*."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.corpus import PERSIAN_COMPANIES
from tests.e2e.browser import (
    DESKTOP,
    PHONE,
    full_shot,
    layout_problems,
    signed_in_page,
    too_close_to_the_edge,
    whole_page_in_view,
)
from tests.e2e.conftest import SCREENSHOTS, LiveServer
from tests.e2e.customers import (
    accept_order,
    booking_confirmed,
    call,
    followers_caught_up,
    foreign_customer,
    foreign_sign_up,
    login,
    shipping_order,
    staff_call,
)
from tests.e2e.words import words

# Screens whose every word is this area's own: no English interface word at all. The others show shared
# components (booking facts, the audit link, lifecycle labels) and the server's words beside ours; the
# overview lists other tests' customers and cargo (Latin data) beside the server's registration states.
OWN = {"tariffs", "schedules", "audit-log", "sign-up-record", "booking-record"}
# Our catalogue's words that a shared component writes too, in English until its owner translates it.
SHARED = {
    "Audit trail",
    "Shipping order",
    "Booking details",
    "Price per container",
    "Ocean freight",
    "Price breakdown",
}
LOCALES = Path(__file__).resolve().parents[2] / "web" / "src" / "i18n" / "locales" / "en"
REASONS = json.loads((LOCALES.parents[4] / "contract" / "audit-reasons.json").read_text(encoding="utf-8"))[
    "reasons"
]
AUDIT_EVENTS = "/audit/api/v1/events"
COMPANY = PERSIAN_COMPANIES[1]  # "کشتیرانی خلیج فارس"
# Interface words of these screens in English: one of them left in Persian is a string outside a catalogue.
ENGLISH = re.compile(
    r"\b(the|and|of|Submit|Save|Cancel|Booking|Status|State|Search|Refresh|Open|Previous|Next|Page|Publish|"
    r"Upload|Tariffs?|Schedules?|Audit|Events?|Reason|Accept|Decline|Customer|Cargo|Route|Loading)\b"
)


def _catalogue_english() -> list[str]:
    """The English texts of these screens' catalogues with two words or more (placeholders split them)."""
    texts: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, str):
            texts.extend(p.strip() for p in re.split(r"\{\{\w+\}\}", node) if len(p.strip().split()) >= 2)

    for name in ("operations", "admin", "audit"):
        walk(json.loads((LOCALES / f"{name}.json").read_text(encoding="utf-8")))
    return sorted(set(texts))


# A part's text without what the app isolates as data (`bdi`: people's names and what they wrote, such as a
# reason; `code`: ids): that is in whatever language its author used, and other tests on the same server write
# English there.
_SCREEN_WORDS = """(root) => {
    const data = [...root.querySelectorAll('bdi, code')];
    const shown = data.map((element) => element.style.display);
    data.forEach((element) => { element.style.display = 'none'; });
    const text = root.innerText;
    data.forEach((element, index) => { element.style.display = shown[index]; });
    return text;
}"""


def _english_left(page: Page) -> list[str]:
    # The overview's own title belongs to the dashboard, not to these screens: their sections are read.
    main = page.get_by_role("main")
    parts = main.locator("section[aria-labelledby]").all() if page.url.endswith("/overview") else [main]
    text = "\n".join(part.evaluate(_SCREEN_WORDS) for part in parts).replace("Commercial Schedules", "")
    return sorted(
        {text[max(0, m.start() - 30) : m.end() + 30].replace("\n", " ") for m in ENGLISH.finditer(text)}
    )


def _persian(page: Page, server: LiveServer) -> None:
    """The app in Persian from here on, as the browser keeps a choice made before sign-in: the shared admin's
    account is given no language of its own (an account's choice outweighs the browser's, so one saved here
    would turn the other tests' screens on the same server)."""
    page.evaluate("localStorage.setItem('freight.language', 'fa')")
    page.reload()
    expect(page.locator("html")).to_have_attribute("dir", "rtl")


def _check(page: Page, width_name: str, name: str, english: dict[str, list[str]]) -> None:
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.evaluate("document.documentElement.lang") == "fa"
    overflow = [p for p in layout_problems(page) if str(p).startswith("page overflows")]
    assert not overflow, (name, overflow)
    full_shot(page, SCREENSHOTS, "staff-fa", name)
    text = page.get_by_role("main").inner_text()
    # The booking's trail is worded by the server (its events, fields and values): only its frame is ours.
    if name != "booking-trail":
        ours = [words for words in _catalogue_english() if words in text and words not in SHARED]
        assert not ours, (name, ours)
    left = _english_left(page)
    if name in OWN:
        assert not left, (name, left)
    english[f"{width_name}:{name}"] = left


def _panels_whole(page: Page) -> None:
    """Each panel of the overview (work queue, quoting, registration and edit requests) in a screenshot of its
    own, `staff-fa-<width>-overview-<panel>.png`, and none of their texts (headings, legends, labels) at a
    panel's edge, where the ink a bold Persian letter draws past its line box is cut from the screenshot."""
    fa = words("fa")
    main = page.get_by_role("main")
    expect(main.get_by_role("heading", name=fa("admin:quoting.title"))).to_be_visible()
    for pages in ("admin:registrations.region", "admin:edits.pagerLabel"):  # each list shown, not loading
        expect(main.get_by_role("navigation", name=fa("admin:pager.label", label=fa(pages)))).to_be_visible()
    panels = main.locator("section[aria-labelledby]").all()
    assert len(panels) > 4, "the overview's panels are not all shown"
    width = page.viewport_size["width"] if page.viewport_size else 0
    with whole_page_in_view(page):
        for panel in panels:
            if panel.evaluate("(panel) => !panel.parentElement.closest('section[aria-labelledby]')"):
                name = str(panel.get_attribute("aria-labelledby")).removesuffix("-heading")
                panel.screenshot(path=str(SCREENSHOTS / f"staff-fa-{width}-overview-{name}.png"))
    at_the_edge = {panel.get_attribute("aria-labelledby"): too_close_to_the_edge(panel) for panel in panels}
    assert not any(at_the_edge.values()), {name: texts for name, texts in at_the_edge.items() if texts}


def test_staff_and_auditor_screens_read_in_persian_at_both_widths(
    browser: Browser, live_server: LiveServer
) -> None:
    username, password = foreign_customer(live_server, COMPANY)
    token = login(live_server, username, password)
    rid = booking_confirmed(live_server, token, "Saffron")
    accept_order(live_server, shipping_order(live_server, token, rid, ["BMOU0061950"]))
    reference = str(
        call(live_server, "GET", f"/booking/api/v1/client/rate-requests/{rid}", token=token)["reference"]
    )
    national = str(random.randint(10**9, 10**10 - 1))
    foreign_sign_up(
        live_server,
        {
            "name": PERSIAN_COMPANIES[0],
            "contactPerson": "Jane Doe",
            "nationalCode": national,
            "phone": "09121234567",
            "fax": "",
            "email": f"p{national}@example.com",
            "address": "Hafenstrasse 1, Hamburg",
            "postalCode": "2045700000",
        },
    )
    followers_caught_up(live_server)
    # The sign-up's own record: its events' reasons are the system's (its visitor's id is the national code).
    (sign_up,) = {
        e["aggregateId"] for e in staff_call(live_server, "GET", f"{AUDIT_EVENTS}?actor={national}")["list"]
    }
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    english: dict[str, list[str]] = {}
    for viewport, width_name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        size = {"width": viewport["width"], "height": viewport["height"]}
        with signed_in_page(browser, live_server, size, ADMIN_USERNAME, ADMIN_PASSWORD) as page:
            _persian(page, live_server)
            # The overview: the work queue, the quoting chart and the sign-ups waiting for review.
            expect(page.get_by_role("heading", name="صف کار")).to_be_visible(timeout=15_000)
            _check(page, width_name, "overview", english)
            _panels_whole(page)
            # Other tests sign up companies of the same name: this one is told apart by its national code.
            page.get_by_role("region", name="درخواست‌های ثبت‌نام").get_by_role(
                "link", name=PERSIAN_COMPANIES[0]
            ).and_(page.locator(f'[href$="/{national}"]')).click()
            expect(page.get_by_role("heading", level=1, name="درخواست‌های ثبت‌نام")).to_be_visible()
            expect(page.get_by_role("button", name="پذیرش")).to_be_visible()
            _check(page, width_name, "registration", english)

            page.goto(f"{live_server.url}/dashboard/operations?open={rid}")
            expect(page.get_by_role("heading", level=1, name="عملیات")).to_be_visible()
            expect(page.get_by_role("region", name="درخواست نرخ انتخاب‌شده")).to_be_visible()
            _check(page, width_name, "operations", english)

            page.goto(f"{live_server.url}/dashboard/tariffs")
            expect(page.get_by_role("heading", level=1, name="تعرفه‌ها")).to_be_visible()  # noqa: RUF001
            _check(page, width_name, "tariffs", english)

            page.goto(f"{live_server.url}/dashboard/schedules")
            expect(page.get_by_role("heading", level=1, name="برنامه‌های حرکت")).to_be_visible()
            _check(page, width_name, "schedules", english)

            page.goto(f"{live_server.url}/dashboard/audit")
            expect(page.get_by_role("heading", level=1, name="دفتر ممیزی")).to_be_visible()
            expect(page.get_by_text(re.compile("^نمایش"))).to_be_visible()
            _check(page, width_name, "audit-log", english)

            # The system's reasons for the sign-up's events are said in Persian, though stored in English.
            page.goto(f"{live_server.url}/dashboard/audit/{sign_up}")
            for key in ("signUpStarted", "detailsSubmitted"):
                expect(page.get_by_text(REASONS[key]["fa"], exact=True)).to_be_visible()
                expect(page.get_by_text(REASONS[key]["en"])).to_have_count(0)
            _check(page, width_name, "sign-up-record", english)

            # A booking's own record: its events' values, labels and the state panel, all in Persian.
            page.goto(f"{live_server.url}/dashboard/audit/{rid}")
            expect(page.get_by_role("heading", level=1, name="سابقهٔ ممیزی")).to_be_visible()
            page.get_by_role("button", name="نمایش وضعیت در این نقطه").nth(1).click()
            expect(page.get_by_text("نرخ اعلام شد").first).to_be_visible()
            _check(page, width_name, "booking-record", english)

            page.goto(f"{live_server.url}/dashboard/audit/bookings/{reference}")
            expect(page.get_by_role("heading", level=2, name=re.compile("^سابقهٔ ممیزی"))).to_be_visible()
            _check(page, width_name, "booking-trail", english)
    # What is left is worded by the shared components and the server (listed for whoever translates them).
    left = {screen: words for screen, words in english.items() if words}
    (SCREENSHOTS / "staff-fa-english.json").write_text(json.dumps(left, ensure_ascii=False, indent=1))
