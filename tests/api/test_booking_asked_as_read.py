"""Staff ask for a revision or decline as their screen read it, on SQLite and PostgreSQL (decision 3910).

While staff read a request, an order, an amendment or a cancellation request, the customer (or her integrator)
may change it, often fixing what staff are about to ask her to fix. A revision request, a rejection or a
decline that names the `updatedAt` the screen read (`seenUpdatedAt`) is refused after such a change, 409 with
decision 3908's words, and nothing is recorded; read again, it goes through. A call that names nothing asks as
before."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import ADMIN, CLIENT, create, customer, in_shipping_order, ok, payload
from tests.api.order_as_read_support import order_sent, order_updated
from tests.api.test_booking_decided_as_read import BOOKING_CHANGED, refused_as_changed, staff_read

RR = f"{CLIENT}/rate-requests"
STAFF = f"{ADMIN}/rate-requests"
ORDER_CHANGED = BOOKING_CHANGED.replace("this booking", "this shipping order")


def changes(client: TestClient, admin: dict[str, str], rid: str) -> dict[str, Any]:
    return dict(ok(client.get(f"{STAFF}/{rid}/changes", headers=admin)))


def _seen(read: dict[str, Any]) -> dict[str, str]:
    """The body part naming what staff read: a booking, an order, an amendment or a cancellation request."""
    return {"seenUpdatedAt": read["updatedAt"]}


def test_staff_ask_to_revise_or_reject_a_request_only_as_they_read_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "asked-request")
    rid = create(client, alice)["id"]
    read = staff_read(client, admin_headers, rid)
    # She asks for five containers herself while staff write "please ask for five containers".
    ok(client.put(f"{RR}/{rid}", headers=alice, json=payload(quantity=5)))
    seen = _seen(read)
    revise = {"message": "Five containers, please", **seen}
    refused_as_changed(client.put(f"{STAFF}/{rid}/request-revision", headers=admin_headers, json=revise))
    refused_as_changed(
        client.put(f"{STAFF}/{rid}/reject", headers=admin_headers, json={"message": "Too few", **seen})
    )
    now = staff_read(client, admin_headers, rid)
    assert (now["stateName"], now["revisionMessage"], now["quantity"]) == ("requested", None, 5)
    # Read again, the request staff saw is the one they ask about.
    again = {**revise, **_seen(now)}
    ok(client.put(f"{STAFF}/{rid}/request-revision", headers=admin_headers, json=again))
    assert staff_read(client, admin_headers, rid)["stateName"] == "revision_requested"


def test_staff_return_or_decline_a_shipping_order_only_as_they_read_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    sent = order_sent(client, admin_headers, "asked-order")
    rid = sent.rid
    read = staff_read(client, admin_headers, rid)["order"]
    # Her integrator corrects the cargo while staff write that it is wrong.
    order_updated(client, sent)
    order = f"{ADMIN}/shipping-orders/{read['id']}"
    seen = _seen(read)
    revise = {"revise": {"cargoDescription": "Say which pistachios"}, **seen}
    refused_as_changed(
        client.put(f"{order}/request-revision", headers=admin_headers, json=revise), ORDER_CHANGED
    )
    refused_as_changed(
        client.put(f"{order}/decline", headers=admin_headers, json={"message": "Wrong cargo", **seen}),
        ORDER_CHANGED,
    )
    assert staff_read(client, admin_headers, rid)["order"]["statusName"] == "update_received"
    again = staff_read(client, admin_headers, rid)["order"]
    ok(client.put(f"{order}/request-revision", headers=admin_headers, json={**revise, **_seen(again)}))
    assert staff_read(client, admin_headers, rid)["order"]["statusName"] == "revision_requested"


def test_staff_decline_an_amendment_only_as_they_read_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "asked-amend")
    rid = in_shipping_order(client, alice, admin_headers)
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(additionalComment="Keep warm")))
    read = staff_read(client, admin_headers, rid)
    shown = changes(client, admin_headers, rid)["amendment"]
    # She withdraws it and asks for what staff were about to say instead.
    ok(client.put(f"{RR}/{rid}/amendments/withdraw", headers=alice))
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(additionalComment="Keep cool")))
    decline = f"{STAFF}/{rid}/amendments/decline"
    said = {"message": "Pistachios travel cool"}
    refused_as_changed(client.put(decline, headers=admin_headers, json={**said, **_seen(read)}))
    refused_as_changed(client.put(decline, headers=admin_headers, json={**said, **_seen(shown)}))
    assert changes(client, admin_headers, rid)["amendment"]["stateName"] == "requested"
    now = changes(client, admin_headers, rid)["amendment"]
    ok(client.put(decline, headers=admin_headers, json={**said, **_seen(now)}))
    assert changes(client, admin_headers, rid)["amendment"]["stateName"] == "declined"


def test_staff_ask_for_an_amendment_only_as_they_read_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "asked-ask")
    rid = in_shipping_order(client, alice, admin_headers)
    read = staff_read(client, admin_headers, rid)
    # Meanwhile she asks for the change herself, and a colleague approves it.
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(additionalComment="Keep cool")))
    ok(client.put(f"{STAFF}/{rid}/amendments/approve", headers=admin_headers))
    ask = f"{STAFF}/{rid}/amendments/ask"
    said = {"message": "Please ask for cool storage"}
    refused_as_changed(client.put(ask, headers=admin_headers, json={**said, **_seen(read)}))
    assert changes(client, admin_headers, rid)["amendment"]["stateName"] == "approved"
    now = staff_read(client, admin_headers, rid)
    ok(client.put(ask, headers=admin_headers, json={**said, **_seen(now)}))
    assert changes(client, admin_headers, rid)["amendment"]["stateName"] == "asked"


def test_staff_decline_a_cancellation_only_as_they_read_it_and_without_a_mark_as_before(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "asked-cancel")
    rid = in_shipping_order(client, alice, admin_headers)
    ok(client.post(f"{RR}/{rid}/cancellation-request", headers=alice, json={"reason": "Wrong date"}))
    shown = changes(client, admin_headers, rid)["cancellation"]
    # She withdraws it and asks again for another reason, which staff's answer does not address.
    ok(client.put(f"{RR}/{rid}/cancellation-request/withdraw", headers=alice))
    ok(client.post(f"{RR}/{rid}/cancellation-request", headers=alice, json={"reason": "Buyer went away"}))
    decline = f"{STAFF}/{rid}/cancellation-request/decline"
    said = {"message": "The date can be moved instead"}
    refused_as_changed(client.put(decline, headers=admin_headers, json={**said, **_seen(shown)}))
    now = changes(client, admin_headers, rid)["cancellation"]
    assert (now["stateName"], now["reason"]) == ("requested", "Buyer went away")
    ok(client.put(decline, headers=admin_headers, json={**said, **_seen(now)}))
    assert changes(client, admin_headers, rid)["cancellation"]["stateName"] == "declined"
    # A call that names nothing declines as the request stands, as before.
    ok(client.post(f"{RR}/{rid}/cancellation-request", headers=alice, json={"reason": "Really"}))
    ok(client.put(decline, headers=admin_headers, json=said))
    assert changes(client, admin_headers, rid)["cancellation"]["stateName"] == "declined"


def test_an_amendment_asked_and_withdrawn_leaves_the_booking_as_staff_read_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Decision 3918: the mark is what staff read, not when it last moved."""
    alice = customer(client, "asked-round-trip")
    rid = in_shipping_order(client, alice, admin_headers)
    read = staff_read(client, admin_headers, rid)
    # She asks for a change and takes it back while staff write their ask: the booking is as they read it.
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(additionalComment="Keep cool")))
    ok(client.put(f"{RR}/{rid}/amendments/withdraw", headers=alice))
    ask = f"{STAFF}/{rid}/amendments/ask"
    ok(client.put(ask, headers=admin_headers, json={"message": "Please ask for cool storage", **_seen(read)}))
    asked = staff_read(client, admin_headers, rid)
    assert changes(client, admin_headers, rid)["amendment"]["stateName"] == "asked"
    # Her answer is a real change: a decline written on the booking as it read before it is refused.
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(additionalComment="Keep warm")))
    decline = f"{STAFF}/{rid}/amendments/decline"
    said = {"message": "Cool, not warm"}
    refused_as_changed(client.put(decline, headers=admin_headers, json={**said, **_seen(asked)}))
    assert changes(client, admin_headers, rid)["amendment"]["stateName"] == "requested"
    now = staff_read(client, admin_headers, rid)
    ok(client.put(decline, headers=admin_headers, json={**said, **_seen(now)}))


def test_a_change_taken_back_leaves_the_request_as_staff_read_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Decision 3918: her request as staff read it stands again, so their revision request is about it."""
    alice = customer(client, "asked-taken-back")
    rid = create(client, alice)["id"]
    read = staff_read(client, admin_headers, rid)
    ok(client.put(f"{RR}/{rid}", headers=alice, json=payload(quantity=5)))
    ok(client.put(f"{RR}/{rid}", headers=alice, json=payload()))
    revise = {"message": "Which pistachios?", **_seen(read)}
    ok(client.put(f"{STAFF}/{rid}/request-revision", headers=admin_headers, json=revise))
    assert staff_read(client, admin_headers, rid)["stateName"] == "revision_requested"
