"""A shipping order the customer cancelled, or staff declined, is submitted again while its booking is live
(decision 3824), on SQLite and PostgreSQL: checked as a first submission, reviewed by staff as a new order,
told to staff, shown in the trail, read alike on the screens and on `/v3`, and followed by tracking through
the containers it now names. An order closed with its booking (decision 3819) stays closed."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.accounts_support import NOTIFY, settle
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    assert_verify_clean,
    customer,
    fails,
    in_shipping_order,
    ok,
    order_payload,
    party,
)
from tests.api.tracking_support import UNMATCHED, equipment, publish, publisher_key, read_events
from tests.app_services import services_of

RR = f"{CLIENT}/rate-requests"
ORDERS = f"{CLIENT}/shipping-orders"
STAFF_RR = f"{ADMIN}/rate-requests"
QUEUE = f"{ADMIN}/work-queue"
SI = "/v3/shipping-instructions"


def detail(client: TestClient, who: dict[str, str], rid: str) -> dict[str, Any]:
    return dict(ok(client.get(f"{RR}/{rid}", headers=who)))


def submitted(client: TestClient, who: dict[str, str], admin: dict[str, str]) -> tuple[str, str, str]:
    """A confirmed booking for 2 containers with its order submitted: (booking id, order id, reference)."""
    rid = in_shipping_order(client, who, admin, quantity=2)
    order = ok(client.post(ORDERS, headers=who, json=order_payload(rid)), 201)
    return rid, str(order["id"]), str(detail(client, who, rid)["reference"])


def cancel_on_v3(client: TestClient, who: dict[str, str], reference: str) -> None:
    answer = client.patch(
        f"{SI}/SI-{reference}", json={"shippingInstructionsStatus": "CANCELLED"}, headers=who
    )
    assert answer.status_code == 202, answer.text


def ids(events: list[dict[str, Any]]) -> list[str]:
    return [e["eventID"] for e in events]


def again(*containers: int, **changes: Any) -> dict[str, Any]:
    """The order filled again: other parties, other containers (3 and 4 of the seeded list unless named),
    other cargo."""
    body = order_payload(
        "unused",
        cargoDescription="Saffron in tins",
        parties=[party(1, "Hamburg Nuts GmbH"), party(2, "Elbe Forwarding"), party(0, "Pars Saffron Co")],
        containers=[
            {
                "containerId": n,
                "seal": f"R{n}",
                "count": 50,
                "type": 1,
                "grossWeight": 9000,
                "netWeight": 8000,
            }
            for n in containers or (3, 4)
        ],
    )
    del body["rateRequestId"]
    body.update(changes)
    return body


def on_v3(client: TestClient, who: dict[str, str], reference: str) -> dict[str, Any]:
    answer = client.get(f"{SI}/SI-{reference}", headers=who)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def queued_for_review(client: TestClient, admin: dict[str, str]) -> list[str]:
    queues = {q["kind"]: q for q in ok(client.get(QUEUE, headers=admin))["queues"]}
    return [item["id"] for item in queues["ordersToReview"]["items"]]


def notice_titles(client: TestClient, who: dict[str, str]) -> list[str]:
    settle(client)
    me = ok(client.get("/auth/api/v1/me", headers=who))["id"]
    page = ok(client.get(f"{NOTIFY}/{me}/paging?pageSize=50&page=1", headers=who))["data"]
    return [n["title"] for n in page["costumerlNotificationDetails"]["list"]]


def test_a_cancelled_order_is_submitted_again_and_staff_accept_it(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Any
) -> None:
    who = customer(client, "again-cancel")
    rid, order_id, reference = submitted(client, who, admin_headers)
    cancel_on_v3(client, who, reference)
    booking = detail(client, who, rid)
    assert booking["order"]["statusName"] == "cancelled"
    # The booking is live: the customer's move, to fill the order again.
    assert booking["stateName"] == "shipping_order" and booking["waitingFor"] == "customer"
    assert rid not in queued_for_review(client, admin_headers)

    answer = ok(client.put(f"{ORDERS}/{order_id}/resubmit", headers=who, json=again()))
    assert answer["id"] == order_id and answer["statusName"] == "submitted"
    assert answer["cargoDescription"] == "Saffron in tins"
    assert sorted(p["name"] for p in answer["parties"]) == [
        "Elbe Forwarding",
        "Hamburg Nuts GmbH",
        "Pars Saffron Co",
    ]
    assert [c["containerId"] for c in answer["containers"]] == [3, 4]
    # Staff's move again: the order is in their queue, they are told, and they accept it.
    assert detail(client, who, rid)["waitingFor"] == "staff"
    assert rid in queued_for_review(client, admin_headers)
    assert "Shipping order submitted again" in notice_titles(client, admin_headers)
    accepted = ok(client.put(f"{ADMIN}/shipping-orders/{order_id}/accept", headers=admin_headers))
    assert accepted["statusName"] == "ready_for_approval"
    # /v3 reads the order as the screens show it: the new instructions, a draft transport document.
    instructions = on_v3(client, who, reference)
    assert instructions["shippingInstructionsStatus"] == "RECEIVED"
    assert "updatedShippingInstructionsStatus" not in instructions
    said = instructions["documentParties"]
    assert said["shipper"]["partyName"] == "Pars Saffron Co"
    assert said["consignee"]["partyName"] == "Hamburg Nuts GmbH"
    numbers = [c["containerNumber"] for c in accepted["containers"]]
    sent = [u["equipmentReference"] for u in instructions["utilizedTransportEquipments"]]
    assert sent == numbers
    document = client.get(f"/v3/transport-documents/BL-{reference}", headers=who)
    assert document.status_code == 200 and document.json()["transportDocumentStatus"] == "DRAFT"
    assert_verify_clean(services_of(client), tmp_path)


def test_a_declined_order_is_submitted_again(client: TestClient, admin_headers: dict[str, str]) -> None:
    who = customer(client, "again-decline")
    rid, order_id, reference = submitted(client, who, admin_headers)
    decline = {"message": "The consignee is not allowed to receive this cargo"}
    ok(client.put(f"{ADMIN}/shipping-orders/{order_id}/decline", headers=admin_headers, json=decline))
    assert detail(client, who, rid)["order"]["statusName"] == "declined"
    assert on_v3(client, who, reference)["shippingInstructionsStatus"] == "DECLINED"
    # Staff may not submit it for the customer.
    fails(client.put(f"{ORDERS}/{order_id}/resubmit", headers=admin_headers, json=again()), 403)
    ok(client.put(f"{ORDERS}/{order_id}/resubmit", headers=who, json=again()))
    booking = detail(client, who, rid)
    assert booking["order"]["statusName"] == "submitted" and booking["order"]["revise"] == {}
    instructions = on_v3(client, who, reference)
    assert instructions["shippingInstructionsStatus"] == "RECEIVED"
    assert "feedbacks" not in instructions
    # Once submitted it is under review: not submitted again until cancelled or declined again.
    refused = fails(client.put(f"{ORDERS}/{order_id}/resubmit", headers=who, json=again()), 409)
    assert "submitted" in refused["description"]


def test_an_order_closed_with_its_booking_is_not_submitted_again(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who = customer(client, "again-closed")
    rid, order_id, _ = submitted(client, who, admin_headers)
    ok(
        client.put(
            f"{STAFF_RR}/{rid}/reject", headers=admin_headers, json={"message": "The vessel was withdrawn"}
        )
    )
    assert detail(client, who, rid)["order"]["statusName"] == "declined"
    refused = fails(client.put(f"{ORDERS}/{order_id}/resubmit", headers=who, json=again()), 409)
    assert "closed with its booking" in refused["description"]
    assert detail(client, who, rid)["order"]["statusName"] == "declined"
    # One the customer cancelled itself, on a booking that ended afterwards, is not submitted again either.
    rid, order_id, reference = submitted(client, who, admin_headers)
    cancel_on_v3(client, who, reference)
    ok(client.post(f"{RR}/{rid}/cancellation-request", headers=who, json={"reason": "Plans changed"}))
    ok(client.put(f"{STAFF_RR}/{rid}/cancellation-request/confirm", headers=admin_headers, json={}))
    booking = detail(client, who, rid)
    assert booking["stateName"] == "cancelled" and booking["waitingFor"] is None
    refused = fails(client.put(f"{ORDERS}/{order_id}/resubmit", headers=who, json=again()), 409)
    assert "booking has ended" in refused["description"]


def test_only_its_customer_submits_it_again_and_bad_content_changes_nothing(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who = customer(client, "again-owner")
    stranger = customer(client, "again-stranger")
    rid, order_id, reference = submitted(client, who, admin_headers)
    cancel_on_v3(client, who, reference)
    fails(client.put(f"{ORDERS}/{order_id}/resubmit", headers=stranger, json=again()), 404)
    before = detail(client, who, rid)["order"]
    cases = {
        "containers": again(containers=again()["containers"][:1]),
        "cargoDescription": again(cargoDescription=""),
        "frightType": again(frightType=3),
        "parties": again(parties=[party(1, "C"), party(2, "N")]),
    }
    for field, body in cases.items():
        error = fails(client.put(f"{ORDERS}/{order_id}/resubmit", headers=who, json=body), 400)
        assert field in error["fields"], (field, error)
    assert detail(client, who, rid)["order"] == before
    assert before["statusName"] == "cancelled"


def test_the_trail_and_the_event_log_show_it_and_tracking_follows_the_new_containers(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who = customer(client, "again-trail")
    rid, order_id, reference = submitted(client, who, admin_headers)
    first = [c["containerNumber"] for c in detail(client, who, rid)["order"]["containers"]]
    cancel_on_v3(client, who, reference)
    answer = ok(client.put(f"{ORDERS}/{order_id}/resubmit", headers=who, json=again()))
    named = [c["containerNumber"] for c in answer["containers"]]
    assert set(named).isdisjoint(first)
    events = ok(client.get(f"/audit/api/v1/aggregates/{order_id}/events", headers=admin_headers))["events"]
    last = events[-1]
    assert last["type"] == "Resubmitted" and last["actor"]["role"] == "customer"
    assert last["changes"]["state"] == "submitted" and last["bookingReference"] == reference
    trail = ok(client.get(f"/audit/api/v1/bookings/{reference}/trail", headers=admin_headers))["entries"]
    assert "Shipping order submitted again" in [entry["what"] for entry in trail]
    farsi = {**admin_headers, "Accept-Language": "fa"}
    persian = ok(client.get(f"/audit/api/v1/bookings/{reference}/trail", headers=farsi))["entries"]
    assert "دستور حمل دوباره فرستاده شد" in [entry["what"] for entry in persian]
    # A terminal reports the new order's container without a booking reference: the booking's event.
    publisher = publisher_key(client, admin_headers)
    when = "2026-11-20T08:00:00Z"
    publish(
        client, publisher, equipment("b1c1e0f2-0001-4b8e-9d7a-3c1f5e2b9a01", "GTIN", named[0], when, "NLAMS")
    )
    mine = read_events(client, who, equipmentReference=named[0])[0]
    assert [e["equipmentDetails"]["equipmentReference"] for e in mine] == [named[0]]
    # The first order's container is not the booking's any more.
    publish(
        client, publisher, equipment("b1c1e0f2-0002-4b8e-9d7a-3c1f5e2b9a02", "GTIN", first[0], when, "NLAMS")
    )
    assert read_events(client, who, equipmentReference=first[0])[0] == []


def unmatched_ids(client: TestClient, admin: dict[str, str]) -> list[str]:
    return [u["eventID"] for u in ok(client.get(UNMATCHED, headers=admin, params={"limit": 200}))["list"]]


def test_a_container_the_order_no_longer_names_is_not_the_booking_s_any_more(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Any
) -> None:
    """Decision 3825: the first order's container reported (by its number alone) before the order was
    cancelled and filled again with other containers, and its other container reported while it was
    cancelled: their later events go to no booking (staff's unmatched list), what was matched stays."""
    who = customer(client, "again-old-box")
    rid, order_id, reference = submitted(client, who, admin_headers)
    first = [c["containerNumber"] for c in detail(client, who, rid)["order"]["containers"]]
    publisher = publisher_key(client, admin_headers)
    gate_in = equipment("old-box-gtin", "GTIN", first[0], "2026-02-20T08:00:00Z", "NLRTM")
    publish(client, publisher, gate_in)
    assert ids(read_events(client, who, carrierBookingReference=reference)[0]) == ["old-box-gtin"]
    progress = detail(client, who, rid)["progress"]
    assert progress is not None
    cancel_on_v3(client, who, reference)
    # While the order is cancelled it names no container: a bare event of one is nobody's.
    said = publish(
        client, publisher, equipment("old-box-y", "GTIN", first[1], "2026-02-21T08:00:00Z", "NLRTM")
    )
    assert [e["severity"] for e in said] == ["WARN"]
    ok(client.put(f"{ORDERS}/{order_id}/resubmit", headers=who, json=again()))
    trail_url = f"/audit/api/v1/bookings/{reference}/trail"
    trail = ok(client.get(trail_url, headers=admin_headers))["entries"]
    load = equipment("old-box-load", "LOAD", first[0], "2026-02-22T08:00:00Z", "NLRTM")
    later = equipment("old-box-y-load", "LOAD", first[1], "2026-02-22T09:00:00Z", "NLRTM")
    drop = equipment("old-box-drop", "DROP", first[0], "2026-03-01T08:00:00Z", "SGSIN")
    said = publish(client, publisher, load, later, drop)
    assert [e["severity"] for e in said] == ["WARN"] * 3
    # The booking keeps the gate-in it had (history is not rewritten), and nothing more: not on /v3, not in
    # its progress, trail or notices.
    assert ids(read_events(client, who)[0]) == ["old-box-gtin"]
    assert detail(client, who, rid)["progress"] == progress
    assert ok(client.get(trail_url, headers=admin_headers))["entries"] == trail
    assert "Delivered" not in notice_titles(client, who)
    waiting = unmatched_ids(client, admin_headers)
    assert {"old-box-y", "old-box-load", "old-box-y-load", "old-box-drop"} <= set(waiting)
    # The publisher revises the gate-in it reported while the order named the container: it stays put.
    publish(client, publisher, {**gate_in, "eventUpdatedDateTime": "2026-02-23T08:00:00Z"})
    assert ids(read_events(client, who)[0]) == ["old-box-gtin"]
    # An event naming the booking still ties the container to it, and the bare ones after follow the tie.
    publish(
        client,
        publisher,
        equipment("old-box-named", "DISC", first[0], "2026-03-02T08:00:00Z", "SGSIN", reference),
        equipment("old-box-gtot", "GTOT", first[0], "2026-03-03T08:00:00Z", "SGSIN"),
    )
    assert ids(read_events(client, who)[0]) == ["old-box-gtin", "old-box-named", "old-box-gtot"]
    assert_verify_clean(services_of(client), tmp_path)


def test_a_container_another_order_names_now_goes_to_that_booking(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Two customers' orders name the same container; the one it was reported for fills its order again
    without it: its delivery goes to the other, whose order names it now, and only that customer is told."""
    bob = customer(client, "again-box-bob")
    bob_rid, _, bob_reference = submitted(client, bob, admin_headers)
    alice = customer(client, "again-box-alice")
    alice_rid, alice_order, alice_reference = submitted(client, alice, admin_headers)
    shared = detail(client, bob, bob_rid)["order"]["containers"][0]["containerNumber"]
    assert shared in [c["containerNumber"] for c in detail(client, alice, alice_rid)["order"]["containers"]]
    publisher = publisher_key(client, admin_headers)
    publish(client, publisher, equipment("shared-gtin", "GTIN", shared, "2026-02-20T08:00:00Z", "CNSHA"))
    # The order that named it last is alice's: the gate-in is hers.
    assert ids(read_events(client, alice)[0]) == ["shared-gtin"]
    assert read_events(client, bob)[0] == []
    cancel_on_v3(client, alice, alice_reference)
    ok(client.put(f"{ORDERS}/{alice_order}/resubmit", headers=alice, json=again()))
    publish(client, publisher, equipment("shared-drop", "DROP", shared, "2026-03-01T08:00:00Z", "SGSIN"))
    assert ids(read_events(client, alice)[0]) == ["shared-gtin"]
    assert ids(read_events(client, bob, carrierBookingReference=bob_reference)[0]) == ["shared-drop"]
    assert "Delivered" in notice_titles(client, bob)
    assert "Delivered" not in notice_titles(client, alice)


def test_a_declined_order_s_containers_are_not_its_booking_s(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who = customer(client, "again-declined-box")
    rid, order_id, reference = submitted(client, who, admin_headers)
    box = detail(client, who, rid)["order"]["containers"][0]["containerNumber"]
    publisher = publisher_key(client, admin_headers)
    publish(client, publisher, equipment("declined-gtin", "GTIN", box, "2026-02-20T08:00:00Z", "CNSHA"))
    decline = {"message": "The consignee is not allowed to receive this cargo"}
    ok(client.put(f"{ADMIN}/shipping-orders/{order_id}/decline", headers=admin_headers, json=decline))
    said = publish(
        client, publisher, equipment("declined-load", "LOAD", box, "2026-02-21T08:00:00Z", "CNSHA")
    )
    assert [e["severity"] for e in said] == ["WARN"]
    assert ids(read_events(client, who, carrierBookingReference=reference)[0]) == ["declined-gtin"]
    # Filled again naming it: its events are the booking's again.
    ok(client.put(f"{ORDERS}/{order_id}/resubmit", headers=who, json=again(1, 2)))
    publish(client, publisher, equipment("declined-disc", "DISC", box, "2026-03-01T08:00:00Z", "SGSIN"))
    assert ids(read_events(client, who)[0]) == ["declined-gtin", "declined-disc"]


def test_a_container_only_the_publisher_tied_is_cut_when_the_order_is_cancelled_or_declined(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Any
) -> None:
    """Decision 3834: a container the order never named, tied to the booking by an event that named both,
    follows the booking while its order stands; cancelled or declined, the order takes that tie with its own
    (its later bare events are staff's to assign), and submitted again it does not revive it: the publisher
    naming the booking again ties it again."""
    who = customer(client, "again-vouched-box")
    rid, order_id, reference = submitted(client, who, admin_headers)
    box = "TGHU6613877"
    assert box not in [c["containerNumber"] for c in detail(client, who, rid)["order"]["containers"]]
    publisher = publisher_key(client, admin_headers)
    publish(
        client,
        publisher,
        equipment("vouched-gtin", "GTIN", box, "2026-02-20T08:00:00Z", "CNSHA", reference),
        equipment("vouched-load", "LOAD", box, "2026-02-21T08:00:00Z", "CNSHA"),
    )
    assert ids(read_events(client, who)[0]) == ["vouched-gtin", "vouched-load"]
    # The customer cancels the order: the booking has no instructions, and the container is not its own.
    cancel_on_v3(client, who, reference)
    said = publish(client, publisher, equipment("vouched-dep", "STUF", box, "2026-02-22T08:00:00Z", "CNSHA"))
    assert [e["severity"] for e in said] == ["WARN"]
    assert ids(read_events(client, who)[0]) == ["vouched-gtin", "vouched-load"]
    assert "vouched-dep" in unmatched_ids(client, admin_headers)
    # Submitted again (other containers): the tie cut stays cut.
    ok(client.put(f"{ORDERS}/{order_id}/resubmit", headers=who, json=again()))
    said = publish(client, publisher, equipment("vouched-arri", "CUSR", box, "2026-03-01T06:00:00Z", "SGSIN"))
    assert [e["severity"] for e in said] == ["WARN"]
    # The publisher names the booking again: tied again, and the bare events after follow.
    publish(
        client,
        publisher,
        equipment("vouched-disc", "DISC", box, "2026-03-01T08:00:00Z", "SGSIN", reference),
        equipment("vouched-gtot", "GTOT", box, "2026-03-02T08:00:00Z", "SGSIN"),
    )
    mine = ["vouched-gtin", "vouched-load", "vouched-disc", "vouched-gtot"]
    assert ids(read_events(client, who)[0]) == mine
    # Staff decline the order: cut again, what was matched stays.
    decline = {"message": "The consignee is not allowed to receive this cargo"}
    ok(client.put(f"{ADMIN}/shipping-orders/{order_id}/decline", headers=admin_headers, json=decline))
    said = publish(client, publisher, equipment("vouched-drop", "DROP", box, "2026-03-05T08:00:00Z", "NLRTM"))
    assert [e["severity"] for e in said] == ["WARN"]
    assert ids(read_events(client, who)[0]) == mine
    assert "Delivered" not in notice_titles(client, who)
    assert {"vouched-dep", "vouched-arri", "vouched-drop"} <= set(unmatched_ids(client, admin_headers))
    assert_verify_clean(services_of(client), tmp_path)
