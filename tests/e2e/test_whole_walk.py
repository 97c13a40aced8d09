"""Proof: the whole walk, replayed by its people on the real server in Chromium at 1280x800 and 375x812.

A domestic company with a Persian name and a long Persian address signs up and verifies its mobile; the
staff member accepts it; the company logs in, asks for a price from Bandar Abbas to Hamburg, accepts the
quote, sends its signed booking letter and, once confirmed, its shipping order (the shipper writes her Persian
name in Latin letters, the consignee is in Hamburg); staff ask for a revision, the company revises, staff
accept, the company finishes; staff issue the terminal a publisher key, the terminal publishes its
milestones, the company reads them; the auditor finds the booking by the shipper's Latin name and reads its
trail.

At each step the screen is judged as its person reads it (tests/e2e/journeys.py: no code, no UUID, no ISO
date-time, dates YYYY/MM/DD, times at a port with its zone, nothing sideways) and every e-mail of the walk is
judged too. Clicks, fields and seconds per person are printed and written to
test-output/walk-<width>.json (the figures of docs/journeys.md)."""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.corpus import (
    WALK_ADDRESS,
    WALK_AUDITOR,
    WALK_CARGO,
    WALK_COMPANY,
    WALK_CONSIGNEE,
    WALK_CONTACT,
    WALK_ECONOMIC_CODE,
    WALK_HS_CODE,
    WALK_POSTAL_CODE,
    WALK_PUBLISHER,
    WALK_REGISTRATION_CODE,
    WALK_SHIPPER,
    WALK_STAFF,
    ZAHRA_HOSSEINI,
    fresh_company_id,
    fresh_iranian_mobile,
)
from tests.e2e.accounts_support import email_link, sms_code
from tests.e2e.browser import DESKTOP, PHONE
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import BOOKING, PDF, call, create_staff, followers_caught_up, login
from tests.e2e.journeys import Person
from tests.e2e.test_audit_screens import wait_for_login
from tests.e2e.test_booking_persian import PERSIAN_DIGIT, check
from tests.e2e.test_tracking_timeline import event
from tests.e2e.test_words_not_codes import email_problems
from tests.e2e.words import Language, audit_what, number, pattern, staff_action, state_label, words
from tests.live_server import ROOT
from tests.local_times import at_zone

CUSTOMER_PASSWORD = "Walk-Customer-Pass1"
STAFF_PASSWORD = "Walk-Staff-Pass1"
AUDITOR_PASSWORD = "Walk-Auditor-Pass1"
LIVE = 15_000  # the other side's act reaches an open screen by the event stream, or by polling every 5 s
# A Bandar Abbas time on Iran's clock, a Hamburg time on Central Europe's, each the port's local time.
BANDAR_ABBAS = re.compile(r"^\d{4}/\d{2}/\d{2} \d{2}:\d{2} local time \(UTC\+03:30\)$")
HAMBURG = re.compile(r"^\d{4}/\d{2}/\d{2} \d{2}:\d{2} local time \(UTC\+0[12]:00\)$")


# In the element holding `(id)`, the brackets stand outside the id: in a left-to-right line "(" left of its
# first digit and ")" right of its last; in a right-to-left line, where both are drawn mirrored, "(" right of
# its last digit and ")" left of its first (a right-to-left name before them, not isolated, draws them on the
# wrong sides).
BRACKETS_AROUND = """(el, id) => {
  const text = el.firstChild && el.firstChild.nodeType === 3 ? el.firstChild : null;
  const node = text || [...el.childNodes].find((n) => n.nodeType === 3 && n.textContent.includes(`(${id})`));
  const at = node.textContent.indexOf(`(${id})`);
  const box = (from) => {
    const range = document.createRange();
    range.setStart(node, from);
    range.setEnd(node, from + 1);
    return range.getBoundingClientRect();
  };
  const open = box(at), first = box(at + 1), last = box(at + id.length), close = box(at + id.length + 1);
  if (getComputedStyle(el).direction === 'rtl') return open.left > last.left && close.left < first.left;
  return open.left < first.left && close.left > last.left;
}"""

