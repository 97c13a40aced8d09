"""A booking that ends (a final state of `state-machines/rate_request.json`) takes every tie a tracking event
made between it and a container, as a cancelled or declined order does (decisions 3834, 3837), on SQLite and
PostgreSQL: whether it ever had an order or not, the container's later events sent without a reference wait
in staff's unmatched list, and nothing reaching the booking after its end nudges its customer's open screens
(`GET /events/api/v1/stream`, fed by `projections/changes.py`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from projections.changes import changes_after
from projections.tracking import booking_of_container
from projections.tracking_match import match
from tests.api.accounts_support import settle
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    assert_verify_clean,
    customer,
    in_shipping_order,
    ok,
    order_payload,
    quoted,
)
from tests.api.tracking_support import UNMATCHED, equipment, publish, publisher_key, read_events
from tests.app_services import services_of
from tests.corpus import TRACKED_CONTAINERS, TRACKING_PORTS

BANDAR_ABBAS, HAMBURG, ROTTERDAM, SINGAPORE, JEBEL_ALI = TRACKING_PORTS
RR = f"{CLIENT}/rate-requests"
STAFF_RR = f"{ADMIN}/rate-requests"

Ending = Callable[[TestClient, dict[str, str], dict[str, str], str], None]


def ids(events: list[dict[str, Any]]) -> list[str]:
    return [e["eventID"] for e in events]


def unmatched_ids(client: TestClient, admin: dict[str, str]) -> list[str]:
    return [u["eventID"] for u in ok(client.get(UNMATCHED, headers=admin))["list"]]


def rejected_by_staff(client: TestClient, who: dict[str, str], admin: dict[str, str], rid: str) -> None:
    ok(client.put(f"{STAFF_RR}/{rid}/reject", headers=admin, json={"message": "No space on the vessel"}))


def cancelled_on_request(client: TestClient, who: dict[str, str], admin: dict[str, str], rid: str) -> None:
    ok(client.post(f"{RR}/{rid}/cancellation-request", headers=who, json={"reason": "Moved to air"}))
    ok(client.put(f"{STAFF_RR}/{rid}/cancellation-request/confirm", headers=admin))


def price_cancelled(client: TestClient, who: dict[str, str], admin: dict[str, str], rid: str) -> None:
    ok(client.put(f"{RR}/{rid}/cancel", headers=who))


# Each way a booking ends before it ever had an order: from its confirmation (staff reject it; staff confirm
# the customer's cancellation), or from its quote (the customer cancels the price): (how it gets there, how
# it ends, the final state it ends in).
ENDINGS: dict[str, tuple[Callable[..., str], Ending, str]] = {
    "rejected": (in_shipping_order, rejected_by_staff, "rejected_by_admin"),
    "cancelled": (in_shipping_order, cancelled_on_request, "cancelled"),
    "price-cancelled": (quoted, price_cancelled, "rejected_by_client"),
}


def tied_booking(
    client: TestClient, name: str, admin: dict[str, str], start: Callable[..., str]
) -> tuple[dict[str, str], str, str, dict[str, str], str]:
    """A booking with no order whose container a publisher tied to it (an event naming both), and a bare
    event of that container that followed the tie: (customer, booking id, reference, publisher, box)."""
    who = customer(client, name)
    rid = start(client, who, admin)
    reference = str(ok(client.get(f"{RR}/{rid}", headers=who))["reference"])
    assert ok(client.get(f"{RR}/{rid}", headers=who))["order"] is None
    publisher = publisher_key(client, admin)
    box = TRACKED_CONTAINERS[1]
    tied = equipment(f"{name}-gtin", "GTIN", box, "2026-02-20T08:00:00Z", BANDAR_ABBAS, reference)
    bare = equipment(f"{name}-stuf", "STUF", box, "2026-02-20T12:00:00Z", BANDAR_ABBAS)
    assert publish(client, publisher, tied, bare) == []
    return who, rid, reference, publisher, box


@pytest.mark.parametrize("ending", sorted(ENDINGS))
def test_a_booking_that_ends_without_an_order_takes_its_container_ties(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Any, ending: str
) -> None:
    """Decision 3837: the booking's end cuts the tie its reference made (until then a bare event followed
    it); the container's later bare events are staff's to assign, the customer reads none of them."""
    start, end, final = ENDINGS[ending]
    name = f"ended-ties-{ending}"
    who, rid, reference, publisher, box = tied_booking(client, name, admin_headers, start)
    mine = [f"{name}-gtin", f"{name}-stuf"]
    assert ids(read_events(client, who)[0]) == mine
    end(client, who, admin_headers, rid)
    assert ok(client.get(f"{RR}/{rid}", headers=who))["stateName"] == final
    late = equipment(f"{name}-load", "LOAD", box, "2026-02-21T08:00:00Z", BANDAR_ABBAS)
    said = publish(client, publisher, late)
    assert [e["severity"] for e in said] == ["WARN"]  # matched no booking
    assert f"{name}-load" in unmatched_ids(client, admin_headers)
    # An event naming the ended booking is placed on it for staff (3831), but ties it no container: the bare
    # event after it, in the same request or a later one, matches nothing.
    named = equipment(f"{name}-gtot", "GTOT", box, "2026-02-22T08:00:00Z", BANDAR_ABBAS, reference)
    bare = equipment(f"{name}-dep", "LOAD", box, "2026-02-22T09:00:00Z", BANDAR_ABBAS)
    said = publish(client, publisher, named, bare)
    assert [(e["severity"], e["propertyPath"]) for e in said] == [("WARN", "$.events[1]")]
    said = publish(client, publisher, equipment(f"{name}-arri", "DISC", box, "2026-03-01T08:00:00Z", HAMBURG))
    assert [e["severity"] for e in said] == ["WARN"]
    assert {f"{name}-load", f"{name}-dep", f"{name}-arri"} <= set(unmatched_ids(client, admin_headers))
    assert ids(read_events(client, who)[0]) == mine
    staff = ok(client.get(f"{STAFF_RR}/{rid}", headers=admin_headers))["progress"]
    assert staff["milestones"] == 3  # the two before the end, and the one naming it after
    assert_verify_clean(services_of(client), tmp_path)


def test_a_booking_s_end_is_where_its_ties_stop_holding_and_its_customer_stops_being_nudged(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Decision 3837, read from the read models as the match and the live stream read them: before the end
    the container is the booking's; after it, nobody's (no older tie revived), and an event still placed
    on the ended booking (it names its reference) is a notice for staff only."""
    who, rid, reference, publisher, box = tied_booking(
        client, "ended-ties-read", admin_headers, in_shipping_order
    )
    services = services_of(client)
    bare = equipment("ended-ties-read-x", "LOAD", box, "2026-02-21T08:00:00Z", BANDAR_ABBAS)
    with services.read_models.read() as tx:
        assert booking_of_container(tx, box)["rate_request_id"] == rid  # type: ignore[index]
        assert match(tx, bare) is not None
    rejected_by_staff(client, who, admin_headers, rid)
    with services.read_models.read() as tx:
        assert booking_of_container(tx, box) is None
        assert match(tx, bare) is None
    settle(client)  # the end's own notices are told before
    before = services.store.head()
    # After the end: an event naming the booking is staff's to read on it; a bare one matches nothing.
    named = equipment("ended-ties-read-gtot", "GTOT", box, "2026-02-22T08:00:00Z", BANDAR_ABBAS, reference)
    publish(client, publisher, named, bare)
    with services.read_models.read() as tx:
        assert booking_of_container(tx, box) is None  # named after the end: no tie to follow
        found, _ = changes_after(tx, before)
    nudges = [(c.kind, c.id, c.owner, c.staff_may_see) for c in found if c.kind != "notification"]
    assert nudges == [("rate_request", rid, None, True)]  # the named event's, staff's only; the bare: none
    me = ok(client.get("/auth/api/v1/me", headers=who))["id"]
    assert me not in {c.owner for c in found}


