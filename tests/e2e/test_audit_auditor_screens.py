"""An auditor's and staff's screens with a Persian-named customer who writes her name in Latin letters on her
papers, at both widths: found by either spelling, the trail names the terminal that published a milestone,
the as-of state in words and in readable columns, names isolated from the text around them, an overview
an auditor uses (in English and Persian, each panel's words clear of its edge), and unmatched tracking events
with the reference their publisher sent."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.corpus import STRAY_CONTAINER, ZAHRA_HOSSEINI
from tests.e2e.browser import (
    DESKTOP,
    crowding_the_edge,
    layout_problems,
    sign_in,
    whole_page_in_view,
)
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import (
    BOOKING,
    admin_token,
    booking_confirmed,
    call,
    followers_caught_up,
    foreign_customer,
    login,
    pending_registration,
    shipping_order,
)
from tests.e2e.test_audit_screens import AUDITOR_PASSWORD, AUDITOR_USERNAME, create_auditor, wait_for_login
from tests.e2e.words import Language, words

(FIRST, LAST), LATIN = ZAHRA_HOSSEINI
PERSIAN = f"{FIRST} {LAST}"
TERMINAL = "Jebel Ali terminal 2"
STRAY_REFERENCE = "FB-2026-99999"
ORDERED_CONTAINER = "BMOU0061950"  # in the seeded container list
# The booking's reference and its rate request's id.
Booked = tuple[str, str]


def publish(server: LiveServer, key: str, event: dict[str, Any]) -> None:
    request = urllib.request.Request(
        f"{server.url}/v3/events", data=json.dumps({"events": [event]}).encode(), method="POST"
    )
    request.add_header("Content-Type", "application/json")
    request.add_header("API-Key", key)
    with urllib.request.urlopen(request, timeout=20) as answer:
        assert answer.status == 200


def gate_in(event_id: str, container: str, reference: str) -> dict[str, Any]:
    return {
        "eventRouting": {
            "originatingParty": {"partyCode": "JEA", "codeListProvider": "ZZZ", "codeListName": "LCL"}
        },
        "eventID": event_id,
        "eventDateTime": "2026-01-10T08:00:00Z",
        "eventUpdatedDateTime": "2026-01-10T08:00:00Z",
        "eventLocation": {"UNLocationCode": "AEJEA", "facilityTypeCode": "POTE"},
        "eventClassification": {
            "eventTypeCode": "EQUIPMENT",
            "eventClassifierCode": "ACT",
            "equipmentEventTypeCode": "GTIN",
        },
        "equipmentDetails": {
            "equipmentReference": container,
            "ISOEquipmentCode": "22GP",
            "emptyIndicatorCode": "LADEN",
        },
        "shipmentDetails": {"documentReference": {"typeCode": "BKG", "reference": reference}},
    }


def zahras_booking(server: LiveServer) -> tuple[str, str]:
    """Her booking with a shipping order whose shipper is her Latin spelling, a milestone from a terminal,
    an event that matched nothing and a sign-up waiting in her Persian name: (reference, rate request id)."""
    username, password = foreign_customer(server, PERSIAN)
    token = login(server, username, password)
    rid = booking_confirmed(server, token, "Saffron")
    shipping_order(
        server, token, rid, [ORDERED_CONTAINER], supplier=(LATIN, "989121234567"), cargo="Saffron in tins"
    )
    reference = str(call(server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)["reference"])
    admin = admin_token(server)
    key = call(server, "POST", "/integrations/api/v1/admin/publisher-keys", {"label": TERMINAL}, token=admin)
    publish(server, key["key"], gate_in(f"jea-{rid}", ORDERED_CONTAINER, reference))
    publish(server, key["key"], gate_in(f"jea-stray-{rid}", STRAY_CONTAINER, STRAY_REFERENCE))
    pending_registration(server, PERSIAN)
    followers_caught_up(server)
    return reference, rid


# Saves the whole page under a name, its width added.
Shoot = Callable[[Page, str], None]


@pytest.fixture
def shoot(viewport: dict[str, int], screenshot_dir: Path) -> Shoot:
    width = "desktop" if viewport == DESKTOP else "phone"

    def save(page: Page, name: str) -> None:
        page.screenshot(path=str(screenshot_dir / f"{name}-{width}.png"), full_page=True)

    return save


def overview_panels_clear_of_the_edge(page: Page, screenshot_dir: Path, language: Language) -> None:
    """The auditor's overview panels (where to start, decisions by kind, the latest), each in a screenshot of
    its own, `audit-overview-<language>-<width>-<panel>.png`, with no heading or content at its edge."""
    w = words(language)
    main = page.get_by_role("main")
    expect(main.get_by_role("heading", name=w("audit:overview.latest"))).to_be_visible()
    panels = main.locator("section[aria-labelledby]")
    expect(panels).to_have_count(3)
    width = page.viewport_size["width"] if page.viewport_size else 0
    with whole_page_in_view(page):
        for panel in panels.all():
            name = str(panel.get_attribute("aria-labelledby")).removesuffix("-heading")
            panel.screenshot(path=str(screenshot_dir / f"audit-overview-{language}-{width}-{name}.png"))
    crowded = {panel.get_attribute("aria-labelledby"): crowding_the_edge(panel) for panel in panels.all()}
    assert not any(crowded.values()), crowded


def staff(page: Page, server: LiveServer) -> None:
    sign_in(page, server, ADMIN_USERNAME, ADMIN_PASSWORD)


@pytest.fixture(scope="module")
def booked(live_server: LiveServer) -> Booked:
    create_auditor(live_server)
    return zahras_booking(live_server)


def test_the_auditor_finds_her_by_the_latin_name_and_reads_the_terminal_and_an_overview(
    page: Page,
    viewport: dict[str, int],
    live_server: LiveServer,
    booked: Booked,
    shoot: Shoot,
    screenshot_dir: Path,
) -> None:
    reference, _ = booked
    wait_for_login(page, live_server, AUDITOR_USERNAME, AUDITOR_PASSWORD)
    sign_in(page, live_server, AUDITOR_USERNAME, AUDITOR_PASSWORD)

    # The overview: staff's decisions by kind, the latest linked to their bookings, the ways in.
    page.goto(f"{live_server.url}/dashboard/overview")
    decisions = page.get_by_role("region", name=re.compile(r"^Staff decisions in the last 30 days$"))
    expect(decisions.get_by_role("row", name=re.compile(r"^Booking confirmed \d+$"))).to_be_visible()
    latest = page.get_by_role("region", name="Latest staff decisions")
    expect(latest.get_by_role("link", name=reference).first).to_be_visible()
    expect(page.get_by_role("link", name="Find a booking\u2019s trail")).to_be_visible()
    assert layout_problems(page) == []
    shoot(page, "audit-overview")
    overview_panels_clear_of_the_edge(page, screenshot_dir, "en")

    # Her Latin spelling, her last name alone, her first name in lower case: her booking each time.
    for query in (LATIN, "Hosseini", "zahra"):
        page.goto(f"{live_server.url}/dashboard/audit")
        search = page.get_by_role("search", name="Find a booking's trail")
        search.get_by_label("Booking reference or person's name").fill(query)
        search.get_by_role("button", name="Find booking").click()
        found = page.get_by_role("article", name=f"Booking {reference}")
        expect(found).to_be_visible()
        expect(found.locator("bdi", has_text=PERSIAN).first).to_be_visible()
    shoot(page, "audit-search-latin")

    # The trail names the terminal whose key published the milestone.
    found.get_by_role("link", name=reference).click()
    milestone = page.get_by_role("article", name="Tracking milestone received")
    expect(milestone).to_contain_text(TERMINAL)
    expect(milestone).not_to_contain_text("by Tracking publisher")
    shoot(page, "audit-trail-terminal")

    # Persian typed into a field starts at its right edge.
    field = page.get_by_label("Booking reference or person's name")
    field.fill(PERSIAN)
    assert field.evaluate("el => el.matches(':dir(rtl)')")


def test_the_auditors_overview_reads_right_to_left_in_persian_its_panels_clear_of_the_edge(
    page: Page, viewport: dict[str, int], live_server: LiveServer, booked: Booked, screenshot_dir: Path
) -> None:
    wait_for_login(page, live_server, AUDITOR_USERNAME, AUDITOR_PASSWORD)
    sign_in(page, live_server, AUDITOR_USERNAME, AUDITOR_PASSWORD)
    page.evaluate("localStorage.setItem('freight.language', 'fa')")  # as the language switch leaves it
    page.goto(f"{live_server.url}/dashboard/overview")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    overview_panels_clear_of_the_edge(page, screenshot_dir, "fa")
    assert layout_problems(page) == []
    # The latest decisions are counted in Persian digits, as the rest of the page is written.
    counted = page.get_by_role("main").locator("ol").first
    assert counted.evaluate("list => getComputedStyle(list).listStyleType") == "persian"
    width = "desktop" if viewport == DESKTOP else "phone"
    page.screenshot(path=str(screenshot_dir / f"audit-overview-fa-{width}.png"), full_page=True)


def test_the_as_of_state_reads_in_words_and_its_columns_stay_readable(
    page: Page, viewport: dict[str, int], live_server: LiveServer, booked: Booked, shoot: Shoot
) -> None:
    _, rid = booked
    staff(page, live_server)
    page.goto(f"{live_server.url}/dashboard/audit/{rid}")
    # The state's label, in its own case: "Booking request submitted" is another entry's title.
    accepted = page.get_by_role("article").filter(has_text=re.compile("Booking Request")).first
    accepted.get_by_role("button", name="View as of this point").click()
    panel = page.get_by_role("region", name=re.compile(r"^State as of position \d+$"))
    expect(panel.get_by_text("Booking Request", exact=True)).to_be_visible()
    main = page.get_by_role("main").inner_text()
    assert "loi_pending" not in main and "not set" in main.replace("\n", " ")
    if viewport == DESKTOP:
        # Every "before" column is wide enough for its words (it was two letters wide beside the state).
        widths = page.locator("td[data-label='Before']").evaluate_all(
            "cells => cells.map(c => c.getBoundingClientRect().width)"
        )
        assert widths and min(widths) >= 90, widths
    assert layout_problems(page) == []
    shoot(page, "audit-as-of")


def test_the_as_of_tracking_line_reads_in_persian_as_the_customers_tracking_screen(
    page: Page, viewport: dict[str, int], live_server: LiveServer, booked: Booked, shoot: Shoot
) -> None:
    _, rid = booked
    staff(page, live_server)
    page.evaluate("localStorage.setItem('freight.language', 'fa')")  # as the language switch leaves it
    # As of a moment after its milestone (a moment the timeline's field takes, a day ahead whatever the zone).
    later = (datetime.now(UTC) + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    page.goto(f"{live_server.url}/dashboard/audit/{rid}?at={later}")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    line = page.get_by_test_id("as-of-tracking").locator("strong")
    expect(line).to_be_visible()
    said = line.inner_text()
    # The stage worded in Persian; only the place's name may be Latin (isolated), no English summary.
    assert re.search("[\u0600-\u06ff]", said) and "Gated in" not in said and "waiting" not in said, said
    assert layout_problems(page) == []
    shoot(page, "audit-as-of-tracking-fa")


def test_staff_read_names_isolated_and_unmatched_events_with_the_reference_sent(
    page: Page, viewport: dict[str, int], live_server: LiveServer, booked: Booked, shoot: Shoot
) -> None:
    reference, _ = booked
    staff(page, live_server)

    # The work queue isolates the name, so the age after it is not pulled into the Persian run.
    page.goto(f"{live_server.url}/dashboard/overview")
    queue = page.get_by_role("region", name=re.compile(r"^Registrations to review"))
    expect(queue.locator("bdi", has_text=PERSIAN).first).to_be_visible()
    # A booking's item isolates the reference, the name and the cargo, each alone: in a Persian page the
    # cargo's count ("1 x 20 ...") would otherwise be lent to the age after it.
    # Its own booking's item: other tests on this server may have orders of hers waiting too.
    orders = page.get_by_role("region", name=re.compile(r"^Shipping orders to review"))
    order = orders.get_by_role("listitem").filter(has_text=reference)
    expect(order.locator("bdi")).to_have_text([reference, PERSIAN, re.compile(r"^1 x 20 ")])
    expect(order).to_contain_text(f"{PERSIAN}: 1 x 20")
    shoot(page, "work-queue-persian")

    # Staff find her bookings by the Latin spelling too.
    page.goto(f"{live_server.url}/dashboard/operations")
    search = page.get_by_label("Search", exact=True)
    search.fill("Hosseini")
    expect(page.get_by_text(reference).first).to_be_visible()
    search.fill(PERSIAN)
    assert search.evaluate("el => el.matches(':dir(rtl)')")

    # The unmatched event: what happened in the tracking catalogue's words (decision 3836) and the reference
    # its publisher sent.
    page.goto(f"{live_server.url}/dashboard/tracking")
    stray = page.get_by_test_id("unmatched-event").filter(has_text=STRAY_CONTAINER).first
    expect(stray).to_contain_text("Gated in")
    expect(stray.get_by_test_id("sent-reference")).to_have_text(f"Reference sent: {STRAY_REFERENCE}")
    expect(stray).not_to_contain_text("GTIN")
    assert layout_problems(page) == []
    shoot(page, "tracking-unmatched")
