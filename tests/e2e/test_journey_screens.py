"""Each test failed on the code before its fix. The Container Details dialog at
1280 px, the operations console after an action and at 375 px, an unknown or foreign booking id, the
booking list and the step summaries at desktop, double actions, and the Documents page. Each is walked in
English and in Persian (elements found by catalogue key, tests/e2e/words.py): a test about a width walks both
languages at that width, the others English at 1280x800 and Persian at 375x812 (decision 3601)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from tests.e2e.browser import DESKTOP, PHONE, layout_problems, no_serious_violations, sign_in, signed_in_staff
from tests.e2e.conftest import LiveServer, at_width
from tests.e2e.customers import (
    PDF,
    accept_quote,
    booking_confirmed,
    foreign_customer,
    login,
    quote,
    rate_request,
    send_booking_request,
)
from tests.e2e.screens import add_container
from tests.e2e.test_booking_persian import check
from tests.e2e.words import Language, number, pattern, staff_action, state_label, words

# The tests walked at the desktop width only and not about it: English there, Persian at the phone's width.
ONCE_EACH = pytest.mark.parametrize(
    ("lang", "viewport"), [("en", DESKTOP), ("fa", PHONE)], ids=["en-desktop", "fa-phone"], indirect=True
)


def booking_items(page: Page) -> Locator:
    """The list's table rows and phone cards alike: whichever shows, each booking once."""
    return page.locator("[data-testid=booking-row], [data-testid=booking-card]")


@pytest.fixture(scope="module")
def customer(live_server: LiveServer) -> tuple[str, str]:
    """One customer for this module's screens (its bookings are made per test)."""
    return foreign_customer(live_server, "Delta Shipping")


@pytest.fixture
def customer_page(
    page: Page, live_server: LiveServer, customer: tuple[str, str], viewport: ViewportSize, lang: Language
) -> Page:
    sign_in(page, live_server, *customer, words(lang))
    return page


@pytest.fixture
def staff_page(browser: Browser, live_server: LiveServer, lang: Language) -> Iterator[Page]:
    yield from signed_in_staff(browser, live_server, DESKTOP, lang)


@at_width(DESKTOP)
def test_container_details_dialog_fits_at_1280(
    customer_page: Page,
    live_server: LiveServer,
    customer: tuple[str, str],
    lang: Language,
    screenshot_dir: Path,
) -> None:
    page, w = customer_page, words(lang)
    rid = booking_confirmed(live_server, login(live_server, *customer), "Dialog check", quantity=2)
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    page.get_by_role("button", name=w("booking:shippingOrder.addContainers")).click()
    dialog = page.get_by_role("dialog", name=w("booking:containerDialog.title"))
    # Typed as read off the box; the ISO 6346 check digit is checked before anything is chosen.
    typed = dialog.get_by_label(w("booking:containerDialog.numbers"))
    typed.fill("bmou 006195-1")
    wrong = pattern(lang, "booking:containerDialog.checkDigit", first="BMOU006195", expected=0, given=1)
    expect(dialog.get_by_text(wrong)).to_be_visible()
    typed.fill("bmou 006195-0")
    chosen = pattern(lang, "booking:containerDialog.chosen", name="BMOU0061950")
    expect(dialog.get_by_text(chosen)).to_be_visible()
    add_container(dialog, "SEAL-0001", "120", "21000", "19500", w)
    expect(
        dialog.get_by_role("button", name=pattern(lang, "booking:containerDialog.deleteLabel"))
    ).to_be_visible()
    page.screenshot(path=str(screenshot_dir / f"journey-container-dialog-desktop-{lang}.png"))
    assert layout_problems(page) == []
    if lang == "fa":
        check(page, screenshot_dir, "journey-container-dialog")

    # The same number twice is refused at the field, before the server would refuse it.
    dialog.get_by_label(w("booking:containerDialog.numbers")).fill("BMOU0061950")
    dialog.get_by_role("list", name=w("booking:containerDialog.results")).get_by_role("button").first.click(
        timeout=10_000
    )
    add_container(dialog, "SEAL-0002", "1", "2", "1", w)
    expect(dialog.get_by_text(w("booking:containerDialog.duplicate"))).to_be_visible()
    expect(dialog.get_by_text(number(lang, "1/2"))).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "fa"], indirect=True)
def test_operations_console_follows_an_action_and_fits_a_phone(
    staff_page: Page, live_server: LiveServer, customer: tuple[str, str], lang: Language, screenshot_dir: Path
) -> None:
    """About both widths: the console at 1280x800, then at 375x812, in either language."""
    w = words(lang)
    token = login(live_server, *customer)
    cargo = f"Console {uuid.uuid4().hex[:6]}"
    rid = rate_request(live_server, token, cargo)
    staff = staff_page
    staff.goto(f"{live_server.url}/dashboard/operations")
    row = staff.get_by_test_id("ops-row").filter(has_text=cargo)
    row.get_by_role("button", name=w("operations:console.open")).click()
    panel = staff.get_by_role("region", name=w("operations:detail.label"))
    expect(panel.get_by_role("button", name=w("operations:detail.quote"), exact=True)).to_be_visible()

    # The customer's side moves on (quoted, accepted, documents sent) while the console stays open.
    quote(live_server, rid, 3700)
    accept_quote(live_server, token, rid)
    send_booking_request(live_server, token, rid)
    staff.get_by_role("button", name=w("operations:console.refresh")).click()
    row.get_by_role("button", name=w("operations:console.open")).click()
    confirming = staff_action(lang, "confirm_booking")
    expect(panel.get_by_role("button", name=confirming)).to_be_visible()
    expect(panel.get_by_role("button", name=w("operations:detail.quote"), exact=True)).to_have_count(0)

    # Its own action shows at once: the booking is confirmed and the button is gone.
    panel.get_by_role("button", name=confirming).click()
    staff.get_by_role("dialog", name=confirming).get_by_role(
        "button", name=w("operations:actionDialog.confirm")
    ).click()
    expect(panel.get_by_role("button", name=confirming)).to_have_count(0)
    expect(row.get_by_text(state_label(lang, "rate_request", "shipping_order"))).to_be_visible()

    staff.set_viewport_size(PHONE)
    staff.goto(f"{live_server.url}/dashboard/operations")
    expect(staff.get_by_test_id("ops-row").first).to_be_visible()
    staff.screenshot(path=str(screenshot_dir / f"journey-operations-phone-{lang}.png"), full_page=True)
    if lang == "fa":
        check(staff, screenshot_dir, "journey-operations-phone")
    width = staff.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"console is {width}px wide at {PHONE['width']}px"


