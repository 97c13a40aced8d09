"""A colleague half-way through typing the shipping order while the company's owner sends it (decision 3886):
her screen says who sent it and when, that her typing was not sent, and keeps what she typed to read or copy
until she closes the note. Two people, two browser contexts, at the desktop's width and the phone's. The
booking request's documents too: sent by one colleague, replaced by the owner while another colleague was
choosing replacements. Screenshots: test-output/screenshots/colleague-order-sent-meanwhile-<width>.png and
colleague-documents-replaced-meanwhile-<width>.png."""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Locator, Page, ViewportSize, expect

from tests.corpus import TEAM_COLLEAGUES
from tests.e2e.browser import browser_of, layout_problems, sign_in
from tests.e2e.conftest import DESKTOP, PHONE, LiveServer, in_both_languages
from tests.e2e.customers import (
    BOOKING,
    PDF,
    accept_quote,
    booking_confirmed,
    call,
    logged_in_customer,
    login,
    quote,
    rate_request,
    upload_pdf,
)
from tests.e2e.screens import add_container
from tests.e2e.test_journey_details import moment
from tests.e2e.words import Language, pattern, words

REZA = TEAM_COLLEAGUES[0]
MARYAM = TEAM_COLLEAGUES[1]
WIDTHS = pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
TEAM = "/account/api/v1/client/team"
PASSWORD = "Colleague-Pass7"
LIVE = 30_000  # the colleague's screen follows the owner's send through the event stream


def _joined(server: LiveServer, owner: str, name: str, email: str) -> None:
    """`name` invited as a booker by the owner and joined with the e-mailed link."""
    call(server, "POST", f"{TEAM}/invitations", {"email": email, "name": name, "role": "booker"}, owner)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        links = [
            m["data"]["link"]
            for m in server.outbox()
            if m.get("to") == email and "/team/invitation" in (m.get("data") or {}).get("link", "")
        ]
        if links:
            token = parse_qs(urlparse(links[-1]).query)["token"][0]
            call(server, "POST", f"/account/api/v1/team/invitations/{token}/accept", {"password": PASSWORD})
            return
        time.sleep(0.2)
    raise AssertionError(f"no invitation reached {email}")


def _keyboard_on_the_note(note: Locator) -> None:
    """The form he was in is gone with the field he was in: the note saying why has the keyboard, not the
    page's body (where the next Tab would start again at the page's top), and it is in sight: on a phone the
    form he was in was far below it."""
    expect(note.get_by_role("heading")).to_be_focused()
    expect(note.get_by_role("heading")).to_be_in_viewport()


def _send_order(page: Page) -> None:
    """The whole order typed and sent on the screen."""
    page.get_by_role("button", name="Add Shipper").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Full Name").fill("Supplier Co")
    dialog.get_by_label("Mobile Number").fill("4915100000001")
    dialog.get_by_label("Full Address").fill("Supplier street 1")
    dialog.get_by_role("button", name="Submit").click()
    page.get_by_role("button", name="Add Consignee").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Full Name", exact=True).fill("Consignee Co")
    dialog.get_by_label("Mobile Number", exact=True).fill("6512345678")
    dialog.get_by_label("Full Address", exact=True).fill("Consignee road 2")
    dialog.get_by_label("Notify party same as consignee").check()
    dialog.get_by_role("button", name="Submit").click()
    page.get_by_role("button", name="Add Containers").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Container Numbers").fill("BMOU")
    dialog.get_by_role("list", name="Container search results").get_by_role("button").first.click(
        timeout=10_000
    )
    add_container(dialog, "SEAL-OWNER", "100", "20000", "18000")
    dialog.get_by_role("button", name="Submit").click()
    page.get_by_label("Cargo Description").fill("Pistachios as the owner wrote them")
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_text("Shipping order sent")).to_be_visible()


