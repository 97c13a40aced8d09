"""A booking's sailing once its vessel left (decision 3853): the sailing answer says `departed` from the
booking's tracking, the first actual departure from its port of loading; a plan, an estimate, a departure
from another port or a withdrawn one are not a departure. Its customer reads only what reached the booking
before it ended. Both stores."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import ADMIN, CLIENT, ok
from tests.api.tracking_support import PARTY, publish, tracked, transport
from tests.corpus import TRACKING_PORTS

JEBEL_ALI = TRACKING_PORTS[-1]
SHIP = "KING OF THE SEAS"


def _sailings(client: TestClient, rid: str, who: dict[str, str], admin: dict[str, str]) -> list[Any]:
    """The booking's sailing as its customer and as staff read it."""
    return [
        ok(client.get(f"{CLIENT}/rate-requests/{rid}/sailing", headers=who)),
        ok(client.get(f"{ADMIN}/rate-requests/{rid}/sailing", headers=admin)),
    ]


def _booking(client: TestClient, admin: dict[str, str], name: str) -> tuple[dict[str, str], str, str, Any]:
    who, reference, publisher = tracked(client, admin, name)
    rid = ok(client.get(f"{CLIENT}/rate-requests", headers=who))["list"]["list"][0]["id"]
    return who, reference, rid, publisher


def _departure(event_id: str, classifier: str, when: str, port: str, reference: str) -> dict[str, Any]:
    return transport(event_id, "DEPA", classifier, when, port, reference, when, SHIP)


def test_the_sailing_says_the_vessel_left_its_port_of_loading_only_on_an_actual_departure_from_it(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who, reference, rid, publisher = _booking(client, admin_headers, "departed-sailing")
    before = _sailing(client, rid, who, admin_headers)
    port = before["sailing"]["portOfLoading"]
    assert port not in (JEBEL_ALI, before["sailing"]["portOfDischarge"])
    assert [s["departed"] for s in _sailings(client, rid, who, admin_headers)] == [None, None]
    # A plan, an estimate, and leaving a port of transshipment: the vessel has not left the booking's port.
    publish(
        client,
        publisher,
        _departure("dep-pln", "PLN", "2026-01-06T12:00:00Z", port, reference),
        _departure("dep-est", "EST", "2026-01-06T18:00:00Z", port, reference),
        _departure("dep-jea", "ACT", "2026-01-02T09:00:00Z", JEBEL_ALI, reference),
    )
    assert [s["departed"] for s in _sailings(client, rid, who, admin_headers)] == [None, None]
    # It leaves, and (put back by the port) leaves again: the first actual departure is when it left.
    publish(
        client,
        publisher,
        _departure("dep-again", "ACT", "2026-01-07T06:30:00+08:00", port, reference),
        _departure("dep-act", "ACT", "2026-01-06T20:10:00+08:00", port, reference),
    )
    left = {"at": "2026-01-06T20:10:00+08:00", "vesselName": SHIP, "port": port}
    assert [s["departed"] for s in _sailings(client, rid, who, admin_headers)] == [left, left]
    # The rest of the answer is as it was: the plan it was booked on stays readable whole.
    after = _sailing(client, rid, who, admin_headers)
    assert {k: v for k, v in after.items() if k != "departed"} == {
        k: v for k, v in before.items() if k != "departed"
    }
    # The publisher withdraws the first: the other departure is what tracking says now.
    retraction = {"eventRouting": {"originatingParty": PARTY}, "eventID": "dep-act", "isRetracted": True}
    publish(client, publisher, retraction)
    again = {**left, "at": "2026-01-07T06:30:00+08:00"}
    assert [s["departed"] for s in _sailings(client, rid, who, admin_headers)] == [again, again]


def test_a_departure_after_the_booking_ended_reaches_staff_not_its_customer(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who, reference, rid, publisher = _booking(client, admin_headers, "departed-after-end")
    ok(client.post(f"{CLIENT}/rate-requests/{rid}/cancellation-request", headers=who, json={"reason": "Air"}))
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/cancellation-request/confirm", headers=admin_headers))
    port = _sailing(client, rid, who, admin_headers)["sailing"]["portOfLoading"]
    publish(client, publisher, _departure("late-dep", "ACT", "2026-01-06T20:10:00Z", port, reference))
    customers, staffs = _sailings(client, rid, who, admin_headers)
    assert customers["departed"] is None
    assert staffs["departed"] == {"at": "2026-01-06T20:10:00Z", "vesselName": SHIP, "port": port}


def _sailing(client: TestClient, rid: str, who: dict[str, str], admin: dict[str, str]) -> Any:
    found = _sailings(client, rid, who, admin)[0]
    assert found is not None, "the confirmed booking has a sailing (an estimate at least)"
    return found
