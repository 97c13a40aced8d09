"""Amendments and cancellation requests of a confirmed booking over HTTP, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from api.presenters.booking_changes import open_queue
from infrastructure.read_db import Row, Tx
from policies.quote_expiry import expire_due_amendment_prices
from tests.api.accounts_support import settle
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    another_shipping_date,
    assert_verify_clean,
    create,
    customer,
    fails,
    in_shipping_order,
    later,
    loi_pending,
    ok,
    order_payload,
    payload,
)
from tests.app_services import services_of

RR = f"{CLIENT}/rate-requests"


def field(change: dict[str, Any], name: str) -> dict[str, Any]:
    return next(f for f in change["fields"] if f["field"] == name)


def test_date_amendment_approved_then_order_follows(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    alice = customer(client, "amend-a")
    bob = customer(client, "amend-b")
    rid = in_shipping_order(client, alice, admin_headers)
    before = ok(client.get(f"{RR}/{rid}", headers=alice))
    new_date = another_shipping_date()
    changes = ok(
        client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(preferredShippingDate=new_date))
    )
    amendment = changes["amendment"]
    assert (amendment["stateName"], amendment["changesPrice"], changes["cancellation"]) == (
        "requested",
        False,
        None,
    )
    date_row = field(amendment, "preferred_shipping_date")
    assert date_row["changed"] and date_row["amended"] == new_date
    assert not field(amendment, "quantity")["changed"]
    danger = field(amendment, "is_danger")  # a yes-or-no as a boolean: the screens word it in their language
    assert (danger["original"], danger["amended"]) == (False, False)
    # The original stands until staff decide; others see nothing; one pending change at a time.
    assert (
        ok(client.get(f"{RR}/{rid}", headers=alice))["preferredShippingDate"]
        == before["preferredShippingDate"]
    )
    fails(client.get(f"{RR}/{rid}/changes", headers=bob), 404)
    fails(client.post(f"{RR}/{rid}/amendments", headers=bob, json=payload(commodity="Figs")), 404)
    assert (
        "amendment"
        in fails(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(commodity="Figs")), 400)[
            "fields"
        ]
    )
    queue = ok(client.get(f"{ADMIN}/booking-changes", headers=admin_headers))["list"]["list"]
    assert [(q["kind"], q["rateRequest"]["id"]) for q in queue] == [("amendment", rid)]
    fails(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/approve", headers=alice), 403)
    decided = ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/approve", headers=admin_headers))
    assert decided["amendment"]["stateName"] == "approved"
    after = ok(client.get(f"{RR}/{rid}", headers=alice))
    assert after["preferredShippingDate"].startswith(new_date) and after["price"] == before["price"]
    assert ok(client.get(f"{ADMIN}/booking-changes", headers=admin_headers))["list"]["list"] == []
    ok(client.post(f"{CLIENT}/shipping-orders", headers=alice, json=order_payload(rid)), 201)
    assert_verify_clean(services_of(client), tmp_path)


def test_quantity_amendment_needs_a_new_price_and_the_order_must_match(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    alice = customer(client, "amend-q")
    rid = in_shipping_order(client, alice, admin_headers)
    order = ok(client.post(f"{CLIENT}/shipping-orders", headers=alice, json=order_payload(rid)), 201)
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=3)))
    # Staff cannot simply approve a priced change, nor accept the order while the change is open.
    fails(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/approve", headers=admin_headers), 409)
    order_id = order["id"] if "id" in order else order["order"]["id"]
    assert (
        "rateRequest"
        in fails(client.put(f"{ADMIN}/shipping-orders/{order_id}/accept", headers=admin_headers), 400)[
            "fields"
        ]
    )
    requote = {"price": 1400, "validUntil": later()}
    changes = ok(
        client.put(f"{ADMIN}/rate-requests/{rid}/amendments/requote", headers=admin_headers, json=requote)
    )
    assert (changes["amendment"]["stateName"], changes["amendment"]["price"]) == ("requoted", 1400)
    assert ok(client.get(f"{RR}/{rid}", headers=alice))["quantity"] == 2
    ok(client.put(f"{RR}/{rid}/amendments/accept-price", headers=alice))
    booking = ok(client.get(f"{RR}/{rid}", headers=alice))
    assert (booking["quantity"], booking["price"]) == (3, 1400)
    # The order filled for 2 containers is now a clear error to resolve, never silently dropped.
    error = fails(client.put(f"{ADMIN}/shipping-orders/{order_id}/accept", headers=admin_headers), 400)
    assert "containers" in error["fields"] and "3" in error["fields"]["containers"]
    assert_verify_clean(services_of(client), tmp_path)


def test_staff_see_the_order_and_the_amended_quantity_disagree_before_accepting(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Staff learn of the mismatch on the booking's detail, both numbers named, not only by trying to accept
    the order; once the customer revises the order to match, the warning goes."""
    alice = customer(client, "amend-mismatch")
    rid = in_shipping_order(client, alice, admin_headers)
    ok(client.post(f"{CLIENT}/shipping-orders", headers=alice, json=order_payload(rid)), 201)
    detail = f"{ADMIN}/rate-requests/{rid}"
    assert ok(client.get(detail, headers=admin_headers))["orderMismatch"] is None
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=3)))
    requote = {"price": 1400, "validUntil": later()}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/requote", headers=admin_headers, json=requote))
    ok(client.put(f"{RR}/{rid}/amendments/accept-price", headers=alice))

    warning = ok(client.get(detail, headers=admin_headers))["orderMismatch"]
    assert warning and "2 containers" in warning and "now for 3" in warning
    order = ok(client.get(detail, headers=admin_headers))["order"]
    accepted = client.put(f"{ADMIN}/shipping-orders/{order['id']}/accept", headers=admin_headers)
    assert fails(accepted, 400)["fields"]["containers"] == warning  # the refusal says the same
    # The customer's own detail is as it was (the warning is staff's).
    assert "orderMismatch" not in ok(client.get(f"{RR}/{rid}", headers=alice))


