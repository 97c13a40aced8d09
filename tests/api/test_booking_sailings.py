"""A booking is made for a published sailing: chosen on the screens or through /v2 (vessel and voyage, or a
point-to-point route), set or changed by staff; once confirmed it carries its transport plan and cut-offs
(valid against Booking 2.0.5). Cut-offs are acted on with a controlled clock: reminders 48 h and 24 h ahead,
a late shipping order flagged, a republished schedule told to the customer; `freight verify` stays clean."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from api.dcsa.schedules import models as cs
from domain.shared.actor import ADMIN as STAFF_ROLE
from domain.shared.actor import Actor
from domain.shared.local_time import port_day
from tests.api.accounts_support import outbox, settle
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    assert_verify_clean,
    create,
    customer,
    fails,
    in_shipping_order,
    later,
    loi_pending,
    ok,
    order_payload,
    payload,
    upload,
)
from tests.api.dcsa_support import (
    Receiver,
    confirmed_dcsa_booking,
    dcsa_error,
    rate_request_id,
    sample,
    validate,
)
from tests.api.schedules_support import (
    PUBLISH,
    SHANGHAI_TO_SINGAPORE,
    VESSEL_IMO,
    VOYAGE,
    publication,
    sailings_offered,
)
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login
from tests.corpus import PERSIAN_PEOPLE
from tests.local_times import at_zone

V2 = "/v2/bookings"
STAFF = Actor("staff-publisher", STAFF_ROLE)


def departure_in(days: float) -> datetime:
    return (datetime.now(UTC) + timedelta(days=days)).replace(second=0, microsecond=0)


def by_vessel() -> dict[str, Any]:
    return {"vesselIMONumber": VESSEL_IMO, "carrierExportVoyageNumber": VOYAGE}


def notifications_of(client: TestClient, username: str) -> list[dict[str, Any]]:
    """The notifications of one account (by its username), oldest first, once the policies are quiet."""
    settle(client)
    services = services_of(client)
    with services.read_models.read() as tx:
        rows: list[dict[str, Any]] = tx.all(
            "SELECT n.* FROM notifications n JOIN accounts a ON a.id = n.recipient"
            " WHERE a.username = ? ORDER BY n.created_position",
            (username,),
        )
    return rows


def v2_body(**changes: Any) -> dict[str, Any]:
    body = sample("booking-regular")
    body["shipmentLocations"] = [
        {"location": {"UNLocationCode": "CNSHA"}, "locationTypeCode": "POL"},
        {"location": {"UNLocationCode": "SGSIN"}, "locationTypeCode": "POD"},
    ]
    body.update(changes)
    return body


def on_the_sailing() -> dict[str, Any]:
    """A booking through the standard naming the published sailing by its vessel and voyage."""
    return v2_body(
        vessel={"name": "Kharg Star", "vesselIMONumber": VESSEL_IMO}, carrierExportVoyageNumber=VOYAGE
    )


def confirmed_on_a_sailing(
    client: TestClient, admin: dict[str, str], name: str, days: float
) -> tuple[datetime, dict[str, str], str]:
    """A customer `name`'s booking on the sailing published to leave in `days` days, confirmed: the departure,
    the customer's headers and the booking's reference."""
    leaving = departure_in(days)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin))
    who = customer(client, name)
    return leaving, who, confirmed_dcsa_booking(client, who, admin, on_the_sailing())


def test_a_v2_booking_on_a_published_sailing_confirmed_carries_its_transport_plan_and_cut_offs(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    leaving, alice, reference = confirmed_on_a_sailing(client, admin_headers, "v2-sailor", 12)

    answer = client.get(f"{V2}/{reference}", headers=alice)
    assert answer.status_code == 200, answer.text
    booking = answer.json()
    validate(booking, "Booking")
    assert booking["bookingStatus"] == "CONFIRMED"
    [leg] = booking["transportPlan"]
    assert (leg["vesselIMONumber"], leg["carrierExportVoyageNumber"]) == (VESSEL_IMO, VOYAGE)
    assert leg["loadLocation"]["UNLocationCode"] == "CNSHA"
    assert leg["dischargeLocation"]["UNLocationCode"] == "SGSIN"
    assert leg["plannedDepartureDate"] == port_day(leaving, "CNSHA")
    cut_offs = {c["cutOffDateTimeCode"]: c["cutOffDateTime"] for c in booking["shipmentCutOffTimes"]}
    expected = publication(leaving)[0]["vesselSchedules"][0]["transportCalls"][0]["cutOffTimes"]
    assert {c: datetime.fromisoformat(t.replace("Z", "+00:00")) for c, t in cut_offs.items()} == {
        c["cutOffDateTimeCode"]: datetime.fromisoformat(c["cutOffDateTime"]) for c in expected
    }
    # Staff and the customer see the same sailing on the portal's paths.
    rid = rate_request_id(client, reference)
    seen = ok(client.get(f"{CLIENT}/rate-requests/{rid}/sailing", headers=alice))
    assert seen == ok(client.get(f"{ADMIN}/rate-requests/{rid}/sailing", headers=admin_headers))
    assert seen["sailing"]["vesselName"] == "Kharg Star" and seen["sailing"]["transitDays"] == 6
    assert_verify_clean(services_of(client), tmp_path)


def test_an_amendment_through_v2_may_not_name_another_sailing_than_the_one_confirmed(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """After confirmation the carrier changes the sailing (the `sailing` fact): an amendment naming another
    is refused at the field that names it, not taken as AMENDMENT_RECEIVED and left unapplied; one that
    names the sailing the booking has (the whole booking sent again) is an amendment like any."""
    leaving, alice, reference = confirmed_on_a_sailing(client, admin_headers, "v2-amender", 12)
    ok(client.put(PUBLISH, json=publication(departure_in(19), service="PGY"), headers=admin_headers))
    other = v2_body(
        vessel={"name": "Kharg Star", "vesselIMONumber": VESSEL_IMO}, carrierExportVoyageNumber=VOYAGE
    )
    other.update(carrierServiceCode="PGY")
    errors = dcsa_error(client.put(f"{V2}/{reference}", json=other, headers=alice), 400)
    assert errors[0]["jsonPath"] == "$.carrierExportVoyageNumber"
    assert client.get(f"{V2}/{reference}", headers=alice).json().get("amendedBookingStatus") is None
    same = on_the_sailing()
    same["requestedEquipments"][0]["units"] = 2
    assert client.put(f"{V2}/{reference}", json=same, headers=alice).status_code == 202
    assert (
        client.get(f"{V2}/{reference}", headers=alice).json()["amendedBookingStatus"] == "AMENDMENT_RECEIVED"
    )
    [leg] = client.get(f"{V2}/{reference}", headers=alice).json()["transportPlan"]
    assert leg["plannedDepartureDate"] == port_day(leaving, "CNSHA")


def test_a_routing_reference_stands_for_the_ports_and_an_unknown_sailing_is_refused(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    ok(client.put(PUBLISH, json=publication(departure_in(12)), headers=admin_headers))
    alice = customer(client, "router")
    routes = client.get(
        "/v1/point-to-point-routes",
        params={"placeOfReceipt": "CNSHA", "placeOfDelivery": "IRZBR"},
        headers=alice,
    )
    routing = routes.json()[0]["routingReference"]
    body = sample("booking-regular")
    del body["shipmentLocations"][0]  # no POL: the route names it
    body["shipmentLocations"] = [{"location": {"UNLocationCode": "IRZBR"}, "locationTypeCode": "PDE"}]
    body["routingReference"] = routing
    answer = client.post(V2, json=body, headers=alice)
    assert answer.status_code == 202, answer.text
    rid = rate_request_id(client, answer.json()["carrierBookingRequestReference"])
    chosen = ok(client.get(f"{CLIENT}/rate-requests/{rid}/sailing", headers=alice))["sailing"]
    assert (chosen["portOfLoading"], chosen["portOfDischarge"]) == ("CNSHA", "IRZBR")
    assert chosen["routingReference"] == routing

    # An update before confirmation may name another sailing (here: by vessel and voyage, to Singapore).
    reference = answer.json()["carrierBookingRequestReference"]
    assert client.put(f"{V2}/{reference}", json=on_the_sailing(), headers=alice).status_code == 202
    chosen = ok(client.get(f"{CLIENT}/rate-requests/{rid}/sailing", headers=alice))["sailing"]
    assert (chosen["portOfLoading"], chosen["portOfDischarge"]) == ("CNSHA", "SGSIN")

    unknown = v2_body(vessel={"name": "Nobody", "vesselIMONumber": "9999999"}, carrierExportVoyageNumber="1X")
    errors = dcsa_error(client.post(V2, json=unknown, headers=alice), 400)
    assert errors[0]["jsonPath"] == "$.carrierExportVoyageNumber"
    bad_route = sample("booking-regular") | {"routingReference": "PGX::nope::nope"}
    bad_route["shipmentLocations"] = [{"location": {"UNLocationCode": "SGSIN"}, "locationTypeCode": "POD"}]
    errors = dcsa_error(client.post(V2, json=bad_route, headers=alice), 400)
    assert errors[0]["jsonPath"] == "$.routingReference"


CUT_OFF_PASSED = "The shipping-instruction cut-off of this sailing has passed; choose a later sailing"


def test_a_sailing_whose_documentation_cut_off_passed_is_neither_offered_nor_booked(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Decision 3869: PGX leaves in 2 days, its documentation cut-off (72 h before) passed; PGY is open. The
    pickers offer PGY alone, and naming PGX is refused on the field that names it, on every door."""
    closed, open_one = departure_in(2), departure_in(10)
    schedules = publication(closed) + publication(open_one, service="PGY")
    ok(client.put(PUBLISH, json=schedules, headers=admin_headers))
    alice = customer(client, "too-late")
    offered = sailings_offered(client, alice)["list"]["list"]
    assert [s["serviceCode"] for s in offered] == ["PGY"]
    between = SHANGHAI_TO_SINGAPORE
    staff_offered = ok(client.get(f"{ADMIN}/sailings", params=between, headers=admin_headers))["list"]["list"]
    assert [s["serviceCode"] for s in staff_offered] == ["PGY"]
    routes = client.get(
        "/v1/point-to-point-routes",
        params={"placeOfReceipt": "CNSHA", "placeOfDelivery": "SGSIN"},
        headers=alice,
    ).json()
    pgx = next(r["routingReference"] for r in routes if r["routingReference"].startswith("PGX"))

    pgx_by_date = {"carrierServiceCode": "PGX", "expectedDepartureDate": port_day(closed, "CNSHA")}
    for named in ({"routingReference": pgx}, pgx_by_date):
        new = payload(sailing=named)
        refused = fails(client.post(f"{CLIENT}/rate-requests", headers=alice, json=new), 400)
        assert CUT_OFF_PASSED in json.dumps(refused), refused
    rid = create(client, alice)["id"]
    choose = f"{CLIENT}/rate-requests/{rid}/sailing"
    refused = fails(client.put(choose, headers=alice, json={"sailing": pgx_by_date}), 400)
    assert CUT_OFF_PASSED in json.dumps(refused), refused
    errors = dcsa_error(client.post(V2, json=v2_body(routingReference=pgx), headers=alice), 400)
    assert errors[0]["jsonPath"] == "$.routingReference" and CUT_OFF_PASSED in json.dumps(errors), errors
    assert ok(client.get(choose, headers=alice)) is None  # nothing was chosen


