"""The human booking reference (unique under concurrency, searchable) and whose move it is."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import pytest
from fastapi.testclient import TestClient

from api.bootstrap import Services
from domain.booking.application import BookingApplication
from domain.booking.booking_reference import ReferenceNumbers
from domain.shared.actor import CUSTOMER, Actor
from infrastructure.reference_counters import ReferenceCounters
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    create,
    customer,
    draft,
    in_shipping_order,
    loi_pending,
    ok,
    order_payload,
    payload,
    quoted,
    upload,
)
from tests.app_services import services_of

REFERENCE = re.compile(rf"^FB-{datetime.now(UTC).year}-\d{{6}}$")


def _reference(services: Services, rate_request_id: str | UUID, actor: Actor) -> str:
    reference = services.booking.rate_request(rate_request_id, actor).reference
    assert reference is not None, rate_request_id
    return reference


def test_reference_is_assigned_at_create_and_shown_in_lists_and_details(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "ref-alice")
    first = create(client, alice)
    second = create(client, alice, commodity="Saffron")
    assert REFERENCE.match(first["reference"]) and REFERENCE.match(second["reference"])
    assert first["reference"] != second["reference"]
    rows = ok(client.get(f"{CLIENT}/rate-requests", headers=alice))["list"]["list"]
    assert {r["id"]: r["reference"] for r in rows} == {
        first["id"]: first["reference"],
        second["id"]: second["reference"],
    }
    staff_rows = ok(client.get(f"{ADMIN}/rate-requests", headers=admin_headers))["list"]["list"]
    assert first["reference"] in {r["reference"] for r in staff_rows}
    detail = ok(client.get(f"{ADMIN}/rate-requests/{first['id']}", headers=admin_headers))
    assert detail["reference"] == first["reference"]
    # An edit keeps the reference: it is assigned once.
    edited = ok(client.put(f"{CLIENT}/rate-requests/{first['id']}", headers=alice, json=payload(quantity=3)))
    assert edited["reference"] == first["reference"]


def test_concurrent_creates_get_distinct_references(client: TestClient) -> None:
    """Threads of two applications with their own number hints (as two API processes): every reference
    is distinct, although both start from the same first free number."""
    services = services_of(client)
    other = BookingApplication(services.store, services.booking.catalog)
    account = customer(client, "ref-race")
    me = ok(client.get("/auth/api/v1/me", headers=account))
    actor = Actor(me["id"], CUSTOMER)
    body = draft()
    created: list[Any] = []
    errors: list[BaseException] = []

    def run(app: BookingApplication) -> None:
        try:
            for _ in range(4):
                created.append(app.create_rate_request(actor, "ref-race", body)[0])
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=run, args=(app,)) for app in [services.booking, other] * 4]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors, errors
    assert len(created) == 32
    references = [_reference(services, rid, actor) for rid in created]
    assert len(set(references)) == 32
    assert all(REFERENCE.match(r) for r in references)


def test_workers_sharing_the_reference_counter_do_not_race_for_numbers(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two applications (as two API workers) taking numbers from one shared counter alternately: no create
    loses a race for a number (with a counter each, nearly every other create did, and every lost race
    rolled back a group-commit transaction), and the numbers stay dense."""
    services = services_of(client)
    counter = ReferenceCounters(services.read_models)
    apps = [BookingApplication(services.store, services.booking.catalog, counter) for _ in range(2)]
    lost: list[str] = []

    def counted(original: Callable[[str], None]) -> Callable[[str], None]:
        def lost_race(reference: str) -> None:
            lost.append(reference)
            original(reference)

        return lost_race

    for app in apps:
        monkeypatch.setattr(app.references, "lost", counted(app.references.lost))
    account = customer(client, "ref-shared")
    me = ok(client.get("/auth/api/v1/me", headers=account))
    actor = Actor(me["id"], CUSTOMER)
    created = [apps[i % 2].create_rate_request(actor, "ref-shared", draft())[0] for i in range(10)]
    references = sorted(_reference(services, rid, actor) for rid in created)
    assert lost == []
    numbers = [int(r[-6:]) for r in references]
    assert numbers == list(range(numbers[0], numbers[0] + 10))
    # A counter behind the claims (lost in a crash) costs one lost race, then is past them again.
    with services.read_models.transaction() as tx:
        tx.execute("UPDATE reference_counters SET next_number = 1")
    again = apps[0].create_rate_request(actor, "ref-shared", draft())[0]
    assert int(_reference(services, again, actor)[-6:]) == numbers[-1] + 1
    assert len(lost) == 1