@ONCE_EACH
@pytest.mark.parametrize("route", ["detail", "edit"])
def test_unknown_and_foreign_bookings_say_not_found(
    customer_page: Page, live_server: LiveServer, lang: Language, route: str
) -> None:
    page, w = customer_page, words(lang)
    other, password = foreign_customer(live_server, "Epsilon Foods")
    foreign = rate_request(live_server, login(live_server, other, password), "Not yours")
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "/api/" in request.url else None)
    for booking_id in (str(uuid.uuid4()), foreign):
        asked.clear()
        page.goto(f"{live_server.url}/dashboard/bookings/rate-request/{route}/{booking_id}")
        expect(page.get_by_role("heading", name=w("booking:notFound.title"))).to_be_visible()
        # The 404 is final: the screen says so on the first answer, never asking the booking again (a retry
        # is what once kept it loading for seconds). Counted, not timed: a loaded machine is slow either way.
        about = [url for url in asked if booking_id in url]
        assert about and len(about) == len(set(about)), about
        expect(page.get_by_text("Not yours")).to_have_count(0)
        no_serious_violations(page)
    page.get_by_role("link", name=w("booking:notFound.back")).click()
    expect(page).to_have_url(f"{live_server.url}/dashboard/bookings")


@at_width(DESKTOP)
def test_desktop_shows_each_booking_and_summary_once(
    customer_page: Page, live_server: LiveServer, customer: tuple[str, str], lang: Language
) -> None:
    page, w = customer_page, words(lang)
    cargo = f"Once {uuid.uuid4().hex[:6]}"
    rid = rate_request(live_server, login(live_server, *customer), cargo)
    page.goto(f"{live_server.url}/dashboard/bookings")
    expect(page.get_by_test_id("booking-row").filter(has_text=cargo)).to_be_visible()
    expect(booking_items(page).filter(has_text=cargo).filter(visible=True)).to_have_count(1)
    expect(page.get_by_test_id("booking-card").filter(visible=True)).to_have_count(0)

    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    summary = page.get_by_role("region", name=w("common:bookingFacts.requestSummary"))
    expect(summary).to_be_visible()
    expect(page.get_by_text("DSFA")).to_be_hidden()
    expect(summary.locator("dl").filter(visible=True)).to_have_count(1)

    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/dashboard/bookings")
    expect(page.get_by_test_id("booking-card").filter(has_text=cargo)).to_be_visible()
    expect(booking_items(page).filter(has_text=cargo).filter(visible=True)).to_have_count(1)


@ONCE_EACH
def test_booking_request_is_not_sent_twice(
    customer_page: Page, live_server: LiveServer, customer: tuple[str, str], lang: Language, tmp_path: Path
) -> None:
    page, w = customer_page, words(lang)
    token = login(live_server, *customer)
    rid = rate_request(live_server, token, f"Twice {uuid.uuid4().hex[:6]}")
    quote(live_server, rid, 3700)
    accept_quote(live_server, token, rid)
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.method) if r.url.endswith("/booking-request") else None)
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    loi = tmp_path / "loi.pdf"
    loi.write_bytes(PDF)
    letter = w("booking:bookingRequest.signed", name=w("reference:documentTypes.1"))
    page.get_by_label(letter).set_input_files(str(loi))
    expect(page.get_by_text(w("booking:fileUpload.uploaded")).first).to_be_visible()
    submit = page.get_by_role("button", name=w("booking:bookingRequest.submit"))
    submit.dblclick()
    expect(page.get_by_text(w("booking:bookingRequest.sent"))).to_be_visible()
    # Sent: the step reads back what was sent, with no file left to choose; the badge is its state's.
    expect(submit).to_have_count(0)
    expect(page.locator("input[type=file]")).to_have_count(0)
    expect(page.get_by_role("link", name="loi.pdf")).to_be_visible()
    expect(page.locator("[data-state=loi_pending]")).to_have_text(
        state_label(lang, "rate_request", "loi_pending")
    )
    assert sent == ["PUT"]


@ONCE_EACH
def test_documents_page_offers_the_loi_templates(
    customer_page: Page, live_server: LiveServer, lang: Language, screenshot_dir: Path
) -> None:
    page, w = customer_page, words(lang)
    page.goto(f"{live_server.url}/dashboard/documents")
    names = [w(f"reference:documentTypes.{kind}") for kind in (1, 2, 3)]
    for name in names:
        expect(page.get_by_role("heading", name=name, exact=True)).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("button", name=w("booking:templateCard.downloadLabel", name=names[1])).click()
    assert download.value.suggested_filename.endswith(".pdf")
    no_serious_violations(page)
    if lang == "fa":
        check(page, screenshot_dir, "journey-documents")
    page.goto(f"{live_server.url}/dashboard/doucuments")
    expect(page.get_by_role("heading", name=names[2], exact=True)).to_be_visible()
