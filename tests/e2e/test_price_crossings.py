"""A price given again under the customer's open Accept price dialog (decision 3879): her accept names the
price the dialog showed, is refused naming the new one, and the page shows the new price at once (not at the
next poll), in English and Persian, at both widths. Live notices are cut, as a crossing leaves the page."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.browser import DESKTOP, PHONE, sign_in
from tests.e2e.conftest import LiveServer
from tests.e2e.customers import call, foreign_customer, login, quote, rate_request
from tests.e2e.words import Language, words

REFUSED = {
    "en": "The price changed to $2,900.00 per container since you opened it",
    "fa": "نرخ از وقتی آن را باز کردید به",
}
# $2,900 per container as the Persian screens write it (Persian digits and group separator).
NEW_PRICE = {"en": "$2,900.00", "fa": "\u06f2\u066c\u06f9\u06f0\u06f0"}


@pytest.mark.parametrize(
    ("lang", "viewport"),
    [("en", DESKTOP), ("en", PHONE), ("fa", DESKTOP), ("fa", PHONE)],
    ids=["en-desktop", "en-phone", "fa-desktop", "fa-phone"],
    indirect=True,
)
def test_an_accept_after_a_new_quote_is_refused_and_the_new_price_shown(
    page: Page, live_server: LiveServer, lang: Language, viewport: object, screenshot_dir: Path
) -> None:
    w = words(lang)
    username, password = foreign_customer(live_server, "Crossing Imports")
    rid = rate_request(live_server, login(live_server, username, password), "Pistachios")
    quote(live_server, rid, 1250)
    page.route("**/events/api/v1/stream**", lambda route: route.abort())
    sign_in(page, live_server, username, password, w)
    page.goto(f"{live_server.url}/dashboard/bookings/rate-request/detail/{rid}")
    accept = w("booking:pricePanel.accept")
    page.get_by_role("button", name=accept, exact=True).click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    quote(live_server, rid, 2900)  # staff quote again while her dialog shows the first price
    dialog.get_by_role("button", name=accept, exact=True).click()
    expect(page.get_by_text(REFUSED[lang]).first).to_be_visible()
    # The dialog (still offered) and the page say the new price (that it is read again at once, not at the
    # next poll, is the vitest's: price-panel.test.tsx).
    expect(dialog).to_contain_text(NEW_PRICE[lang])
    width = "desktop" if viewport == DESKTOP else "phone"
    page.screenshot(path=str(screenshot_dir / f"price-crossing-{lang}-{width}.png"), full_page=True)
    token = login(live_server, username, password)
    detail = call(live_server, "GET", f"/booking/api/v1/client/rate-requests/{rid}", token=token)
    assert (detail["stateName"], detail["price"]) == ("quoted", 2900)