def test_staff_are_refused_confirming_on_a_sailing_whose_cut_off_passed_and_name_a_later_one(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Chosen while open, the sailing's cut-off passes before staff confirm (the carrier brought it forward):
    the confirmation is refused on `sailing` until staff name a sailing still open."""
    ok(client.put(PUBLISH, json=publication(departure_in(10)), headers=admin_headers))
    alice = customer(client, "rolled-over")
    rid = loi_pending(client, alice, admin_headers, sailing=by_vessel())
    file_id = upload(client, alice, key="loi-rolled-over")
    documents = {"documents": [{"documentTypeId": 1, "fileId": file_id}]}
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/booking-request", headers=alice, json=documents))
    later_one = publication(departure_in(9), service="PGY")
    ok(client.put(PUBLISH, json=publication(departure_in(2)) + later_one, headers=admin_headers))
    confirm = f"{ADMIN}/rate-requests/{rid}/confirm-booking"

    refused = fails(client.put(confirm, headers=admin_headers, json={}), 400)
    assert CUT_OFF_PASSED in json.dumps(refused) and "sailing" in json.dumps(refused), refused
    pgx = {"carrierServiceCode": "PGX", "expectedDepartureDate": port_day(departure_in(2), "CNSHA")}
    named = {"sailing": pgx}
    assert CUT_OFF_PASSED in json.dumps(fails(client.put(confirm, headers=admin_headers, json=named), 400))
    [pgy] = sailings_offered(client, alice)["list"]["list"]
    ok(
        client.put(
            confirm, headers=admin_headers, json={"sailing": {"routingReference": pgy["routingReference"]}}
        )
    )
    assert (
        ok(client.get(f"{ADMIN}/rate-requests/{rid}/sailing", headers=admin_headers))["sailing"][
            "serviceCode"
        ]
        == "PGY"
    )


def test_the_customer_picks_a_sailing_and_staff_change_it_when_they_confirm(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    first, second = departure_in(9), departure_in(16)
    ok(
        client.put(
            PUBLISH, json=publication(first) + publication(second, service="PGY"), headers=admin_headers
        )
    )
    alice = customer(client, "picker")
    offered = sailings_offered(client, alice)
    sailings = offered["list"]["list"]
    assert [s["serviceCode"] for s in sailings] == ["PGX", "PGY"]
    between = SHANGHAI_TO_SINGAPORE
    assert ok(client.get(f"{ADMIN}/sailings", params=between, headers=admin_headers)) == offered
    assert client.get(f"{ADMIN}/sailings", params=between, headers=alice).status_code == 403
    assert sailings[0]["cutOffs"][0] == {
        "code": "DCO",
        "name": "Shipping instructions (documentation)",
        "at": (first - timedelta(hours=72)).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    # The preferred date stays for those who choose no sailing.
    plain = create(client, alice)
    assert ok(client.get(f"{CLIENT}/rate-requests/{plain['id']}/sailing", headers=alice)) is None

    rid = create(client, alice, sailing={"routingReference": sailings[0]["routingReference"]})["id"]
    assert (
        ok(client.get(f"{CLIENT}/rate-requests/{rid}/sailing", headers=alice))["sailing"]["serviceCode"]
        == "PGX"
    )
    later_one = {"sailing": {"carrierServiceCode": "PGY", "expectedDepartureDate": port_day(second, "CNSHA")}}
    changed = ok(client.put(f"{CLIENT}/rate-requests/{rid}/sailing", headers=alice, json=later_one))
    assert changed["sailing"]["serviceCode"] == "PGY" and changed["chosenBy"] == "customer"
    nowhere = {"sailing": {"carrierServiceCode": "PGZ", "expectedDepartureDate": port_day(second, "CNSHA")}}
    assert "sailing" in str(
        fails(client.put(f"{CLIENT}/rate-requests/{rid}/sailing", headers=alice, json=nowhere), 400)
    )

    confirmed = in_shipping_order(client, alice, admin_headers)  # confirmed without naming a sailing
    estimate = ok(client.get(f"{CLIENT}/rate-requests/{confirmed}/sailing", headers=alice))
    assert estimate["sailing"]["estimated"] is True  # until staff name a published one
    closed = client.put(
        f"{CLIENT}/rate-requests/{confirmed}/sailing", headers=alice, json={"sailing": by_vessel()}
    )
    fails(closed, 400)
    # Staff set the sailing as they quote, and change it as they confirm.
    rid = create(client, alice)["id"]
    quote = {
        "price": 800,
        "validUntil": later(),
        "sailing": {"routingReference": sailings[1]["routingReference"]},
    }
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin_headers, json=quote))
    assert (
        ok(client.get(f"{ADMIN}/rate-requests/{rid}/sailing", headers=admin_headers))["sailing"][
            "serviceCode"
        ]
        == "PGY"
    )
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=alice))
    file_id = upload(client, alice, key="loi-staff-sailing")
    documents = {"documents": [{"documentTypeId": 1, "fileId": file_id}]}
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/booking-request", headers=alice, json=documents))
    ok(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/confirm-booking",
            headers=admin_headers,
            json={"sailing": {"routingReference": sailings[0]["routingReference"]}},
        )
    )
    staff_view = ok(client.get(f"{ADMIN}/rate-requests/{rid}/sailing", headers=admin_headers))
    assert staff_view["sailing"]["serviceCode"] == "PGX" and staff_view["chosenBy"] == "admin"


def test_cut_offs_are_acted_on_with_a_controlled_clock(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    from policies.cut_off_watch import remind_due_cut_offs

    services = services_of(client)
    leaving = departure_in(20)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin_headers))
    first, last = PERSIAN_PEOPLE[0]
    alice = customer(
        client, "reminded", {"firstName": first, "lastName": last, "email": "sara.rahimi@example.ir"}
    )
    rid = create(client, alice, sailing=by_vessel())["id"]
    confirmed = in_shipping_order(client, alice, admin_headers, sailing=by_vessel())
    cut_off = leaving - timedelta(hours=72)

    assert remind_due_cut_offs(services, cut_off - timedelta(hours=49)) == []
    assert remind_due_cut_offs(services, cut_off - timedelta(hours=47)) == [(confirmed, 48)]
    assert remind_due_cut_offs(services, cut_off - timedelta(hours=30)) == []  # once per lead time
    assert remind_due_cut_offs(services, cut_off - timedelta(hours=23)) == [(confirmed, 24)]
    assert remind_due_cut_offs(services, cut_off + timedelta(hours=1)) == []  # past the cut-off: no more
    assert rid != confirmed  # the unconfirmed booking is never reminded
    told = [n for n in notifications_of(client, "reminded") if n["title"] == "Shipping instructions due"]
    assert len(told) == 2
    mails = [
        m
        for m in outbox(client)
        if m["channel"] == "email"
        and m["to"] == "sara.rahimi@example.ir"
        and m["data"].get("rateRequestId") == confirmed
        and m["data"]["kind"] == "cutOffReminder"  # the booking's other e-mails are other tests'
    ]
    assert [m["subject"].split("] ")[1] for m in mails] == ["Shipping instructions due"] * 2
    assert "the shipping-instruction cut-off is in about 23 hours." in mails[-1]["body"], mails[-1]["body"]
    # The cut-off in the load port's local time, the port named: "local time" alone would not say where.
    shanghai = at_zone(cut_off, "Asia/Shanghai")
    assert f"before {shanghai} in Shanghai (CNSHA):" in mails[-1]["body"], mails[-1]["body"]
    assert f"before {shanghai} in Shanghai (CNSHA):" in told[0]["message"], told[0]["message"]

    # A republication that moves the booked sailing tells the customer, old and new times.
    ok(client.put(PUBLISH, json=publication(leaving, shift_hours=30), headers=admin_headers))
    seen = ok(client.get(f"{CLIENT}/rate-requests/{confirmed}/sailing", headers=alice))
    assert seen["previous"]["arrival"] < seen["sailing"]["arrival"]
    moved = [n for n in notifications_of(client, "reminded") if n["title"] == "Sailing rescheduled"]
    assert len(moved) == 2  # both bookings on that sailing (the confirmed one and the requested one)
    old_arrival = datetime.fromisoformat(seen["previous"]["arrival"].replace("Z", "+00:00"))
    # Its arrival at Singapore, in Singapore's time (UTC+08:00).
    assert at_zone(old_arrival, "Asia/Singapore") in moved[0]["message"], moved[0]["message"]
    mails = [m for m in outbox(client) if m["subject"].endswith("] Sailing rescheduled")]
    assert len(mails) == 2
    # In HTML too, as every e-mail: the same words, the old arrival among them.
    assert all(m["html"].startswith("<!doctype html>") for m in mails)
    assert at_zone(old_arrival, "Asia/Singapore") in mails[0]["html"]
    # Publishing the same again moves nothing and tells nobody.
    ok(client.put(PUBLISH, json=publication(leaving, shift_hours=30), headers=admin_headers))
    assert len([n for n in notifications_of(client, "reminded") if n["title"] == "Sailing rescheduled"]) == 2
    assert_verify_clean(services, tmp_path)


def test_a_booking_confirmed_minutes_before_its_cut_off_is_reminded_once_with_the_time_left(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """The 24 h reminder goes first (the nearest lead due); the 48 h one never follows it, in a later round
    or by a direct call, and the words say the minutes actually left, not "24 hours"."""
    from policies.cut_off_watch import remind_due_cut_offs

    services = services_of(client)
    leaving = (datetime.now(UTC) + timedelta(hours=72, minutes=15)).replace(second=0, microsecond=0)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin_headers))
    alice = customer(client, "last-minute", {"email": "last.minute@example.ir"})
    confirmed = in_shipping_order(client, alice, admin_headers, sailing=by_vessel())
    now = leaving - timedelta(hours=72, minutes=5)  # 5 minutes before the documentation cut-off

    assert remind_due_cut_offs(services, now) == [(confirmed, 24)]
    settle(client)  # the read models show the reminder before the next round looks
    assert remind_due_cut_offs(services, now + timedelta(seconds=30)) == []
    assert services.booking.remind_cut_off(confirmed, 48, None, now) is None  # the aggregate refuses it
    told = [n for n in notifications_of(client, "last-minute") if n["title"] == "Shipping instructions due"]
    assert len(told) == 1 and "the shipping-instruction cut-off is in 5 minutes." in told[0]["message"]
    mails = [m for m in outbox(client) if m["to"] == "last.minute@example.ir"]
    reminders = [m for m in mails if m["subject"].endswith("] Shipping instructions due")]
    assert len(reminders) == 1 and "is in 5 minutes." in reminders[0]["body"], reminders
    # The auditor reads the time that was left too, not the lead the reminder was scheduled at.
    trail = ok(client.get(f"/audit/api/v1/aggregates/{confirmed}/events", headers=admin_headers))
    reminded = [e for e in trail["events"] if e["type"].endswith("CutOffReminded")]
    assert [e["reason"] for e in reminded] == ["shipping instructions due in 5 min"]


def test_publishing_the_same_again_records_the_moves_an_earlier_publication_missed(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A publication and its bookings' moves are one transaction. A publication stored without them (as a
    process stopped between the two could leave it before they were one) is mended by publishing it again."""
    services = services_of(client)
    leaving = departure_in(20)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin_headers))
    alice = customer(client, "missed-move")
    rid = create(client, alice, sailing=by_vessel())["id"]
    shifted = publication(leaving, shift_hours=30)
    assert services.booking.publish_schedules(STAFF, cs.schedule_values(shifted)) is not None
    settle(client)
    before = ok(client.get(f"{CLIENT}/rate-requests/{rid}/sailing", headers=alice))
    assert before["previous"] is None
    ok(client.put(PUBLISH, json=shifted, headers=admin_headers))
    seen = ok(client.get(f"{CLIENT}/rate-requests/{rid}/sailing", headers=alice))
    assert seen["previous"]["arrival"] == before["sailing"]["arrival"] < seen["sailing"]["arrival"]
    assert (
        len([n for n in notifications_of(client, "missed-move") if n["title"] == "Sailing rescheduled"]) == 1
    )


