"""The customer's overview (counts, bookings waiting for them) and the staff work queue."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from domain.shared.lifecycle import lifecycle
from tests.api import accounts_support as accounts
from tests.api import booking_support as booking
from tests.api.booking_support import ADMIN, CLIENT

OVERVIEW = f"{CLIENT}/overview"
QUEUE = f"{ADMIN}/work-queue"


def test_customer_overview_counts_every_state_and_lists_what_waits_for_them(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = booking.customer(client, "ov-alice")
    bob = booking.customer(client, "ov-bob")
    requested = booking.create(client, alice)["id"]
    first_quote = booking.quoted(client, alice, admin_headers)
    second_quote = booking.quoted(client, alice, admin_headers)
    booking.create(client, bob)
    booking.quoted(client, bob, admin_headers)
    answer = booking.ok(client.get(OVERVIEW, headers=alice))
    counts = {c["stateName"]: (c["state"], c["name"], c["count"]) for c in answer["counts"]}
    assert list(counts) == list(lifecycle("rate_request").codes)  # every state, in the file's order
    # Requested and quoted share code 0, not their badge: a price waiting for her is not a request.
    assert counts["requested"] == (0, "Rate Request", 1)
    assert counts["quoted"] == (0, "Price Quoted", 2)
    assert counts["rejected_by_admin"] == (5, "Rejected By Admin", 0)
    waiting = [r["id"] for r in answer["waiting"]]
    assert waiting == [second_quote, first_quote]  # newest first, only the customer's move
    assert requested not in waiting
    assert all(r["waitingFor"] == "customer" and r["reference"] for r in answer["waiting"])
    booking.fails(client.get(OVERVIEW, headers=admin_headers), 403)
    booking.fails(client.get(OVERVIEW), 401)


def test_the_overview_counts_every_booking_waiting_not_only_the_latest_it_lists(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    # Decision 3906: a long history's overview said "Waiting for you (10)" with 90 waiting.
    alice = booking.customer(client, "ov-many")
    quoted = [booking.quoted(client, alice, admin_headers) for _ in range(12)]
    booking.create(client, alice)  # staff's move: not waiting for her
    answer = booking.ok(client.get(OVERVIEW, headers=alice))
    assert [r["id"] for r in answer["waiting"]] == quoted[::-1][:10]
    assert answer["waitingCount"] == 12


def test_her_booking_list_opens_every_booking_the_overview_counts_as_waiting_for_her(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    # Decision 3909: "The latest 10 of 12" linked to a list that could not show those 12 alone.
    alice = booking.customer(client, "ov-waiting-list")
    quoted = [booking.quoted(client, alice, admin_headers) for _ in range(12)]
    booking.create(client, alice)  # staff's move: not waiting for her
    booking.create(client, booking.customer(client, "ov-waiting-other"))
    overview = booking.ok(client.get(OVERVIEW, headers=alice))
    waiting = booking.ok(
        client.get(f"{CLIENT}/rate-requests", params={"waiting": "customer", "limit": 100}, headers=alice)
    )["list"]
    assert waiting["totalCount"] == overview["waitingCount"] == 12
    assert [r["id"] for r in waiting["list"]] == quoted[::-1]
    assert all(r["waitingFor"] == "customer" for r in waiting["list"])
    # Paged as the list is, and without the filter the list is every booking of hers.
    second = booking.ok(
        client.get(
            f"{CLIENT}/rate-requests", params={"waiting": "customer", "limit": 5, "offset": 3}, headers=alice
        )
    )["list"]
    assert [r["id"] for r in second["list"]] == quoted[::-1][10:] and second["totalCount"] == 12
    assert booking.ok(client.get(f"{CLIENT}/rate-requests", headers=alice))["list"]["totalCount"] == 13
    booking.fails(client.get(f"{CLIENT}/rate-requests", params={"waiting": "staff"}, headers=alice), 400)


def _queues(client: TestClient, admin: dict[str, str]) -> dict[str, Any]:
    return {q["kind"]: q for q in booking.ok(client.get(QUEUE, headers=admin))["queues"]}


def test_work_queue_holds_what_waits_for_staff_oldest_first(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    empty = _queues(client, admin_headers)
    assert list(empty) == [
        "registrations",
        "editRequests",
        "rateRequestsToQuote",
        "bookingRequestsToConfirm",
        "ordersToReview",
        "amendmentRequests",
        "cancellationRequests",
    ]
    assert all(q["count"] == 0 and q["oldestAt"] is None and q["items"] == [] for q in empty.values())

    alice = booking.customer(client, "wq-alice")
    to_quote = [booking.create(client, alice), booking.create(client, alice)]
    booking.quoted(client, alice, admin_headers)  # waits for the customer: in no queue
    booked = booking.loi_pending(client, alice, admin_headers)
    file_id = booking.upload(client, alice, key="wq-loi")
    documents = {"documents": [{"documentTypeId": 1, "fileId": file_id}]}
    booking.ok(client.put(f"{CLIENT}/rate-requests/{booked}/booking-request", headers=alice, json=documents))
    ordered = booking.in_shipping_order(client, alice, admin_headers)
    booking.ok(
        client.post(f"{CLIENT}/shipping-orders", headers=alice, json=booking.order_payload(ordered)), 201
    )
    other = {
        **accounts.INDIVIDUAL_FORM,
        "nationalId": "0098765434",
        "phone": "09127654321",
        "email": "reza@example.com",
        "firstName": "Reza",
    }
    reza = accounts.accepted_customer(client, admin_headers, other)
    change = {k: v for k, v in other.items() if k != "postalCode"}
    change.update(id="ignored", industry="", destinations="", typeOfOperation="", fax="02199999999")
    booking.ok(client.put(f"{accounts.CLIENT}/indivisual-customers", json=change, headers=reza))
    form = accounts.sign_up_individual(client)

    queues = _queues(client, admin_headers)
    quote = queues["rateRequestsToQuote"]
    assert quote["count"] == 2
    assert [i["id"] for i in quote["items"]] == [r["id"] for r in to_quote]
    assert [i["reference"] for i in quote["items"]] == [r["reference"] for r in to_quote]
    assert quote["oldestAt"] == quote["items"][0]["since"]
    assert "Pistachios" in quote["items"][0]["title"]
    # `about` in parts, for a screen in its reader's language; as the booking's own read names them.
    detail = booking.ok(client.get(f"{CLIENT}/rate-requests/{to_quote[0]['id']}", headers=alice))
    assert quote["items"][0]["cargo"] == {
        "quantity": detail["quantity"],
        "containerSize": detail["containerSize"]["name"],
        "containerType": detail["containerType"]["name"],
        "commodity": detail["commodity"],
    }
    assert quote["items"][0]["about"] == detail["cargoDetails"]
    assert all(item["cargo"] is None for item in queues["registrations"]["items"])
    assert [i["id"] for i in queues["bookingRequestsToConfirm"]["items"]] == [booked]
    assert [i["id"] for i in queues["ordersToReview"]["items"]] == [ordered]
    registrations = queues["registrations"]
    assert registrations["count"] == 1 and registrations["items"][0]["id"] == form["nationalId"]
    assert registrations["items"][0]["title"] == "Sara Rahimi"
    assert registrations["items"][0]["reference"] is None
    # Its type of account picks the page that reviews it (as the sign-ups' list says it).
    listed = booking.ok(client.get("/account/api/v1/admin/register-requests", headers=admin_headers))["list"]
    kinds = {r["nationalId"]: r["kind"] for r in listed}
    assert registrations["items"][0]["accountType"] == kinds[form["nationalId"]]
    edits = queues["editRequests"]
    assert edits["count"] == 1 and edits["items"][0]["id"] == "0098765434"
    edited = booking.ok(client.get("/account/api/v1/admin/update-requests", headers=admin_headers))["list"]
    assert edits["items"][0]["accountType"] == next(
        r["accountType"] for r in edited if r["nationalId"] == "0098765434"
    )
    assert quote["items"][0]["accountType"] is None
    assert edits["items"][0]["title"] == "Reza Rahimi" and edits["oldestAt"].endswith("Z")

    booking.ok(client.put(f"{ADMIN}/shipping-orders/{ordered}/accept", headers=admin_headers))
    assert _queues(client, admin_headers)["ordersToReview"]["count"] == 0
    booking.fails(client.get(QUEUE, headers=alice), 403)


def test_work_queue_holds_amendment_and_cancellation_requests_until_staff_decide(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A change asked for after confirmation waits for staff, so it has its card."""
    alice = booking.customer(client, "wq-changes")
    amended = booking.in_shipping_order(client, alice, admin_headers)
    cancelled = booking.in_shipping_order(client, alice, admin_headers)
    new_date = booking.another_shipping_date()
    rr = f"{CLIENT}/rate-requests"
    booking.ok(
        client.post(
            f"{rr}/{amended}/amendments", headers=alice, json=booking.payload(preferredShippingDate=new_date)
        )
    )
    booking.ok(
        client.post(f"{rr}/{cancelled}/cancellation-request", headers=alice, json={"reason": "Moved to air"})
    )
    queues = _queues(client, admin_headers)
    amendments, cancellations = queues["amendmentRequests"], queues["cancellationRequests"]
    assert amendments["count"] == 1 and [i["id"] for i in amendments["items"]] == [amended]
    assert (
        amendments["items"][0]["reference"]
        == booking.ok(client.get(f"{rr}/{amended}", headers=alice))["reference"]
    )
    assert amendments["oldestAt"] == amendments["items"][0]["since"]
    assert cancellations["count"] == 1 and [i["id"] for i in cancellations["items"]] == [cancelled]
    assert cancellations["items"][0]["title"].endswith("Moved to air")

    booking.ok(client.put(f"{ADMIN}/rate-requests/{amended}/amendments/approve", headers=admin_headers))
    decline = {"message": "Already loaded"}
    booking.ok(
        client.put(
            f"{ADMIN}/rate-requests/{cancelled}/cancellation-request/decline",
            headers=admin_headers,
            json=decline,
        )
    )
    after = _queues(client, admin_headers)
    assert after["amendmentRequests"]["count"] == 0 and after["amendmentRequests"]["items"] == []
    assert after["cancellationRequests"]["count"] == 0


