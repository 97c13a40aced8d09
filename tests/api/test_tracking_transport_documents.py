"""DCSA Track & Trace 3.0 by transport document (decision 3822): once staff accept a booking's shipping
order, its transport document (`BL-<booking reference>`, the /v3 eBL door's) is one of the booking's
document references. `GET /v3/events?transportDocumentReference=` reads that booking's events (its
customer's only, as `carrierBookingReference` does), a published event whose `documentReferences` carry it
(`TRD`) finds the booking, and staff may assign an unmatched event by it. Before the draft the reference
names nothing. Bodies validated against the TNT 3.0.0 document in contract/dcsa/tnt; both stores."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import ADMIN, CLIENT, customer, fails, in_shipping_order, ok, order_payload
from tests.api.tracking_support import (
    UNMATCHED,
    equipment,
    publish,
    publisher_key,
    read_events,
    sample,
)
from tests.corpus import TRACKED_CONTAINERS, TRACKING_PORTS

BANDAR_ABBAS, HAMBURG, _, SINGAPORE, _ = TRACKING_PORTS
ASSIGN = "/integrations/api/v1/admin/tracking-events/{}/booking"


def ids(events: list[dict[str, Any]]) -> list[str]:
    return [e["eventID"] for e in events]


def ordered(client: TestClient, who: dict[str, str], admin: dict[str, str]) -> tuple[str, str]:
    """A confirmed booking of `who` whose shipping order is submitted (no transport document yet): its id
    and its reference (the standard's carrierBookingReference)."""
    rid = in_shipping_order(client, who, admin)
    ok(client.post(f"{CLIENT}/shipping-orders", headers=who, json=order_payload(rid)), 201)
    reference = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=who))["reference"]
    return rid, str(reference)


def drafted(client: TestClient, admin: dict[str, str], rid: str) -> None:
    """Staff accept the order: its transport document is a DRAFT."""
    ok(client.put(f"{ADMIN}/shipping-orders/{rid}/accept", headers=admin))


def naming_documents(event_id: str, *references: tuple[str, str]) -> dict[str, Any]:
    """The standard's shipment sample with its own id, naming these (type code, reference) documents: the
    first as the main one, the others as additional ones."""
    event: dict[str, Any] = sample("post-events-shipment")["events"][0]
    event["eventID"] = event_id
    (kind, reference), *more = references
    event["shipmentDetails"] = {"documentReference": {"typeCode": kind, "reference": reference}}
    if more:
        event["shipmentDetails"]["additionalDocumentReferences"] = [
            {"typeCode": k, "reference": r} for k, r in more
        ]
    return event


def unmatched_ids(client: TestClient, admin: dict[str, str]) -> dict[str, str]:
    return {u["eventID"]: u["id"] for u in ok(client.get(UNMATCHED, headers=admin))["list"]}