def test_a_booking_that_ends_after_its_order_was_cancelled_takes_the_ties_made_since(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Decision 3837: the order's cancellation cut the ties then (3834); a publisher naming the booking
    ties the container again; the booking's end (its order already closed, nothing closes it again) cuts
    that tie too."""
    who = customer(client, "ended-ties-order")
    rid = in_shipping_order(client, who, admin_headers, quantity=2)
    order = ok(client.post(f"{CLIENT}/shipping-orders", headers=who, json=order_payload(rid)), 201)
    reference = str(ok(client.get(f"{RR}/{rid}", headers=who))["reference"])
    ok(client.put(f"{CLIENT}/shipping-orders/{order['id']}/cancel", headers=who, json={}))
    publisher = publisher_key(client, admin_headers)
    box = TRACKED_CONTAINERS[2]
    publish(
        client,
        publisher,
        equipment("eto-gtin", "GTIN", box, "2026-02-20T08:00:00Z", BANDAR_ABBAS, reference),
        equipment("eto-stuf", "STUF", box, "2026-02-20T12:00:00Z", BANDAR_ABBAS),
    )
    assert ids(read_events(client, who)[0]) == ["eto-gtin", "eto-stuf"]
    rejected_by_staff(client, who, admin_headers, rid)
    said = publish(
        client, publisher, equipment("eto-load", "LOAD", box, "2026-02-21T08:00:00Z", BANDAR_ABBAS)
    )
    assert [e["severity"] for e in said] == ["WARN"]
    assert "eto-load" in unmatched_ids(client, admin_headers)
