"""Customer and staff side by side: an amendment that needs a new price (customer
asks, staff see the fields side by side and quote, customer accepts, the booking reflects it), an amendment
staff decline, and a cancellation request staff confirm; `freight verify` is clean after each. Set-up up
to a confirmed booking goes through the API; every change and decision is made on the screens. axe runs on
both sides; screenshots are saved."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.e2e.browser import no_serious_violations, sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import BOOKING, PDF, admin_token, call, foreign_customer, login, quote, rate_request
from tests.e2e.test_booking_flow import UPLOAD_CHUNK
from tests.e2e.test_tracking_timeline import event, publish, publisher_key

WIDTHS = {"desktop": (1280, 800), "phone": (375, 812)}
LEFT_AT = "2026-01-06T23:10:00+08:00"  # the 7th in UTC: the screens say the port's day


def confirmed_booking(server: LiveServer, token: str, commodity: str) -> str:
    """A booking carried to `shipping_order` through the API: quoted, accepted, LOI sent, confirmed."""
    rid = rate_request(server, token, commodity)
    quote(server, rid, price=1200)
    call(server, "PUT", f"{BOOKING}/client/rate-requests/{rid}/approve", token=token)
    upload = httpx.post(
        f"{server.url}{UPLOAD_CHUNK}",
        headers={"Authorization": f"Bearer {token}"},
        data={"TotalChunks": "1", "ChunkNumber": "1", "FileId": f"loi-{rid}"},
        files={"File": ("loi.pdf", PDF[:10_240], "application/pdf")},
        timeout=20,
    )
    assert upload.status_code == 200, upload.text
    file_id = upload.json()["response"]["filePath"]
    documents = {"documents": [{"documentTypeId": 1, "fileId": file_id}]}
    call(server, "PUT", f"{BOOKING}/client/rate-requests/{rid}/booking-request", documents, token=token)
    call(server, "PUT", f"{BOOKING}/admin/rate-requests/{rid}/confirm-booking", token=admin_token(server))
    return rid


@dataclass
class Sides:
    customer: Page
    staff: Page
    token: str  # the customer's
    width: str  # a key of WIDTHS


@pytest.fixture(params=list(WIDTHS))
def sides(request: pytest.FixtureRequest, browser: Browser, live_server: LiveServer) -> Iterator[Sides]:
    """The customer's page and staff's, two contexts at the same width, and the customer's token; after the
    test, `freight verify` is clean."""
    width, height = WIDTHS[request.param]
    username, password = foreign_customer(live_server, f"Amend {request.param}")
    customer_context = browser.new_context(viewport={"width": width, "height": height})
    staff_context = browser.new_context(viewport={"width": width, "height": height})
    customer, staff = customer_context.new_page(), staff_context.new_page()
    sign_in(customer, live_server, username, password)
    sign_in(staff, live_server, ADMIN_USERNAME, ADMIN_PASSWORD)
    yield Sides(customer, staff, login(live_server, username, password), request.param)
    customer_context.close()
    staff_context.close()
    live_server.verify()  # after each test: a rebuild of the read models equals the live ones


def open_booking(page: Page, server: LiveServer, rid: str) -> None:
    page.goto(f"{server.url}/dashboard/bookings/rate-request/detail/{rid}")
    expect(page.get_by_role("heading", name="Changes to this booking")).to_be_visible()


def review(staff: Page, server: LiveServer, commodity: str) -> None:
    """Staff open the booking from the console's queue of changes waiting for a decision."""
    staff.goto(f"{server.url}/dashboard/operations")
    queue = staff.get_by_role("region", name="Changes waiting for a decision")
    queue.get_by_role("listitem").filter(has_text=commodity).get_by_role("button", name="Review").click()
    expect(staff.get_by_role("region", name="Changes asked for")).to_be_visible()