@WIDTHS
def test_the_colleague_is_told_who_sent_the_order_she_was_typing(
    page: Page, live_server: LiveServer, screenshot_dir: Path, size: ViewportSize
) -> None:
    company, company_password, owner = logged_in_customer(live_server, "Pars Export Co.")
    email = f"meanwhile.{size['width']}.{REZA[1]}"
    _joined(live_server, owner, REZA[0], email)
    booking = booking_confirmed(live_server, owner, "Pistachios")
    detail = f"{live_server.url}/dashboard/bookings/rate-request/detail/{booking}"

    # Reza, the colleague, begins the shipping order: half of it typed, nothing sent.
    page.set_viewport_size(size)
    sign_in(page, live_server, email, PASSWORD)
    page.goto(detail)
    page.get_by_label("Cargo Description").fill("Saffron, 40 cartons, typed by Reza")
    page.get_by_role("button", name="Add Shipper").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Full Name").fill("Reza's Supplier")
    dialog.get_by_label("Mobile Number").fill("4915100000002")
    dialog.get_by_label("Full Address").fill("Reza street 9")
    dialog.get_by_role("button", name="Submit").click()

    # Meanwhile the owner, in her own browser, sends the order.
    owner_context = browser_of(page).new_context(viewport={"width": 1280, "height": 900})
    owner_page = owner_context.new_page()
    sign_in(owner_page, live_server, company, company_password)
    owner_page.goto(detail)
    _send_order(owner_page)
    owner_context.close()

    # Reza's screen moves on and says who sent it, that his typing was not sent, and keeps it.
    note = page.get_by_role("alert").filter(has_text="sent this shipping order at")
    expect(note).to_be_visible(timeout=LIVE)
    expect(note.get_by_role("heading")).to_contain_text("Pars Export Co.")
    expect(note.get_by_role("heading")).to_contain_text("while you were editing it")
    expect(note).to_contain_text("Your unsaved changes were not sent.")
    _keyboard_on_the_note(note)
    expect(page.get_by_text("being reviewed", exact=False).first).to_be_visible()
    note.get_by_role("button", name="Show what I typed").click()
    typed = note.get_by_role("definition")
    expect(typed.filter(has_text="Saffron, 40 cartons, typed by Reza")).to_be_visible()
    expect(typed.filter(has_text="Reza's Supplier, Reza street 9")).to_be_visible()
    # Read only: nothing of it is a field to type into.
    expect(note.get_by_role("textbox")).to_have_count(0)
    assert layout_problems(page) == []
    name = f"colleague-order-sent-meanwhile-{size['width']}.png"
    page.screenshot(path=str(screenshot_dir / name), full_page=True)

    # Closed, it is gone; the order is the owner's.
    note.get_by_role("button", name="Close").click()
    expect(page.get_by_role("alert").filter(has_text="sent this shipping order at")).to_have_count(0)


def _documents_sent(server: LiveServer, token: str, booking: str, file_name: str) -> None:
    """The signed Booking Letter (document type 1) sent through the API by whoever `token` is."""
    documents = [{"documentTypeId": 1, "fileId": upload_pdf(server, token, file_name)}]
    call(server, "PUT", f"{RR}/{booking}/booking-request", {"documents": documents}, token=token)


RR = f"{BOOKING}/client/rate-requests"


