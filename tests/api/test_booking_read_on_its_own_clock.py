"""A booking's `updatedAt` is the booking's own clock, on SQLite and PostgreSQL (decision 3920).

Staff decisions name the `updatedAt` their screen read (`seenUpdatedAt`, decisions 3908, 3910, 3918). The
times of two aggregates are not ordered by the store: each event's time is taken before its transaction
commits, so a shipping order's event can be projected before a booking change timed earlier, and the other
way round. A controlled clock makes both crossings here: were the booking's `updatedAt` moved by its order's
events too, the first would let staff decide on an amendment they never read, and the second would refuse,
again and again, a decision on the amendment they did read."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import eventsourcing.domain
import pytest
from fastapi.testclient import TestClient

from tests.api.booking_support import ADMIN, CLIENT, customer, in_shipping_order, ok, order_payload, payload
from tests.api.test_booking_decided_as_read import refused_as_changed, staff_read

RR = f"{CLIENT}/rate-requests"
STAFF = f"{ADMIN}/rate-requests"


class Clock:
    """The time every new event takes, set by the test (a little ahead of the real one)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.base = datetime.now(UTC) + timedelta(minutes=1)
        self.now = self.base
        monkeypatch.setattr(eventsourcing.domain, "datetime_now_with_tzinfo", lambda: self.now)

    def at(self, seconds: int) -> None:
        self.now = self.base + timedelta(seconds=seconds)


def _with_order(client: TestClient, admin: dict[str, str], username: str) -> tuple[dict[str, str], str, str]:
    """A confirmed booking whose customer sent her shipping order: her headers, its id, the order's id."""
    alice = customer(client, username)
    rid = in_shipping_order(client, alice, admin)
    ok(client.post(f"{CLIENT}/shipping-orders", headers=alice, json=order_payload(rid)), 201)
    order = staff_read(client, admin, rid)["order"]
    return alice, rid, str(order["id"])


def _order_returned(client: TestClient, admin: dict[str, str], order_id: str) -> None:
    """An event of the booking's shipping order (another aggregate): staff return it for revision."""
    revise = {"revise": {"cargoDescription": "Say which pistachios"}}
    ok(client.put(f"{ADMIN}/shipping-orders/{order_id}/request-revision", headers=admin, json=revise))


def _amendment(client: TestClient, who: dict[str, str], rid: str, comment: str) -> None:
    ok(client.post(f"{RR}/{rid}/amendments", headers=who, json=payload(additionalComment=comment)))


def _decline(client: TestClient, admin: dict[str, str], rid: str, read: dict[str, Any]) -> Any:
    said = {"message": "Pistachios travel cool", "seenUpdatedAt": read["updatedAt"]}
    return client.put(f"{STAFF}/{rid}/amendments/decline", headers=admin, json=said)


def _amendment_state(client: TestClient, admin: dict[str, str], rid: str) -> str:
    return str(ok(client.get(f"{STAFF}/{rid}/changes", headers=admin))["amendment"]["stateName"])


def test_an_order_event_timed_later_does_not_let_an_unread_booking_change_through(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, rid, order_id = _with_order(client, admin_headers, "own-clock-later-order")
    _amendment(client, alice, rid, "Keep warm")
    clock = Clock(monkeypatch)
    # The order's event is timed t5 and committed first; staff read the booking then, with "Keep warm" open.
    clock.at(5)
    _order_returned(client, admin_headers, order_id)
    read = staff_read(client, admin_headers, rid)
    # Her withdrawal and her other amendment were timed before it (t3, t4) and committed after it.
    clock.at(3)
    ok(client.put(f"{RR}/{rid}/amendments/withdraw", headers=alice))
    clock.at(4)
    _amendment(client, alice, rid, "Keep cool")
    clock.at(10)
    # Staff never read "Keep cool": their decline is refused, and nothing is recorded.
    refused_as_changed(_decline(client, admin_headers, rid, read))
    assert _amendment_state(client, admin_headers, rid) == "requested"
    # Read again, it goes through.
    ok(_decline(client, admin_headers, rid, staff_read(client, admin_headers, rid)))
    assert _amendment_state(client, admin_headers, rid) == "declined"


def test_an_order_event_timed_earlier_does_not_refuse_a_booking_change_staff_read(
    client: TestClient, admin_headers: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, rid, order_id = _with_order(client, admin_headers, "own-clock-earlier-order")
    clock = Clock(monkeypatch)
    # Her amendment is timed t5 and committed first; the order's event, timed t4, after it.
    clock.at(5)
    _amendment(client, alice, rid, "Keep cool")
    clock.at(4)
    _order_returned(client, admin_headers, order_id)
    clock.at(10)
    # Staff read the booking with "Keep cool" open, and decline that: not refused, the first time or after.
    read = staff_read(client, admin_headers, rid)
    ok(_decline(client, admin_headers, rid, read))
    assert _amendment_state(client, admin_headers, rid) == "declined"
    # What the screen read was the booking's own time, not its order's.
    assert read["updatedAt"] == (clock.base + timedelta(seconds=5)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    assert read["order"]["updatedAt"] == (clock.base + timedelta(seconds=4)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
