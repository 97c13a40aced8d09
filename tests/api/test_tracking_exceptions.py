"""Staff exceptions of tracking: containers with no gate-in a day before the sailing's cargo
cut-off, vessels whose arrival slipped by more than 24 h, and the events that matched no booking (paged);
staff only; both stores."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from fastapi.testclient import TestClient

from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    customer,
    fails,
    in_shipping_order,
    ok,
    order_payload,
)
from tests.api.schedules_support import PUBLISH, publication, sailings_offered
from tests.api.tracking_support import EXCEPTIONS, UNMATCHED, equipment, publish, publisher_key, transport
from tests.corpus import ORDERED_CONTAINERS, TRACKED_CONTAINERS, TRACKING_PORTS

BANDAR_ABBAS, HAMBURG, ROTTERDAM, _, _ = TRACKING_PORTS
SHIP = "KING OF THE SEAS"


def departing_in(hours: float) -> datetime:
    return (datetime.now(UTC) + timedelta(hours=hours)).replace(second=0, microsecond=0)


def on_sailing(client: TestClient, who: dict[str, str], admin: dict[str, str], service: str) -> str:
    """A confirmed booking on the published service's sailing from Shanghai: its id."""
    offered = sailings_offered(client, who)
    routing = next(s["routingReference"] for s in offered["list"]["list"] if s["serviceCode"] == service)
    return in_shipping_order(client, who, admin, sailing={"routingReference": routing})


def reference_of(client: TestClient, who: dict[str, str], rid: str) -> str:
    return str(ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=who))["reference"])


def not_gated_in(client: TestClient, admin: dict[str, str]) -> dict[str, dict[str, Any]]:
    return {r["rateRequestId"]: r for r in ok(client.get(EXCEPTIONS, headers=admin))["notGatedIn"]}