def test_an_accepted_order_the_amended_booking_no_longer_matches_is_revised_not_stuck(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Staff accepted the order (a draft bill of lading for 2 containers); the customer's amendment to 1 took
    effect. Staff ask for a revision of the accepted order (decision 3859): the draft is withdrawn, the
    customer revises the order to 1 container, staff accept it again and the customer approves a draft that
    agrees with the booking, so the booking completes."""
    alice = customer(client, "amend-after-draft")
    rid = in_shipping_order(client, alice, admin_headers, quantity=2)
    order_id = ok(client.post(f"{CLIENT}/shipping-orders", headers=alice, json=order_payload(rid)), 201)["id"]
    ok(client.put(f"{ADMIN}/shipping-orders/{order_id}/accept", headers=admin_headers))
    reference = ok(client.get(f"{RR}/{rid}", headers=alice))["reference"]
    draft = f"/v3/transport-documents/BL-{reference}"
    assert client.get(draft, headers=alice).json()["transportDocumentStatus"] == "DRAFT"
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=1)))
    requote = {"price": 1300, "validUntil": later()}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/requote", headers=admin_headers, json=requote))
    ok(client.put(f"{RR}/{rid}/amendments/accept-price", headers=alice))
    warning = ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers))["orderMismatch"]
    assert warning and "2 containers" in warning and "now for 1" in warning
    assert (
        "containers"
        in fails(client.put(f"{CLIENT}/shipping-orders/{order_id}/approve", headers=alice), 400)["fields"]
    )

    revise = {"revise": {"containers": warning}}
    asked = ok(
        client.put(f"{ADMIN}/shipping-orders/{order_id}/request-revision", headers=admin_headers, json=revise)
    )
    assert asked["statusName"] == "revision_requested"
    withdrawn = client.get(draft, headers=alice)  # the draft that disagreed is withdrawn, and says why
    assert withdrawn.status_code == 404
    assert withdrawn.json()["errors"][0]["errorCodeMessage"] == (
        f"No transport document BL-{reference}"
        f" while its shipping instructions SI-{reference} are PENDING_UPDATE"
    )
    one = order_payload(rid, quantity=1)
    edit = {k: v for k, v in one.items() if k not in ("rateRequestId", "frightType")} | {"freightType": 1}
    ok(client.put(f"{CLIENT}/shipping-orders/{order_id}/edit", headers=alice, json=edit))
    assert ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers))["orderMismatch"] is None
    ok(client.put(f"{ADMIN}/shipping-orders/{order_id}/accept", headers=admin_headers))
    assert len(client.get(draft, headers=alice).json()["utilizedTransportEquipments"]) == 1
    ok(client.put(f"{CLIENT}/shipping-orders/{order_id}/approve", headers=alice))
    assert ok(client.get(f"{RR}/{rid}", headers=alice))["stateName"] == "completed"


def test_decline_and_withdraw_keep_the_original(client: TestClient, admin_headers: dict[str, str]) -> None:
    alice = customer(client, "amend-d")
    rid = in_shipping_order(client, alice, admin_headers)
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(commodity="Figs")))
    decline = f"{ADMIN}/rate-requests/{rid}/amendments/decline"
    fails(client.put(decline, headers=admin_headers, json={"message": ""}), 409)
    declined = ok(client.put(decline, headers=admin_headers, json={"message": "Figs need a reefer"}))
    assert (declined["amendment"]["stateName"], declined["amendment"]["message"]) == (
        "declined",
        "Figs need a reefer",
    )
    assert ok(client.get(f"{RR}/{rid}", headers=alice))["commodity"] == "Pistachios"
    again = ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(commodity="Raisins")))
    assert again["amendment"]["number"] == 2
    withdrawn = ok(client.put(f"{RR}/{rid}/amendments/withdraw", headers=alice))
    assert withdrawn["amendment"]["stateName"] == "withdrawn"
    assert ok(client.get(f"{RR}/{rid}", headers=alice))["commodity"] == "Pistachios"


def test_amendment_before_confirmation_is_refused(client: TestClient, admin_headers: dict[str, str]) -> None:
    alice = customer(client, "amend-early")
    rid = loi_pending(client, alice, admin_headers)
    state = ok(client.get(f"{RR}/{rid}", headers=alice))["stateName"]
    # The refusal names the booking's state (the change has none yet: it said "in state new").
    refused = fails(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(commodity="Figs")), 409)
    assert refused["description"].startswith("Cannot ask for an amendment of a rate request in state")
    assert state in refused["description"] and " new" not in refused["description"]
    refused = fails(client.post(f"{RR}/{rid}/cancellation-request", headers=alice, json={}), 409)
    assert refused["description"].startswith(f"Cannot ask to cancel a rate request in state {state}")
    persian = {**alice, "Accept-Language": "fa"}
    said = fails(client.post(f"{RR}/{rid}/cancellation-request", headers=persian, json={}), 409)
    assert "درخواست لغو" in said["description"] and state not in said["description"], said


def test_cancellation_request_confirmed_and_declined(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    alice = customer(client, "cancel-a")
    kept = in_shipping_order(client, alice, admin_headers)
    ok(client.post(f"{RR}/{kept}/cancellation-request", headers=alice, json={"reason": "Moved to air"}))
    declined = ok(
        client.put(
            f"{ADMIN}/rate-requests/{kept}/cancellation-request/decline",
            headers=admin_headers,
            json={"message": "Already loaded"},
        )
    )
    assert declined["cancellation"]["stateName"] == "declined"
    assert ok(client.get(f"{RR}/{kept}", headers=alice))["stateName"] == "shipping_order"

    gone = in_shipping_order(client, alice, admin_headers)
    asked = ok(
        client.post(f"{RR}/{gone}/cancellation-request", headers=alice, json={"reason": "Moved to air"})
    )
    assert (asked["cancellation"]["stateName"], asked["cancellation"]["reason"]) == (
        "requested",
        "Moved to air",
    )
    fails(client.put(f"{ADMIN}/rate-requests/{gone}/cancellation-request/confirm", headers=alice), 403)
    ok(client.put(f"{ADMIN}/rate-requests/{gone}/cancellation-request/confirm", headers=admin_headers))
    booking = ok(client.get(f"{RR}/{gone}", headers=alice))
    assert (booking["stateName"], booking["state"]) == ("cancelled", 8)
    # Staff find it by its state's code: the list's filter takes every code of the lifecycle (it stopped
    # at 7, so "Cancelled" answered 400).
    listed = ok(client.get(f"{ADMIN}/rate-requests", headers=admin_headers, params={"state": 8}))
    assert [row["id"] for row in listed["list"]["list"]] == [gone]
    fails(client.get(f"{ADMIN}/rate-requests", headers=admin_headers, params={"state": 9}), 400)
    late = fails(client.post(f"{RR}/{gone}/amendments", headers=alice, json=payload(commodity="Figs")), 409)
    assert late["description"] == "Cannot ask for an amendment of a rate request in state cancelled (8)"
    # A person's browser, which names English, reads the state as the screens label it.
    english = {**alice, "Accept-Language": "en-GB,en;q=0.9"}
    late = fails(client.post(f"{RR}/{gone}/amendments", headers=english, json=payload(commodity="Figs")), 409)
    assert late["description"] == "Cannot ask for an amendment of a rate request in state “Cancelled”"
    assert_verify_clean(services_of(client), tmp_path)


class CountingTx:
    """A read transaction that counts its statements (and starts with an empty memo, so every call reads
    its reference names again)."""

    def __init__(self, tx: Tx) -> None:
        self.tx = tx
        self.dialect = tx.dialect
        self.memo: dict[Any, Any] = {}
        self.statements = 0

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self.statements += 1
        self.tx.execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.statements += 1
        self.tx.executemany(sql, rows)

    def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        self.statements += 1
        return self.tx.one(sql, params)

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        self.statements += 1
        return self.tx.all(sql, params)

    def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        self.statements += 1
        return self.tx.scalar(sql, params)


def queue_statements(client: TestClient) -> tuple[int, list[dict[str, Any]]]:
    with services_of(client).read_models.read() as tx:
        counting = CountingTx(tx)
        listed = open_queue(counting)["list"]["list"]
    return counting.statements, listed


def test_the_staff_queue_reads_many_changes_in_a_fixed_number_of_statements(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "queue-many")
    first = in_shipping_order(client, alice, admin_headers)
    ok(client.post(f"{RR}/{first}/amendments", headers=alice, json=payload(podId=3, containerTypeId=2)))
    one, listed = queue_statements(client)
    assert [row["rateRequest"]["id"] for row in listed] == [first]
    asked = [first]
    for index in range(5):
        rid = in_shipping_order(client, alice, admin_headers)
        if index % 2:
            ok(client.post(f"{RR}/{rid}/cancellation-request", headers=alice, json={"reason": f"r{index}"}))
        else:
            changed = payload(podId=4 + index, containerSizeId=1, commodity=f"Figs {index}")
            ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=changed))
        asked.append(rid)
    many, listed = queue_statements(client)
    assert many == one <= 8  # not one per change
    assert [row["rateRequest"]["id"] for row in listed] == asked  # oldest first
    kinds = ["amendment", "amendment", "cancellation", "amendment", "cancellation", "amendment"]
    assert [row["kind"] for row in listed] == kinds
    fields = {f["field"]: f for f in listed[0]["change"]["fields"]}
    assert fields["pod_id"]["changed"] and "(" in fields["pod_id"]["amended"]  # ports by name
    assert fields["container_type_id"]["amended"] != 2  # types by name, not id
    assert listed[2]["change"]["reason"] == "r1"
    # The queue over HTTP answers the same.
    http = ok(client.get(f"{ADMIN}/booking-changes", headers=admin_headers))["list"]
    assert [row["rateRequest"]["id"] for row in http["list"]] == asked and http["totalCount"] == 6


def test_whose_move_follows_an_open_amendment(client: TestClient, admin_headers: dict[str, str]) -> None:
    """waitingFor reads the amendment's lifecycle while one is open: asked -> staff, re-quoted -> customer."""
    alice = customer(client, "amend-w")

    def whose() -> tuple[str | None, str | None, bool]:
        mine = ok(client.get(f"{RR}/{rid}", headers=alice))["waitingFor"]
        staff = ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers))["waitingFor"]
        waiting = ok(client.get(f"{CLIENT}/overview", headers=alice))["waiting"]
        return mine, staff, rid in [r["id"] for r in waiting]

    rid = in_shipping_order(client, alice, admin_headers)
    assert whose() == ("customer", "customer", True)  # the order is the customer's to fill
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=3)))
    assert whose() == ("staff", "staff", False)
    requote = {"price": 1400, "validUntil": later()}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/requote", headers=admin_headers, json=requote))
    assert whose() == ("customer", "customer", True)  # the new price is the customer's to accept
    ok(client.put(f"{RR}/{rid}/amendments/accept-price", headers=alice))
    assert whose() == ("customer", "customer", True)  # decided: the booking's own lifecycle again
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=3, commodity="Figs")))
    assert whose() == ("staff", "staff", False)
    ok(client.put(f"{RR}/{rid}/amendments/withdraw", headers=alice))
    assert whose() == ("customer", "customer", True)


