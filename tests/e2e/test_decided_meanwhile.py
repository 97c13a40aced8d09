"""Two staff and a customer on one request at the same moment (decision 3907): staff's decision crossing a
colleague's, or the customer's newer edit, is refused in the reader's words, its dialog goes and the page
shows what stands now at once (live notices are cut, as a crossing leaves the page), at both widths."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.browser import DESKTOP, PHONE, signed_in_staff
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import (
    BOOKING,
    call,
    colleague_token,
    foreign_customer,
    logged_in_customer,
    login,
    pending_registration,
    rate_request,
    staff_call,
)
from tests.e2e.words import Language, number, staff_action, words
from tests.live_server import ROOT

BOTH = pytest.mark.parametrize(
    ("lang", "viewport"),
    [("en", DESKTOP), ("en", PHONE), ("fa", PHONE)],
    ids=["en-desktop", "en-phone", "fa-phone"],
    indirect=True,
)
# The colleague, a second staff account: the tests' browser is the seeded one's.
COLLEAGUE = "sara.karimi"
# Who accepted it and when (decision 3911).
ACCEPTED_MEANWHILE = {
    "en": "sara.karimi\u2069 already accepted this sign-up at",
    "fa": "sara.karimi\u2069 این ثبت‌نام را در",
}
# A booking decided by a colleague first (decision 3916): the console's dialog says who rejected it and when.
REJECTED_MEANWHILE = {
    "en": "sara.karimi\u2069 already rejected this booking at",
    "fa": "sara.karimi\u2069 این رزرو را در",
}
CHANGED_MEANWHILE = {
    "en": "The customer changed this edit request since you opened it",
    "fa": "مشتری این درخواست ویرایش را پس از باز شدنش تغییر داده است",
}
PROFILE = "/account/api/v1/client/foreign-corporate-customers"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.fixture
def staff(browser: Browser, live_server: LiveServer, lang: Language, viewport: Any) -> Iterator[Page]:
    """A second staff member's browser at the test's width and language, its live notices cut."""
    for page in signed_in_staff(browser, live_server, viewport, lang):
        page.route("**/events/api/v1/stream**", lambda route: route.abort())
        yield page


@pytest.fixture
def colleague(live_server: LiveServer) -> str:
    """The colleague's token: she decides while the browser's staff member is still writing."""
    return colleague_token(live_server, COLLEAGUE)


def _width(viewport: Any) -> str:
    return "desktop" if viewport == DESKTOP else "phone"


def _quoted_meanwhile(lang: Language, price: str) -> re.Pattern[str]:
    """The colleague's quote, said with her price per container (decision 3922), as the server and the web
    say it (contract/validation-messages*.json): her name and the price isolated as the web writes them
    (`price` written in English, "$1,450.00"; formatMoney's Persian digits and its LRI ... PDI), any time."""
    name = "validation-messages.fa.json" if lang == "fa" else "validation-messages.json"
    said = json.loads((ROOT / "contract" / name).read_text(encoding="utf-8"))
    thing = said["staff.decidedFirst.thing.booking"]
    money = f"\u2066{number(lang, price)}\u2069" if lang == "fa" else price
    values = {"who": f"\u2068{COLLEAGUE}\u2069", "thing": thing, "price": money}
    written = ""
    # Split on its placeholders, the sentence's words and the placeholders' names alternate; the time is any.
    for i, part in enumerate(PLACEHOLDER.split(said["staff.decidedFirst.quoted.atPrice"])):
        said_as = values.get(part) if i % 2 else part
        written += ".+?" if said_as is None else re.escape(said_as)
    return re.compile(written)


@BOTH
def test_a_decline_after_a_colleague_accepted_says_so_and_shows_it(
    staff: Page, colleague: str, live_server: LiveServer, lang: Language, viewport: Any, screenshot_dir: Path
) -> None:
    w = words(lang)
    national = pending_registration(live_server, "Crossing Freight GmbH")
    staff.goto(f"{live_server.url}/dashboard/request/corporateForeign/detail/{national}")
    staff.get_by_role("button", name=w("admin:decision.decline"), exact=True).click()
    dialog = staff.get_by_role("dialog")
    dialog.get_by_label(w("admin:decision.description")).fill("The papers are missing")
    # A colleague accepts the sign-up while her decline is being written.
    path = f"/account/api/v1/admin/foreign-corporate-customer/register-requests/{national}/accept"
    staff_call(live_server, "POST", path, token=colleague)
    dialog.get_by_role("button", name=w("admin:decision.send"), exact=True).click()
    expect(staff.get_by_text(ACCEPTED_MEANWHILE[lang]).first).to_be_visible()
    # The page reads again at once: the sign-up is accepted, nothing more is offered, the dialog is gone.
    expect(staff.get_by_role("dialog")).to_have_count(0)
    expect(staff.get_by_text("پذیرفته شد" if lang == "fa" else "Accepted", exact=True).first).to_be_visible()
    expect(staff.get_by_role("button", name=w("admin:decision.accept"), exact=True)).to_be_disabled()
    # The keyboard's place went with the dialog and its disabled button: the page's heading has it.
    expect(staff.locator("main h1")).to_be_focused()
    staff.screenshot(
        path=str(screenshot_dir / f"decided-meanwhile-{lang}-{_width(viewport)}.png"), full_page=True
    )
    detail = staff_call(live_server, "GET", path.removesuffix("/accept"))
    assert detail["state"] == "accepted"


@BOTH
def test_an_edit_approved_as_read_not_as_the_customer_replaced_it(
    staff: Page, live_server: LiveServer, lang: Language, viewport: Any, screenshot_dir: Path
) -> None:
    w = words(lang)
    username, password = foreign_customer(live_server, "Replacing Exports")
    token = login(live_server, username, password)
    me = call(live_server, "GET", PROFILE, token=token)
    body = {k: me[k] for k in ("name", "contactPerson", "nationalCode", "phone", "fax", "email", "address")}
    body["postalCode"] = me["postalCode"]
    call(live_server, "PUT", PROFILE, {**body, "contactPerson": "Hans Berger"}, token=token)
    staff.goto(f"{live_server.url}/dashboard/request/update/CorporateForeign/detail/{username}")
    expect(staff.locator("[value='Hans Berger']")).to_be_visible()
    staff.get_by_role("button", name=w("admin:decision.accept"), exact=True).click()
    # The customer sends another contact person while staff's confirmation is open.
    call(live_server, "PUT", PROFILE, {**body, "contactPerson": "Klara Winter"}, token=token)
    staff.get_by_role("dialog").get_by_role("button", name=w("admin:decision.confirm"), exact=True).click()
    expect(staff.get_by_text(CHANGED_MEANWHILE[lang]).first).to_be_visible()
    expect(staff.get_by_role("dialog")).to_have_count(0)
    expect(staff.locator("[value='Klara Winter']")).to_be_visible()
    staff.screenshot(
        path=str(screenshot_dir / f"edit-replaced-{lang}-{_width(viewport)}.png"), full_page=True
    )
    # Nothing was approved: the profile keeps its contact person, the newer request waits.
    assert call(live_server, "GET", PROFILE, token=token)["contactPerson"] == me["contactPerson"]


@BOTH
def test_a_booking_decision_after_a_colleague_s_says_who_and_when(
    staff: Page, colleague: str, live_server: LiveServer, lang: Language, viewport: Any, screenshot_dir: Path
) -> None:
    w = words(lang)
    _, _, token = logged_in_customer(live_server, "Crossing Cargo Trading")
    rid = rate_request(live_server, token, f"Dried figs {lang} {_width(viewport)}")
    staff.goto(f"{live_server.url}/dashboard/operations?open={rid}")
    panel = staff.get_by_role("region", name=w("operations:detail.label"))
    panel.get_by_role("button", name=staff_action(lang, "request_revision"), exact=True).click()
    dialog = staff.get_by_role("dialog")
    dialog.get_by_label(w("operations:actionDialog.reason")).fill("Which container size?")
    # A colleague rejects the booking while her revision request is being written.
    reject = f"{BOOKING}/admin/rate-requests/{rid}/reject"
    staff_call(live_server, "PUT", reject, {"message": "No vessel"}, token=colleague)
    dialog.get_by_role("button", name=w("operations:actionDialog.confirm"), exact=True).click()
    expect(dialog.get_by_text(REJECTED_MEANWHILE[lang])).to_be_visible()
    staff.screenshot(
        path=str(screenshot_dir / f"booking-decided-meanwhile-{lang}-{_width(viewport)}.png"), full_page=True
    )
    detail = staff_call(live_server, "GET", f"{BOOKING}/admin/rate-requests/{rid}")
    assert detail["stateName"] == "rejected_by_admin"


@BOTH
def test_a_quote_after_a_colleague_s_names_her_price_and_keeps_it(
    staff: Page, colleague: str, live_server: LiveServer, lang: Language, viewport: Any, screenshot_dir: Path
) -> None:
    w = words(lang)
    _, _, token = logged_in_customer(live_server, "Crossing Price Trading")
    rid = rate_request(live_server, token, f"Pistachios {lang} {_width(viewport)}")
    staff.goto(f"{live_server.url}/dashboard/operations?open={rid}")
    panel = staff.get_by_role("region", name=w("operations:detail.label"))
    panel.get_by_role("button", name=w("operations:detail.quote"), exact=True).click()
    dialog = staff.get_by_role("dialog", name=w("operations:detail.quote"))
    dialog.get_by_label(w("operations:quote.priceLabel")).fill("1300")
    until = (date.today() + timedelta(days=5)).isoformat()
    dialog.get_by_label(w("operations:quote.validUntil")).fill(until)
    # A colleague quotes her price while staff's is being typed: staff's dialog opened on no price.
    quote = f"{BOOKING}/admin/rate-requests/{rid}/quote"
    staff_call(live_server, "PUT", quote, {"price": 1450, "validUntil": until}, token=colleague)
    dialog.get_by_role("button", name=w("operations:actionDialog.confirm"), exact=True).click()
    expect(dialog.get_by_text(_quoted_meanwhile(lang, "$1,450.00"))).to_be_visible()
    staff.screenshot(
        path=str(screenshot_dir / f"quoted-meanwhile-{lang}-{_width(viewport)}.png"), full_page=True
    )
    # Nothing of staff's price is stored: the booking stands at the colleague's.
    detail = staff_call(live_server, "GET", f"{BOOKING}/admin/rate-requests/{rid}")
    assert (detail["stateName"], detail["price"]) == ("quoted", 1450)