def test_containers_not_gated_in_a_day_before_the_cargo_cut_off_are_listed_until_they_are(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    # PGX then leaves in 40 h: its FCL cut-off (24 h before) is 16 h away. PGY leaves in 10 days.
    soon, later = departing_in(40), departing_in(240)
    booked = publication(departing_in(200)) + publication(later, service="PGY")
    ok(client.put(PUBLISH, json=booked, headers=admin_headers))
    alice = customer(client, "tnt-cut-off")
    urgent = on_sailing(client, alice, admin_headers, "PGX")
    relaxed = on_sailing(client, alice, admin_headers, "PGY")
    unordered = on_sailing(client, alice, admin_headers, "PGX")
    # Booked while open to booking (decision 3869); the carrier then brings PGX forward.
    schedules = publication(soon) + publication(later, service="PGY")
    ok(client.put(PUBLISH, json=schedules, headers=admin_headers))
    no_sailing = in_shipping_order(client, alice, admin_headers)
    # The urgent booking's shipping order names two containers staff added to the reference list.
    ids = [
        ok(
            client.post(
                f"{ADMIN}/reference/containers",
                headers=admin_headers,
                json={"number": number, "typeId": 1, "sizeId": 2},
            ),
            201,
        )["value"]
        for number in ORDERED_CONTAINERS
    ]
    order = order_payload(urgent)
    for container, container_id in zip(order["containers"], ids, strict=True):
        container["containerId"] = container_id
    ok(client.post(f"{CLIENT}/shipping-orders", headers=alice, json=order), 201)

    listed = not_gated_in(client, admin_headers)
    assert set(listed) == {urgent, unordered}  # not the far sailing, not the booking without a sailing
    assert relaxed not in listed and no_sailing not in listed
    row = listed[urgent]
    cut_off = (soon - timedelta(hours=24)).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert (row["cargoCutOff"], row["cutOffPassed"], row["loadPort"]) == (cut_off, False, "CNSHA")
    assert (row["containersExpected"], row["containersMissing"]) == (2, 2)
    assert row["missingContainers"] == list(ORDERED_CONTAINERS)
    assert row["reference"] == reference_of(client, alice, urgent)
    # Without an order the booking's quantity is what is expected.
    assert (listed[unordered]["containersMissing"], listed[unordered]["missingContainers"]) == (2, [])

    publisher = publisher_key(client, admin_headers)
    reference = row["reference"]
    gate_in = equipment(
        "cut-gtin-1", "GTIN", ORDERED_CONTAINERS[0], "2026-01-05T08:00:00Z", "CNSHA", reference
    )
    publish(client, publisher, gate_in)
    row = not_gated_in(client, admin_headers)[urgent]
    assert (row["containersMissing"], row["missingContainers"]) == (1, [ORDERED_CONTAINERS[1]])
    # The terminal names only the container (no event tied it to a booking yet): the shipping order that
    # names it finds the booking. A planned gate-in is not a gate-in; the actual one clears the booking.
    planned = equipment("cut-gtin-2p", "GTIN", ORDERED_CONTAINERS[1], "2026-01-05T09:00:00Z", "CNSHA")
    planned["eventClassification"]["eventClassifierCode"] = "PLN"
    assert publish(client, publisher, planned) == []  # no "matches no booking" warning
    assert not_gated_in(client, admin_headers)[urgent]["containersMissing"] == 1
    only_the_box = equipment("cut-gtin-2", "GTIN", ORDERED_CONTAINERS[1], "2026-01-05T09:30:00Z", "CNSHA")
    assert publish(client, publisher, only_the_box) == []
    assert set(not_gated_in(client, admin_headers)) == {unordered}
    timeline = ok(client.get(f"{CLIENT}/rate-requests/{urgent}", headers=alice))["progress"]
    assert (timeline["stage"], timeline["milestones"]) == ("gated-in", 3)


def test_slipped_arrivals_and_unmatched_events_are_listed_for_staff_only(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "tnt-slip")
    late, punctual = (in_shipping_order(client, alice, admin_headers) for _ in range(2))
    late_ref, punctual_ref = reference_of(client, alice, late), reference_of(client, alice, punctual)
    publisher = publisher_key(client, admin_headers)

    def arrival(event_id: str, ref: str, classifier: str, when: str, updated: str) -> dict[str, Any]:
        return transport(event_id, "ARRI", classifier, when, HAMBURG, ref, updated, SHIP)

    publish(
        client,
        publisher,
        arrival("slip-pln", late_ref, "PLN", "2026-01-12T08:00:00Z", "2026-01-01T00:00:00Z"),
        arrival("slip-est", late_ref, "EST", "2026-01-14T08:00:00Z", "2026-01-07T00:00:00Z"),
        arrival("ok-pln", punctual_ref, "PLN", "2026-01-12T08:00:00Z", "2026-01-01T00:00:00Z"),
        arrival("ok-est", punctual_ref, "EST", "2026-01-12T20:00:00Z", "2026-01-07T00:00:00Z"),  # 12 h
    )
    answer = ok(client.get(EXCEPTIONS, headers=admin_headers))
    assert answer["slippedArrivals"] == [
        {
            "rateRequestId": late,
            "reference": late_ref,
            "vesselName": SHIP,
            "arrivalPort": HAMBURG,
            "estimatedArrival": "2026-01-14T08:00:00Z",
            "arrivalDelayHours": 48.0,
            "bookingEndedAs": None,
            "bookingEndedAt": None,
        }
    ]
    # Once the vessel has arrived the slip is history.
    publish(
        client,
        publisher,
        arrival("slip-act", late_ref, "ACT", "2026-01-14T09:00:00Z", "2026-01-14T09:00:00Z"),
    )
    assert ok(client.get(EXCEPTIONS, headers=admin_headers))["slippedArrivals"] == []

    # Events for containers nobody booked: counted, and listed a page at a time, newest first.
    strays = [
        equipment(f"stray-{i}", "GTIN", TRACKED_CONTAINERS[i], f"2026-01-0{i + 1}T08:00:00Z", ROTTERDAM)
        for i in range(3)
    ]
    for stray in strays:
        publish(client, publisher, stray)
    assert ok(client.get(EXCEPTIONS, headers=admin_headers))["unmatchedEvents"] == 3
    first = ok(client.get(UNMATCHED, headers=admin_headers, params={"limit": 2}))
    second = ok(client.get(UNMATCHED, headers=admin_headers, params={"limit": 2, "offset": 2}))
    assert first["totalCount"] == second["totalCount"] == 3
    assert [e["eventID"] for e in first["list"] + second["list"]] == ["stray-2", "stray-1", "stray-0"]
    fails(client.get(UNMATCHED, headers=admin_headers, params={"limit": 0}), 400)
    # Customers and publishers are not staff.
    assert client.get(EXCEPTIONS, headers=alice).status_code == 403
    assert client.get(EXCEPTIONS, headers=publisher).status_code in (401, 403)


def test_a_booking_on_a_sailing_is_late_or_on_time_against_the_sailings_plan(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    leaving = departing_in(24 * 9)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin_headers))
    alice = customer(client, "tnt-sailing-plan")
    rid = on_sailing(client, alice, admin_headers, "PGX")
    reference = reference_of(client, alice, rid)
    planned = ok(client.get(f"{CLIENT}/rate-requests/{rid}/sailing", headers=alice))["sailing"]
    arrival = datetime.fromisoformat(planned["arrival"].replace("Z", "+00:00"))
    publisher = publisher_key(client, admin_headers)
    box = TRACKED_CONTAINERS[1]
    publish(
        client, publisher, equipment("plan-gtin", "GTIN", box, "2026-01-05T08:00:00Z", "CNSHA", reference)
    )
    progress = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["progress"]
    # No arrival event yet: the sailing's plan says when and where (the day at Singapore, as its timeline
    # writes the arrival), and names the vessel.
    singapore = ZoneInfo("Asia/Singapore")
    assert (
        progress["summary"]
        == f"Gated in at Shanghai, arriving Singapore {arrival.astimezone(singapore):%Y/%m/%d}"
    )
    assert (progress["plannedArrival"], progress["vesselName"]) == (planned["arrival"], "Kharg Star")
    assert progress["arrivalDelayHours"] is None
    # The carrier's estimate at Singapore is two days after the plan: late against the sailing.
    estimate = arrival + timedelta(days=2)
    publish(
        client,
        publisher,
        transport(
            "plan-eta",
            "ARRI",
            "EST",
            estimate.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "SGSIN",
            reference,
            "2026-01-06T00:00:00Z",
            "Kharg Star",
        ),
    )
    progress = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["progress"]
    day = estimate.astimezone(singapore)
    assert progress["summary"] == f"Gated in at Shanghai, arriving Singapore {day:%Y/%m/%d}, 2 days late"
    assert progress["arrivalDelayHours"] == 48
    listed = ok(client.get(f"{CLIENT}/rate-requests", headers=alice))["list"]["list"]
    assert [r["progress"] for r in listed if r["id"] == rid] == [progress]
    # Staff see the slip against the sailing too.
    slipped = ok(client.get(EXCEPTIONS, headers=admin_headers))["slippedArrivals"]
    assert [s["rateRequestId"] for s in slipped] == [rid]