def test_an_amendments_new_price_not_accepted_in_time_ends_it(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    """The new price lapses as a quote does: the amendment ends (the booking stands as it was), the customer
    is told, the standard reads it declined, and nobody is left offered a price that is refused."""
    alice = customer(client, "amend-late")
    rid = in_shipping_order(client, alice, admin_headers)
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=3)))
    until = datetime.now(UTC) + timedelta(minutes=5)
    requote = {"price": 1400, "validUntil": until.isoformat()}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/requote", headers=admin_headers, json=requote))
    services = services_of(client)
    assert expire_due_amendment_prices(services, until - timedelta(seconds=1)) == []  # not yet
    assert expire_due_amendment_prices(services, until) == [rid]
    assert expire_due_amendment_prices(services, until) == []  # once
    amendment = ok(client.get(f"{RR}/{rid}/changes", headers=alice))["amendment"]
    assert amendment["stateName"] == "expired"
    booking = ok(client.get(f"{RR}/{rid}", headers=alice))
    assert (booking["quantity"], booking["waitingFor"]) == (2, "customer")  # the order is hers to fill
    # A late accept is told the price lapsed (a stale page's refusal names what happened).
    late = client.put(f"{RR}/{rid}/amendments/accept-price", headers={**alice, "Accept-Language": "en"})
    assert fails(late, 409)["description"] == (
        "Cannot accept the new price of a booking amendment in state “Amendment Price Expired”"
    )
    settle(client)
    me = ok(client.get("/auth/api/v1/me", headers=alice))["id"]
    page = ok(client.get(f"/notification/api/v1/notifications/{me}/paging?pageSize=5&page=1", headers=alice))
    assert page["data"]["costumerlNotificationDetails"]["list"][0]["title"] == "Amendment price expired"
    reference = booking["reference"]
    v2 = client.get(f"/v2/bookings/{reference}", headers=alice).json()
    assert (v2["bookingStatus"], v2["amendedBookingStatus"]) == ("CONFIRMED", "AMENDMENT_DECLINED")
    # The customer may ask again, and staff price it anew.
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=3)))
    assert ok(client.get(f"{RR}/{rid}/changes", headers=alice))["amendment"]["number"] == 2
    assert_verify_clean(services, tmp_path)


