"""The staff overview's quoting table tells the time to quote apart for requests priced from the tariff and
requests staff priced by hand (decision 3914), and how many still wait for a price (decision 3919), at 1280
and 375 in English and Persian; nothing of the panel is clipped in its screenshot, the chart's words are
drawn at 11 px at least (a phone's too), and every panel of the overview keeps its words clear of its border.
Screenshots of each.

The lane (Dalian -> Long Beach) is one no other browser test asks for: the server is shared by the session."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.browser import (
    DESKTOP,
    PHONE,
    chart_text_under,
    crowding_the_edge,
    layout_problems,
    no_serious_violations,
    signed_in_staff,
    too_close_to_the_edge,
    whole_page_in_view,
)
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import _lookup_id, logged_in_customer, publish_tariff, quote, rate_request
from tests.e2e.words import Language, words

TARIFF = (
    "pol,pod,container_size,container_type,cargo,valid_from,valid_to,ocean_freight,baf,thc_origin,"
    "thc_destination,dg_surcharge,reefer_surcharge,documentation_fee\n"
    "CNDLC,USLGB,20,Dry,general,{start},{end},2100,230,150,140,0,0,50\n"
)
LANE = {"polId": "Dalian", "podId": "Long Beach"}
# A sideways-scrolling box to its end: right in English, left in Persian (negative scrollLeft).
TO_THE_END = "(box) => { box.scrollLeft = (getComputedStyle(box).direction === 'rtl' ? -1 : 1) * 9999; }"


@pytest.fixture(scope="module")
def quoted_both_ways(live_server: LiveServer) -> None:
    """This week: two requests priced from the tariff as they were asked for, one priced by staff, one left
    waiting for a price."""
    publish_tariff(live_server, TARIFF, days=30)
    _, _, token = logged_in_customer(live_server, "Dalian Export Works")
    lane = {key: _lookup_id(live_server, token, "port/loadings", name) for key, name in LANE.items()}
    for commodity in ("Cast iron pans", "Enamel pots"):
        rate_request(live_server, token, commodity, **lane)
    later = (date.today() + timedelta(days=45)).isoformat()  # after the rows' days: staff's
    quote(live_server, rate_request(live_server, token, "Steel kettles", **lane, preferredShippingDate=later))
    rate_request(live_server, token, "Copper trays", **lane, preferredShippingDate=later)


Side = tuple[Language, ViewportSize]


@pytest.fixture
def side(request: pytest.FixtureRequest) -> Side:
    """The language and the width the staff page is read in."""
    found: Side = request.param
    return found


@pytest.fixture
def staff_page(browser: Browser, live_server: LiveServer, side: Side) -> Iterator[Page]:
    yield from signed_in_staff(browser, live_server, side[1], side[0])


@pytest.mark.parametrize(
    "side",
    [("en", DESKTOP), ("fa", DESKTOP), ("en", PHONE), ("fa", PHONE)],
    ids=["en-desktop", "fa-desktop", "en-phone", "fa-phone"],
    indirect=True,
)
def test_the_overview_tells_tariff_quotes_and_staff_quotes_apart(
    quoted_both_ways: None, side: Side, staff_page: Page, screenshot_dir: Path
) -> None:
    language, size = side
    w = words(language)
    title = staff_page.get_by_role("heading", name=w("admin:quoting.title"))
    expect(title).to_be_visible()
    table = staff_page.get_by_role("table", name=w("admin:quoting.byWeek"))
    for head in ("admin:quoting.waiting", "admin:quoting.fromTariff", "admin:quoting.byStaff"):
        expect(table.get_by_role("columnheader", name=w(head))).to_be_visible()
    this_week = staff_page.get_by_test_id("quoting-week").first
    # Staff quoted this week (this test's request, at least): a time, not "no staff quotes".
    expect(this_week.get_by_role("cell")).to_have_count(9)
    expect(this_week).not_to_contain_text(w("admin:quoting.noStaffQuotes"))
    # One of this week's requests (this test's, at least) waits for a price: how many, and the oldest's wait.
    oldest = w("admin:quoting.waitingCount", n="", wait="").strip(" ()")
    expect(this_week.get_by_role("cell").nth(2)).to_contain_text(oldest)
    no_serious_violations(staff_page)
    assert layout_problems(staff_page) == []
    # The panel itself: the overview scrolls inside its main area, below the work queue.
    panel = staff_page.locator("section[aria-labelledby=quoting-heading]")
    assert too_close_to_the_edge(panel) == []
    # The chart's week and share labels stay readable on a phone: not scaled down with the chart.
    assert chart_text_under(panel, 11) == []
    # Every panel of the overview (the work queue, quoting, registration and edit requests): its headings and
    # content clear of its border.
    main = staff_page.get_by_role("main")
    expect(main.get_by_role("heading", name=w("admin:edits.title"))).to_be_visible()
    panels = [
        found
        for found in main.locator("section[aria-labelledby]").all()
        if found.evaluate("(panel) => !panel.parentElement.closest('section[aria-labelledby]')")
    ]
    assert len(panels) >= 4, "the overview's panels are not all shown"
    crowded = {found.get_attribute("aria-labelledby"): crowding_the_edge(found) for found in panels}
    assert not any(crowded.values()), crowded
    with whole_page_in_view(staff_page):
        panel.screenshot(path=str(screenshot_dir / f"quoting-by-way-{language}-{size['width']}.png"))
        region = staff_page.get_by_role("region", name=w("admin:quoting.byWeek"))
        if size == DESKTOP:  # every column in sight: the table does not scroll at a desktop's width
            assert region.evaluate("(box) => box.scrollWidth - box.clientWidth") <= 0
        if size == PHONE:  # the table scrolls sideways on a phone: staff's columns at its far end
            region.evaluate(TO_THE_END)
            expect(this_week.get_by_role("cell").nth(6)).to_be_in_viewport()
            panel.screenshot(
                path=str(screenshot_dir / f"quoting-by-way-{language}-{size['width']}-staff.png"),
            )