def test_reference_numbers_continue_after_the_taken_ones() -> None:
    taken = {f"FB-2026-{n:06d}" for n in range(1, 38)} | {"FB-2026-000040"}
    numbers = ReferenceNumbers(lambda reference: reference in taken)
    assert numbers.next(2026) == "FB-2026-000038"
    assert numbers.next(2026) == "FB-2026-000039"
    # Another process took 40 and 41 meanwhile: after losing 41 the next free number is 42.
    taken.add("FB-2026-000041")
    numbers.lost("FB-2026-000041")
    assert numbers.next(2026) == "FB-2026-000042"
    assert numbers.next(2027) == "FB-2027-000001"


def test_search_finds_by_reference_in_any_case_and_by_commodity(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "search-alice")
    bob = customer(client, "search-bob")
    pistachios = create(client, alice)
    saffron = create(client, alice, commodity="Saffron threads")
    bobs = create(client, bob, commodity="Saffron bulbs")

    def found(headers: dict[str, str], path: str, search: str) -> set[str]:
        rows = ok(client.get(path, headers=headers, params={"search": search}))["list"]
        return {r["id"] for r in rows["list"]}

    mine = f"{CLIENT}/rate-requests"
    assert found(alice, mine, pistachios["reference"].lower()) == {pistachios["id"]}
    assert found(alice, mine, pistachios["reference"][-6:]) == {pistachios["id"]}
    assert found(alice, mine, "SAFFRON") == {saffron["id"]}
    assert found(alice, mine, "%") == set()
    staff = f"{ADMIN}/rate-requests"
    assert found(admin_headers, staff, "saffron") == {saffron["id"], bobs["id"]}
    assert found(admin_headers, staff, bobs["reference"]) == {bobs["id"]}
    page = ok(client.get(staff, headers=admin_headers, params={"search": "saffron", "limit": 1}))["list"]
    assert page["totalCount"] == 2 and len(page["list"]) == 1


def test_waiting_for_follows_the_lifecycle(client: TestClient, admin_headers: dict[str, str]) -> None:
    alice = customer(client, "whose-alice")

    def whose(rid: str) -> Any:
        detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
        row = next(
            r
            for r in ok(client.get(f"{ADMIN}/rate-requests", headers=admin_headers, params={"limit": 100}))[
                "list"
            ]["list"]
            if r["id"] == rid
        )
        assert row["waitingFor"] == detail["waitingFor"]
        return detail["waitingFor"]

    assert whose(create(client, alice)["id"]) == "staff"
    rid = quoted(client, alice, admin_headers)
    assert whose(rid) == "customer"
    revision = {"message": "Please check the quantity"}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/request-revision", headers=admin_headers, json=revision))
    assert whose(rid) == "customer"
    rid = loi_pending(client, alice, admin_headers)
    assert whose(rid) == "customer"  # the signed documents are still to come
    file_id = upload(client, alice, key=f"w-{rid}")
    documents = {"documents": [{"documentTypeId": 1, "fileId": file_id}]}
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/booking-request", headers=alice, json=documents))
    assert whose(rid) == "staff"
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/reject", headers=admin_headers, json={"message": "no"}))
    assert whose(rid) is None
    rid = in_shipping_order(client, alice, admin_headers)
    assert whose(rid) == "customer"  # the shipping order is the customer's to fill in
    ok(client.post(f"{CLIENT}/shipping-orders", headers=alice, json=order_payload(rid)), 201)
    assert whose(rid) == "staff"
    ok(client.put(f"{ADMIN}/shipping-orders/{rid}/accept", headers=admin_headers))
    assert whose(rid) == "customer"
    ok(client.put(f"{CLIENT}/shipping-orders/{rid}/approve", headers=alice))
    assert whose(rid) is None


def test_an_open_cancellation_request_is_the_staffs_move(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "whose-cancel")
    rid = in_shipping_order(client, alice, admin_headers)

    def whose() -> Any:
        return ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["waitingFor"]

    assert whose() == "customer"
    reason = {"reason": "Moved to air"}
    ok(client.post(f"{CLIENT}/rate-requests/{rid}/cancellation-request", headers=alice, json=reason))
    assert whose() == "staff"
    decline = {"message": "Already loaded"}
    url = f"{ADMIN}/rate-requests/{rid}/cancellation-request/decline"
    ok(client.put(url, headers=admin_headers, json=decline))
    assert whose() == "customer"
