"""Proof in the browser: a confirmed booking's screen and the bookings list are open (two tabs)
while a terminal publishes DCSA Track & Trace events; the progress and the timeline appear on the booking and
where it is appears on the list, each without a reload, at desktop and phone widths, axe checked, screenshots
kept (test-output/screenshots/tracking-<width>.png and tracking-list-<width>.png). And the customer's
overview: "On the way" appears and changes as the vessel departs and its arrival is estimated, without a
reload (overview-on-the-way-<width>.png)."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.corpus import TRACKED_CONTAINERS
from tests.e2e.browser import DESKTOP, PHONE, no_serious_violations, sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import BOOKING, admin_token, booking_confirmed, call, foreign_customer, login

PARTY = {"partyCode": "FRT", "codeListProvider": "ZZZ", "codeListName": "LCL"}


def publish(server: LiveServer, key: str, events: list[dict[str, Any]]) -> None:
    request = urllib.request.Request(
        f"{server.url}/v3/events", data=json.dumps({"events": events}).encode(), method="POST"
    )
    request.add_header("Content-Type", "application/json")
    request.add_header("API-Key", key)
    with urllib.request.urlopen(request, timeout=20) as answer:
        assert answer.status == 200


def event(
    event_id: str, kind: str, code: str, classifier: str, when: str, port: str, reference: str
) -> dict[str, Any]:
    field = "equipmentEventTypeCode" if kind == "EQUIPMENT" else "transportEventTypeCode"
    body: dict[str, Any] = {
        "eventRouting": {"originatingParty": PARTY},
        "eventID": event_id,
        "eventDateTime": when,
        "eventUpdatedDateTime": when,
        "eventLocation": {"UNLocationCode": port},
        "eventClassification": {"eventTypeCode": kind, "eventClassifierCode": classifier, field: code},
        "shipmentDetails": {"documentReference": {"typeCode": "BKG", "reference": reference}},
    }
    if kind == "EQUIPMENT":
        body["equipmentDetails"] = {"equipmentReference": TRACKED_CONTAINERS[0]}
    else:
        body["transportDetails"] = {"transportCall": {"vesselTransport": {"vesselName": "KING OF THE SEAS"}}}
    return body


@dataclass
class Booked:
    username: str
    password: str
    token: str
    rid: str
    reference: str


def confirmed_booking(server: LiveServer, company: str, cargo: str) -> Booked:
    """A new customer's booking of `cargo` confirmed through the API, with the reference a terminal names."""
    username, password = foreign_customer(server, company)
    token = login(server, username, password)
    rid = booking_confirmed(server, token, cargo)
    reference = call(server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)["reference"]
    return Booked(username, password, token, rid, reference)


def publisher_key(server: LiveServer, label: str) -> str:
    """A publisher key staff issue through the API, for a terminal to publish events with."""
    path = "/integrations/api/v1/admin/publisher-keys"
    return str(call(server, "POST", path, {"label": label}, token=admin_token(server))["key"])


@contextmanager
def customer_page(browser: Browser, server: LiveServer, booked: Booked, size: ViewportSize) -> Iterator[Page]:
    """The booking's customer signed in, in a browser context of its own at `size`, closed afterwards."""
    context = browser.new_context(viewport=size)
    try:
        page = context.new_page()
        sign_in(page, server, booked.username, booked.password)
        yield page
    finally:
        context.close()


