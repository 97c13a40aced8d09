"""DCSA Track & Trace 3.0: events in through `POST /v3/events` with a publisher key, out through
`GET /v3/events` to the booking's own customer. Every body sent and answered is validated against the TNT
3.0.0 document in contract/dcsa/tnt; both stores."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.cli import main
from api.main import create_app
from api.settings import Settings
from tests.api.accounts_support import settle
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    PASSWORD,
    assert_verify_clean,
    customer,
    fails,
    in_shipping_order,
    ok,
)
from tests.api.tracking_support import (
    EXCEPTIONS,
    KEYS,
    UNMATCHED,
    V3,
    booking_document,
    confirmed,
    equipment,
    publish,
    publisher_key,
    read_events,
    refused,
    sample,
    tracked,
    transport,
)
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login
from tests.corpus import CONTAINER_WITH_WRONG_CHECK_DIGIT, TRACKED_CONTAINERS, TRACKING_PORTS

BANDAR_ABBAS, HAMBURG, ROTTERDAM, SINGAPORE, JEBEL_ALI = TRACKING_PORTS


def ids(events: list[dict[str, Any]]) -> list[str]:
    return [e["eventID"] for e in events]


def test_the_shared_samples_are_accepted_and_read_back_by_the_booking_they_name(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice, reference, publisher = tracked(client, admin_headers, "tnt-samples")
    # As published: the sample names a booking and a container this carrier does not know.
    shipment, container_only = sample("post-events-shipment"), sample("post-events-equipment")
    said = publish(client, publisher, *shipment["events"], *container_only["events"])
    assert [e["severity"] for e in said] == ["WARN", "WARN"]
    unmatched = ok(client.get(UNMATCHED, headers=admin_headers))["list"]
    assert sorted(ids_ := [u["eventID"] for u in unmatched]) == sorted(
        ["evt-ship-001", "evt-equip-001-2026-01-20T14:15:00Z"]
    ), ids_
    assert read_events(client, alice) == ([], None)
    # The same bodies naming alice's booking (the equipment event ties its container to it).
    mine = sample("post-events-shipment")["events"][0]
    mine["eventID"] = "evt-ship-002"
    mine["shipmentDetails"]["documentReference"]["reference"] = reference
    loaded = sample("post-events-equipment")["events"][0]
    loaded["eventID"] = "evt-equip-002"
    loaded["shipmentDetails"] = booking_document(reference)
    assert publish(client, publisher, mine, loaded) == []
    events, cursor = read_events(client, alice, carrierBookingReference=reference)
    assert cursor is None
    assert ids(events) == ["evt-ship-002", "evt-equip-002"]  # by eventDateTime: 10:00 then 14:15
    assert events[0] == mine and events[1] == loaded  # every field as published
    # Staff assign the unmatched equipment sample to alice's booking: it joins her events.
    equipment_row = next(u for u in unmatched if u["eventType"] == "EQUIPMENT")
    ok(
        client.put(
            f"/integrations/api/v1/admin/tracking-events/{equipment_row['id']}/booking",
            headers=admin_headers,
            json={"bookingReference": reference},
        )
    )
    events, _ = read_events(client, alice, equipmentReference="APZU4812090")
    assert ids(events) == ["evt-equip-002", "evt-equip-001-2026-01-20T14:15:00Z"] or ids(events) == [
        "evt-equip-001-2026-01-20T14:15:00Z",
        "evt-equip-002",
    ]
    assert len(events) == 2
    assert [u["eventID"] for u in ok(client.get(UNMATCHED, headers=admin_headers))["list"]] == [
        "evt-ship-001"
    ]


def test_a_voyage_in_events_out_of_order_retried_revised_and_retracted(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    alice, reference, publisher = tracked(client, admin_headers, "tnt-voyage")
    box, stranger = TRACKED_CONTAINERS[0], TRACKED_CONTAINERS[3]
    gate_in = equipment("gtin-1", "GTIN", box, "2026-01-10T08:00:00Z", BANDAR_ABBAS, reference)
    load = equipment("load-1", "LOAD", box, "2026-01-11T09:30:00+03:30", BANDAR_ABBAS)  # 06:00Z
    departure_estimate = transport(
        "depa-1", "DEPA", "EST", "2026-01-11T18:00:00Z", BANDAR_ABBAS, reference,
        "2026-01-05T00:00:00Z", "KING OF THE SEAS",
    )  # fmt: skip
    discharge = equipment("disc-1", "DISC", box, "2026-01-24T11:00:00Z", HAMBURG)
    gate_out = equipment("gtot-1", "GTOT", box, "2026-01-25T15:00:00Z", HAMBURG)
    # Gate-out and discharge arrive before the gate-in and the load: their eventDateTime places them.
    assert publish(client, publisher, gate_out, discharge) == [
        {"severity": "WARN", "message": "Matches no booking of this carrier; kept for staff to assign",
         "propertyPath": f"$.events[{i}]"} for i in (0, 1)
    ]  # fmt: skip
    assert publish(client, publisher, gate_in, load, departure_estimate) == []
    # The estimate changes: the same eventID with a later eventUpdatedDateTime replaces it.
    later_estimate = {
        **departure_estimate,
        "eventDateTime": "2026-01-12T06:00:00Z",
        "eventUpdatedDateTime": "2026-01-09T00:00:00Z",
        "transportDetails": {**departure_estimate["transportDetails"], "delayReasonCodes": ["WEA"]},
    }
    assert publish(client, publisher, later_estimate) == []
    # A retry of the first estimate (an earlier update) and a repost of the gate-in: accepted and ignored.
    said = publish(client, publisher, departure_estimate, gate_in)
    assert [(e["severity"], e["propertyPath"]) for e in said] == [
        ("INFO", "$.events[0].eventID"),
        ("INFO", "$.events[1].eventID"),
    ]
    actual = transport(
        "depa-2", "DEPA", "ACT", "2026-01-12T07:10:00Z", BANDAR_ABBAS, reference,
        "2026-01-12T07:15:00Z", "KING OF THE SEAS",
    )  # fmt: skip
    wrong_load = equipment("load-wrong", "LOAD", box, "2026-01-11T05:00:00Z", JEBEL_ALI, reference)
    assert publish(client, publisher, actual, wrong_load) == []
    # Withdrawn by the standard's flag, and a second (TNT 2 style) correction naming its predecessor.
    retraction = {"eventRouting": {"originatingParty": gate_in["eventRouting"]["originatingParty"]},
                  "eventID": "load-wrong", "isRetracted": True}  # fmt: skip
    assert publish(client, publisher, retraction) == [
        {"severity": "INFO", "message": "Event load-wrong retracted", "propertyPath": "$.events[0].eventID"}
    ]
    unknown_box = equipment("gtin-x", "GTIN", stranger, "2026-01-10T09:00:00Z", ROTTERDAM)
    assert [e["severity"] for e in publish(client, publisher, unknown_box)] == ["WARN"]

    events, _ = read_events(client, alice, carrierBookingReference=reference)
    assert ids(events) == ["gtin-1", "load-1", "depa-1", "depa-2"]
    assert events[2]["eventDateTime"] == "2026-01-12T06:00:00Z"  # the revised estimate
    assert events[2]["transportDetails"]["delayReasonCodes"] == ["WEA"]
    # The discharge and gate-out came before anything tied the container: kept for staff, not alice's.
    assert {u["eventID"] for u in ok(client.get(UNMATCHED, headers=admin_headers))["list"]} == {
        "gtot-1", "disc-1", "gtin-x",
    }  # fmt: skip
    for row in ok(client.get(UNMATCHED, headers=admin_headers))["list"]:
        if row["eventID"] in ("gtot-1", "disc-1"):
            ok(client.put(f"/integrations/api/v1/admin/tracking-events/{row['id']}/booking",
                          headers=admin_headers, json={"bookingReference": reference}))  # fmt: skip
    events, _ = read_events(client, alice, carrierBookingReference=reference)
    assert ids(events) == ["gtin-1", "load-1", "depa-1", "depa-2", "disc-1", "gtot-1"]
    # Later events naming only the container follow the tie.
    empty_return = equipment("drop-1", "DROP", box, "2026-01-27T10:00:00Z", HAMBURG)
    assert publish(client, publisher, empty_return) == []

    # Filters and paging.
    only_equipment, _ = read_events(client, alice, eventTypes="EQUIPMENT", equipmentReference=box)
    assert ids(only_equipment) == ["gtin-1", "load-1", "disc-1", "gtot-1", "drop-1"]
    transport_only, _ = read_events(client, alice, eventTypes="TRANSPORT")
    assert ids(transport_only) == ["depa-1", "depa-2"]
    # A repeated parameter means every type it names, as the comma-separated list does.
    both = ["gtin-1", "load-1", "depa-1", "depa-2", "disc-1", "gtot-1", "drop-1"]
    repeated, _ = read_events(client, alice, eventTypes=["TRANSPORT", "EQUIPMENT"])
    assert ids(repeated) == both
    listed, _ = read_events(client, alice, eventTypes="EQUIPMENT,TRANSPORT")
    assert ids(listed) == both
    in_hamburg_week, _ = read_events(
        client, alice, eventDateTimeMin="2026-01-20T00:00:00Z", eventDateTimeMax="2026-01-26T00:00:00Z"
    )
    assert ids(in_hamburg_week) == ["disc-1", "gtot-1"]
    updated_lately, _ = read_events(client, alice, eventUpdatedDateTimeMin="2026-01-24T00:00:00Z")
    assert ids(updated_lately) == ["disc-1", "gtot-1", "drop-1"]
    pages: list[str] = []
    cursor: str | None = None
    while True:
        query: dict[str, Any] = {"carrierBookingReference": reference, "limit": 2}
        if cursor:
            query["cursor"] = cursor
        page, cursor = read_events(client, alice, **query)
        assert len(page) <= 2
        pages.extend(ids(page))
        if cursor is None:
            break
    assert pages == ["gtin-1", "load-1", "depa-1", "depa-2", "disc-1", "gtot-1", "drop-1"]
    refused(client.get(V3, headers=alice, params={"cursor": "not-a-cursor"}), 400)
    refused(client.get(V3, headers=alice, params={"eventTypes": "EQUIPMENT,PARCEL"}), 400)

    assert_verify_clean(services_of(client), tmp_path)


def test_bad_events_are_refused_by_field_and_nothing_of_the_request_is_stored(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice, reference, publisher = tracked(client, admin_headers, "tnt-bad")
    good = equipment("ok-1", "GTIN", TRACKED_CONTAINERS[1], "2026-02-01T08:00:00Z", ROTTERDAM, reference)
    wrong_digit = equipment(
        "bad-1", "LOAD", CONTAINER_WITH_WRONG_CHECK_DIGIT, "2026-02-02T08:00:00Z", ROTTERDAM
    )
    no_locode = equipment("bad-2", "LOAD", TRACKED_CONTAINERS[1], "2026-02-02T08:00:00Z", "Rotterdam")
    not_a_time = equipment("bad-3", "LOAD", TRACKED_CONTAINERS[1], "next tuesday", ROTTERDAM)
    no_subtype = equipment("bad-4", "LOAD", TRACKED_CONTAINERS[1], "2026-02-02T08:00:00Z", ROTTERDAM)
    del no_subtype["eventClassification"]["equipmentEventTypeCode"]
    answer = client.post(
        V3, headers=publisher, json={"events": [good, wrong_digit, no_locode, not_a_time, no_subtype]}
    )
    paths = {e["propertyPath"] for e in refused(answer, 400)}
    assert {
        "$.events[1].equipmentDetails.equipmentReference",
        "$.events[3].eventDateTime",
        "$.events[4].eventClassification.equipmentEventTypeCode",
    } <= paths
    assert any(p.startswith("$.events[2].eventLocation.UNLocationCode") for p in paths)
    assert not any(p.startswith("$.events[0].") for p in paths)  # the good event is not blamed
    assert read_events(client, alice) == ([], None)
    refused(client.post(V3, headers=publisher, json={"events": "none"}), 400)
    broken = client.post(V3, headers={**publisher, "Content-Type": "application/json"}, content=b"{")
    refused(broken, 400)


def test_an_event_said_to_be_updated_ahead_of_now_is_refused_and_later_revisions_still_count(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    # A revision counts when its eventUpdatedDateTime is later than the kept one's: an update time in the
    # future, of an estimate as of an actual event, would leave the event beyond every later revision.
    alice, reference, publisher = tracked(client, admin_headers, "tnt-updated-ahead")
    box = TRACKED_CONTAINERS[1]
    ahead = equipment(
        "gtin-ahead", "GTIN", box, "2026-02-01T08:00:00Z", ROTTERDAM, reference, "2099-12-31T23:59:59+14:00"
    )
    forecast = transport(
        "arri-ahead", "ARRI", "EST", "2099-12-31T23:59:59+14:00", SINGAPORE, reference,
        "2099-12-31T23:59:59+14:00", "MSC ANNA",
    )  # fmt: skip
    answer = client.post(V3, headers=publisher, json={"events": [ahead, forecast]})
    paths = {e["propertyPath"] for e in refused(answer, 400)}
    assert paths == {"$.events[0].eventUpdatedDateTime", "$.events[1].eventUpdatedDateTime"}
    assert read_events(client, alice) == ([], None)
    # The same event as it was, then revised: the revision replaces it.
    publish(client, publisher, {**ahead, "eventUpdatedDateTime": "2026-02-01T08:05:00Z"})
    revised = equipment(
        "gtin-ahead", "GTIN", box, "2026-02-01T09:00:00Z", ROTTERDAM, reference, "2026-02-01T09:05:00Z"
    )
    publish(client, publisher, revised)
    events, _ = read_events(client, alice)
    assert [(e["eventID"], e["eventDateTime"]) for e in events] == [("gtin-ahead", "2026-02-01T09:00:00Z")]


def test_customers_see_only_their_own_events_and_each_credential_only_its_door(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice, bob = customer(client, "tnt-alice"), customer(client, "tnt-bob")
    alices, bobs = confirmed(client, alice, admin_headers), confirmed(client, bob, admin_headers)
    publisher = publisher_key(client, admin_headers)
    publish(
        client,
        publisher,
        equipment("a-1", "GTIN", TRACKED_CONTAINERS[0], "2026-03-01T08:00:00Z", BANDAR_ABBAS, alices),
        equipment("b-1", "GTIN", TRACKED_CONTAINERS[2], "2026-03-01T09:00:00Z", SINGAPORE, bobs),
    )
    assert ids(read_events(client, alice)[0]) == ["a-1"]
    assert ids(read_events(client, bob)[0]) == ["b-1"]
    # Bob naming alice's booking or container reads nothing of hers.
    assert read_events(client, bob, carrierBookingReference=alices) == ([], None)
    assert read_events(client, bob, equipmentReference=TRACKED_CONTAINERS[0]) == ([], None)
    # Bob's API key reads his own events, and cannot publish.
    key = ok(client.post("/integrations/api/v1/client/api-keys", headers=bob, json={"label": "erp"}), 201)[
        "key"
    ]
    assert ids(read_events(client, {"API-Key": key})[0]) == ["b-1"]
    assert ids(read_events(client, {"Authorization": f"Bearer {key}"})[0]) == ["b-1"]
    late = equipment("b-2", "LOAD", TRACKED_CONTAINERS[2], "2026-03-02T09:00:00Z", SINGAPORE, bobs)
    refused(client.post(V3, headers={"API-Key": key}, json={"events": [late]}), 403)
    # A customer signed in cannot publish either; staff signed in can (a milestone recorded by hand).
    refused(client.post(V3, headers=bob, json={"events": [late]}), 403)
    publish(client, admin_headers, late)
    assert ids(read_events(client, bob)[0]) == ["b-1", "b-2"]
    # The publisher key publishes only: no events, no bookings, no keys.
    refused(client.get(V3, headers=publisher), 403)
    assert client.get(f"{CLIENT}/rate-requests", headers=publisher).status_code == 403
    assert client.get("/v2/bookings/" + bobs, headers=publisher).status_code == 403
    fails(client.get(KEYS, headers=publisher), 403)
    # Nobody, and a revoked key, is 401; only staff manage publisher keys.
    refused(client.post(V3, json={"events": [late]}), 401)
    fails(client.post(KEYS, headers=alice, json={"label": "mine"}), 403)
    key_id = ok(client.get(KEYS, headers=admin_headers))["list"][0]["id"]
    ok(client.delete(f"{KEYS}/{key_id}", headers=admin_headers))
    refused(client.post(V3, headers=publisher, json={"events": [late]}), 401)
    listed = ok(client.get(KEYS, headers=admin_headers))["list"]
    assert listed[0]["revokedAt"] and "key" not in listed[0]
    # Only the key's hash is kept: the clear key is nowhere in the store.
    clear = publisher["API-Key"].encode()
    stored = services_of(client).store.writer.select_notifications(1, 100_000)
    assert stored and not any(clear in bytes(n.state) for n in stored)
    assert any(hashlib.sha256(clear).hexdigest().encode() in bytes(n.state) for n in stored)


def test_a_publisher_key_opens_only_the_publishing_door(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    from api.edge.identity import PUBLISHER_OUT_OF_SCOPE
    from tests.api.identity_support import knocks

    publisher = publisher_key(client, admin_headers)
    key = publisher["API-Key"]
    tried, wrong = 0, []
    for door, answer in knocks(client, key):
        tried += 1
        if (door.method, door.path) == ("POST", "/v3/events"):
            if answer.status_code != 400:  # let in; the empty body is refused by the standard
                wrong.append(f"{door.method} {door.path}: {answer.status_code} (its scope)")
            continue
        said = answer.json() if answer.headers.get("content-type", "").startswith("application/json") else {}
        text = (
            said.get("error", {}).get("description")
            or next(iter(said.get("feedbackElements") or [{}])).get("message")
            or next(iter(said.get("errors") or [{}])).get("errorCodeMessage")
        )
        if answer.status_code != 403 or text != PUBLISHER_OUT_OF_SCOPE:
            wrong.append(f"{door.method} {door.path}: {answer.status_code} {text}")
    assert tried > 100 and not wrong, wrong


def test_the_booking_detail_tells_where_the_cargo_is_without_changing_its_state(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "tnt-progress")
    rid = in_shipping_order(client, alice, admin_headers)
    before = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
    assert before["progress"] is None
    reference = before["reference"]
    publisher = publisher_key(client, admin_headers)
    box = TRACKED_CONTAINERS[1]
    ship = "KING OF THE SEAS"
    planned = transport("arri-pln", "ARRI", "PLN", "2026-01-12T08:00:00Z", HAMBURG, reference,
                        "2026-01-01T00:00:00Z", ship)  # fmt: skip
    publish(
        client,
        publisher,
        planned,
        equipment("gi", "GTIN", box, "2026-01-05T08:00:00Z", BANDAR_ABBAS, reference),
        equipment("ld", "LOAD", box, "2026-01-06T08:00:00Z", BANDAR_ABBAS),
    )
    loaded = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
    assert loaded["progress"]["stage"] == "loaded"
    expected = f"Loaded on {ship} at Bandar Abbas, arriving Hamburg 2026/01/12, on time"
    assert loaded["progress"]["summary"] == expected
    # The estimate slips by two days; the departure happens.
    estimate = transport("arri-est", "ARRI", "EST", "2026-01-14T08:00:00Z", HAMBURG, reference,
                         "2026-01-07T00:00:00Z", ship)  # fmt: skip
    departed = transport("depa", "DEPA", "ACT", "2026-01-06T20:00:00Z", BANDAR_ABBAS, reference,
                         "2026-01-06T20:05:00Z", ship)  # fmt: skip
    publish(client, publisher, estimate, departed)
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
    assert detail["progress"]["summary"] == (
        f"Departed Bandar Abbas on {ship}, arriving Hamburg 2026/01/14, 2 days late"
    )
    # The lists and the overview say the same, from the read model of positions.
    listed = ok(client.get(f"{CLIENT}/rate-requests", headers=alice))["list"]["list"]
    assert [(r["id"], r["progress"]) for r in listed] == [(rid, detail["progress"])]
    overview = ok(client.get("/booking/api/v1/client/overview", headers=alice))
    assert [(r["id"], r["progress"]["summary"]) for r in overview["underway"]] == [
        (rid, detail["progress"]["summary"])
    ]
    console = ok(client.get(f"{ADMIN}/rate-requests", headers=admin_headers, params={"search": reference}))
    assert [r["progress"] for r in console["list"]["list"]] == [detail["progress"]]
    # Someone else's list and overview say nothing of it.
    bob = customer(client, "tnt-progress-other")
    in_shipping_order(client, bob, admin_headers)
    bobs = ok(client.get(f"{CLIENT}/rate-requests", headers=bob))["list"]["list"]
    assert [r["progress"] for r in bobs] == [None]
    assert ok(client.get("/booking/api/v1/client/overview", headers=bob))["underway"] == []
    assert detail["progress"]["arrivalDelayHours"] == 48
    assert detail["progress"]["estimatedArrival"] == "2026-01-14T08:00:00Z"
    # The specification's state codes do not move.
    assert (detail["state"], detail["stateName"]) == (before["state"], before["stateName"])
    staff_view = ok(client.get(f"/booking/api/v1/admin/rate-requests/{rid}", headers=admin_headers))
    assert staff_view["progress"] == detail["progress"]
    publish(
        client,
        publisher,
        transport(
            "arri", "ARRI", "ACT", "2026-01-14T09:00:00Z", HAMBURG, reference, "2026-01-14T09:00:00Z", ship
        ),
        equipment("dc", "DISC", box, "2026-01-14T15:00:00Z", HAMBURG),
        equipment("dl", "DROP", box, "2026-01-16T10:00:00Z", HAMBURG),
    )
    delivered = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["progress"]
    assert (delivered["stage"], delivered["summary"]) == ("delivered", "Delivered at Hamburg")
    assert delivered["milestones"] == 8
    # Told in the app: the departure, the arrival and the delivery; an estimate moved by more than 24 h.
    moved = {
        **estimate,
        "eventDateTime": "2026-01-16T08:00:00Z",
        "eventUpdatedDateTime": "2026-01-08T00:00:00Z",
    }
    small = {
        **estimate,
        "eventDateTime": "2026-01-16T20:00:00Z",
        "eventUpdatedDateTime": "2026-01-09T00:00:00Z",
    }
    publish(client, publisher, moved)
    publish(client, publisher, small)  # 12 h later again: not news
    settle(client)
    account_id = ok(client.get("/auth/api/v1/me", headers=alice))["id"]
    page = ok(
        client.get(f"/notification/api/v1/notifications/{account_id}/paging?pageSize=50", headers=alice)
    )
    told = [
        (n["title"], n["message"])
        for n in page["data"]["costumerlNotificationDetails"]["list"]
        if n["subject"] and n["subject"]["id"] == rid
    ]
    # Each port named as the customer knows it, then by its UN/LOCODE.
    loading, discharge = f"Bandar Abbas ({BANDAR_ABBAS})", f"Hamburg ({HAMBURG})"
    tracking_notices = [
        t for t in told if t[0] in ("Departed", "Arrived", "Delivered", "Arrival estimate changed")
    ]
    assert sorted(tracking_notices) == sorted(
        [
            ("Departed", f"The vessel {ship} carrying your booking {reference} departed {loading}."),
            ("Arrived", f"The vessel {ship} carrying your booking {reference} arrived at {discharge}."),
            ("Delivered", f"Container {box} of your booking {reference} was delivered at {discharge}."),
            (
                "Arrival estimate changed",
                f"The vessel {ship} carrying your booking {reference} is now expected at {discharge}"
                " on 2026/01/16 09:00 local time (UTC+01:00), 48 h later than before.",
            ),
        ]
    )


def test_the_arrival_forecast_is_the_newest_at_one_port_and_dated_by_that_port(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """The newest estimate by when it was given (offsets read as instants, not as text), measured against the
    plan at the same port (a later call of the vessel is another arrival, not this one early), and its day
    said as the port's own."""
    alice = customer(client, "tnt-forecast")
    rid = in_shipping_order(client, alice, admin_headers)
    reference = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["reference"]
    publisher = publisher_key(client, admin_headers)
    ship = "KING OF THE SEAS"
    # The plan of a later call: Hamburg, 12 days after Singapore.
    later_call = transport("pln-ham", "ARRI", "PLN", "2026-01-26T08:00:00Z", HAMBURG, reference,
                           "2026-01-01T00:00:00Z", ship)  # fmt: skip
    # Two estimates at Singapore: the newer given at 02:00 UTC, the older at 08:00+08:00 (00:00 UTC), whose
    # text sorts after the newer's.
    newer = transport("est-sin-2", "ARRI", "EST", "2026-01-14T07:30:00+08:00", SINGAPORE, reference,
                      "2026-01-07T02:00:00Z", ship)  # fmt: skip
    older = transport("est-sin-1", "ARRI", "EST", "2026-01-13T07:30:00+08:00", SINGAPORE, reference,
                      "2026-01-07T08:00:00+08:00", ship)  # fmt: skip
    publish(client, publisher, later_call, newer, older)
    progress = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["progress"]
    assert (progress["estimatedArrival"], progress["arrivalPort"]) == ("2026-01-14T07:30:00+08:00", SINGAPORE)
    # Measured against the plan for Singapore (the booking's sailing's), not against Hamburg's call.
    assert progress["plannedArrival"] != later_call["eventDateTime"], progress
    planned = datetime.fromisoformat(progress["plannedArrival"].replace("Z", "+00:00"))
    estimated = datetime.fromisoformat(progress["estimatedArrival"])
    assert progress["arrivalDelayHours"] == round((estimated - planned).total_seconds() / 3600, 1)
    # 07:30 in Singapore is the 14th there (the 13th in UTC), as the timeline writes it.
    assert "arriving Singapore 2026/01/14" in progress["summary"], progress["summary"]


