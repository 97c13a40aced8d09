"""Two staff members deciding the same booking: the second, refused because the first decided from the state
both read, is told who decided and when (decision 3916, as 3911 for sign-ups): the 409's description in the
reader's language, its `details` for a screen to write the time in its reader's zone. A customer whose act a
staff decision refused reads the lifecycle's refusal, naming no staff member."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.emails.words import money, time_utc
from domain.shared.moments import written_utc
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    create,
    customer,
    fails,
    in_shipping_order,
    later,
    loi_pending,
    ok,
    order_payload,
    payload,
    quoted,
)
from tests.api.test_decided_by_a_colleague import COLLEAGUE, _colleague

RR = f"{CLIENT}/rate-requests"
STAFF = f"{ADMIN}/rate-requests"
QUOTE = {"price": 1300, "validUntil": later()}
Act = Callable[[TestClient, dict[str, str]], Any]


def _refused_naming_the_colleague(
    answer: Any, machine: str, state: str, said: str, since: datetime
) -> dict[str, Any]:
    refused = fails(answer, 409)
    details = refused["details"]
    assert (details["decidedBy"], details["machine"], details["state"]) == (COLLEAGUE, machine, state)
    assert details["decidedByYou"] is False
    at = datetime.fromisoformat(details["decidedAt"].replace("Z", "+00:00"))
    assert since <= at <= datetime.now(UTC)
    assert refused["description"] == f"{COLLEAGUE} {said} at {written_utc(at)}", refused
    return dict(refused)


def _order(client: TestClient, who: dict[str, str], admin: dict[str, str]) -> tuple[str, str]:
    rid = in_shipping_order(client, who, admin)
    order = ok(client.post(f"{CLIENT}/shipping-orders", headers=who, json=order_payload(rid)), 201)
    return rid, str(order["id"])


def _amendment(client: TestClient, who: dict[str, str], admin: dict[str, str], **changes: Any) -> str:
    rid = in_shipping_order(client, who, admin)
    ok(client.post(f"{RR}/{rid}/amendments", headers=who, json=payload(**changes)))
    return rid


def _cancellation(client: TestClient, who: dict[str, str], admin: dict[str, str]) -> str:
    rid = in_shipping_order(client, who, admin)
    ok(client.post(f"{RR}/{rid}/cancellation-request", headers=who, json={"reason": "Moved to air"}))
    return rid


def _loi_sent(client: TestClient, who: dict[str, str], admin: dict[str, str]) -> str:
    from tests.api.booking_support import upload

    rid = loi_pending(client, who, admin)
    documents = {"documents": [{"documentTypeId": 1, "fileId": upload(client, who, key=f"loi-{rid}")}]}
    ok(client.put(f"{RR}/{rid}/booking-request", headers=who, json=documents))
    return rid


# Each race: the booking as both staff read it, the colleague's decision, the second staff member's, and
# what the refusal says (the lifecycle decided, the state the colleague's decision left, the sentence).
RACES: dict[str, tuple[Callable[..., Any], str, str, str, str, str]] = {
    # (setup, colleague's call, second call, machine, state, words)
    "quote after a quote": (
        lambda c, w, a: create(c, w)["id"],
        "PUT {STAFF}/{rid}/quote quote",
        "PUT {STAFF}/{rid}/quote quote-seen-none",
        "rate_request",
        "quoted",
        "already quoted $1,300.00 per container for this booking",  # the price quoted first (decision 3922)
    ),
    "quote after a revision request": (
        lambda c, w, a: create(c, w)["id"],
        "PUT {STAFF}/{rid}/request-revision message",
        "PUT {STAFF}/{rid}/quote quote",
        "rate_request",
        "revision_requested",
        "already asked for a revision of this booking",
    ),
    "revision after a rejection": (
        lambda c, w, a: quoted(c, w, a),
        "PUT {STAFF}/{rid}/reject message",
        "PUT {STAFF}/{rid}/request-revision message",
        "rate_request",
        "rejected_by_admin",
        "already rejected this booking",
    ),
    "confirmation after a confirmation": (
        _loi_sent,
        "PUT {STAFF}/{rid}/confirm-booking none",
        "PUT {STAFF}/{rid}/confirm-booking none",
        "rate_request",
        "shipping_order",
        "already confirmed this booking",
    ),
    "order accepted twice": (
        _order,
        "PUT {ADMIN}/shipping-orders/{order}/accept none",
        "PUT {ADMIN}/shipping-orders/{order}/decline message",
        "shipping_order",
        "ready_for_approval",
        "already accepted this shipping order",
    ),
    "order revision after a decline": (
        _order,
        "PUT {ADMIN}/shipping-orders/{order}/decline message",
        "PUT {ADMIN}/shipping-orders/{order}/request-revision revise",
        "shipping_order",
        "declined",
        "already declined this shipping order",
    ),
    "order accepted after a revision request": (
        _order,
        "PUT {ADMIN}/shipping-orders/{order}/request-revision revise",
        "PUT {ADMIN}/shipping-orders/{order}/accept none",
        "shipping_order",
        "revision_requested",
        "already asked for a revision of this shipping order",
    ),
    "amendment declined after its approval": (
        lambda c, w, a: _amendment(c, w, a, commodity="Figs"),
        "PUT {STAFF}/{rid}/amendments/approve none",
        "PUT {STAFF}/{rid}/amendments/decline message",
        "booking_amendment",
        "approved",
        "already approved this amendment",
    ),
    "amendment approved after a new price": (
        lambda c, w, a: _amendment(c, w, a, quantity=3),
        "PUT {STAFF}/{rid}/amendments/requote quote",
        "PUT {STAFF}/{rid}/amendments/approve none",
        "booking_amendment",
        "requoted",
        "already quoted a price for this amendment",
    ),
    "amendment priced again after a new price": (
        lambda c, w, a: _amendment(c, w, a, quantity=3),
        "PUT {STAFF}/{rid}/amendments/requote quote",
        "PUT {STAFF}/{rid}/amendments/requote quote-seen-none",
        "booking_amendment",
        "requoted",
        "already quoted $1,300.00 per container for this amendment",
    ),
    "amendment asked for twice": (
        in_shipping_order,
        "PUT {STAFF}/{rid}/amendments/ask message",
        "PUT {STAFF}/{rid}/amendments/ask message",
        "booking_amendment",
        "asked",
        "already asked the customer for this amendment",
    ),
    "cancellation declined after its confirmation": (
        _cancellation,
        "PUT {STAFF}/{rid}/cancellation-request/confirm none",
        "PUT {STAFF}/{rid}/cancellation-request/decline message",
        "booking_cancellation",
        "confirmed",
        "already confirmed this cancellation request",
    ),
    "cancellation confirmed after its decline": (
        _cancellation,
        "PUT {STAFF}/{rid}/cancellation-request/decline message",
        "PUT {STAFF}/{rid}/cancellation-request/confirm none",
        "booking_cancellation",
        "declined",
        "already declined this cancellation request",
    ),
}

BODIES: dict[str, dict[str, Any] | None] = {
    "none": None,
    "quote": QUOTE,
    "quote-seen-none": {**QUOTE, "price": 1400, "previousPrice": None},
    "message": {"message": "Not this week"},
    "revise": {"revise": {"cargoDescription": "Say what is in the boxes"}},
}


def _call(client: TestClient, spec: str, headers: dict[str, str], rid: str, order: str = "") -> Any:
    method, path, body = spec.split()
    url = path.format(STAFF=STAFF, ADMIN=ADMIN, rid=rid, order=order)
    return client.request(method, url, headers=headers, json=BODIES[body])


@pytest.mark.parametrize("race", list(RACES))
def test_the_second_staff_decision_names_the_colleague_and_the_time(
    client: TestClient, admin_headers: dict[str, str], race: str
) -> None:
    setup, first, second, machine, state, words = RACES[race]
    colleague = _colleague(client)
    who = customer(client, f"race-{abs(hash(race)) % 10_000_000}")
    made = setup(client, who, admin_headers)
    rid, order = made if isinstance(made, tuple) else (made, "")
    before = datetime.now(UTC)
    ok(_call(client, first, colleague, rid, order))
    _refused_naming_the_colleague(
        _call(client, second, admin_headers, rid, order), machine, state, words, before
    )


def test_said_in_persian_and_never_to_the_customer(client: TestClient, admin_headers: dict[str, str]) -> None:
    colleague = _colleague(client)
    who = customer(client, "race-customer")
    rid = quoted(client, who, admin_headers)
    before = datetime.now(UTC)
    ok(client.put(f"{STAFF}/{rid}/reject", headers=colleague, json={"message": "No vessel"}))
    persian = fails(
        client.put(
            f"{STAFF}/{rid}/request-revision",
            headers={**admin_headers, "Accept-Language": "fa"},
            json={"message": "x"},
        ),
        409,
    )
    at = datetime.fromisoformat(persian["details"]["decidedAt"].replace("Z", "+00:00"))
    assert before <= at
    assert persian["description"] == f"{COLLEAGUE} این رزرو را در {time_utc(at, 'fa')} رد کرده است"
    # The customer's late act on the booking staff rejected: the lifecycle's refusal, no staff name.
    for refused in (
        client.put(f"{RR}/{rid}/approve", headers=who),
        client.put(f"{RR}/{rid}/approve", headers={**who, "Accept-Language": "fa"}),
    ):
        said = fails(refused, 409)
        assert COLLEAGUE not in refused.text and said.get("details") is None, said
    # Nor does the customer read it anywhere on the booking.
    assert COLLEAGUE not in client.get(f"{RR}/{rid}", headers=who).text


def test_a_customer_move_since_is_not_a_colleague_s_decision(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A refusal because the customer moved the booking on (she accepted the price, she withdrew it) names
    nobody, though a colleague's decision came before."""
    colleague = _colleague(client)
    who = customer(client, "race-moved-on")
    rid = create(client, who)["id"]
    ok(client.put(f"{STAFF}/{rid}/quote", headers=colleague, json=QUOTE))
    ok(client.put(f"{RR}/{rid}/approve", headers=who))
    refused = fails(
        client.put(f"{STAFF}/{rid}/request-revision", headers=admin_headers, json={"message": "x"}), 409
    )
    assert refused.get("details") is None and COLLEAGUE not in refused["description"]


