"""Commands answered from their own result where the read models are applied in another process (the
compose topology's workers), and the caller's next read waiting for what it wrote (api/fresh_answers.py)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from httpx import Response

from api.bootstrap import Services
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    customer,
    in_shipping_order,
    later,
    ok,
    order_payload,
    payload,
)
from tests.app_services import services_of
from tests.conftest import SETTLE_SECONDS

RATE_REQUESTS = f"{CLIENT}/rate-requests"


def read_model_detail(services: Services, rate_request_id: str) -> dict[str, Any]:
    from api.presenters import booking as present
    from projections.booking import queries

    assert services.settle_all()
    with services.read_models.read() as tx:
        record = queries.rate_request_detail(tx, rate_request_id)
    assert record is not None
    return present.detail(record)


def fresh_detail(services: Services, rate_request_id: str) -> dict[str, Any] | None:
    """The answer a worker builds from the command's own events, as the route presents it."""
    from api.presenters import booking as present

    record = services.fresh_rate_request(rate_request_id)
    return None if record is None else present.detail(record)


def test_the_detail_built_from_events_is_the_read_models_detail_at_every_step(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """The same handlers in memory give the same answer as the follower's rows: created, edited, quoted,
    sent back, quoted again, accepted, with its booking request, confirmed, with its shipping order,
    revised, edited, accepted and approved."""
    services = services_of(client)
    alice = customer(client, "alice", {"firstName": "Alice", "lastName": "Liddell"})
    quote = {"price": 980.25, "validUntil": later()}
    rid = ok(client.post(RATE_REQUESTS, json=payload(), headers=alice), 201)["id"]
    steps: list[Callable[[], Response]] = [
        lambda: client.put(f"{RATE_REQUESTS}/{rid}", json=payload(quantity=2), headers=alice),
        lambda: client.put(f"{ADMIN}/rate-requests/{rid}/quote", json=quote, headers=admin_headers),
        lambda: client.put(
            f"{ADMIN}/rate-requests/{rid}/request-revision", json={"message": "Why?"}, headers=admin_headers
        ),
    ]
    assert fresh_detail(services, rid) == read_model_detail(services, rid)
    for step in steps:
        ok(step())
        assert fresh_detail(services, rid) == read_model_detail(services, rid)
    # Further along: a booking with its shipping order, through the order's own lifecycle.
    shipped = in_shipping_order(client, alice, admin_headers)
    assert fresh_detail(services, shipped) == read_model_detail(services, shipped)
    order_id = ok(client.post(f"{CLIENT}/shipping-orders", json=order_payload(shipped), headers=alice), 201)[
        "id"
    ]
    revise = {"revise": {"cargoDescription": "Say more"}, "editedOrder": None}
    order_steps: list[Callable[[], Response]] = [
        lambda: client.put(
            f"{ADMIN}/shipping-orders/{order_id}/request-revision", json=revise, headers=admin_headers
        ),
        lambda: client.put(
            f"{CLIENT}/shipping-orders/{order_id}/edit",
            json={"cargoDescription": "Roasted pistachios, 20 kg boxes", "freightType": 2},
            headers=alice,
        ),
        lambda: client.put(f"{ADMIN}/shipping-orders/{order_id}/accept", headers=admin_headers),
        lambda: client.put(f"{CLIENT}/shipping-orders/{order_id}/approve", headers=alice),
    ]
    for step in order_steps:
        ok(step())
        fresh = fresh_detail(services, shipped)
        assert fresh is not None and fresh["order"] is not None
        assert fresh == read_model_detail(services, shipped)
    assert fresh_detail(services, "not-a-uuid") is None


@pytest.fixture
def elsewhere(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """This process behaves as a worker whose read models another process applies, and that process is
    held back until the returned event is set."""
    services = services_of(client)
    monkeypatch.setattr(Services, "follows_here", property(lambda self: False))
    gate = threading.Event()
    follower = services.read_follower
    apply = follower.apply

    def held(tx: Any, batch: Any) -> None:
        gate.wait(20)
        apply(tx, batch)

    monkeypatch.setattr(follower, "apply", held)
    yield gate
    gate.set()


def test_commands_answer_from_their_own_result_and_the_next_read_waits_for_them(
    client: TestClient, admin_headers: dict[str, str], elsewhere: threading.Event
) -> None:
    services = services_of(client)
    elsewhere.set()  # the accounts are opened with the follower going
    headers = customer(client, "fresh")
    admin = admin_headers
    services.settle_all()
    elsewhere.clear()
    started = time.monotonic()
    created = ok(client.post(RATE_REQUESTS, json=payload(), headers=headers), 201)
    # Answered while the follower is held: a command that waited for the read models would answer 202 only
    # after the settle bound (SETTLE_SECONDS), however loaded the machine.
    assert time.monotonic() - started < SETTLE_SECONDS
    assert created["reference"] and created["waitingFor"] and created["stateName"] == "requested"
    position = services.store.head()
    assert not services.shown_now(position)
    quoted = ok(
        client.put(
            f"{ADMIN}/rate-requests/{created['id']}/quote",
            json={"price": 700, "validUntil": later()},
            headers=admin,
        )
    )
    assert quoted["stateName"] == "quoted" and quoted["price"] == 700.0
    # The customer's next read waits for its write: the follower goes on 0.6 s later, the read answers
    # after that with what the create answered (not a 404 from read models without it).
    threading.Timer(0.6, elsewhere.set).start()
    started = time.monotonic()
    shown = ok(client.get(f"{RATE_REQUESTS}/{created['id']}", headers=headers))
    assert time.monotonic() - started >= 0.5
    assert shown["id"] == created["id"] and shown["reference"] == created["reference"]
    # Staff's read is the command's answer plus the staff-only marks: attention, an order that no longer
    # matches the booking, the containers' milestones and the bill of lading (none of them here).
    staff_read = ok(client.get(f"{ADMIN}/rate-requests/{created['id']}", headers=admin))
    assert staff_read.pop("needsAttention") is None
    assert staff_read.pop("orderMismatch") is None
    assert staff_read.pop("containerMilestones") == []
    assert staff_read.pop("billOfLading") is None
    assert staff_read == quoted
    # Another customer's request stays theirs: the answer built from events checks who asks.
    other = customer(client, "fresh-other")
    elsewhere.clear()
    mine = ok(client.post(RATE_REQUESTS, json=payload(), headers=headers), 201)
    assert client.put(f"{RATE_REQUESTS}/{mine['id']}/approve", headers=other).status_code == 404
    elsewhere.set()