def test_an_ended_booking_reads_to_its_customer_as_tracked_until_it_ended(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Decision 3831: a booking that ended (rejected here) shows its customer where its cargo was last
    reported before the end, said to have ended and forecasting nothing, on its detail and list row; her
    overview does not count it as on its way. Staff still read every event."""
    alice = customer(client, "tnt-ended-screens")
    rid = in_shipping_order(client, alice, admin_headers)
    reference = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["reference"]
    publisher = publisher_key(client, admin_headers)
    box, ship = TRACKED_CONTAINERS[1], "KING OF THE SEAS"
    publish(
        client,
        publisher,
        transport(
            "end-pln", "ARRI", "PLN", "2026-01-12T08:00:00Z", HAMBURG, reference, "2026-01-01T00:00:00Z", ship
        ),
        transport(
            "end-est", "ARRI", "EST", "2026-01-14T08:00:00Z", HAMBURG, reference, "2026-01-04T00:00:00Z", ship
        ),
        equipment("end-gi", "GTIN", box, "2026-01-05T08:00:00Z", BANDAR_ABBAS, reference),
        equipment("end-ld", "LOAD", box, "2026-01-06T08:00:00Z", BANDAR_ABBAS, reference),
    )
    live = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["progress"]
    assert (live["ended"], live["arrivalDelayHours"]) == (False, 48)

    def reject(booking: str) -> None:
        ok(
            client.put(
                f"{ADMIN}/rate-requests/{booking}/reject", headers=admin_headers, json={"message": "No"}
            )
        )

    reject(rid)
    publish(
        client,
        publisher,
        transport(
            "end-depa",
            "DEPA",
            "ACT",
            "2026-01-06T20:00:00Z",
            BANDAR_ABBAS,
            reference,
            "2026-01-06T20:05:00Z",
            ship,
        ),
        equipment("end-drop", "DROP", box, "2026-01-16T10:00:00Z", HAMBURG, reference),
    )
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
    progress = detail["progress"]
    assert progress is not None, detail
    assert (progress["ended"], progress["stage"], progress["milestones"]) == (True, "loaded", 4)
    assert progress["summary"] == f"Loaded on {ship} at Bandar Abbas; tracking stopped when the booking ended"
    # Nothing forecast for a booking that will not arrive.
    forecasts = ("estimatedArrival", "arrivalDelayHours", "plannedArrival", "arrivalPort", "arrivalPortName")
    assert [progress[k] for k in forecasts] == [None] * len(forecasts)
    listed = ok(client.get(f"{CLIENT}/rate-requests", headers=alice))["list"]["list"]
    assert [(r["id"], r["progress"]) for r in listed] == [(rid, progress)]
    assert ok(client.get("/booking/api/v1/client/overview", headers=alice))["underway"] == []
    # Staff read every event, as ever: the delivery after the end too.
    staff = ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers))["progress"]
    assert (staff["ended"], staff["stage"], staff["milestones"]) == (False, "delivered", 6)
    # A booking that ended before any event reached it shows its customer nothing of what came after.
    other = in_shipping_order(client, alice, admin_headers)
    other_reference = ok(client.get(f"{CLIENT}/rate-requests/{other}", headers=alice))["reference"]
    reject(other)
    publish(client, publisher, equipment("late-gi", "GTIN", TRACKED_CONTAINERS[2], "2026-01-20T08:00:00Z",
                                         BANDAR_ABBAS, other_reference))  # fmt: skip
    assert ok(client.get(f"{CLIENT}/rate-requests/{other}", headers=alice))["progress"] is None
    rows = ok(client.get(f"{CLIENT}/rate-requests", headers=alice))["list"]["list"]
    assert {r["id"]: r["progress"] for r in rows}[other] is None


def test_staff_read_every_event_of_an_ended_booking_said_to_have_ended_how_and_when(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Decision 3836: staff's progress of a booking that ended (rejected here) still reads every event, the
    departure after the end too, and says how and when the booking ended, as its customer's does (the same
    fact); so does its row of the slipped arrivals. A live booking's says no end."""
    alice = customer(client, "tnt-staff-ended")
    rid, live_rid = (in_shipping_order(client, alice, admin_headers) for _ in range(2))
    reference, live_reference = (
        ok(client.get(f"{CLIENT}/rate-requests/{r}", headers=alice))["reference"] for r in (rid, live_rid)
    )
    publisher = publisher_key(client, admin_headers)
    box, ship = TRACKED_CONTAINERS[1], "KING OF THE SEAS"
    for ref, prefix in ((reference, "se"), (live_reference, "sl")):
        planned, estimated = (
            transport(f"{prefix}-{kind}", "ARRI", kind.upper(), when, HAMBURG, ref, sent, ship)
            for kind, when, sent in (
                ("pln", "2026-01-12T08:00:00Z", "2026-01-01T00:00:00Z"),
                ("est", "2026-01-14T08:00:00Z", "2026-01-04T00:00:00Z"),
            )
        )
        loaded = equipment(f"{prefix}-ld", "LOAD", box, "2026-01-06T08:00:00Z", BANDAR_ABBAS, ref)
        publish(client, publisher, planned, estimated, loaded)
    before = datetime.now(UTC)
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/reject", headers=admin_headers, json={"message": "No"}))
    after = datetime.now(UTC)
    publish(client, publisher, transport("se-depa", "DEPA", "ACT", "2026-01-06T20:00:00Z", BANDAR_ABBAS,
                                         reference, "2026-01-06T20:05:00Z", ship))  # fmt: skip
    staff = ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers))["progress"]
    # Every event, as ever (not the customer's view), and the end said: how, and when.
    assert (staff["ended"], staff["stage"], staff["milestones"]) == (False, "departed", 4), staff
    assert staff["bookingEndedAs"] == "rejected_by_admin", staff
    ended_at = datetime.fromisoformat(staff["bookingEndedAt"].replace("Z", "+00:00"))
    assert before <= ended_at <= after, (before, ended_at, after)
    # The one fact, as its customer reads it beside her history.
    hers = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["progress"]
    assert (hers["ended"], hers["stage"]) == (True, "loaded")
    end = ("bookingEndedAs", "bookingEndedAt")
    assert [hers[k] for k in end] == [staff[k] for k in end]
    # The staff's list rows say the same; the live booking's says no end.
    rows = ok(client.get(f"{ADMIN}/rate-requests", headers=admin_headers))["list"]["list"]
    progress = {r["id"]: r["progress"] for r in rows}
    assert progress[rid] == staff
    live = ok(client.get(f"{ADMIN}/rate-requests/{live_rid}", headers=admin_headers))["progress"]
    assert progress[live_rid] == live
    assert (live["ended"], live["bookingEndedAs"], live["bookingEndedAt"]) == (False, None, None), live
    # Both arrivals slipped two days: the ended booking's listed still, said to have ended.
    slipped = ok(client.get(EXCEPTIONS, headers=admin_headers))["slippedArrivals"]
    ends = {s["rateRequestId"]: (s["bookingEndedAs"], s["bookingEndedAt"]) for s in slipped}
    assert ends == {rid: ("rejected_by_admin", staff["bookingEndedAt"]), live_rid: (None, None)}, slipped


