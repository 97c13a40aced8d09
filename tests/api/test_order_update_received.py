"""A shipping order whose customer sent an update (the standard's PUT on `/v3`) reads as `update_received` at
every door of the screens that shows it, on SQLite and PostgreSQL: its code stays the specification's 0
(`orderState`, the order's `status`), shared with `submitted`, and the state's name rides beside it
(`orderStateName` on every row and detail, the order's `statusName` and `statusLabel`), so no screen has to
guess the state from the code. Withdrawn, the update leaves the order `submitted` again at the same doors."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from domain.booking.reference import seed_containers
from tests.api.booking_support import ADMIN, CLIENT, assert_verify_clean, customer, ok
from tests.api.dcsa_support import confirmed_dcsa_booking, rate_request_id
from tests.api.test_dcsa_ebl import instructions
from tests.api.tracking_support import equipment, publish, publisher_key
from tests.app_services import services_of

SI = "/v3/shipping-instructions"
CONTAINER = seed_containers()[0].number


def _accepted(answer: Any) -> None:
    assert answer.status_code == 202, answer.text


def _row(client: TestClient, path: str, headers: dict[str, str], rid: str) -> dict[str, Any]:
    rows = ok(client.get(path, headers=headers, params={"limit": 100}))["list"]["list"]
    found = [r for r in rows if r["id"] == rid]
    assert len(found) == 1, rows
    return dict(found[0])


def read_everywhere(
    client: TestClient, who: dict[str, str], admin: dict[str, str], rid: str
) -> dict[str, tuple[Any, ...]]:
    """The order's state as each door of the screens answers it: (code, name[, label])."""
    mine = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=who))
    staffs = ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin))
    overview = ok(client.get(f"{CLIENT}/overview", headers=who))
    underway = [r for r in overview["underway"] if r["id"] == rid]
    assert len(underway) == 1, overview["underway"]
    doors: dict[str, dict[str, Any]] = {
        "customer's list": _row(client, f"{CLIENT}/rate-requests", who, rid),
        "staff's list": _row(client, f"{ADMIN}/rate-requests", admin, rid),
        "customer's booking": mine,
        "staff's booking": staffs,
        "customer's overview": underway[0],
    }
    read: dict[str, tuple[Any, ...]] = {
        door: (found["orderState"], found["orderStateName"]) for door, found in doors.items()
    }
    for door, detail in (("customer's order", mine), ("staff's order", staffs)):
        order = detail["order"]
        read[door] = (order["status"], order["statusName"], order["statusLabel"])
    return read


def _everywhere(code: int, name: str, label: str) -> dict[str, tuple[Any, ...]]:
    rows = ("customer's list", "staff's list", "customer's booking", "staff's booking", "customer's overview")
    return {
        **{door: (code, name) for door in rows},
        "customer's order": (code, name, label),
        "staff's order": (code, name, label),
    }


def _queued_for_review(client: TestClient, admin: dict[str, str]) -> list[str]:
    queues = {q["kind"]: q for q in ok(client.get(f"{ADMIN}/work-queue", headers=admin))["queues"]}
    return [item["id"] for item in queues["ordersToReview"]["items"]]


def test_an_updated_order_reads_as_update_received_at_every_door(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Any
) -> None:
    who = customer(client, "update-received")
    booking = confirmed_dcsa_booking(client, who, admin_headers)
    rid = rate_request_id(client, booking)
    reference = f"SI-{booking}"
    _accepted(client.post(SI, json=instructions(booking, CONTAINER), headers=who))
    # On its way (a tracking event names its container): the customer's overview lists it too.
    publisher = publisher_key(client, admin_headers)
    at = "2026-11-20T08:00:00Z"
    event_id = "b1d2e3f4-0001-4b8e-9d7a-3c1f5e2b9a01"
    publish(client, publisher, equipment(event_id, "GTIN", CONTAINER, at, "IRBND"))
    assert read_everywhere(client, who, admin_headers, rid) == _everywhere(0, "submitted", "Submitted")

    updated = instructions(booking, CONTAINER, "Raw pistachios", reference)
    _accepted(client.put(f"{SI}/{reference}", json=updated, headers=who))
    # The specification's code stays 0; the name and label say what it is, at every door.
    assert read_everywhere(client, who, admin_headers, rid) == _everywhere(
        0, "update_received", "Update Received"
    )
    # Staff's move, in their queue of orders to review.
    assert ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=who))["waitingFor"] == "staff"
    assert rid in _queued_for_review(client, admin_headers)

    # The customer withdraws her update: the order stands submitted again, at every door.
    _accepted(
        client.patch(
            f"{SI}/{reference}", json={"updatedShippingInstructionsStatus": "UPDATE_CANCELLED"}, headers=who
        )
    )
    assert read_everywhere(client, who, admin_headers, rid) == _everywhere(0, "submitted", "Submitted")
    assert_verify_clean(services_of(client), tmp_path)