def scrolls_sideways(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth > document.documentElement.clientWidth"))


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_milestones_appear_on_the_open_booking_screen(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, size: ViewportSize
) -> None:
    booked = confirmed_booking(live_server, f"Tracked Traders {size['width']}", "Saffron")
    rid, reference = booked.rid, booked.reference
    key = publisher_key(live_server, f"Bandar Abbas gate {size['width']}")
    with customer_page(browser, live_server, booked, size) as page:
        listing = page.context.new_page()
        listing.goto(f"{live_server.url}/dashboard/bookings")
        # The list's rows are a table on a desktop and cards on a phone.
        rows = listing.get_by_test_id("booking-row" if size["width"] == DESKTOP["width"] else "booking-card")
        row = rows.filter(has_text=reference if size["width"] == DESKTOP["width"] else "Saffron")
        expect(row).to_have_count(1)
        expect(row.get_by_test_id("booking-progress")).to_have_count(0)
        page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
        expect(page.get_by_text(reference).first).to_be_visible()
        for tab in (page, listing):
            tab.evaluate("window.__tracking = true")
        expect(page.get_by_test_id("tracking-panel")).to_have_count(0)
        tag = f"{size['width']}-"
        publish(
            live_server,
            key,
            [
                event(tag + "gi", "EQUIPMENT", "GTIN", "ACT", "2026-01-05T08:00:00Z", "IRBND", reference),
                event(tag + "ld", "EQUIPMENT", "LOAD", "ACT", "2026-01-06T08:00:00Z", "IRBND", reference),
                event(tag + "pln", "TRANSPORT", "ARRI", "PLN", "2026-01-12T08:00:00Z", "DEHAM", reference)
                | {"eventUpdatedDateTime": "2026-01-01T00:00:00Z"},
                event(tag + "eta", "TRANSPORT", "ARRI", "EST", "2026-01-14T08:00:00Z", "DEHAM", reference)
                | {"eventUpdatedDateTime": "2026-01-07T00:00:00Z"},
            ],
        )
        words = "Loaded on KING OF THE SEAS at Bandar Abbas, arriving Hamburg 2026/01/14, 2 days late"
        panel = page.get_by_test_id("tracking-panel")
        # Live: the event stream within a second, or the documented polling fallback (5 s).
        expect(panel).to_be_visible()
        expect(panel.get_by_role("status")).to_have_text(words)
        # The four events, then the departure the booking was confirmed on (an estimated sailing, later).
        expect(panel.get_by_role("listitem")).to_have_count(5)
        expect(panel.get_by_role("listitem").nth(3)).to_contain_text("Arrival (estimated)")
        expect(panel.get_by_role("listitem").nth(4)).to_contain_text("Departure (planned)")
        # The list, open in the other tab, says where the booking is too, and that it is late.
        where = row.get_by_test_id("booking-progress")
        expect(where).to_have_text(words)
        expect(where).to_have_attribute("data-late", "true")
        # The vessel departs: both move on.
        departed = event(tag + "dep", "TRANSPORT", "DEPA", "ACT", "2026-01-06T20:00:00Z", "IRBND", reference)
        publish(live_server, key, [departed])
        moved = "Departed Bandar Abbas on KING OF THE SEAS, arriving Hamburg 2026/01/14, 2 days late"
        expect(where).to_have_text(moved)
        expect(panel.get_by_role("status")).to_have_text(moved)
        expect(panel.get_by_role("listitem")).to_have_count(6)
        for tab in (page, listing):
            assert tab.evaluate("window.__tracking === true"), "a page was reloaded"
            assert not scrolls_sideways(tab), "the page scrolls sideways"
            no_serious_violations(tab)
        panel.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / f"tracking-{size['width']}.png"), full_page=True)
        listing.bring_to_front()
        listing.screenshot(path=str(screenshot_dir / f"tracking-list-{size['width']}.png"), full_page=True)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_overview_says_what_is_on_the_way_live(
    browser: Browser, live_server: LiveServer, screenshot_dir: Path, size: ViewportSize
) -> None:
    """The customer's overview is open when the vessel carrying a confirmed booking departs: "On the way"
    appears with the booking and where it is, then changes with the next event, each without a reload
    (test-output/screenshots/overview-on-the-way-<width>.png)."""
    booked = confirmed_booking(live_server, f"Overview Followers {size['width']}", "Pistachios")
    rid, reference = booked.rid, booked.reference
    key = publisher_key(live_server, f"Bandar Abbas berth {size['width']}")
    with customer_page(browser, live_server, booked, size) as page:  # signed in: on the overview
        expect(page.get_by_role("heading", name=re.compile(r"^Waiting for you"))).to_be_visible()
        page.evaluate("window.__overview = true")
        on_the_way = page.get_by_role("region", name=re.compile(r"^On the way"))
        expect(on_the_way).to_have_count(0)  # nothing tracked yet

        tag = f"overview-{size['width']}-"
        departed = event(tag + "dep", "TRANSPORT", "DEPA", "ACT", "2026-01-06T20:00:00Z", "IRBND", reference)
        publish(live_server, key, [departed])
        # Live: the event stream within a second, or the documented polling fallback (5 s).
        expect(on_the_way.get_by_role("heading")).to_have_text("On the way (1)")
        row = on_the_way.get_by_test_id("underway-row")
        expect(row).to_have_count(1)
        link = row.get_by_role("link")
        expect(link).to_have_text(re.compile(rf"^{reference} · .*Pistachios$"))
        expect(link).to_have_attribute("href", f"/dashboard/bookings/rate-request/detail/{rid}")
        where = row.get_by_test_id("booking-progress")
        # Confirmed on an estimated sailing, the booking knows where and when it arrives.
        arriving = re.compile(r"^Departed Bandar Abbas on KING OF THE SEAS, arriving Singapore ")
        expect(where).to_have_text(arriving)
        expect(where).to_have_attribute("data-stage", "departed")

        # The carrier then estimates the arrival: the same row changes, still without a reload.
        eta = event(tag + "eta", "TRANSPORT", "ARRI", "EST", "2026-01-14T08:00:00Z", "DEHAM", reference)
        publish(live_server, key, [eta | {"eventUpdatedDateTime": "2026-01-07T00:00:00Z"}])
        expect(where).to_have_text("Departed Bandar Abbas on KING OF THE SEAS, arriving Hamburg 2026/01/14")
        expect(row).to_have_count(1)

        assert page.evaluate("window.__overview === true"), "the overview was reloaded"
        assert not scrolls_sideways(page), "the page scrolls sideways"
        no_serious_violations(page)
        on_the_way.scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / f"overview-on-the-way-{size['width']}.png"), full_page=True)
