"""The documents on A4 paper (page.pdf and the print media), English and Persian: the Final step's page prints
its report on the report's own page, never the app around a report cut at its frame (decision 3878); a
Persian letter is one A4 page, each signature line under its caption; the letter gives the shipper's address.
Screenshots: test-output/screenshots/printed-*.png (the print media, as on paper)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.browser import DESKTOP, REPORT_FRAME, report_settled, signed_in_page
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import (
    BOOKING,
    accept_order,
    booking_confirmed,
    call,
    followers_caught_up,
    logged_in_customer,
    shipping_order,
)
from tests.e2e.words import words


def _pages(pdf: bytes) -> int:
    """The number of pages of a PDF that Chromium wrote."""
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def _in_persian(page: Page) -> None:
    page.get_by_role("button", name="نمایش به فارسی").first.click()
    expect(page.locator("html")).to_have_attribute("dir", "rtl")


@pytest.mark.parametrize("language", ["en", "fa"])
def test_the_final_step_prints_its_report_on_its_own_page(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, language: Literal["en", "fa"]
) -> None:
    username, password, token = logged_in_customer(live_server, f"Report Printers {language}")
    rid = booking_confirmed(live_server, token, "Pistachio kernels")
    accept_order(live_server, shipping_order(live_server, token, rid, ["BMOU0061950"]))
    reference = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)["reference"]
    followers_caught_up(live_server)
    w = words(language)
    with signed_in_page(browser, live_server, DESKTOP, username, password) as page:
        if language == "fa":
            _in_persian(page)
        page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
        report_settled(page, reference)
        frame = page.frame(url=re.compile("/documents/report.html"))
        assert frame is not None
        # Ctrl+P on the step page prints the report's own page.
        frame.evaluate("() => { window.printed = 0; window.print = () => { window.printed += 1; }; }")
        page.get_by_role("heading", level=1).first.click()
        page.keyboard.press("Control+p")
        assert frame.evaluate("window.printed") == 1
        # And with the report in focus, the report, not the page around it.
        frame.locator("h1").click()
        page.keyboard.press("Control+p")
        assert frame.evaluate("window.printed") == 2
        # Printed from the browser's menu: no header, menu, steps or buttons, no report cut at its frame; the
        # note saying how to print the report, alone on one page.
        page.emulate_media(media="print")
        expect(page.get_by_text(w("booking:finalStep.printNote"))).to_be_visible()
        for chrome in ("header", "nav", REPORT_FRAME, "button", "h1"):
            expect(page.locator(chrome).first).to_be_hidden()
        page.screenshot(path=str(screenshot_dir / f"printed-final-step-{language}.png"), full_page=True)
        assert _pages(page.pdf(format="A4")) == 1


@pytest.mark.parametrize("language", ["en", "fa"])
def test_a_letter_prints_on_one_a4_page_with_the_shipper_s_address(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, language: str
) -> None:
    company = f"Letter Printers {language}"
    username, password, token = logged_in_customer(live_server, company)
    rid = booking_confirmed(live_server, token, "Pistachio kernels")
    shipping_order(live_server, token, rid, ["BMOU0061950"], supplier=(company, "4915100000001"))
    with signed_in_page(browser, live_server, DESKTOP, username, password) as page:
        if language == "fa":
            _in_persian(page)
        for kind in (1, 2):
            page.emulate_media(media="screen")
            page.goto(f"{live_server.url}/documents/letter.html?booking={rid}&type={kind}")
            # The template asks for the shipper's company and address: the customer's own, from her profile,
            # whatever the order's shipper party says (decision 3885).
            address = page.locator("dl > div").filter(has=page.locator("dt", has_text="Shipper's address"))
            expect(address.locator("dd")).to_have_text("Hafenstrasse 1, Hamburg")
            page.emulate_media(media="print")
            # Each signature line under its caption, on the one page.
            for caption in page.locator(".sign p").all():
                line = caption.locator(".line").bounding_box()
                box = caption.bounding_box()
                assert line and box and box["y"] <= line["y"] <= box["y"] + box["height"]
            page.screenshot(path=str(screenshot_dir / f"printed-letter{kind}-{language}.png"), full_page=True)
            assert _pages(page.pdf(format="A4")) == 1, f"letter {kind} in {language} runs onto a second page"
