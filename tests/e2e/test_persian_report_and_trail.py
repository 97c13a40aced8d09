"""The draft bill of lading and the audit trail in Persian, at 1280x800 and 375x812: the report right to left
in the catalogue's words with Solar Hijri days, its phone and container numbers isolated left to right; the
trail's titles in Persian from the server. Screenshots: test-output/screenshots/report-fa-<width>-*.png."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.e2e.browser import DESKTOP, PHONE, full_shot, signed_in_page
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

fa = words("fa")
SUPPLIER_PHONE = "4940123456"


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_draft_bill_of_lading_and_the_trail_read_in_persian(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, viewport: dict[str, int]
) -> None:
    username, password, token = logged_in_customer(live_server, f"Report Readers {viewport['width']}")
    rid = booking_confirmed(live_server, token, "Pistachio kernels")
    accept_order(
        live_server,
        shipping_order(live_server, token, rid, ["BMOU0061950"], ("Hamburg Imports", SUPPLIER_PHONE)),
    )
    reference = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)["reference"]
    followers_caught_up(live_server)

    with signed_in_page(browser, live_server, viewport, username, password) as page:
        page.get_by_role("button", name="نمایش به فارسی").first.click()
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
        report = page.frame_locator("iframe").first
        expect(report.get_by_role("heading", name=fa("booking:report.titleDraft"))).to_be_visible(
            timeout=15_000
        )
        frame = page.frame(url=re.compile("/documents/report.html"))
        assert frame is not None
        assert frame.evaluate("document.documentElement.dir") == "rtl"
        assert frame.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), (
            "scrolls sideways"
        )
        phone = report.locator("bdi[dir=ltr]", has_text=SUPPLIER_PHONE)
        expect(phone).to_have_count(1)
        expect(report.locator("bdi[dir=ltr]", has_text="BMOU0061950").first).to_be_visible()
        assert re.search("[\u06f0-\u06f9]{4}/[\u06f0-\u06f9]{2}/[\u06f0-\u06f9]{2}", frame.inner_text("main"))
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), (
            "scrolls sideways"
        )
        full_shot(page, screenshot_dir, "report-fa", "booking")
        # The report's parties and containers up close (the full page is tall at the phone's width).
        for index, name in ((0, "rate-request"), (3, "parties"), (4, "containers")):
            part = (
                report.locator("dl, table").nth(index) if index == 0 else report.locator("table").nth(index)
            )
            part.screenshot(path=str(screenshot_dir / f"report-fa-{viewport['width']}-{name}.png"))

    with signed_in_page(browser, live_server, viewport, ADMIN_USERNAME, ADMIN_PASSWORD) as page:
        # Persian as the browser keeps it, not the switch: the switch saves the choice on the account, and
        # the admin every test on this server shares would read Persian in the tests after this one.
        page.evaluate("localStorage.setItem('freight.language', 'fa')")
        page.reload()
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        page.goto(f"{live_server.url}/dashboard/audit/bookings/{reference}")
        expect(page.get_by_role("heading", name="درخواست نرخ ثبت شد")).to_be_visible(timeout=15_000)
        expect(page.get_by_role("heading", name="دستور حمل را کارمند پذیرفت")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), (
            "scrolls sideways"
        )
        full_shot(page, screenshot_dir, "report-fa", "trail")
