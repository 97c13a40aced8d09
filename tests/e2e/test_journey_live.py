"""Proof: a customer and a staff member side by side (two browser contexts), from sign-up to
Finish, without a reload; each side sees the other's action by itself. Run in English at desktop and phone
widths and in Persian at the desktop width (elements found by catalogue key, tests/e2e/words.py; the Persian
checker reads three screens), axe checked on the way. The clicks and seconds of each side are printed (and
written to test-output/journey-<width>[-fa].json) for the closing note.

How soon "by itself" must be depends on the server: with the event stream (GET /events/api/v1/stream)
within 1 s; a server without it gets the web app's documented fallback (polling every 5 s, lib/live.ts)."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.e2e.accounts_support import choose_type, email_link, fill_company, phone_number, unique_id
from tests.e2e.browser import DESKTOP, PHONE, no_serious_violations, report_settled, sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import PDF
from tests.e2e.journeys import CountsActs
from tests.e2e.test_booking_persian import check
from tests.e2e.words import Language, number, staff_action, state_label, words
from tests.live_server import ROOT

PASSWORD = "Journey-Pass1"
STREAM = "/events/api/v1/stream"


def stream_offered(server: LiveServer) -> bool:
    """Whether the server has the event stream: without a token it refuses (401); an unknown path is the
    web app's page (200, HTML) or a 404."""
    try:
        with urllib.request.urlopen(f"{server.url}{STREAM}", timeout=5) as answer:
            return "text/event-stream" in answer.headers.get("Content-Type", "")
    except urllib.error.HTTPError as error:
        return error.code in (401, 403)


@dataclass
class Side(CountsActs):
    """One person's browser: counts their clicks and keystroke fields, and the time they spend."""

    page: Page
    clicks: int = 0
    fields: int = 0
    started: float = field(default_factory=time.monotonic)

    def choose(self, label: str, option: str) -> None:
        self.click(self.page.get_by_role("combobox", name=label))
        self.click(self.page.get_by_role("option", name=option).first)

    def summary(self) -> dict[str, Any]:
        return {
            "clicks": self.clicks,
            "fields": self.fields,
            "seconds": round(time.monotonic() - self.started, 1),
        }


def no_reload(page: Page) -> None:
    """Marks the document: if anything reloads it, the mark is gone."""
    page.evaluate("window.__journey = true")


def still_same_document(page: Page) -> None:
    assert page.evaluate("window.__journey === true"), "the page was reloaded"


# English at both widths, Persian at the desktop width (the phone's Persian screens are read right to left by
# test_every_screen_persian and test_booking_persian).
SIDES = [("en", DESKTOP), ("en", PHONE), ("fa", DESKTOP)]