def test_staff_ask_for_an_amendment_and_the_customer_answers_on_the_screens(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """DCSA use case 6 on the screens: staff ask with a reason; it waits for the customer (not in the
    staff's queue); the customer's amendment answers that same amendment, which staff then decide."""
    alice = customer(client, "amend-ask")
    rid = in_shipping_order(client, alice, admin_headers)
    ask = f"{ADMIN}/rate-requests/{rid}/amendments/ask"
    fails(client.put(ask, headers=alice, json={"message": "x"}), 403)
    fails(client.put(ask, headers=admin_headers, json={"message": " "}), 400)
    asked = ok(
        client.put(
            ask, headers=admin_headers, json={"message": "The vessel sails a week later: choose another date"}
        )
    )["amendment"]
    assert (asked["stateName"], asked["number"]) == ("asked", 1)
    assert asked["askedFor"] == "The vessel sails a week later: choose another date"
    seen = ok(client.get(f"{RR}/{rid}/changes", headers=alice))["amendment"]
    assert seen["stateName"] == "asked" and seen["askedFor"] == asked["askedFor"]
    assert ok(client.get(f"{ADMIN}/booking-changes", headers=admin_headers))["list"]["list"] == []
    # Asked once is enough: a second ask is the lifecycle's 409, saying who asked and when (decision 3921).
    again = fails(client.put(ask, headers=admin_headers, json={"message": "again"}), 409)
    assert (again["details"]["machine"], again["details"]["state"]) == ("booking_amendment", "asked")
    assert "already asked the customer for this amendment" in again["description"], again
    new_date = another_shipping_date()
    answered = ok(
        client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(preferredShippingDate=new_date))
    )["amendment"]
    assert (answered["number"], answered["stateName"], answered["askedFor"]) == (
        1,
        "requested",
        asked["askedFor"],
    )
    assert field(answered, "preferred_shipping_date")["changed"]
    queue = ok(client.get(f"{ADMIN}/booking-changes", headers=admin_headers))["list"]["list"]
    assert [(q["kind"], q["rateRequest"]["id"]) for q in queue] == [("amendment", rid)]
    approved = ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/approve", headers=admin_headers))
    assert approved["amendment"]["stateName"] == "approved"
    assert ok(client.get(f"{RR}/{rid}", headers=alice))["preferredShippingDate"] == new_date