def no_page_overflow(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def booked(sides: Sides, server: LiveServer, cargo: str, *, opened: bool = True) -> tuple[str, str]:
    """A confirmed booking of `cargo` (named with the width: the two widths' runs share the console), open on
    the customer's page unless not `opened`: (id, commodity)."""
    commodity = f"{cargo} {sides.width}"
    rid = confirmed_booking(server, sides.token, commodity)
    if opened:
        open_booking(sides.customer, server, rid)
    return rid, commodity


def request_amendment(page: Page, button: str, fields: dict[str, str]) -> None:
    """The customer opens the amendment dialog with `button`, fills `fields` (label -> value) and sends it."""
    page.get_by_role("button", name=button).click()
    dialog = page.get_by_role("dialog", name="Request an amendment")
    for label, value in fields.items():
        dialog.get_by_label(label).fill(value)
    dialog.get_by_role("button", name="Request Amendment").click()
    expect(page.get_by_text("Amendment Requested", exact=True)).to_be_visible()


def checked_and_saved(page: Page, shots: Path, name: str) -> None:
    """No serious axe violation, no sideways scroll; the page saved as `name`."""
    no_serious_violations(page)
    no_page_overflow(page)
    page.screenshot(path=str(shots / f"{name}.png"), full_page=True)


def test_amendment_with_a_new_price_the_customer_accepts(
    sides: Sides, live_server: LiveServer, screenshot_dir: Path
) -> None:
    customer, staff, token, width = sides.customer, sides.staff, sides.token, sides.width
    rid, commodity = booked(sides, live_server, "Almonds")
    later = (date.today() + timedelta(days=30)).isoformat()
    request_amendment(
        customer, "Request amendment", {"Number of containers": "3", "Preferred shipping date": later}
    )
    changes = customer.get_by_role("region", name="Changes to this booking")
    expect(changes.get_by_role("row", name="Number of containers (changed) 1 3")).to_be_visible()
    checked_and_saved(customer, screenshot_dir, f"amendment-requested-{width}")

    review(staff, live_server, commodity)
    decision = staff.get_by_role("region", name="Changes asked for")
    expect(decision.get_by_role("row", name="Number of containers (changed) 1 3")).to_be_visible()
    expect(decision.get_by_role("button", name="Approve amendment")).to_have_count(0)  # a priced change
    # Priced in the first quote's editor from the booking's lines: what the 3 containers cost shows as typed.
    decision.get_by_label("Ocean freight (USD per container)").fill("1350")
    expect(decision.get_by_test_id("quote-booking-total")).to_have_text("$4,050.00")
    decision.get_by_label("Quote valid until").fill((date.today() + timedelta(days=3)).isoformat())
    no_serious_violations(staff)
    staff.screenshot(path=str(screenshot_dir / f"amendment-review-{width}.png"), full_page=True)
    decision.get_by_role("button", name="Quote new price").click()
    expect(decision.get_by_text("New Price Quoted", exact=True)).to_be_visible()
    # Staff read the breakdown and the total the customer is now asked to accept.
    quoted = decision.get_by_role("table", name="The new price's breakdown", exact=True)
    expect(quoted.get_by_test_id("booking-total")).to_have_text("$4,050.00")

    customer.reload()
    expect(changes.get_by_text("The change needs a new price: $1,350.00")).to_be_visible()
    # What the new price is made of and what it makes for the 3 containers asked, before it is accepted.
    # Named apart from the booking's own price breakdown on the same page, so each is found by its name.
    breakdown = customer.get_by_role("table", name="The new price's breakdown", exact=True)
    expect(changes.get_by_role("table", name="The new price's breakdown", exact=True)).to_have_count(1)
    expect(customer.get_by_role("table", name="Price breakdown", exact=True)).to_have_count(1)
    expect(breakdown.get_by_test_id("charge-line")).to_have_count(1)
    expect(breakdown.get_by_test_id("booking-total")).to_have_text("$4,050.00")
    checked_and_saved(customer, screenshot_dir, f"amendment-requoted-{width}")
    customer.get_by_role("button", name="Accept new price").click()
    # Asked once more, as the first quote was; Escape keeps the booking as it is.
    dialog = customer.get_by_role("dialog", name="Accept the new price?")
    expect(dialog).to_contain_text("$1,350.00 per container")
    customer.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)["quantity"] != 3
    customer.get_by_role("button", name="Accept new price").click()
    dialog.get_by_role("button", name="Accept new price").click()
    expect(customer.get_by_text("Amendment Approved", exact=True)).to_be_visible()
    detail = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)
    assert (detail["quantity"], detail["price"], detail["stateName"]) == (3, 1350, "shipping_order")
    # The shipping order the customer fills now asks for the amended number of containers.
    customer.reload()
    customer.get_by_role("button", name="Add Containers").click()
    containers = customer.get_by_role("dialog", name="Container Details")
    expect(containers.get_by_text("0/3")).to_be_visible()
    containers.press("Escape")
    customer.screenshot(path=str(screenshot_dir / f"amendment-approved-{width}.png"), full_page=True)