@pytest.mark.parametrize(("lang", "viewport"), SIDES, ids=["en-desktop", "en-phone", "fa-desktop"])
def test_customer_and_staff_side_by_side_from_sign_up_to_finish(
    browser: Browser,
    live_server: LiveServer,
    lang: Language,
    viewport: ViewportSize,
    tmp_path: Path,
    screenshot_dir: Path,
) -> None:
    # Pushed changes show within seconds even on a loaded machine running tests in parallel; without the
    # stream the screens poll every 5 s.
    seen_within = 3_000 if stream_offered(live_server) else 7_000
    width, w, persian = viewport["width"], words(lang), lang == "fa"
    customer_context = browser.new_context(viewport=viewport)
    staff_context = browser.new_context(viewport=viewport)
    for context in (customer_context, staff_context):
        # The language the switch leaves in the browser, before anyone signs up or in.
        context.add_init_script(f"localStorage.setItem('freight.language', '{lang}')")
    suffix = "-fa" if persian else ""
    try:
        c = Side(customer_context.new_page())
        s = Side(staff_context.new_page())
        sign_in(s.page, live_server, ADMIN_USERNAME, ADMIN_PASSWORD, w)
        expect(s.page.locator("html")).to_have_attribute("dir", "rtl" if persian else "ltr")
        s.clicks += 1  # Log In
        no_reload(s.page)
        cargo = f"Pistachios {unique_id('J')}"

        # Sign-up (a foreign company: no SMS step).
        company_id = unique_id("F")
        email = f"{company_id.lower()}@example.com"
        c.page.goto(f"{live_server.url}/register")
        choose_type(c.page, w("accounts:startForm.types.2"), w)
        c.clicks += 2
        c.fill(c.page.get_by_label(w("profile:national_code")), company_id)
        c.click(c.page.get_by_role("switch", name=w("accounts:startForm.registeredOutsideIran")))
        c.click(c.page.get_by_role("button", name=w("accounts:startForm.continue")))
        fill_company(c.page, email, phone_number(), domestic=False, w=w)
        c.fields += 6
        if persian:
            check(c.page, screenshot_dir, "live-sign-up-form")
        c.click(c.page.get_by_role("button", name=w("accounts:registrationForm.submit")))
        done = c.page.get_by_role("dialog", name=w("accounts:signUp.successTitle"))
        c.click(done.get_by_role("button", name=w("accounts:confirm")))

        # Staff: the sign-up appears in the open overview by itself; accept it.
        registrations = s.page.get_by_role("region", name=w("admin:registrations.title")).or_(
            s.page.locator("section[aria-labelledby='registration-requests-heading']")
        )
        row = registrations.get_by_role("row").filter(has_text=company_id)
        expect(row).to_be_visible(timeout=seen_within)
        still_same_document(s.page)
        s.click(row.get_by_role("link"))
        s.click(s.page.get_by_role("button", name=w("admin:decision.accept")))
        s.click(s.page.get_by_role("dialog").get_by_role("button", name=w("admin:decision.confirm")))
        expect(s.page).to_have_url(f"{live_server.url}/dashboard/overview")

        # Customer: the e-mailed link, a password, log in.
        c.page.goto(email_link(live_server, email))
        c.fill(c.page.get_by_label(w("accounts:newPasswordFields.password"), exact=True), PASSWORD)
        c.fill(c.page.get_by_label(w("accounts:newPasswordFields.confirmPassword")), PASSWORD)
        c.click(c.page.get_by_role("button", name=w("accounts:createPassword.submit")))
        c.click(c.page.get_by_role("button", name=w("accounts:confirm")))
        sign_in(c.page, live_server, company_id, PASSWORD, w)
        c.fields += 2
        c.clicks += 1
        no_reload(c.page)

        # Customer asks for a rate; staff see it in the console they have open.
        if width < 768:  # the phone menu is a drawer
            s.click(s.page.get_by_role("button", name=w("common:shell.menu")))
        s.click(s.page.get_by_role("link", name=w("common:menu.Operations")).filter(visible=True).first)
        c.click(
            c.page.get_by_role("link", name=re.compile(re.escape(w("booking:bookings.newBooking")))).first
        )
        c.choose(w("field:pol_id"), "Shanghai")
        c.choose(w("field:pod_id"), "Singapore")
        c.choose(w("field:container_type_id"), w("reference:containerTypes.1"))
        c.choose(w("field:container_size_id"), w("reference:containerSizes.1"))
        c.fill(c.page.get_by_label(w("field:quantity")), "1")
        c.fill(c.page.get_by_label(w("field:commodity"), exact=True), cargo)
        c.fill(c.page.get_by_label(w("field:hs_code")), "080251")
        shipping = (date.today() + timedelta(days=20)).isoformat()
        c.fill(c.page.get_by_label(w("field:preferred_shipping_date")), shipping)
        c.click(c.page.get_by_role("button", name=w("booking:rateRequestForm.requestPrice")))
        # The new booking opens at once, waiting for its price.
        expect(c.page).to_have_url(re.compile(r"/dashboard/bookings/rate-request/detail/"))
        ops_row = s.page.get_by_test_id("ops-row").filter(has_text=cargo)
        expect(ops_row).to_be_visible(timeout=seen_within)
        still_same_document(s.page)

        # Staff quote; the customer's open list shows the price by itself.
        s.click(ops_row.get_by_role("button", name=w("operations:console.open")))
        panel = s.page.get_by_role("region", name=w("operations:detail.label"))
        quote = w("operations:detail.quote")
        s.click(panel.get_by_role("button", name=quote, exact=True))
        dialog = s.page.get_by_role("dialog", name=quote)
        s.fill(dialog.get_by_label(w("operations:quote.priceLabel")), "3700")
        s.fill(
            dialog.get_by_label(w("operations:quote.validUntil")),
            (date.today() + timedelta(days=5)).isoformat(),
        )
        s.click(dialog.get_by_role("button", name=w("operations:actionDialog.confirm")))
        # The customer's open booking shows the price by itself.
        offer = c.page.get_by_text(w("field:price") + ":")
        expect(offer).to_contain_text(number(lang, "$3,700.00"), timeout=seen_within)
        still_same_document(c.page)
        no_serious_violations(c.page)
        if persian:
            check(c.page, screenshot_dir, "live-price-quoted")

        # Customer accepts; the console offers nothing but waiting (no Quote) by itself.
        c.click(c.page.get_by_role("button", name=w("booking:pricePanel.accept")))
        c.click(c.page.get_by_role("dialog").get_by_role("button", name=w("booking:pricePanel.accept")))
        pending = state_label(lang, "rate_request", "loi_pending")
        expect(panel.get_by_text(pending).first).to_be_visible(timeout=seen_within)
        expect(panel.get_by_role("button", name=quote, exact=True)).to_have_count(0)

        # Customer sends the signed booking letter (the step accepting led to); staff see Confirm Booking
        # appear and confirm.
        loi = tmp_path / "loi.pdf"
        loi.write_bytes(PDF)
        letter = w("booking:bookingRequest.signed", name=w("reference:documentTypes.1"))
        c.page.get_by_label(letter).set_input_files(str(loi))
        c.fields += 1
        expect(c.page.get_by_text(w("booking:fileUpload.uploaded")).first).to_be_visible()
        c.click(c.page.get_by_role("button", name=w("booking:bookingRequest.submit")))
        confirming = staff_action(lang, "confirm_booking")
        confirm = panel.get_by_role("button", name=confirming)
        expect(confirm).to_be_visible(timeout=seen_within)
        s.click(confirm)
        confirm_dialog = s.page.get_by_role("dialog", name=confirming)
        s.click(confirm_dialog.get_by_role("button", name=w("operations:actionDialog.confirm")))

        # The customer's open step moves on to the shipping order by itself.
        order_title = c.page.get_by_role("heading", name=w("booking:shippingOrder.title")).first
        expect(order_title).to_be_visible(timeout=seen_within)
        still_same_document(c.page)
        submit = w("booking:actions.submit")
        c.click(c.page.get_by_role("button", name=w("booking:shippingOrder.addShipper")))
        d = c.page.get_by_role("dialog")
        c.fill(d.get_by_label(w("booking:party.fullName")), "Supplier Co")
        c.fill(d.get_by_label(w("booking:party.mobile")), "4915100000001")
        c.fill(d.get_by_label(w("booking:party.fullAddress")), "Supplier street 1")
        c.click(d.get_by_role("button", name=submit))
        c.click(c.page.get_by_role("button", name=w("booking:shippingOrder.addConsignee")))
        d = c.page.get_by_role("dialog")
        c.fill(d.get_by_label(w("booking:party.fullName"), exact=True), "Consignee Pte Ltd")
        c.fill(d.get_by_label(w("booking:party.mobile"), exact=True), "6512345678")
        c.fill(d.get_by_label(w("booking:party.fullAddress"), exact=True), "Consignee road 2")
        c.click(d.get_by_label(w("booking:party.notifySame")))
        c.click(d.get_by_role("button", name=submit))
        c.click(c.page.get_by_role("button", name=w("booking:shippingOrder.addContainers")))
        d = c.page.get_by_role("dialog")
        c.fill(d.get_by_label(w("booking:containerDialog.numbers")), "BMOU 006195 0")
        expect(d.get_by_text(w("booking:containerDialog.chosen", name="BMOU0061950"))).to_be_visible()
        c.fill(d.get_by_label(w("booking:containerDialog.seal")), "SEAL-0001")
        c.fill(d.get_by_label(w("booking:containerDialog.count")), "120")
        c.fill(d.get_by_label(w("booking:containerDialog.grossWeight")), "21000")
        c.fill(d.get_by_label(w("booking:containerDialog.netWeight")), "19500")
        c.click(d.get_by_role("button", name=w("booking:containerDialog.addButton")))
        c.click(d.get_by_role("button", name=submit))
        c.fill(
            c.page.get_by_label(w("field:cargo_description")),
            "Roasted pistachios in 25 kg cartons",
        )
        c.click(c.page.get_by_role("button", name=w("booking:actions.continue")))
        expect(c.page.get_by_text(w("booking:shippingOrder.sent"))).to_be_visible()
        mine = c.page.locator("[data-testid=booking-row], [data-testid=booking-card]").filter(has_text=cargo)
        details = re.compile(re.escape(w("booking:bookings.viewDetails")))
        c.click(mine.filter(visible=True).get_by_role("link", name=details))
        expect(c.page.get_by_text(w("booking:detail.orderUnderReview"))).to_be_visible()

        # Staff see the order with its container, and accept it.
        order = s.page.get_by_role("region", name=w("common:bookingFacts.shippingOrderDetails"))
        expect(order.get_by_text("BMOU0061950")).to_be_visible(timeout=seen_within)
        expect(order.get_by_text("SEAL-0001")).to_be_visible()
        no_serious_violations(s.page)
        s.page.screenshot(
            path=str(screenshot_dir / f"journey-{width}{suffix}-console-order.png"), full_page=True
        )
        if persian:
            check(s.page, screenshot_dir, "live-console-order")
        accept = w("operations:orderActions.order_accept.title")
        s.click(panel.get_by_role("button", name=accept))
        s.click(
            s.page.get_by_role("dialog", name=accept).get_by_role(
                "button", name=w("operations:actionDialog.confirm")
            )
        )

        # The customer's open step turns to Final by itself; Finish.
        final = c.page.get_by_role("heading", name=w("booking:detail.titles.finalReport"))
        expect(final).to_be_visible(timeout=seen_within)
        confirmation = c.page.get_by_label(w("booking:finalStep.confirm"))
        finish = c.page.get_by_role("button", name=w("booking:finalStep.finish"))
        # Wait on the state that enables Finish, not on time: the report laid out (the box below it stays
        # put), the box checked and the button enabled.
        report_settled(c.page, "BMOU0061950")
        c.clicks += 1
        confirmation.check()
        expect(confirmation).to_be_checked()
        expect(finish).to_be_enabled()
        c.page.screenshot(path=str(screenshot_dir / f"journey-{width}{suffix}-final.png"), full_page=True)
        c.click(finish)
        expect(c.page.get_by_text(w("booking:finalStep.finished"))).to_be_visible()
        still_same_document(c.page)

        # Staff see it completed by itself.
        completed = state_label(lang, "rate_request", "completed")
        expect(panel.get_by_text(completed).first).to_be_visible(timeout=seen_within)
        expect(panel.get_by_role("button", name=accept)).to_have_count(0)
        still_same_document(s.page)

        numbers = {"width": width, "seenWithinMs": seen_within, "customer": c.summary(), "staff": s.summary()}
        out = ROOT / "test-output" / f"journey-{width}{suffix}.json"
        out.write_text(json.dumps(numbers, indent=2))
        print(numbers)
    finally:
        customer_context.close()
        staff_context.close()