def test_events_are_read_by_the_transport_document_of_the_callers_own_booking(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice, bob = customer(client, "trd-alice"), customer(client, "trd-bob")
    rid, reference = ordered(client, alice, admin_headers)
    _, other = ordered(client, alice, admin_headers)
    td = f"BL-{reference}"
    publisher = publisher_key(client, admin_headers)
    container, elsewhere = TRACKED_CONTAINERS[0], TRACKED_CONTAINERS[1]
    publish(
        client,
        publisher,
        equipment("trd-r-1", "GTIN", container, "2026-04-01T08:00:00Z", BANDAR_ABBAS, reference),
        equipment("trd-r-2", "LOAD", container, "2026-04-02T08:00:00Z", BANDAR_ABBAS, reference),
        equipment("trd-r-3", "GTIN", elsewhere, "2026-04-01T09:00:00Z", BANDAR_ABBAS, other),
    )
    # Before staff accept the order there is no transport document: the reference names nothing.
    assert read_events(client, alice, transportDocumentReference=td) == ([], None)
    drafted(client, admin_headers, rid)
    events, cursor = read_events(client, alice, transportDocumentReference=td)
    assert (ids(events), cursor) == (["trd-r-1", "trd-r-2"], None)  # not the other booking's
    # With the filters the standard combines it with.
    boxed = read_events(client, alice, transportDocumentReference=td, equipmentReference=container)[0]
    assert ids(boxed) == ["trd-r-1", "trd-r-2"]
    assert read_events(client, alice, transportDocumentReference=td, equipmentReference=elsewhere)[0] == []
    after = {"transportDocumentReference": td, "eventUpdatedDateTimeMin": "2026-04-02T00:00:00Z"}
    assert ids(read_events(client, alice, **after)[0]) == ["trd-r-2"]
    paged, next_page = read_events(client, alice, transportDocumentReference=td, limit=1)
    assert ids(paged) == ["trd-r-1"] and next_page
    rest = read_events(client, alice, transportDocumentReference=td, limit=1, cursor=next_page)[0]
    assert ids(rest) == ["trd-r-2"]
    # Read by the booking it is of, the same events; with another booking's reference beside it, none.
    assert ids(read_events(client, alice, carrierBookingReference=reference)[0]) == ["trd-r-1", "trd-r-2"]
    both = {"transportDocumentReference": td, "carrierBookingReference": reference}
    assert ids(read_events(client, alice, **both)[0]) == ["trd-r-1", "trd-r-2"]
    both["carrierBookingReference"] = other
    assert read_events(client, alice, **both) == ([], None)
    # Another customer naming alice's transport document reads nothing of hers, as with her booking.
    assert read_events(client, bob, transportDocumentReference=td) == ([], None)
    assert read_events(client, bob, carrierBookingReference=reference) == ([], None)
    # A reference of no transport document, and the booking's own reference as one, name nothing.
    assert read_events(client, alice, transportDocumentReference="BL-FB-1999-000001") == ([], None)
    assert read_events(client, alice, transportDocumentReference=reference) == ([], None)
    assert read_events(client, alice, transportDocumentReference=f"BL-{other}") == ([], None)


def test_a_published_event_naming_a_drafted_transport_document_finds_its_booking(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice, bob = customer(client, "trd-match-alice"), customer(client, "trd-match-bob")
    rid, reference = ordered(client, alice, admin_headers)
    td = f"BL-{reference}"
    publisher = publisher_key(client, admin_headers)
    # Before the draft the transport document reference means nothing: kept for staff, as today.
    early = naming_documents("trd-m-early", ("TRD", td))
    said = publish(client, publisher, early)
    assert [e["severity"] for e in said] == ["WARN"], said
    assert "trd-m-early" in unmatched_ids(client, admin_headers)
    drafted(client, admin_headers, rid)
    # The standard's shipment sample: a booking this carrier does not know, and alice's transport document.
    shipment = naming_documents("trd-m-1", ("BKG", "ABC709951"), ("TRD", td))
    # An equipment event whose only reference is the transport document (its main one).
    loaded = equipment("trd-m-2", "LOAD", TRACKED_CONTAINERS[2], "2026-04-03T08:00:00Z", SINGAPORE)
    loaded["shipmentDetails"] = {"documentReference": {"typeCode": "TRD", "reference": td}}
    assert publish(client, publisher, shipment, loaded) == []  # no "matches no booking" warning
    events, _ = read_events(client, alice, transportDocumentReference=td)
    assert ids(events) == ["trd-m-1", "trd-m-2"]
    assert events[0] == shipment and events[1] == loaded  # every field as published
    assert ids(read_events(client, alice, carrierBookingReference=reference)[0]) == ["trd-m-1", "trd-m-2"]
    assert read_events(client, bob) == ([], None)
    # The booking's timeline counts them; the one sent before the draft stays where it was decided.
    progress = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["progress"]
    assert progress["milestones"] == 2
    left = unmatched_ids(client, admin_headers)
    assert "trd-m-early" in left and "trd-m-1" not in left and "trd-m-2" not in left
    # The container the event tied to the booking: a later event naming only it follows.
    discharged = equipment("trd-m-3", "DISC", TRACKED_CONTAINERS[2], "2026-04-20T08:00:00Z", HAMBURG)
    assert publish(client, publisher, discharged) == []
    assert ids(read_events(client, alice, transportDocumentReference=td)[0])[-1] == "trd-m-3"


def test_staff_assign_an_unmatched_event_by_a_drafted_transport_document(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "trd-assign")
    rid, reference = ordered(client, alice, admin_headers)
    td = f"BL-{reference}"
    publisher = publisher_key(client, admin_headers)
    stray = equipment("trd-a-1", "GTIN", TRACKED_CONTAINERS[3], "2026-04-05T08:00:00Z", BANDAR_ABBAS)
    stray["shipmentDetails"] = {"documentReference": {"typeCode": "TRD", "reference": td}}
    publish(client, publisher, stray)
    row = unmatched_ids(client, admin_headers)["trd-a-1"]
    listed = next(u for u in ok(client.get(UNMATCHED, headers=admin_headers))["list"] if u["id"] == row)
    assert listed["sentReferences"] == [td]  # what staff see, and may type
    # No transport document yet: it names no booking.
    error = fails(client.put(ASSIGN.format(row), headers=admin_headers, json={"bookingReference": td}), 400)
    assert "bookingReference" in error["fields"], error
    drafted(client, admin_headers, rid)
    ok(client.put(ASSIGN.format(row), headers=admin_headers, json={"bookingReference": td}))
    assert ids(read_events(client, alice, transportDocumentReference=td)[0]) == ["trd-a-1"]
    assert "trd-a-1" not in unmatched_ids(client, admin_headers)
