"""Two people at one price, on SQLite and PostgreSQL: a customer accepts (and staff quote) only the price
they were shown. A price given again meanwhile, by staff under her open dialog or by a colleague under
theirs, is refused (409) naming the price it is now, in English and Persian, and nothing is recorded; a
call that names no price behaves as before."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    create,
    customer,
    fails,
    in_shipping_order,
    later,
    ok,
    payload,
    quoted,
    told_who_decided,
)

RR = f"{CLIENT}/rate-requests"
STAFF = f"{ADMIN}/rate-requests"
# A Persian refusal writes the price as the e-mails do: Persian digits, thousands and decimal separators.
PERSIAN_FIGURES = str.maketrans("0123456789,.", "".join(chr(0x06F0 + d) for d in range(10)) + "\u066c\u066b")


def in_persian(amount: str) -> str:
    return f"{amount.translate(PERSIAN_FIGURES)} دلار"


def quote(client: TestClient, admin: dict[str, str], rid: str, price: float, **seen: Any) -> Any:
    return client.put(
        f"{STAFF}/{rid}/quote", headers=admin, json={"price": price, "validUntil": later(), **seen}
    )


def state_and_price(client: TestClient, who: dict[str, str], rid: str) -> tuple[str, Any]:
    booking = ok(client.get(f"{RR}/{rid}", headers=who))
    return booking["stateName"], booking["price"]


def test_the_customer_accepts_only_the_price_she_was_shown(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "seen-accept")
    rid = quoted(client, alice, admin_headers)  # $1,250.50, her dialog opens on it
    ok(quote(client, admin_headers, rid, 2900))  # staff quote again meanwhile
    refused = fails(client.put(f"{RR}/{rid}/approve", headers=alice, json={"price": 1250.5}), 409)
    assert refused["description"] == (
        "The price changed to $2,900.00 per container since you opened it: read it before you accept"
    )
    persian = {**alice, "Accept-Language": "fa"}
    said = fails(client.put(f"{RR}/{rid}/approve", headers=persian, json={"price": 1250.5}), 409)
    assert said["description"] == (
        f"نرخ از وقتی آن را باز کردید به {in_persian('2,900.00')} برای هر کانتینر تغییر کرد:"
        " پیش از پذیرفتن آن را بخوانید"
    )
    assert state_and_price(client, alice, rid) == ("quoted", 2900)
    ok(client.put(f"{RR}/{rid}/approve", headers=alice, json={"price": 2900}))
    assert state_and_price(client, alice, rid) == ("loi_pending", 2900)
    # The spec's call without a body accepts the price as it stands.
    other = quoted(client, alice, admin_headers)
    ok(client.put(f"{RR}/{other}/approve", headers=alice))
    assert state_and_price(client, alice, other) == ("loi_pending", 1250.5)


def test_the_customer_accepts_only_the_amended_price_she_was_shown(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "seen-amend")
    rid = in_shipping_order(client, alice, admin_headers)
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=3)))
    requote = f"{STAFF}/{rid}/amendments/requote"
    ok(client.put(requote, headers=admin_headers, json={"price": 1300, "validUntil": later()}))
    ok(client.put(requote, headers=admin_headers, json={"price": 2600, "validUntil": later()}))
    accept = f"{RR}/{rid}/amendments/accept-price"
    refused = fails(client.put(accept, headers=alice, json={"price": 1300}), 409)
    assert "The price changed to $2,600.00 per container" in refused["description"]
    said = fails(client.put(accept, headers={**alice, "Accept-Language": "fa"}, json={"price": 1300}), 409)
    assert f"نرخ از وقتی آن را باز کردید به {in_persian('2,600.00')} برای هر کانتینر" in said["description"]
    assert ok(client.get(f"{RR}/{rid}", headers=alice))["quantity"] == 2
    ok(client.put(accept, headers=alice, json={"price": 2600}))
    booking = ok(client.get(f"{RR}/{rid}", headers=alice))
    assert (booking["quantity"], booking["price"]) == (3, 2600)


def test_staff_quote_over_a_colleagues_quote_only_having_read_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "seen-quote")
    rid = create(client, alice)["id"]
    # Both staff open the Quote dialog on a booking not priced yet; A confirms first.
    ok(quote(client, admin_headers, rid, 1300, previousPrice=None))
    refused = fails(quote(client, admin_headers, rid, 1500, previousPrice=None), 409)
    persian = {**admin_headers, "Accept-Language": "fa"}
    said = fails(quote(client, persian, rid, 1500, previousPrice=None), 409)
    # To staff, who quoted and when (decision 3916): here the same staff member, told it was theirs, and the
    # price quoted (decision 3922).
    assert told_who_decided(
        (refused["description"], said["description"]),
        "You already quoted $1,300.00 per container for this booking at {at}",
        f"شما در {{at}} برای این رزرو نرخ {in_persian('1,300.00')} برای هر کانتینر اعلام کرده‌اید",
    )
    assert (refused["details"]["decidedByYou"], refused["details"]["price"]) == (True, 1300)
    assert state_and_price(client, alice, rid) == ("quoted", 1300)
    # Having read A's price, B quotes over it; a call naming no price is not checked, as before.
    ok(quote(client, admin_headers, rid, 1500, previousPrice=1300))
    assert state_and_price(client, alice, rid) == ("quoted", 1500)
    ok(quote(client, admin_headers, rid, 1600))
    assert state_and_price(client, alice, rid) == ("quoted", 1600)


def test_staff_requote_an_amendment_only_having_read_its_price(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "seen-requote")
    rid = in_shipping_order(client, alice, admin_headers)
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=3)))
    requote = f"{STAFF}/{rid}/amendments/requote"
    first = {"price": 1300, "validUntil": later(), "previousPrice": None}
    ok(client.put(requote, headers=admin_headers, json=first))
    refused = fails(client.put(requote, headers=admin_headers, json={**first, "price": 1400}), 409)
    persian = {**admin_headers, "Accept-Language": "fa"}
    said = fails(client.put(requote, headers=persian, json={**first, "price": 1400}), 409)
    assert told_who_decided(
        (refused["description"], said["description"]),
        "You already quoted $1,300.00 per container for this amendment at {at}",
        f"شما در {{at}} برای این اصلاحیه نرخ {in_persian('1,300.00')} برای هر کانتینر اعلام کرده‌اید",
    )
    assert (refused["details"]["decidedByYou"], refused["details"]["price"]) == (True, 1300)
    changes = ok(
        client.put(requote, headers=admin_headers, json={**first, "price": 1400, "previousPrice": 1300})
    )
    assert changes["amendment"]["price"] == 1400
