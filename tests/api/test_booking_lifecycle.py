"""Staff quote / revision / reject / confirm, the customer's accept / cancel / booking request, expiry and the
race of sixteen decisions on one quote (both stores)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from uuid import UUID

from fastapi.testclient import TestClient

from domain.booking.rate_request import DECISIONS
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    create,
    customer,
    fails,
    later,
    loi_pending,
    ok,
    quoted,
    upload,
)
from tests.app_services import services_of


def test_quote_and_its_failures(client: TestClient, admin_headers: dict[str, str]) -> None:
    headers = customer(client, "q-user")
    rid = create(client, headers)["id"]
    url = f"{ADMIN}/rate-requests/{rid}/quote"
    assert (
        "price"
        in fails(client.put(url, headers=admin_headers, json={"price": 0, "validUntil": later()}), 400)[
            "fields"
        ]
    )
    past = (datetime.now(UTC) - timedelta(hours=1)).isoformat()
    assert (
        "validUntil"
        in fails(client.put(url, headers=admin_headers, json={"price": 10, "validUntil": past}), 400)[
            "fields"
        ]
    )
    fails(client.put(url, headers=admin_headers, json={"price": 10, "validUntil": "soon"}), 400)
    fails(client.put(url, headers=admin_headers, json={"validUntil": later()}), 400)
    fails(client.put(url, headers=headers, json={"price": 10, "validUntil": later()}), 403)
    missing = f"{ADMIN}/rate-requests/{UUID(int=1)}/quote"
    fails(client.put(missing, headers=admin_headers, json={"price": 10, "validUntil": later()}), 404)
    answer = ok(client.put(url, headers=admin_headers, json={"price": 1499.99, "validUntil": "2099-01-31"}))
    assert answer["price"] == 1499.99 and answer["state"] == 0 and answer["stateName"] == "quoted"
    assert answer["validUntil"].startswith("2099-01-31T23:59:59")
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))
    assert detail["price"] == 1499.99


def test_accept_moves_to_loi_pending_and_cannot_repeat(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    headers = customer(client, "acc-user")
    rid = create(client, headers)["id"]
    error = fails(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=headers), 409)
    assert "requested (0)" in error["description"]
    ok(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/quote",
            headers=admin_headers,
            json={"price": 10, "validUntil": later()},
        )
    )
    answer = ok(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=headers))
    assert answer["state"] == 2
    error = fails(client.put(f"{CLIENT}/rate-requests/{rid}/cancel", headers=headers), 409)
    assert "loi_pending (2)" in error["description"]
    fails(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=admin_headers), 403)


def test_cancel_is_terminal(client: TestClient, admin_headers: dict[str, str]) -> None:
    headers = customer(client, "cancel-user")
    rid = quoted(client, headers, admin_headers)
    assert ok(client.put(f"{CLIENT}/rate-requests/{rid}/cancel", headers=headers))["state"] == 6
    fails(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=headers), 409)
    fails(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/quote",
            headers=admin_headers,
            json={"price": 1, "validUntil": later()},
        ),
        409,
    )


def test_revision_request_and_reject(client: TestClient, admin_headers: dict[str, str]) -> None:
    headers = customer(client, "rev-user")
    rid = quoted(client, headers, admin_headers)
    revision = f"{ADMIN}/rate-requests/{rid}/request-revision"
    fails(client.put(revision, headers=admin_headers, json={"message": " "}), 400)
    fails(client.put(revision, headers=headers, json={"message": "x"}), 403)
    answer = ok(client.put(revision, headers=admin_headers, json={"message": "Which port exactly?"}))
    assert (
        answer["state"] == 1
        and answer["revisionMessage"] == "Which port exactly?"
        and answer["price"] is None
    )
    fails(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/request-revision", headers=admin_headers, json={"message": "x"}
        ),
        409,
    )
    fails(client.put(f"{ADMIN}/rate-requests/{rid}/reject", headers=admin_headers, json={"message": ""}), 400)
    answer = ok(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/reject", headers=admin_headers, json={"message": "No vessel"}
        )
    )
    assert answer["state"] == 5 and answer["rejectionMessage"] == "No vessel"
    fails(
        client.put(f"{ADMIN}/rate-requests/{rid}/reject", headers=admin_headers, json={"message": "again"}),
        409,
    )


def test_booking_request_and_confirmation(client: TestClient, admin_headers: dict[str, str]) -> None:
    alice = customer(client, "book-a")
    bob = customer(client, "book-b")
    rid = loi_pending(client, alice, admin_headers)
    url = f"{CLIENT}/rate-requests/{rid}/booking-request"
    error = fails(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-booking", headers=admin_headers), 409)
    assert "loi_pending (2)" in error["description"]
    fails(client.put(url, headers=alice, json={"documents": []}), 400)
    bobs = upload(client, bob, key="bob-loi")
    error = fails(
        client.put(url, headers=alice, json={"documents": [{"documentTypeId": 1, "fileId": bobs}]}), 400
    )
    assert error["fields"] == {"documents.0.fileId": "The file was not uploaded by you"}
    mine = upload(client, alice, key="alice-loi")
    fails(client.put(url, headers=alice, json={"documents": [{"documentTypeId": 7, "fileId": mine}]}), 400)
    fails(client.put(url, headers=bob, json={"documents": [{"documentTypeId": 1, "fileId": bobs}]}), 404)
    documents = [{"documentTypeId": 1, "fileId": mine}, {"documentTypeId": 2, "fileId": mine}]
    answer = ok(client.put(url, headers=alice, json={"documents": documents}))
    assert answer["state"] == 2 and [d["documentType"] for d in answer["bookingRequest"]["documents"]] == [
        "Booking Letter",
        "Export LOI",
    ]
    fails(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-booking", headers=alice), 403)
    assert ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-booking", headers=admin_headers))["state"] == 3
    fails(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-booking", headers=admin_headers), 409)
    fails(client.put(url, headers=alice, json={"documents": documents}), 409)


def test_quotes_expire_by_themselves(client: TestClient, admin_headers: dict[str, str]) -> None:
    services = services_of(client)
    headers = customer(client, "exp-user")
    due = quoted(client, headers, admin_headers)
    fresh = create(client, headers)["id"]
    ok(
        client.put(
            f"{ADMIN}/rate-requests/{fresh}/quote",
            headers=admin_headers,
            json={"price": 5, "validUntil": later(30)},
        )
    )
    assert services.expire_due_quotes(datetime.now(UTC)) == []
    assert services.expire_due_quotes(datetime.now(UTC) + timedelta(days=6)) == [due]
    assert ok(client.get(f"{CLIENT}/rate-requests/{due}", headers=headers))["state"] == 7
    assert ok(client.get(f"{CLIENT}/rate-requests/{fresh}", headers=headers))["state"] == 0
    assert services.expire_due_quotes(datetime.now(UTC) + timedelta(days=6)) == []
    error = fails(client.put(f"{CLIENT}/rate-requests/{due}/approve", headers=headers), 409)
    assert "price_expired (7)" in error["description"]


def test_staff_list_filters_by_state_across_customers(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "ops-a")
    bob = customer(client, "ops-b")
    create(client, alice)
    loi_pending(client, bob, admin_headers)
    everything = ok(client.get(f"{ADMIN}/rate-requests", headers=admin_headers))["list"]
    assert everything["totalCount"] == 2 and {r["customerName"] for r in everything["list"]} == {
        "ops-a",
        "ops-b",
    }
    pending = ok(client.get(f"{ADMIN}/rate-requests?state=2&limit=5&offset=1", headers=admin_headers))["list"]
    assert pending["totalCount"] == 1 and pending["list"][0]["customerName"] == "ops-b"
    named = ok(client.get(f"{ADMIN}/rate-requests?stateName=requested", headers=admin_headers))["list"]
    assert named["totalCount"] == 1 and named["list"][0]["customerName"] == "ops-a"
    empty = ok(client.get(f"{ADMIN}/rate-requests?state=2&offset=2&limit=5", headers=admin_headers))["list"]
    assert empty["list"] == [] and empty["totalCount"] == 1
    fails(client.get(f"{ADMIN}/rate-requests?state=9", headers=admin_headers), 400)
    fails(client.get(f"{ADMIN}/rate-requests", headers=alice), 403)
    rid = everything["list"][0]["id"]
    assert ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers))["id"] == rid
    fails(client.get(f"{ADMIN}/rate-requests/{UUID(int=5)}", headers=admin_headers), 404)


def test_sixteen_concurrent_decisions_record_exactly_one(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    services = services_of(client)
    headers = customer(client, "race-user")
    rid = quoted(client, headers, admin_headers)
    barrier = threading.Barrier(16)
    statuses: list[int] = []
    lock = threading.Lock()

    def decide(index: int) -> None:
        action = "approve" if index % 2 == 0 else "cancel"
        barrier.wait()
        answer = client.put(f"{CLIENT}/rate-requests/{rid}/{action}", headers=headers)
        with lock:
            statuses.append(answer.status_code)

    threads = [threading.Thread(target=decide, args=(i,)) for i in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(statuses) == [200] + [409] * 15
    state = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))["state"]
    assert state in (2, 6)
    history = [
        services.store.mapper.to_domain_event(e) for e in services.store.recorder.select_events(UUID(rid))
    ]
    assert sum(isinstance(e, DECISIONS) for e in history) == 1


def test_staff_actions_and_expiry_notify_the_customer(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    services = services_of(client)
    headers = customer(client, "notified")
    account = ok(client.get("/auth/api/v1/me", headers=headers))["id"]
    due = quoted(client, headers, admin_headers)
    services.expire_due_quotes(datetime.now(UTC) + timedelta(days=6))
    # The policy's notifications are events too: wait for the policy, then for the read model of its output.
    assert services.settle_all()
    assert services.settle_all()
    with services.read_models.read() as tx:
        rows = tx.all(
            "SELECT title, message FROM notifications WHERE recipient = ? ORDER BY created_at", (account,)
        )
    assert [r["title"] for r in rows] == ["Price quoted", "Price expired"]
    reference = ok(client.get(f"{CLIENT}/rate-requests/{due}", headers=headers))["reference"]
    assert reference in rows[0]["message"] and "$1,250.50 per container" in rows[0]["message"]
    assert all(reference in r["message"] for r in rows)