def test_amendment_declined_keeps_the_original(
    sides: Sides, live_server: LiveServer, screenshot_dir: Path
) -> None:
    customer, staff, token, width = sides.customer, sides.staff, sides.token, sides.width
    rid, commodity = booked(sides, live_server, "Cashews")
    request_amendment(customer, "Request amendment", {"Commodity": f"Walnuts {width}"})

    review(staff, live_server, commodity)
    decision = staff.get_by_role("region", name="Changes asked for")
    expect(
        decision.get_by_role("row", name=f"Commodity (changed) {commodity} Walnuts {width}")
    ).to_be_visible()
    decision.get_by_label("Message to the customer").fill("Walnuts need a fumigation certificate")
    decision.get_by_role("button", name="Decline amendment").click()
    expect(decision.get_by_text("Amendment Declined", exact=True)).to_be_visible()
    no_serious_violations(staff)
    customer.reload()
    expect(customer.get_by_text("Walnuts need a fumigation certificate")).to_be_visible()
    expect(customer.get_by_text("Amendment Declined", exact=True)).to_be_visible()
    checked_and_saved(customer, screenshot_dir, f"amendment-declined-{width}")
    detail = call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)
    assert (detail["commodity"], detail["quantity"], detail["price"]) == (commodity, 1, 1200)


def test_cancellation_request_confirmed_by_staff(
    sides: Sides, live_server: LiveServer, screenshot_dir: Path
) -> None:
    customer, staff, token, width = sides.customer, sides.staff, sides.token, sides.width
    rid, commodity = booked(sides, live_server, "Hazelnuts")
    customer.get_by_role("button", name="Request cancellation").click()
    dialog = customer.get_by_role("dialog", name="Request cancellation")
    dialog.get_by_label("Reason (optional)").fill("The buyer withdrew")
    dialog.get_by_role("button", name="Send request").click()
    expect(customer.get_by_text("Cancellation Requested", exact=True)).to_be_visible()
    expect(customer.get_by_role("button", name="Request amendment")).to_have_count(0)  # one change at a time

    review(staff, live_server, commodity)
    decision = staff.get_by_role("region", name="Changes asked for")
    expect(decision.get_by_text("Reason: The buyer withdrew")).to_be_visible()
    no_serious_violations(staff)
    no_page_overflow(staff)
    decision.get_by_role("button", name="Confirm cancellation").click()
    staff.get_by_role("dialog", name="Cancel this booking?").get_by_role(
        "button", name="Cancel the booking"
    ).click()
    expect(decision.get_by_text("Cancellation Confirmed", exact=True)).to_be_visible()
    customer.reload()
    expect(customer.get_by_text("Cancellation Confirmed", exact=True)).to_be_visible()
    customer.screenshot(path=str(screenshot_dir / f"cancellation-confirmed-{width}.png"), full_page=True)
    assert (
        call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)["stateName"]
        == "cancelled"
    )