def test_a_firm_booking_with_its_price_waits_to_be_confirmed_not_quoted(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A request made through the standard has no customer step: once priced, staff's next act is to
    confirm it (`confirm_request`), so it leaves the quoting queue for the confirming one."""
    from tests.api.dcsa_support import rate_request_id, sample

    shipper = booking.customer(client, "wq-firm")
    sent = client.post("/v2/bookings", json=sample("booking-regular"), headers=shipper)
    assert sent.status_code == 202, sent.text
    rid = rate_request_id(client, sent.json()["carrierBookingRequestReference"])

    def held() -> dict[str, list[str]]:
        queues = _queues(client, admin_headers)
        return {
            k: [i["id"] for i in queues[k]["items"]]
            for k in ("rateRequestsToQuote", "bookingRequestsToConfirm")
        }

    assert held() == {"rateRequestsToQuote": [rid], "bookingRequestsToConfirm": []}
    price = {"price": 900, "validUntil": booking.later()}
    booking.ok(client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin_headers, json=price))
    assert held() == {"rateRequestsToQuote": [], "bookingRequestsToConfirm": [rid]}
    counts = _queues(client, admin_headers)
    assert (counts["rateRequestsToQuote"]["count"], counts["bookingRequestsToConfirm"]["count"]) == (0, 1)
    booking.ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin_headers))
    assert held() == {"rateRequestsToQuote": [], "bookingRequestsToConfirm": []}