# The chart's week labels: none overlaps the next, none runs off the chart.
LABELS_APART = """(svg) => {
  const chart = svg.getBoundingClientRect();
  const boxes = [...svg.querySelectorAll('text')].filter((t) => /\\d{4}\\//.test(t.textContent))
    .map((t) => [t.textContent, t.getBoundingClientRect()]).sort((a, b) => a[1].left - b[1].left);
  const found = [];
  boxes.forEach(([label, box], i) => {
    if (box.right > chart.right + 1 || box.left < chart.left - 1) found.push(`${label} runs off the chart`);
    if (i > 0 && box.left < boxes[i - 1][1].right) found.push(`${label} overlaps ${boxes[i - 1][0]}`);
  });
  return found;
}"""


# An input's placeholder's width in its own font, with its padding, beside the input's inner width.
TEXT_WIDTH = """(el) => {
  const s = getComputedStyle(el);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = `${s.fontSize} ${s.fontFamily}`;
  const padding = parseFloat(s.paddingLeft) + parseFloat(s.paddingRight);
  return [Math.ceil(pen.measureText(el.placeholder).width + padding), el.clientWidth];
}"""


def publish(server: LiveServer, key: str, events: list[dict[str, Any]]) -> None:
    """The terminal publishes its events at the standard's door (TNT 3.0) with its key."""
    answer = httpx.post(
        f"{server.url}/v3/events", json={"events": events}, headers={"API-Key": key}, timeout=20
    )
    assert answer.status_code == 200, answer.text


@pytest.fixture(scope="module")
def walk_staff(live_server: LiveServer) -> None:
    """The staff member and the auditor of the walk, once for every walk."""
    create_staff(live_server, WALK_STAFF, STAFF_PASSWORD, "admin")
    create_staff(live_server, WALK_AUDITOR, AUDITOR_PASSWORD, "auditor")


# English walks at both widths, Persian at the desktop width (the phone's Persian screens are read right to
# left by test_every_screen_persian and test_booking_persian).
WALKS = [("en", DESKTOP), ("en", PHONE), ("fa", DESKTOP)]


