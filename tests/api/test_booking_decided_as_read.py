"""Staff decide on a booking as their screen read it, on SQLite and PostgreSQL (decision 3908).

While staff read a booking, the customer (or her integrator through the standard's doors) may change what
they are about to decide on: update her shipping order (`/v3`), edit her request, send other signed documents,
withdraw an amendment and ask for another. A decision that names the `updatedAt` the screen read
(`seenUpdatedAt`) is refused after such a change, 409 in the reader's language, and nothing is recorded; read
again, it goes through. A call that names nothing decides on the booking as it stands, as before."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from domain.booking.reference import seed_containers
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
    payload,
    upload,
)
from tests.api.dcsa_support import confirmed_dcsa_booking, rate_request_id
from tests.api.order_as_read_support import order_sent, order_updated
from tests.api.test_dcsa_ebl import instructions

RR = f"{CLIENT}/rate-requests"
STAFF = f"{ADMIN}/rate-requests"
SI = "/v3/shipping-instructions"
CONTAINER = seed_containers()[0].number
BOOKING_CHANGED = "The customer changed this booking since you opened it: read it again before you decide"


def staff_read(client: TestClient, admin: dict[str, str], rid: str) -> dict[str, Any]:
    return dict(ok(client.get(f"{STAFF}/{rid}", headers=admin)))


def refused_as_changed(answer: Any, said: str = BOOKING_CHANGED) -> None:
    assert fails(answer, 409)["description"] == said


def test_staff_accept_a_shipping_order_only_as_they_read_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    sent = order_sent(client, admin_headers, "read-order")
    rid = sent.rid
    read = staff_read(client, admin_headers, rid)["order"]
    # Her integrator updates the instructions while staff read them.
    order_updated(client, sent)
    accept = f"{ADMIN}/shipping-orders/{read['id']}/accept"
    seen = {"seenUpdatedAt": read["updatedAt"]}
    refused_as_changed(
        client.put(accept, headers=admin_headers, json=seen),
        "The customer changed this shipping order since you opened it: read it again before you decide",
    )
    persian = {**admin_headers, "Accept-Language": "fa"}
    said = fails(client.put(accept, headers=persian, json=seen), 409)["description"]
    assert said == "مشتری این دستور حمل را پس از باز شدنش تغییر داده است: پیش از تصمیم دوباره آن را بخوانید"
    assert staff_read(client, admin_headers, rid)["order"]["statusName"] == "update_received"
    # Read again, the update is what is accepted.
    again = staff_read(client, admin_headers, rid)["order"]
    accepted = ok(client.put(accept, headers=admin_headers, json={"seenUpdatedAt": again["updatedAt"]}))
    assert accepted["statusName"] == "ready_for_approval"


def test_a_withdrawn_update_is_a_change_too_and_no_body_accepts_as_it_stands(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    sent = order_sent(client, admin_headers, "read-order-withdrawn")
    rid = sent.rid
    order_updated(client, sent)
    read = staff_read(client, admin_headers, rid)["order"]
    withdrawn = {"updatedShippingInstructionsStatus": "UPDATE_CANCELLED"}
    assert client.patch(f"{SI}/{sent.reference}", json=withdrawn, headers=sent.who).status_code == 202
    accept = f"{ADMIN}/shipping-orders/{read['id']}/accept"
    assert fails(client.put(accept, headers=admin_headers, json={"seenUpdatedAt": read["updatedAt"]}), 409)
    # The specification's call names nothing: the order is accepted as it stands, as before.
    ok(client.put(accept, headers=admin_headers))
    assert staff_read(client, admin_headers, rid)["order"]["statusName"] == "ready_for_approval"


def test_staff_quote_a_request_only_as_they_read_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "read-quote")
    rid = create(client, alice)["id"]
    read = staff_read(client, admin_headers, rid)
    # She asks for five containers while staff price two.
    ok(client.put(f"{RR}/{rid}", headers=alice, json=payload(quantity=5)))
    body = {"price": 1250.5, "validUntil": later(), "previousPrice": None, "seenUpdatedAt": read["updatedAt"]}
    refused_as_changed(client.put(f"{STAFF}/{rid}/quote", headers=admin_headers, json=body))
    now = staff_read(client, admin_headers, rid)
    assert (now["stateName"], now["price"], now["quantity"]) == ("requested", None, 5)
    ok(
        client.put(
            f"{STAFF}/{rid}/quote", headers=admin_headers, json={**body, "seenUpdatedAt": now["updatedAt"]}
        )
    )
    assert staff_read(client, admin_headers, rid)["stateName"] == "quoted"


def test_staff_confirm_a_booking_request_only_as_they_read_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "read-confirm")
    rid = loi_pending(client, alice, admin_headers)
    sent = f"{RR}/{rid}/booking-request"
    first = upload(client, alice, key=f"loi-{rid}")
    ok(client.put(sent, headers=alice, json={"documents": [{"documentTypeId": 1, "fileId": first}]}))
    read = staff_read(client, admin_headers, rid)
    # She sends another signed letter while staff read the first.
    other = upload(client, alice, key=f"loi-again-{rid}")
    ok(client.put(sent, headers=alice, json={"documents": [{"documentTypeId": 1, "fileId": other}]}))
    confirm = f"{STAFF}/{rid}/confirm-booking"
    refused_as_changed(client.put(confirm, headers=admin_headers, json={"seenUpdatedAt": read["updatedAt"]}))
    assert staff_read(client, admin_headers, rid)["stateName"] == "loi_pending"
    now = staff_read(client, admin_headers, rid)
    ok(client.put(confirm, headers=admin_headers, json={"seenUpdatedAt": now["updatedAt"]}))
    assert staff_read(client, admin_headers, rid)["stateName"] == "shipping_order"


def test_staff_approve_an_amendment_only_as_they_read_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "read-amend")
    rid = in_shipping_order(client, alice, admin_headers)
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(additionalComment="Keep cool")))
    read = staff_read(client, admin_headers, rid)
    # The review screen names the amendment it shows (its own `updatedAt`).
    shown = ok(client.get(f"{STAFF}/{rid}/changes", headers=admin_headers))["amendment"]
    # She withdraws it and asks for another change while staff read the first.
    ok(client.put(f"{RR}/{rid}/amendments/withdraw", headers=alice))
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(additionalComment="Keep frozen")))
    approve = f"{STAFF}/{rid}/amendments/approve"
    refused_as_changed(client.put(approve, headers=admin_headers, json={"seenUpdatedAt": read["updatedAt"]}))
    refused_as_changed(client.put(approve, headers=admin_headers, json={"seenUpdatedAt": shown["updatedAt"]}))
    assert staff_read(client, admin_headers, rid)["additionalComment"] == "Keep dry"
    now = ok(client.get(f"{STAFF}/{rid}/changes", headers=admin_headers))["amendment"]
    ok(client.put(approve, headers=admin_headers, json={"seenUpdatedAt": now["updatedAt"]}))
    assert staff_read(client, admin_headers, rid)["additionalComment"] == "Keep frozen"


def test_staff_approve_an_amendment_withdrawn_and_asked_again_as_they_read_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Decision 3918: the same change asked again is the change staff read; another one is refused."""
    alice = customer(client, "read-amend-again")
    rid = in_shipping_order(client, alice, admin_headers)
    amend = f"{RR}/{rid}/amendments"
    ok(client.post(amend, headers=alice, json=payload(additionalComment="Keep cool")))
    read = {"seenUpdatedAt": staff_read(client, admin_headers, rid)["updatedAt"]}
    ok(client.put(f"{amend}/withdraw", headers=alice))
    ok(client.post(amend, headers=alice, json=payload(additionalComment="Keep cool")))
    ok(client.put(f"{STAFF}/{rid}/amendments/approve", headers=admin_headers, json=read))
    assert staff_read(client, admin_headers, rid)["additionalComment"] == "Keep cool"


def test_staff_accept_a_shipping_order_whose_update_was_withdrawn_as_they_read_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Decision 3918: staff read the order before her update; she withdrew it: it stands as they read it."""
    who = customer(client, "read-order-round-trip")
    booking = confirmed_dcsa_booking(client, who, admin_headers)
    rid = rate_request_id(client, booking)
    reference = f"SI-{booking}"
    assert client.post(SI, json=instructions(booking, CONTAINER), headers=who).status_code == 202
    read = staff_read(client, admin_headers, rid)["order"]
    updated = instructions(booking, CONTAINER, "Raw pistachios", reference)
    assert client.put(f"{SI}/{reference}", json=updated, headers=who).status_code == 202
    withdrawn = {"updatedShippingInstructionsStatus": "UPDATE_CANCELLED"}
    assert client.patch(f"{SI}/{reference}", json=withdrawn, headers=who).status_code == 202
    accept = f"{ADMIN}/shipping-orders/{read['id']}/accept"
    ok(client.put(accept, headers=admin_headers, json={"seenUpdatedAt": read["updatedAt"]}))
    assert staff_read(client, admin_headers, rid)["order"]["statusName"] == "ready_for_approval"