def test_a_cancellation_asked_before_the_cargo_sailed_is_only_declined(
    sides: Sides, live_server: LiveServer, screenshot_dir: Path
) -> None:
    """The vessel leaves with the cargo while the cancellation waits (decision 3858): staff are told so and
    may only decline it; the customer is told why no cancellation is offered any more."""
    customer, staff, token, width = sides.customer, sides.staff, sides.token, sides.width
    rid, commodity = booked(sides, live_server, "Pistachios")
    customer.get_by_role("button", name="Request cancellation").click()
    customer.get_by_role("dialog", name="Request cancellation").get_by_role(
        "button", name="Send request"
    ).click()
    expect(customer.get_by_text("Cancellation Requested", exact=True)).to_be_visible()

    client = f"{BOOKING}/client/rate-requests/{rid}"
    port = call(live_server, "GET", f"{client}/sailing", token=token)["sailing"]["portOfLoading"]
    reference = call(live_server, "GET", client, token=token)["reference"]
    key = publisher_key(live_server, f"Sailing gate {width}")
    publish(live_server, key, [event(f"left-{rid}", "TRANSPORT", "DEPA", "ACT", LEFT_AT, port, reference)])

    review(staff, live_server, commodity)
    decision = staff.get_by_role("region", name="Changes asked for")
    expect(decision.get_by_role("alert")).to_contain_text("left with this booking's cargo on 2026/01/06")
    expect(decision.get_by_role("button", name="Confirm cancellation")).to_have_count(0)
    checked_and_saved(staff, screenshot_dir, f"cancellation-after-sailing-staff-{width}")
    decision.get_by_label("Message to the customer").fill("Your cargo is on board")
    decision.get_by_role("button", name="Decline cancellation").click()
    expect(decision.get_by_text("Cancellation Declined", exact=True)).to_be_visible()

    customer.reload()
    expect(customer.get_by_text("Cancellation Declined", exact=True)).to_be_visible()
    expect(customer.get_by_role("note")).to_contain_text("can no longer be cancelled")
    expect(customer.get_by_role("button", name="Request cancellation")).to_have_count(0)
    checked_and_saved(customer, screenshot_dir, f"cancellation-after-sailing-customer-{width}")
    assert call(live_server, "GET", client, token=token)["stateName"] == "shipping_order"


def test_staff_ask_for_an_amendment_and_the_customer_sends_it(
    sides: Sides, live_server: LiveServer, screenshot_dir: Path
) -> None:
    """DCSA use case 6 on the screens: staff ask with a reason from the console, the customer sees the
    reason and sends the amendment, staff approve it."""
    customer, staff, token, width = sides.customer, sides.staff, sides.token, sides.width
    rid, _ = booked(sides, live_server, "Walnuts", opened=False)

    staff.goto(f"{live_server.url}/dashboard/operations?open={rid}")
    panel = staff.get_by_role("region", name="Changes asked for")
    panel.get_by_role("button", name="Ask customer to amend").click()
    reason = "The vessel sails a week later: choose another date"
    panel.get_by_label("What the customer should change, and why").fill(reason)
    no_serious_violations(staff)
    panel.get_by_role("button", name="Ask customer to amend").click()
    expect(panel.get_by_text("Amendment Asked For", exact=True)).to_be_visible()
    expect(panel.get_by_text("Waiting for the customer's amendment.")).to_be_visible()

    open_booking(customer, live_server, rid)
    expect(customer.get_by_text(f"Staff ask you to amend: {reason}")).to_be_visible()
    checked_and_saved(customer, screenshot_dir, f"amendment-asked-{width}")
    later = (date.today() + timedelta(days=40)).isoformat()
    request_amendment(customer, "Send amendment", {"Preferred shipping date": later})

    staff.reload()
    panel = staff.get_by_role("region", name="Changes asked for")
    expect(panel.get_by_text(f"Asked of the customer: {reason}")).to_be_visible()
    panel.get_by_role("button", name="Approve amendment").click()
    expect(panel.get_by_text("Amendment Approved", exact=True)).to_be_visible()
    assert (
        call(live_server, "GET", f"{BOOKING}/client/rate-requests/{rid}", token=token)[
            "preferredShippingDate"
        ]
        == later
    )