@pytest.mark.parametrize(("lang", "viewport"), WALKS, ids=["en-desktop", "en-phone", "fa-desktop"])
def test_the_whole_walk(
    browser: Browser,
    live_server: LiveServer,
    walk_staff: None,
    lang: Language,
    viewport: ViewportSize,
    tmp_path: Path,
    screenshot_dir: Path,
) -> None:
    server, width, w = live_server, viewport["width"], words(lang)
    persian = lang == "fa"
    contexts = [browser.new_context(viewport=viewport) for _ in range(3)]
    for context in contexts:
        # The language the switch leaves in the browser, before anyone signs up or in.
        context.add_init_script(f"localStorage.setItem('freight.language', '{lang}')")
    suffix = "-fa" if persian else ""
    customer = Person("customer" + suffix, "customer", contexts[0].new_page(), screenshot_dir, w)
    staff = Person("staff" + suffix, "admin", contexts[1].new_page(), screenshot_dir, w)
    auditor = Person("auditor" + suffix, "admin", contexts[2].new_page(), screenshot_dir, w)
    seen: list[str] = []

    def read_persian(page: Page, step: str) -> None:
        """In Persian, a few steps are read by the Persian checker: right to left, no English word."""
        if persian:
            check(page, screenshot_dir, f"walk-{step}")

    company_id, mobile = fresh_company_id(), fresh_iranian_mobile()
    email = f"walk-{company_id}@example.com"
    cargo = f"{WALK_CARGO}, lot {company_id[-4:]}"  # its own lot: the walks share a server
    shipper, shipper_address, shipper_phone = WALK_SHIPPER
    consignee, consignee_address, consignee_phone = WALK_CONSIGNEE
    try:
        # -- sign-up: a domestic company, its mobile verified by SMS ------------------------------------
        c = customer.page
        with customer.turn():
            c.goto(f"{server.url}/register")
            expect(c.locator("html")).to_have_attribute("dir", "rtl" if persian else "ltr")
            customer.choose(w("accounts:startForm.type"), w("accounts:startForm.types.2"))
            customer.fill(c.get_by_label(w("profile:national_code")), company_id)
            customer.fill(c.get_by_label(w("accounts:startForm.mobileNumber")), mobile)
            customer.click(c.get_by_role("button", name=w("accounts:startForm.continue")))
            expect(c.get_by_role("heading", name=w("accounts:registrationForm.titles.2"))).to_be_visible()
            customer.fill(c.get_by_label(w("profile:name"), exact=True), WALK_COMPANY)
            customer.fill(c.get_by_label(w("profile:contact_person")), WALK_CONTACT)
            customer.fill(c.get_by_label(w("profile:economic_code")), WALK_ECONOMIC_CODE)
            customer.fill(c.get_by_label(w("profile:registration_code")), WALK_REGISTRATION_CODE)
            customer.fill(c.get_by_label(w("profile:email")), email)
            customer.fill(c.get_by_label(w("profile:postal_code")), WALK_POSTAL_CODE)
            customer.fill(c.get_by_label(w("profile:address"), exact=True), WALK_ADDRESS)
            seen += customer.look("sign-up-form")
            read_persian(c, "sign-up-form")
            customer.click(c.get_by_role("button", name=w("accounts:registrationForm.submit")))
            expect(c.get_by_role("heading", name=w("accounts:verificationStep.verification"))).to_be_visible()
            seen += customer.look("verification")
            customer.type_code(c.get_by_label(w("accounts:codeInput.digit", n=1)), sms_code(server, mobile))
            customer.click(c.get_by_role("button", name=w("accounts:verificationStep.confirm")))
            done = c.get_by_role("dialog", name=w("accounts:signUp.successTitle"))
            expect(done).to_be_visible()
            customer.click(done.get_by_role("button", name=w("accounts:confirm")))
            expect(c).to_have_url(f"{server.url}/login")

        # -- staff accept the sign-up, reading the long Persian address whole ----------------------------
        s = staff.page
        with staff.turn():
            staff.sign_in(server, WALK_STAFF, STAFF_PASSWORD)
            requests = s.locator("section[aria-labelledby='registration-requests-heading']")
            row = requests.get_by_role("row").filter(has_text=company_id)
            expect(row).to_be_visible(timeout=LIVE)
            labels = s.get_by_role("img", name=w("admin:quoting.chartLabel"))
            seen += [f"staff at the quoting chart: {p}" for p in labels.evaluate(LABELS_APART)]
            seen += staff.look("overview-sign-up-waiting")
            staff.click(row.get_by_role("link").first)
            expect(s.get_by_text(WALK_ADDRESS).first).to_be_visible()
            # The Persian name keeps to itself: the company ID after it reads "(14...)", brackets outside.
            described = s.get_by_text(f"({company_id})")
            if not described.evaluate(BRACKETS_AROUND, company_id):
                seen.append(f"staff at the sign-up: brackets out of place: {described.inner_text()}")
            seen += staff.look("sign-up-detail")
            read_persian(s, "sign-up-detail")
            staff.click(s.get_by_role("button", name=w("admin:decision.accept")))
            staff.click(s.get_by_role("dialog").get_by_role("button", name=w("admin:decision.confirm")))
            expect(s).to_have_url(f"{server.url}/dashboard/overview")

        # -- the company sets its password from the e-mail and logs in -----------------------------------
        with customer.turn():
            customer.go(email_link(server, email))
            customer.fill(
                c.get_by_label(w("accounts:newPasswordFields.password"), exact=True), CUSTOMER_PASSWORD
            )
            customer.fill(c.get_by_label(w("accounts:newPasswordFields.confirmPassword")), CUSTOMER_PASSWORD)
            customer.click(c.get_by_role("button", name=w("accounts:createPassword.submit")))
            customer.click(c.get_by_role("button", name=w("accounts:confirm")))
            customer.sign_in(server, company_id, CUSTOMER_PASSWORD)
            seen += customer.look("overview")

        # -- booking request: Bandar Abbas to Hamburg, priced by hand ------------------------------------
        shipping_day = date.today() + timedelta(days=20)
        with customer.turn():
            new_booking = re.compile(re.escape(w("booking:bookings.newBooking")))
            customer.click(c.get_by_role("link", name=new_booking).first)
            customer.choose(w("field:pol_id"), "Bandar Abbas")
            customer.choose(w("field:pod_id"), "Hamburg")
            customer.choose(w("field:container_type_id"), w("reference:containerTypes.1"))
            customer.choose(w("field:container_size_id"), w("reference:containerSizes.1"))
            customer.fill(c.get_by_label(w("field:quantity")), "1")
            customer.fill(c.get_by_label(w("field:commodity"), exact=True), cargo)
            customer.fill(c.get_by_label(w("field:hs_code")), WALK_HS_CODE)
            customer.fill(c.get_by_label(w("field:preferred_shipping_date")), f"{shipping_day:%Y/%m/%d}")
            seen += customer.look("new-booking")
            customer.click(c.get_by_role("button", name=w("booking:rateRequestForm.requestPrice")))
            expect(c).to_have_url(re.compile(r"/dashboard/bookings/rate-request/detail/"))
            rid = c.url.rsplit("/", 1)[-1]
            seen += customer.look("waiting-for-price")

        # -- staff quote it ------------------------------------------------------------------------------
        with staff.turn():
            staff.menu(w("common:menu.Operations"))
            ops_row = s.get_by_test_id("ops-row").filter(has_text=cargo)
            expect(ops_row).to_be_visible(timeout=LIVE)
            staff.click(ops_row.get_by_role("button", name=w("operations:console.open")))
            panel = s.get_by_role("region", name=w("operations:detail.label"))
            expect(panel.get_by_role("heading", name=cargo)).to_be_visible()
            seen += staff.look("console-request")
            staff.click(panel.get_by_role("button", name=w("operations:detail.quote"), exact=True))
            dialog = s.get_by_role("dialog", name=w("operations:detail.quote"))
            staff.fill(dialog.get_by_label(w("operations:quote.priceLabel")), "3700")
            until = date.today() + timedelta(days=5)
            staff.fill(dialog.get_by_label(w("operations:quote.validUntil")), f"{until:%Y/%m/%d}")
            seen += staff.look("quote-dialog")
            staff.click(dialog.get_by_role("button", name=w("operations:actionDialog.confirm")))
            expect(dialog).to_have_count(0)

        # -- the company accepts the price and sends its signed booking letter ---------------------------
        letter = tmp_path / "booking-letter.pdf"
        letter.write_bytes(PDF)
        with customer.turn():
            price = number(lang, "$3,700.00")
            expect(c.get_by_text(w("field:price") + ":")).to_contain_text(price, timeout=LIVE)
            seen += customer.look("price-quoted")
            read_persian(c, "price-quoted")
            customer.click(c.get_by_role("button", name=w("booking:pricePanel.accept")))
            customer.click(c.get_by_role("dialog").get_by_role("button", name=w("booking:pricePanel.accept")))
            letter_name = w("reference:documentTypes.1")
            upload = c.get_by_label(w("booking:bookingRequest.signed", name=letter_name))
            expect(upload).to_be_visible()
            seen += customer.look("booking-letter")
            customer.upload(upload, letter)
            expect(c.get_by_text(w("booking:fileUpload.uploaded")).first).to_be_visible()
            customer.click(c.get_by_role("button", name=w("booking:bookingRequest.submit")))

        # -- staff confirm the booking -------------------------------------------------------------------
        with staff.turn():
            confirm = panel.get_by_role("button", name=staff_action(lang, "confirm_booking"))
            expect(confirm).to_be_visible(timeout=LIVE)
            staff.click(confirm)
            dialog = s.get_by_role("dialog", name=staff_action(lang, "confirm_booking"))
            seen += staff.look("confirm-dialog")
            staff.click(dialog.get_by_role("button", name=w("operations:actionDialog.confirm")))
            expect(dialog).to_have_count(0)

        # -- the shipping order: the shipper in Latin letters, a Hamburg consignee ------------------------
        with customer.turn():
            expect(c.get_by_role("heading", name=w("booking:shippingOrder.title")).first).to_be_visible(
                timeout=LIVE
            )
            sailing = c.get_by_role("region", name=w("field:sailing"))
            if persian:  # days in Solar Hijri, Persian digits: the checker reads them
                expect(sailing.locator("dd").nth(0)).to_contain_text(PERSIAN_DIGIT)
            else:
                expect(sailing.locator("dd").nth(0)).to_have_text(BANDAR_ABBAS)
                expect(sailing.locator("dd").nth(1)).to_have_text(HAMBURG)
            seen += customer.look("confirmed-order-form")
            read_persian(c, "confirmed-order-form")
            submit = w("booking:actions.submit")
            customer.click(c.get_by_role("button", name=w("booking:shippingOrder.addShipper")))
            d = c.get_by_role("dialog")
            customer.fill(d.get_by_label(w("booking:party.fullName")), shipper)
            customer.fill(d.get_by_label(w("booking:party.mobile")), shipper_phone)
            customer.fill(d.get_by_label(w("booking:party.fullAddress")), shipper_address)
            customer.click(d.get_by_role("button", name=submit))
            customer.click(c.get_by_role("button", name=w("booking:shippingOrder.addConsignee")))
            d = c.get_by_role("dialog")
            customer.fill(d.get_by_label(w("booking:party.fullName"), exact=True), consignee)
            customer.fill(d.get_by_label(w("booking:party.mobile"), exact=True), consignee_phone)
            customer.fill(d.get_by_label(w("booking:party.fullAddress"), exact=True), consignee_address)
            customer.click(d.get_by_label(w("booking:party.notifySame")))
            seen += customer.look("consignee-dialog")
            customer.click(d.get_by_role("button", name=submit))
            customer.click(c.get_by_role("button", name=w("booking:shippingOrder.addContainers")))
            d = c.get_by_role("dialog")
            customer.fill(d.get_by_label(w("booking:containerDialog.numbers")), "BMOU 006195 0")
            expect(d.get_by_text(w("booking:containerDialog.chosen", name="BMOU0061950"))).to_be_visible()
            customer.fill(d.get_by_label(w("booking:containerDialog.seal")), "SEAL-0001")
            customer.fill(d.get_by_label(w("booking:containerDialog.count")), "400")
            customer.fill(d.get_by_label(w("booking:containerDialog.grossWeight")), "8200")
            customer.fill(d.get_by_label(w("booking:containerDialog.netWeight")), "8000")
            customer.click(d.get_by_role("button", name=w("booking:containerDialog.addButton")))
            customer.click(d.get_by_role("button", name=submit))
            customer.fill(c.get_by_label(w("field:cargo_description")), "Saffron threads in 500 g tins")
            seen += customer.look("order-filled")
            customer.click(c.get_by_role("button", name=w("booking:actions.continue")))
            expect(c.get_by_text(w("booking:shippingOrder.sent"))).to_be_visible()

        # -- staff ask for a revision of the cargo description -------------------------------------------
        revise = "Please give the grade: Sargol or Negin"
        with staff.turn():
            order = s.get_by_role("region", name=w("common:bookingFacts.shippingOrderDetails"))
            expect(order.get_by_text("BMOU0061950")).to_be_visible(timeout=LIVE)
            seen += staff.look("order-to-review")
            asked = w("operations:orderActions.order_revision.title")
            staff.click(panel.get_by_role("button", name=asked, exact=True))
            dialog = s.get_by_role("dialog", name=asked)
            field = w("field:cargo_description")
            staff.fill(dialog.get_by_label(w("operations:actionDialog.reviseMessage", name=field)), revise)
            staff.click(dialog.get_by_role("button", name=w("operations:actionDialog.confirm")))
            expect(dialog).to_have_count(0)
            state = state_label(lang, "shipping_order", "revision_requested")
            expect(
                panel.get_by_role("heading", name=w("operations:detail.order", state=state))
            ).to_be_visible()
            read_persian(s, "order-revision-requested")

        # -- the company revises ------------------------------------------------------------------------
        details = re.compile(re.escape(w("booking:bookings.viewDetails")))
        with customer.turn():
            customer.menu(w("common:menu.Bookings"))
            mine = c.locator("[data-testid=booking-row], [data-testid=booking-card]").filter(has_text=cargo)
            # The row follows staff's request live (its link then opens the order's edit form): read it first.
            expect(mine.filter(visible=True)).to_contain_text(w("common:whoseMove.mine"))
            customer.click(mine.filter(visible=True).get_by_role("link", name=details))
            expect(c.get_by_role("heading", name=w("booking:detail.editOrder"))).to_be_visible()
            described = c.get_by_label(w("field:cargo_description"))
            expect(described).to_have_accessible_description(revise)
            seen += customer.look("order-revision")
            customer.fill(described, "Saffron threads, Sargol grade, in 500 g tins")
            customer.click(c.get_by_role("button", name=w("booking:actions.continue")))
            expect(c.get_by_text(w("booking:rateRequestForm.changesSaved"))).to_be_visible()

        # -- staff accept the order ----------------------------------------------------------------------
        with staff.turn():
            staff.menu(w("common:menu.Operations"))
            row = s.get_by_test_id("ops-row").filter(has_text=cargo).first
            staff.click(row.get_by_role("button", name=w("operations:console.open")))
            state = state_label(lang, "shipping_order", "submitted")
            expect(
                panel.get_by_role("heading", name=w("operations:detail.order", state=state))
            ).to_be_visible(timeout=LIVE)
            accept = w("operations:orderActions.order_accept.title")
            staff.click(panel.get_by_role("button", name=accept))
            dialog = s.get_by_role("dialog", name=accept)
            staff.click(dialog.get_by_role("button", name=w("operations:actionDialog.confirm")))
            expect(dialog).to_have_count(0)

        # -- the company finishes ------------------------------------------------------------------------
        with customer.turn():
            customer.click(mine.filter(visible=True).get_by_role("link", name=details))
            expect(c.get_by_role("heading", name=w("booking:detail.titles.finalReport"))).to_be_visible(
                timeout=LIVE
            )
            # The report writes the sailing as the booking's screen does: ports by name, times at the port.
            report = c.frame_locator(f"iframe[title='{w('booking:finalStep.reportTitle')}']")
            expect(report.get_by_role("cell", name="Bandar Abbas (IRBND)")).to_be_visible()
            if not persian:
                # departure and three cut-offs
                expect(report.locator("td").filter(has_text=BANDAR_ABBAS)).to_have_count(4)
                expect(report.locator("td").filter(has_text=HAMBURG)).to_have_count(1)
            expect(report.locator("td").filter(has_text=re.compile(r"\d{2}:\d{2} UTC$"))).to_have_count(0)
            seen += customer.look("final")
            read_persian(c, "final")
            customer.click(c.get_by_label(w("booking:finalStep.confirm")))
            customer.click(c.get_by_role("button", name=w("booking:finalStep.finish")))
            expect(c.get_by_text(w("booking:finalStep.finished"))).to_be_visible()

        # -- staff issue the terminal its publisher key --------------------------------------------------
        label = WALK_PUBLISHER
        with staff.turn():
            staff.menu(w("common:menu.Tracking"))
            expect(s.get_by_role("heading", name=w("tracking:publisherKeys.heading"))).to_be_visible(
                timeout=LIVE
            )
            who = s.get_by_label(w("tracking:publisherKeys.label"))
            # Wide enough for its example, and on a desktop for a terminal's whole name (it was 140 px).
            needed, has = who.evaluate(TEXT_WIDTH)
            assert needed <= has, f"'Who publishes with it' is {has}px wide for a {needed}px example"
            staff.fill(who, label)
            if width == DESKTOP["width"]:
                assert who.evaluate("el => el.scrollWidth <= el.clientWidth"), "the terminal's name is cut"
            staff.click(s.get_by_role("button", name=w("tracking:publisherKeys.create")))
            issued = s.get_by_test_id("issued-key")
            expect(issued).to_contain_text(label)
            key = issued.locator("code").inner_text()
            seen += staff.look("publisher-key")
            staff.click(s.get_by_role("button", name=w("tracking:publisherKeys.copied")))
        # -- the terminal publishes; the company reads each milestone in its port's time -----------------
        token = login(server, company_id, CUSTOMER_PASSWORD)
        reference = str(
            call(server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)["reference"]
        )
        tag = f"walk-{lang}-{width}-"  # each walk its own milestones (a second would correct the first's)
        now = datetime.now(UTC).replace(second=0, microsecond=0)
        gated, loaded, departed = (
            now - timedelta(hours=30),
            now - timedelta(hours=20),
            now - timedelta(hours=2),
        )
        plan = call(server, "GET", f"{BOOKING}/client/rate-requests/{rid}/sailing", token=token)["sailing"]
        eta = datetime.fromisoformat(plan["arrival"])  # the vessel keeps to the plan
        tehran, berlin = timezone(timedelta(hours=3, minutes=30)), timezone(timedelta(hours=1))
        # Each terminal writes its own offset: Tehran's at Bandar Abbas, Hamburg's at Hamburg.
        stamp = {
            "gi": f"{gated:%Y-%m-%dT%H:%M:%SZ}",
            "ld": loaded.astimezone(tehran).isoformat(),
            "dep": f"{departed:%Y-%m-%dT%H:%M:%SZ}",
            "eta": eta.astimezone(berlin).isoformat(),
        }
        milestones = [
            event(tag + "gi", "EQUIPMENT", "GTIN", "ACT", stamp["gi"], "IRBND", reference),
            event(tag + "ld", "EQUIPMENT", "LOAD", "ACT", stamp["ld"], "IRBND", reference),
            event(tag + "dep", "TRANSPORT", "DEPA", "ACT", stamp["dep"], "IRBND", reference),
            event(tag + "eta", "TRANSPORT", "ARRI", "EST", stamp["eta"], "DEHAM", reference)
            | {"eventUpdatedDateTime": stamp["dep"]},
        ]
        publish(server, key, milestones)
        with customer.turn():
            customer.click(mine.filter(visible=True).get_by_role("link", name=details))
            tracking = c.get_by_test_id("tracking-panel")
            expect(tracking).to_be_visible(timeout=LIVE)
            rows = tracking.get_by_role("listitem")
            gated_in = rows.filter(has_text=w("tracking:milestones.GTIN"))
            loaded_on = rows.filter(has_text=w("tracking:milestones.LOAD"))
            expect(gated_in).to_contain_text("Bandar Abbas")
            if persian:  # days in Solar Hijri, Persian digits: the checker reads them
                expect(loaded_on).to_contain_text(PERSIAN_DIGIT)
            else:
                expect(gated_in).to_contain_text(at_zone(gated, "Asia/Tehran"))
                expect(loaded_on).to_contain_text(at_zone(loaded, "Asia/Tehran"))
                expect(tracking.get_by_text(at_zone(eta, "Europe/Berlin")).first).to_be_visible()
            set_off = pattern(lang, "common:progressWords.stages.departed", port="Bandar Abbas")
            expect(tracking.get_by_role("status")).to_contain_text(set_off, timeout=LIVE)
            # The vessel left: the sailing says so, with no cut-off or estimate still ahead (decision 3853).
            sailing = c.get_by_role("region", name=w("field:sailing"))
            left_on = sailing.get_by_role("heading", name=w("common:sailingFacts.leftOn"))
            expect(left_on).to_be_visible(timeout=LIVE)
            expect(sailing.get_by_role("list", name=w("field:cut_offs"))).to_have_count(0)
            expect(sailing).not_to_contain_text(w("common:sailingFacts.estimatedTheCarrierHas"))
            # Its printed document too: the sailing it left on, when it left, no cut-off.
            report = c.frame_locator(f"iframe[title='{w('booking:finalStep.reportTitle')}']")
            expect(report.get_by_role("heading", name=w("common:sailingFacts.leftOn"))).to_be_visible()
            expect(report.get_by_role("heading", name=w("field:cut_offs"))).to_have_count(0)
            expect(report.get_by_role("columnheader", name=w("booking:report.atd"))).to_be_visible()
            tracking.scroll_into_view_if_needed()
            seen += customer.look("tracking")
            read_persian(c, "tracking")

        # -- the auditor finds the booking by the shipper's Latin name and reads its trail ---------------
        followers_caught_up(server)
        a = auditor.page
        with auditor.turn():
            wait_for_login(a, server, WALK_AUDITOR, AUDITOR_PASSWORD)
            auditor.sign_in(server, WALK_AUDITOR, AUDITOR_PASSWORD)
            seen += auditor.look("overview")
            auditor.menu(w("common:menu.Audit"))
            search = a.get_by_role("search", name=w("audit:search.title"))
            auditor.fill(search.get_by_label(w("audit:search.field")), ZAHRA_HOSSEINI[1])
            auditor.click(search.get_by_role("button", name=w("audit:search.submit")))
            found = a.get_by_role("article", name=w("audit:search.bookingLabel", reference=reference))
            expect(found).to_be_visible()
            seen += auditor.look("search")
            auditor.click(found.get_by_role("link", name=reference))
            milestone = a.get_by_role("article", name=audit_what(lang, "tracking_event.Published")).first
            expect(milestone).to_contain_text(label)
            confirmed_words = audit_what(lang, "RateRequest.BookingConfirmed")
            confirmed = a.get_by_role("article").filter(has_text=confirmed_words)
            expect(confirmed.first).to_be_visible()
            seen += auditor.look("trail")

        # -- every e-mail of the walk reads in words, with dates YYYY/MM/DD ------------------------------
        followers_caught_up(server)
        mails = [m for m in server.outbox() if m["channel"] == "email" and m["to"] == email]
        assert len(mails) >= 3, [m["subject"] for m in mails]
        for mail in mails:
            seen += [f"e-mail {mail['subject']!r}: {p}" for p in email_problems(mail)]

        assert seen == [], "\n".join(seen)
        figures = {
            "width": width,
            "customer": customer.figures(),
            "staff": staff.figures(),
            "auditor": auditor.figures(),
            "emails": len(mails),
        }
        out = ROOT / "test-output" / f"walk-{width}{suffix}.json"
        out.write_text(json.dumps(figures, indent=2))
        print(figures)
    finally:
        for context in contexts:
            context.close()