def test_a_customer_refused_by_a_staff_decision_reads_no_staff_name(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """The domain's refusal carries who decided (the amendment's approval) for any caller; only staff are told
    the name: the customer withdrawing the amendment staff approved meanwhile reads the lifecycle's words."""
    colleague = _colleague(client)
    who = customer(client, "race-withdraw")
    rid = _amendment(client, who, admin_headers, commodity="Figs")
    ok(client.put(f"{STAFF}/{rid}/amendments/approve", headers=colleague))
    for language in ("en", "fa"):
        answer = client.put(f"{RR}/{rid}/amendments/withdraw", headers={**who, "Accept-Language": language})
        refused = fails(answer, 409)
        assert COLLEAGUE not in answer.text and refused.get("details") is None, refused
    english = fails(client.put(f"{RR}/{rid}/amendments/withdraw", headers=who), 409)["description"]
    assert english.startswith("Cannot withdraw a booking amendment in state"), english


def test_an_ask_after_a_colleague_s_is_said_in_persian_and_a_customer_s_change_names_nobody(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """The second ask for an amendment is a 409 naming the colleague who asked (decision 3921), in the
    reader's language; an ask refused because the customer's own amendment is open stays the 400 naming the
    change, with nobody in it."""
    colleague = _colleague(client)
    who = customer(client, "race-ask")
    rid = in_shipping_order(client, who, admin_headers)
    before = datetime.now(UTC)
    ok(client.put(f"{STAFF}/{rid}/amendments/ask", headers=colleague, json={"message": "Another date"}))
    persian = fails(
        client.put(
            f"{STAFF}/{rid}/amendments/ask",
            headers={**admin_headers, "Accept-Language": "fa"},
            json={"message": "Another port"},
        ),
        409,
    )
    at = datetime.fromisoformat(persian["details"]["decidedAt"].replace("Z", "+00:00"))
    assert before <= at and persian.get("fields") is None
    assert (
        persian["description"]
        == f"{COLLEAGUE} در {time_utc(at, 'fa')} این اصلاحیه را از مشتری درخواست کرده است"
    )
    # The customer answers the ask: her amendment is open, and a further ask is refused for it, naming nobody.
    ok(client.post(f"{RR}/{rid}/amendments", headers=who, json=payload(commodity="Figs")))
    refused = fails(
        client.put(f"{STAFF}/{rid}/amendments/ask", headers=colleague, json={"message": "And again"}), 400
    )
    assert refused.get("details") is None and COLLEAGUE not in refused["description"], refused
    assert set(refused["fields"]) == {"amendment"}


def test_an_order_accepted_by_a_colleague_is_said_so_though_an_amendment_came_since(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """The customer asked for an amendment after a colleague accepted her shipping order: a second accept
    is refused for the colleague's acceptance (decided first, as 3916 orders the checks), not for the change
    waiting, which would have staff decide the amendment only to be refused again."""
    colleague = _colleague(client)
    who = customer(client, "race-order-amended")
    rid, order = _order(client, who, admin_headers)
    before = datetime.now(UTC)
    ok(client.put(f"{ADMIN}/shipping-orders/{order}/accept", headers=colleague))
    ok(client.post(f"{RR}/{rid}/amendments", headers=who, json=payload(commodity="Figs")))
    _refused_naming_the_colleague(
        client.put(f"{ADMIN}/shipping-orders/{order}/accept", headers=admin_headers),
        "shipping_order",
        "ready_for_approval",
        "already accepted this shipping order",
        before,
    )


@pytest.mark.parametrize("race", list(RACES))
def test_a_staff_member_repeating_their_own_decision_is_told_it_was_theirs(
    client: TestClient, admin_headers: dict[str, str], race: str
) -> None:
    """The same races, both calls by one staff member (a second tab, a double submit): the refusal says
    "You", never their own login name, and `details` says it was theirs (decision 3922)."""
    setup, first, second, machine, state, words = RACES[race]
    who = customer(client, f"own-{abs(hash(race)) % 10_000_000}")
    made = setup(client, who, admin_headers)
    rid, order = made if isinstance(made, tuple) else (made, "")
    before = datetime.now(UTC)
    ok(_call(client, first, admin_headers, rid, order))
    refused = fails(_call(client, second, admin_headers, rid, order), 409)
    details = refused["details"]
    assert (details["decidedByYou"], details["machine"], details["state"]) == (True, machine, state)
    at = datetime.fromisoformat(details["decidedAt"].replace("Z", "+00:00"))
    assert before <= at <= datetime.now(UTC)
    assert refused["description"] == f"You {words} at {written_utc(at)}", refused


def test_your_own_price_and_a_colleague_s_are_told_with_the_price_in_persian_too(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A quote refused because a price was quoted meanwhile carries that price in `details` (per container, as
    the API says `price`), whoever quoted it, and its sentence names it; the staff member's own is said to
    them in the second person, in Persian too (decision 3922). Other refusals carry no price."""
    colleague = _colleague(client)
    who = customer(client, "own-price")
    rid = create(client, who)["id"]
    persian = {**admin_headers, "Accept-Language": "fa"}
    ok(client.put(f"{STAFF}/{rid}/quote", headers=admin_headers, json={**QUOTE, "previousPrice": None}))
    mine = fails(client.put(f"{STAFF}/{rid}/quote", headers=persian, json=BODIES["quote-seen-none"]), 409)
    at = datetime.fromisoformat(mine["details"]["decidedAt"].replace("Z", "+00:00"))
    price = money(Decimal(1300), "fa")
    said = f"شما در {time_utc(at, 'fa')} برای این رزرو نرخ {price} برای هر کانتینر اعلام کرده‌اید"
    assert mine["description"] == said
    assert (mine["details"]["decidedByYou"], mine["details"]["price"]) == (True, 1300)
    ok(client.put(f"{STAFF}/{rid}/quote", headers=colleague, json={**QUOTE, "price": 1450.75}))
    theirs = fails(
        client.put(f"{STAFF}/{rid}/quote", headers=admin_headers, json={**QUOTE, "previousPrice": 1300}), 409
    )
    assert theirs["description"].startswith(
        f"{COLLEAGUE} already quoted $1,450.75 per container for this booking"
    )
    assert (theirs["details"]["decidedByYou"], theirs["details"]["price"]) == (False, 1450.75)
    # An amendment's new price, quoted meanwhile by a colleague.
    other = _amendment(client, who, admin_headers, quantity=3)
    requote = f"{STAFF}/{other}/amendments/requote"
    ok(client.put(requote, headers=colleague, json={**QUOTE, "price": 2600}))
    again = fails(client.put(requote, headers=admin_headers, json={**QUOTE, "previousPrice": None}), 409)
    assert (again["details"]["decidedBy"], again["details"]["price"]) == (COLLEAGUE, 2600)
    assert again["description"].startswith(
        f"{COLLEAGUE} already quoted $2,600.00 per container for this amendment"
    )
    # Refused by the lifecycle, not by a price: no price.
    ok(client.put(f"{STAFF}/{rid}/reject", headers=colleague, json={"message": "No vessel"}))
    revise = fails(
        client.put(f"{STAFF}/{rid}/request-revision", headers=admin_headers, json={"message": "x"}), 409
    )
    assert revise["details"]["state"] == "rejected_by_admin" and "price" not in revise["details"]