def test_freight_replay_and_verify_are_clean_with_tracking_events(
    settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
        alice, reference, publisher = tracked(client, admin, "tnt-replay")
        box = TRACKED_CONTAINERS[0]
        gate_in = equipment("r-gi", "GTIN", box, "2026-04-01T08:00:00Z", BANDAR_ABBAS, reference)
        publish(
            client,
            publisher,
            gate_in,
            equipment("r-x", "GTIN", TRACKED_CONTAINERS[3], "2026-04-01T09:00:00Z", ROTTERDAM),
        )
        publish(client, publisher, equipment("r-ld", "LOAD", box, "2026-04-02T08:00:00Z", BANDAR_ABBAS))
        publish(
            client,
            publisher,
            {"eventID": "r-ld", "isRetracted": True, "eventRouting": gate_in["eventRouting"]},
        )
        before, _ = read_events(client, alice)
        services = services_of(client)
        # Every follower caught up before the server stops; a policy's reaction makes new events to follow.
        while True:
            head = services.store.head()
            assert services.settle_all(head, timeout=10)
            if services.store.head() == head:
                break
    import api.cli.read_models as commands

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(commands, "load_settings", lambda: settings)
    assert main(["replay"]) == 0
    assert main(["verify"]) == 0
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        alice = login(client, "tnt-replay", PASSWORD)
        after, _ = read_events(client, alice)
        assert after == before and ids(after) == ["r-gi"]
        admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
        assert [u["eventID"] for u in ok(client.get(UNMATCHED, headers=admin))["list"]] == ["r-x"]


def test_an_open_booking_screen_is_told_of_its_milestones_and_only_its_customer(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    from projections.changes import changes_after

    alice, bob = customer(client, "tnt-live-a"), customer(client, "tnt-live-b")
    reference = confirmed(client, alice, admin_headers)
    rid = ok(client.get(f"{CLIENT}/rate-requests", headers=alice))["list"]["list"][0]["id"]
    publisher = publisher_key(client, admin_headers)
    services = services_of(client)
    settle(client)  # the confirmation's own notices are told before
    before = services.store.head()
    publish(client, publisher, equipment("live-1", "GTIN", TRACKED_CONTAINERS[0], "2026-05-01T08:00:00Z",
                                         BANDAR_ABBAS, reference))  # fmt: skip
    publish(
        client,
        publisher,
        equipment("live-x", "GTIN", TRACKED_CONTAINERS[3], "2026-05-01T08:00:00Z", ROTTERDAM),
    )
    with services.read_models.read() as tx:
        found, _ = changes_after(tx, before)
    told = [(c.kind, c.id, c.reference, c.owner) for c in found]
    alice_id = ok(client.get("/auth/api/v1/me", headers=alice))["id"]
    assert told == [("rate_request", rid, reference, alice_id)]  # the unmatched event tells no customer
    assert ok(client.get("/auth/api/v1/me", headers=bob))["id"] not in {c.owner for c in found}


def test_the_as_of_view_shows_where_the_booking_was_at_a_past_moment(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "tnt-as-of")
    rid = in_shipping_order(client, alice, admin_headers)
    reference = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["reference"]
    publisher = publisher_key(client, admin_headers)
    box, ship = TRACKED_CONTAINERS[2], "KING OF THE SEAS"
    state = f"/audit/api/v1/aggregates/{rid}/state"
    before_any = ok(client.get("/audit/api/v1/events", headers=admin_headers, params={"limit": 1}))["head"]
    planned = transport("asof-pln", "ARRI", "PLN", "2026-01-12T08:00:00Z", HAMBURG, reference,
                        "2026-01-01T00:00:00Z", ship)  # fmt: skip
    publish(client, publisher, planned,
            equipment("asof-ld", "LOAD", box, "2026-01-06T08:00:00Z", BANDAR_ABBAS, reference))  # fmt: skip
    loaded_at = ok(client.get("/audit/api/v1/events", headers=admin_headers, params={"limit": 1}))["head"]
    loaded_moment = datetime.now(UTC).isoformat()
    # Later: the estimate slips two days, the vessel departs, and the load is withdrawn (a wrong report).
    publish(
        client,
        publisher,
        transport("asof-est", "ARRI", "EST", "2026-01-14T08:00:00Z", HAMBURG, reference,
                  "2026-01-07T00:00:00Z", ship),
        transport("asof-dep", "DEPA", "ACT", "2026-01-06T20:00:00Z", BANDAR_ABBAS, reference,
                  "2026-01-06T20:05:00Z", ship),
    )  # fmt: skip
    withdrawn = {"eventRouting": planned["eventRouting"], "eventID": "asof-ld", "isRetracted": True}
    publish(client, publisher, withdrawn)
    now = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["progress"]
    assert now["summary"] == f"Departed Bandar Abbas on {ship}, arriving Hamburg 2026/01/14, 2 days late"
    assert now["milestones"] == 3  # the withdrawn load is gone

    then = ok(client.get(state, headers=admin_headers, params={"position": loaded_at}))["tracking"]
    assert then["summary"] == f"Loaded on {ship} at Bandar Abbas, arriving Hamburg 2026/01/12, on time"
    assert (then["stage"], then["milestones"], then["arrivalDelayHours"]) == ("loaded", 2, 0)
    by_moment = ok(client.get(state, headers=admin_headers, params={"at": loaded_moment}))["tracking"]
    assert by_moment == then
    # Before the first milestone: no position; today: what the booking shows.
    assert ok(client.get(state, headers=admin_headers, params={"position": before_any}))["tracking"] is None
    head = ok(client.get("/audit/api/v1/events", headers=admin_headers, params={"limit": 1}))["head"]
    assert ok(client.get(state, headers=admin_headers, params={"position": head}))["tracking"] == now


def test_a_range_that_ends_before_it_starts_is_refused_naming_both_ends(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """An inverted range is the caller's mistake: answered empty, it would read as "nothing happened"."""
    alice, reference, _ = tracked(client, admin_headers, "tnt-inverted")
    for earliest, latest in (
        ("eventUpdatedDateTimeMin", "eventUpdatedDateTimeMax"),
        ("eventDateTimeMin", "eventDateTimeMax"),
    ):
        # The same instant written at two offsets is one moment: a range of it stands.
        same = {earliest: "2026-01-24T12:00:00+02:00", latest: "2026-01-24T10:00:00Z"}
        read_events(client, alice, carrierBookingReference=reference, **same)
        inverted = {earliest: "2026-01-24T10:00:01Z", latest: "2026-01-24T10:00:00Z"}
        answer = client.get(V3, headers=alice, params={"carrierBookingReference": reference, **inverted})
        said = refused(answer, 400)
        assert {e["propertyPath"] for e in said} == {f"$.{earliest}", f"$.{latest}"}
        assert all(earliest in e["message"] and latest in e["message"] for e in said)