def test_one_day_typed_any_way_is_valid_until_its_end(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A validity given as a day, spelt `2099-01-31`, `20990131` or by its ISO week, means the end of that day
    on the quote and on an amendment's new price alike: never midnight at its start in one spelling."""
    alice = customer(client, "valid-spelt")
    rid = in_shipping_order(client, alice, admin_headers)
    for spelt in ("2099-01-31", "20990131", "2099-W05-6", " 20990131 "):
        url = f"{ADMIN}/rate-requests/{create(client, alice)['id']}/quote"
        answer = ok(client.put(url, headers=admin_headers, json={"price": 900, "validUntil": spelt}))
        assert answer["validUntil"].startswith("2099-01-31T23:59:59"), spelt
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=3)))
    requote = {"price": 1400, "validUntil": "20990131"}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/requote", headers=admin_headers, json=requote))
    amendment = ok(client.get(f"{RR}/{rid}/changes", headers=alice))["amendment"]
    assert amendment["validUntil"].startswith("2099-01-31T23:59:59")
    # A moment typed whole is still that moment.
    url = f"{ADMIN}/rate-requests/{create(client, alice)['id']}/quote"
    answer = ok(
        client.put(url, headers=admin_headers, json={"price": 900, "validUntil": "2099-01-31T00:00Z"})
    )
    assert answer["validUntil"].startswith("2099-01-31T00:00:00")