@in_both_languages
def test_the_colleague_choosing_replacements_is_told_who_replaced_the_documents(
    page: Page,
    live_server: LiveServer,
    screenshot_dir: Path,
    lang: Language,
    viewport: ViewportSize,
    tmp_path: Path,
) -> None:
    """The owner sent the signed letter; Reza began replacing it; meanwhile Maryam replaced it. Reza is told
    Maryam replaced it, when, what is sent now, and what he chose: never that nothing was sent, nor that the
    owner (the first sender), the company or he sent it."""
    w = words(lang)
    letter = w("booking:bookingRequest.signed", name=w("reference:documentTypes.1"))
    side = f"{lang}.{viewport['width']}"
    _company, _company_password, owner = logged_in_customer(live_server, "Pars Export Co.")
    reza, maryam = f"replace.{side}.{REZA[1]}", f"replace.{side}.{MARYAM[1]}"
    _joined(live_server, owner, REZA[0], reza)
    _joined(live_server, owner, MARYAM[0], maryam)
    booking = rate_request(live_server, owner, "Dates")
    quote(live_server, booking, 3700)
    accept_quote(live_server, owner, booking)
    _documents_sent(live_server, owner, booking, "owner-letter.pdf")
    detail = f"{live_server.url}/dashboard/bookings/rate-request/detail/{booking}"

    # Reza opens the step the owner sent and begins replacing her letter with his own.
    sign_in(page, live_server, reza, PASSWORD, w)
    if lang == "fa":  # his account speaks English, as it was invited: he chooses Persian on the screen
        page.get_by_role("button", name=words("en")("common:language.switchLabel")).click()
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
    page.goto(detail)
    expect(page.get_by_role("link", name="owner-letter.pdf")).to_be_visible()
    page.get_by_role("button", name=w("booking:bookingRequest.replace")).click()
    mine = tmp_path / "reza-letter.pdf"
    mine.write_bytes(PDF)
    page.get_by_label(letter).set_input_files(str(mine))
    expect(page.get_by_text(w("booking:fileUpload.uploaded")).first).to_be_visible()
    expect(page.get_by_role("button", name=w("booking:bookingRequest.submit"))).to_be_enabled()
    page.get_by_label(letter).focus()  # where he is once he chose the file

    # Meanwhile Maryam, in her own browser (in English), replaces the letter with hers.
    maryam_context = browser_of(page).new_context(viewport=viewport)
    maryam_page = maryam_context.new_page()
    sign_in(maryam_page, live_server, maryam, PASSWORD)
    maryam_page.goto(detail)
    maryam_page.get_by_role("button", name="Replace documents").click()
    hers = tmp_path / "maryam-letter.pdf"
    hers.write_bytes(PDF)
    maryam_page.get_by_label("Signed Booking Letter").set_input_files(str(hers))
    expect(maryam_page.get_by_text("Uploaded: ").first).to_be_visible()
    maryam_page.get_by_role("button", name="Submit Booking Request").click()
    expect(maryam_page.get_by_text("Booking request sent")).to_be_visible()
    maryam_context.close()
    sent = call(live_server, "GET", f"{RR}/{booking}", token=login(live_server, reza, PASSWORD))["sent"]
    assert sent["documents"]["name"] == MARYAM[0] and not sent["documents"]["byYou"], sent

    # Reza is told who replaced the letter and when; the step shows what is sent now, his choice kept aside.
    title = "booking:sentMeanwhile.title.documents"
    note = page.get_by_role("alert").filter(has_text=pattern(lang, title))
    expect(note).to_be_visible(timeout=LIVE)
    # The time as the screen writes it (Persian digits and calendar in Persian): checked in English.
    when = moment(sent["documents"]["at"]) if lang == "en" else None
    expect(note.get_by_role("heading")).to_have_text(pattern(lang, title, name=MARYAM[0], time=when))
    expect(note).to_contain_text(w("booking:sentMeanwhile.notSent"))
    _keyboard_on_the_note(note)
    expect(page.get_by_role("link", name="maryam-letter.pdf")).to_be_visible()
    summary = page.get_by_role("region", name=w("common:bookingFacts.requestSummary"))
    expect(summary).to_contain_text("maryam-letter.pdf")
    expect(page.get_by_text(w("booking:bookingRequest.notSent"), exact=True)).to_have_count(0)
    expect(page.get_by_text("owner-letter.pdf")).to_have_count(0)
    expect(page.get_by_role("button", name=w("booking:bookingRequest.replace"))).to_be_visible()
    note.get_by_role("button", name=w("booking:sentMeanwhile.show")).click()
    expect(note.get_by_role("term")).to_have_text([letter])
    expect(note.get_by_role("definition")).to_have_text(["reza-letter.pdf"])
    assert layout_problems(page) == []
    name = f"colleague-documents-replaced-meanwhile-{viewport['width']}{'-fa' if lang == 'fa' else ''}.png"
    page.screenshot(path=str(screenshot_dir / name), full_page=True)

    # Closed, it is gone; a new replacement starts from Maryam's letter.
    note.get_by_role("button", name=w("booking:sentMeanwhile.dismiss")).click()
    expect(page.get_by_role("alert").filter(has_text=pattern(lang, title))).to_have_count(0)
    page.get_by_role("button", name=w("booking:bookingRequest.replace")).click()
    expect(page.get_by_role("button", name=w("booking:bookingRequest.submit"))).to_be_disabled()