def test_a_shipping_order_after_the_cut_off_is_flagged_to_staff(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    ok(client.put(PUBLISH, json=publication(departure_in(10)), headers=admin_headers))
    alice = customer(client, "late-shipper")
    rid = in_shipping_order(client, alice, admin_headers, sailing=by_vessel())
    # The carrier moves the confirmed sailing: its documentation cut-off (72 h before) has now passed.
    ok(client.put(PUBLISH, json=publication(departure_in(2)), headers=admin_headers))
    ok(client.post(f"{CLIENT}/shipping-orders", headers=alice, json=order_payload(rid)), 201)
    settle(client)
    staff_view = ok(client.get(f"{ADMIN}/rate-requests/{rid}/sailing", headers=admin_headers))
    assert staff_view["orderLate"] is True and staff_view["orderSubmittedAt"]
    flagged = [
        n for n in notifications_of(client, "admin") if n["title"] == "Shipping order after the cut-off"
    ]
    assert flagged and "cut-off" in json.dumps(flagged[0]["message"])


def test_a_moved_sailing_is_a_webhook_with_the_old_and_new_times(
    app_client: TestClient, hooks: Receiver
) -> None:
    client = app_client
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    leaving, alice, reference = confirmed_on_a_sailing(client, admin, "hooked", 14)
    ok(
        client.post("/integrations/api/v1/client/webhooks", json={"callbackUrl": hooks.url}, headers=alice),
        201,
    )
    ok(client.put(PUBLISH, json=publication(leaving, shift_hours=12), headers=admin))
    settle(client)
    services = services_of(client)
    with services.read_models.read() as tx:
        rows = tx.all("SELECT body FROM webhook_deliveries ORDER BY created_at")
    bodies = [json.loads(r["body"]) for r in rows]
    [moved] = [b for b in bodies if "feedbacks" in b["data"] and "sailing moved" in json.dumps(b["data"])]
    assert moved["data"]["carrierBookingRequestReference"] == reference
    assert moved["data"]["bookingStatus"] == "CONFIRMED"
    message = moved["data"]["feedbacks"][-1]["message"]
    old_arrival = (leaving + timedelta(days=6)).strftime("%Y-%m-%dT%H:%M:%SZ")
    new_arrival = (leaving + timedelta(days=6, hours=12)).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert old_arrival in message and new_arrival in message


def test_an_order_filled_again_after_the_cut_off_is_flagged_to_staff(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Decision 3824: an order sent again is judged against the cut-off when it is sent again."""
    ok(client.put(PUBLISH, json=publication(departure_in(10)), headers=admin_headers))
    alice = customer(client, "late-again")
    rid = in_shipping_order(client, alice, admin_headers, sailing=by_vessel())
    order = ok(client.post(f"{CLIENT}/shipping-orders", headers=alice, json=order_payload(rid)), 201)
    settle(client)
    staff_sailing = f"{ADMIN}/rate-requests/{rid}/sailing"
    assert ok(client.get(staff_sailing, headers=admin_headers))["orderLate"] is False
    decline = {"message": "The consignee may not receive this cargo"}
    ok(client.put(f"{ADMIN}/shipping-orders/{order['id']}/decline", headers=admin_headers, json=decline))
    ok(client.put(PUBLISH, json=publication(departure_in(2)), headers=admin_headers))  # cut-off now past
    again = order_payload(rid, cargoDescription="Roasted pistachios, consignee corrected")
    del again["rateRequestId"]
    ok(client.put(f"{CLIENT}/shipping-orders/{order['id']}/resubmit", headers=alice, json=again))
    settle(client)
    staff_view = ok(client.get(staff_sailing, headers=admin_headers))
    assert staff_view["orderLate"] is True, staff_view
