"""The DCSA Booking 2.0 door (/v2/bookings): the standard's bodies, errors and statuses on the rate-request
lifecycle. Every /v2 answer is validated against the DCSA document's own schemas."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.shared.messages import message
from tests.api.accounts_support import settle
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    create,
    customer,
    fails,
    in_shipping_order,
    later,
    ok,
    payload,
)
from tests.api.dcsa_support import SAMPLES, dcsa_error, rate_request_id, sample, validate
from tests.app_services import services_of

V2 = "/v2/bookings"
KEYS = "/integrations/api/v1/client/api-keys"


def post(client: TestClient, headers: dict[str, str], body: dict[str, Any]) -> str:
    answer = client.post(V2, json=body, headers={**headers, "API-Version": "2"})
    assert answer.status_code == 202, answer.text
    assert answer.headers["API-Version"] == "2.0.5"
    validate(answer.json(), "CreateBookingResponse")
    return str(answer.json()["carrierBookingRequestReference"])


def dangerous_goods(body: dict[str, Any]) -> Any:
    return body["requestedEquipments"][0]["commodities"][0]["outerPackaging"]["dangerousGoods"][0]


def read(client: TestClient, headers: dict[str, str], reference: str) -> dict[str, Any]:
    answer = client.get(f"{V2}/{reference}", headers=headers)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    validate(body, "Booking")
    return dict(body)


@pytest.mark.parametrize("name", SAMPLES)
def test_each_sample_is_accepted_as_it_is_and_reads_back_with_every_field(
    client: TestClient, name: str
) -> None:
    alice = customer(client, f"dcsa-{name}")
    sent = sample(name)
    reference = post(client, alice, sent)
    booking = read(client, alice, reference)
    assert booking["carrierBookingRequestReference"] == reference
    assert booking["bookingStatus"] == "RECEIVED"
    assert "carrierBookingReference" not in booking
    for key, value in sent.items():
        assert booking[key] == value, key


def test_a_dcsa_booking_is_a_rate_request_on_the_screens(client: TestClient) -> None:
    alice = customer(client, "dcsa-screens")
    reference = post(client, alice, sample("booking-reefer"))
    rid = rate_request_id(client, reference)
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
    assert detail["stateName"] == "requested"
    assert detail["viaApi"] is True
    assert detail["polTitle"] == "Amsterdam (NLAMS)" and detail["podTitle"] == "Singapore (SGSIN)"
    assert detail["containerType"]["name"] == "Refrigerated" and detail["containerSize"]["name"] == "20"
    assert detail["quantity"] == 1
    listed = ok(client.get(f"{CLIENT}/rate-requests", headers=alice))["list"]["list"]
    assert [row["viaApi"] for row in listed] == [True]


def test_a_sea_waybill_asked_through_the_standard_is_one_on_the_screens(client: TestClient) -> None:
    # The transport document the booking asks for is the screens' "sea waybill" choice, and reads back.
    alice = customer(client, "dcsa-swb")
    for code, swb in (("SWB", True), ("BOL", False), (None, False)):
        body = sample("booking-reefer")
        if code is not None:
            body["transportDocumentTypeCode"] = code
        reference = post(client, alice, body)
        detail = ok(client.get(f"{CLIENT}/rate-requests/{rate_request_id(client, reference)}", headers=alice))
        assert detail["isSWBL"] is swb, code
        if code is not None:
            assert read(client, alice, reference)["transportDocumentTypeCode"] == code
    # A booking made through the standard is its content: an update asks for the document it names.
    body = sample("booking-reefer") | {"transportDocumentTypeCode": "SWB"}
    reference = post(client, alice, body)
    rid = rate_request_id(client, reference)
    for code, swb in (("BOL", False), ("SWB", True), (None, False)):
        updated = sample("booking-reefer")
        if code is not None:
            updated["transportDocumentTypeCode"] = code
        answer = client.put(f"{V2}/{reference}", json=updated, headers=alice)
        assert answer.status_code == 202, answer.text
        assert ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["isSWBL"] is swb, code


def test_a_booking_made_on_the_screens_reads_back_through_the_standard(client: TestClient) -> None:
    alice = customer(client, "dcsa-portal")
    made = create(client, alice, quantity=3, containerTypeId=2, containerSizeId=3)
    assert made["viaApi"] is False
    booking = read(client, alice, made["id"])
    assert booking["bookingStatus"] == "RECEIVED"
    locations = [
        (s["locationTypeCode"], s["location"]["UNLocationCode"]) for s in booking["shipmentLocations"]
    ]
    assert locations == [("POL", "CNSHA"), ("POD", "SGSIN")]
    equipment = booking["requestedEquipments"][0]
    assert (equipment["ISOEquipmentCode"], equipment["units"]) == ("45R1", 3)
    assert equipment["commodities"][0]["HSCodes"] == ["080251"]


@pytest.mark.parametrize(
    ("change", "json_path", "code"),
    [
        (lambda b: b.pop("receiptTypeAtOrigin"), "$.receiptTypeAtOrigin", 7001),
        (
            lambda b: dangerous_goods(b).pop("imoClass"),
            "$.requestedEquipments[0].commodities[0].outerPackaging.dangerousGoods[0].imoClass",
            7001,
        ),
        (
            lambda b: b["shipmentLocations"][1]["location"].update(UNLocationCode="ZZZZZ"),
            "$.shipmentLocations[1].location.UNLocationCode",
            7003,
        ),
        (
            lambda b: b["requestedEquipments"][0].update(ISOEquipmentCode="99XX"),
            "$.requestedEquipments[0].ISOEquipmentCode",
            7003,
        ),
        (lambda b: b["requestedEquipments"][0].update(units=1001), "$.requestedEquipments[0].units", 7004),
        (lambda b: b["requestedEquipments"][0].update(units=0), "$.requestedEquipments[0].units", 7002),
        # The standard's integers and booleans are JSON's own: "2" is not 2, "true" is not true.
        (lambda b: b["requestedEquipments"][0].update(units="2"), "$.requestedEquipments[0].units", 7002),
        (lambda b: b.update(isPartialLoadAllowed="true"), "$.isPartialLoadAllowed", 7002),
        # A `format: date` is a day: not a date-time at midnight (it was cut to its day), not a number.
        (
            lambda b: b.update(expectedDepartureDate=f"{date.today() + timedelta(days=30)}T00:00:00Z"),
            "$.expectedDepartureDate",
            7002,
        ),
        (lambda b: b.update(expectedDepartureDate=1_800_000_000), "$.expectedDepartureDate", 7002),
        # The expected arrival window: it starts no later than it ends, within the departure's horizon.
        (
            lambda b: b.update(
                expectedArrivalAtPlaceOfDeliveryStartDate=str(date.today() + timedelta(days=40)),
                expectedArrivalAtPlaceOfDeliveryEndDate=str(date.today() + timedelta(days=30)),
            ),
            "$.expectedArrivalAtPlaceOfDeliveryStartDate",
            7004,
        ),
        (
            lambda b: b.update(
                expectedArrivalAtPlaceOfDeliveryStartDate=str(date.today() + timedelta(days=30)),
                expectedArrivalAtPlaceOfDeliveryEndDate="2099-12-31",
            ),
            "$.expectedArrivalAtPlaceOfDeliveryEndDate",
            7004,
        ),
        (
            lambda b: b.update(
                expectedArrivalAtPlaceOfDeliveryStartDate=str(date.today() - timedelta(days=2))
            ),
            "$.expectedArrivalAtPlaceOfDeliveryStartDate",
            7004,
        ),
        # The goods reach the place of delivery after they leave the port of loading (the same day may do):
        # a window ending before the departure is refused by the date that precedes it.
        (
            lambda b: b.update(
                expectedDepartureDate=str(date.today() + timedelta(days=30)),
                expectedArrivalAtPlaceOfDeliveryStartDate=str(date.today() + timedelta(days=30)),
                expectedArrivalAtPlaceOfDeliveryEndDate=str(date.today() + timedelta(days=29)),
            ),
            "$.expectedArrivalAtPlaceOfDeliveryEndDate",
            7004,
        ),
        (
            lambda b: b.update(
                expectedDepartureDate=str(date.today() + timedelta(days=30)),
                expectedArrivalAtPlaceOfDeliveryStartDate=str(date.today() + timedelta(days=20)),
                expectedArrivalAtPlaceOfDeliveryEndDate=str(date.today() + timedelta(days=40)),
            ),
            "$.expectedArrivalAtPlaceOfDeliveryStartDate",
            7004,
        ),
    ],
    ids=[
        "missing-field",
        "missing-nested-field",
        "unknown-location",
        "wrong-equipment",
        "too-many",
        "zero",
        "units-as-text",
        "boolean-as-text",
        "date-as-date-time",
        "date-as-number",
        "arrival-start-after-end",
        "arrival-in-2099",
        "arrival-in-the-past",
        "arrival-ends-before-departure",
        "arrival-starts-before-departure",
    ],
)
def test_bad_dcsa_input_gets_the_dcsa_error_with_the_json_path_and_stores_nothing(
    client: TestClient, change: Any, json_path: str, code: int
) -> None:
    alice = customer(client, "dcsa-bad")
    services = services_of(client)
    body = sample("booking-dg")
    change(body)
    head = settle(client)
    errors = dcsa_error(client.post(V2, json=body, headers=alice), 400)
    assert [(e["jsonPath"], e["errorCode"]) for e in errors] == [(json_path, code)]
    assert services.store.head() == head


def test_an_arrival_before_the_departure_is_told_so_and_one_the_same_day_is_taken(client: TestClient) -> None:
    alice = customer(client, "dcsa-arrival")
    departure = date.today() + timedelta(days=30)
    body = sample("booking-dg") | {
        "expectedDepartureDate": str(departure),
        "expectedArrivalAtPlaceOfDeliveryStartDate": str(departure - timedelta(days=1)),
        "expectedArrivalAtPlaceOfDeliveryEndDate": str(departure + timedelta(days=10)),
    }
    errors = dcsa_error(client.post(V2, json=body, headers={**alice, "Accept-Language": "en"}), 400)
    assert [e["property"] for e in errors] == ["expectedArrivalAtPlaceOfDeliveryStartDate"]
    assert message("booking.arrival.beforeDeparture") in errors[0]["errorCodeMessage"]
    post(client, alice, body | {"expectedArrivalAtPlaceOfDeliveryStartDate": str(departure)})


def test_one_booking_is_quoted_for_one_kind_of_equipment(client: TestClient) -> None:
    alice = customer(client, "dcsa-kinds")
    body = sample("booking-regular")
    second = {**body["requestedEquipments"][0], "ISOEquipmentCode": "45G1"}
    body["requestedEquipments"].append(second)
    errors = dcsa_error(client.post(V2, json=body, headers=alice), 400)
    assert [(e["jsonPath"], e["errorCode"]) for e in errors] == [
        ("$.requestedEquipments[1].ISOEquipmentCode", 7004)
    ]
    same_kind = sample("booking-regular")
    first = same_kind["requestedEquipments"][0]
    same_kind["requestedEquipments"].append({**first, "ISOEquipmentCode": "22G1"})
    reference = post(client, alice, same_kind)
    rid = rate_request_id(client, reference)
    assert ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["quantity"] == 2


def test_callers_are_customers_and_see_only_their_own_bookings(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "dcsa-alice")
    bob = customer(client, "dcsa-bob")
    reference = post(client, alice, sample("booking-regular"))
    dcsa_error(client.get(f"{V2}/{reference}"), 401)
    dcsa_error(client.get(f"{V2}/{reference}", headers={"Authorization": "Bearer nonsense"}), 401)
    dcsa_error(client.get(f"{V2}/{reference}", headers=bob), 404)
    dcsa_error(client.get(f"{V2}/{reference}", headers=admin_headers), 403)
    dcsa_error(client.get(f"{V2}/no-such-booking", headers=alice), 404)
    dcsa_error(client.get(f"{V2}/{reference}", headers={**alice, "API-Version": "3"}), 400)


def test_an_api_key_authenticates_until_revoked_and_is_stored_only_as_a_hash(client: TestClient) -> None:
    alice = customer(client, "dcsa-key")
    issued = ok(client.post(KEYS, json={"label": "ERP"}, headers=alice), 201)
    key = issued["key"]
    assert key.startswith("fbk_") and issued["hint"] == key[:10]
    by_key = {"Authorization": f"Bearer {key}"}
    reference = post(client, by_key, sample("booking-regular"))
    assert read(client, {"API-Key": key}, reference)["bookingStatus"] == "RECEIVED"
    assert read(client, alice, reference)["carrierBookingRequestReference"] == reference
    listed = ok(client.get(KEYS, headers=alice))["list"]  # a key cannot list keys
    assert [(k["label"], "key" in k) for k in listed] == [("ERP", False)]
    services = services_of(client)
    stored = [n.state for n in services.store.recorder.select_notifications(start=1, limit=10_000)]
    assert not any(key.encode() in state for state in stored)
    ok(client.delete(f"{KEYS}/{issued['id']}", headers=alice))
    dcsa_error(client.get(f"{V2}/{reference}", headers=by_key), 401)
    bob = customer(client, "dcsa-key-bob")
    other = ok(client.post(KEYS, json={"label": "x"}, headers=bob), 201)
    assert client.delete(f"{KEYS}/{other['id']}", headers=alice).status_code == 404


def test_revision_feedback_update_and_cancellation(client: TestClient, admin_headers: dict[str, str]) -> None:
    alice = customer(client, "dcsa-revise")
    reference = post(client, alice, sample("booking-regular"))
    rid = rate_request_id(client, reference)
    ok(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/request-revision",
            headers=admin_headers,
            json={"message": "$.requestedEquipments[0].units: we can load at most 1 unit this week"},
        )
    )
    booking = read(client, alice, reference)
    assert booking["bookingStatus"] == "PENDING_UPDATE"
    assert booking["feedbacks"] == [
        {
            "severity": "ERROR",
            "code": "PROPERTY_VALUE_MUST_CHANGE",
            "message": "we can load at most 1 unit this week",
            "jsonPath": "$.requestedEquipments[0].units",
        }
    ]
    updated = sample("booking-regular")
    updated["carrierExportVoyageNumber"] = "404E"
    updated["shipmentLocations"][1]["location"]["UNLocationCode"] = "DEHAM"
    answer = client.put(f"{V2}/{reference}", json=updated, headers=alice)
    assert answer.status_code == 202, answer.text
    assert answer.content == b""  # the standard: an accepted update answers 202 with an empty body
    booking = read(client, alice, reference)
    # The shipper's update awaits the carrier's decision: UPDATE_RECEIVED (not RECEIVED), until staff act.
    assert booking["bookingStatus"] == "UPDATE_RECEIVED" and "feedbacks" not in booking
    assert booking["carrierExportVoyageNumber"] == "404E"
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
    assert detail["podTitle"] == "Hamburg (DEHAM)"
    bad = sample("booking-regular")
    bad["shipmentLocations"][0]["location"]["UNLocationCode"] = "QQQQQ"
    errors = dcsa_error(client.put(f"{V2}/{reference}", json=bad, headers=alice), 400)
    assert errors[0]["jsonPath"] == "$.shipmentLocations[0].location.UNLocationCode"
    cancel = {"bookingStatus": "CANCELLED"}
    cancelled = client.patch(f"{V2}/{reference}", json=cancel, headers=alice)
    assert (cancelled.status_code, cancelled.content) == (202, b"")
    assert read(client, alice, reference)["bookingStatus"] == "CANCELLED"
    # Refused in the standard's words: its status, not the portal's state names.
    again = dcsa_error(
        client.patch(f"{V2}/{reference}", json={"bookingStatus": "CANCELLED"}, headers=alice), 409
    )
    assert [(e["errorCode"], e["errorCodeMessage"]) for e in again] == [
        (7005, "This booking is already CANCELLED and closed: there is nothing left to cancel")
    ]
    late = dcsa_error(client.put(f"{V2}/{reference}", json=updated, headers=alice), 409)
    assert [e["errorCodeMessage"] for e in late] == [
        "This booking is already CANCELLED and closed: it is no longer updated or amended"
    ]


def test_a_cancellation_reason_is_as_long_as_the_standard_allows(client: TestClient) -> None:
    """CancelBookingRequest's `reason` takes 5,000 characters: longer than the screen's bound for the
    portal's own texts, and taken whole; one more is refused by its path, with nothing stored."""
    alice = customer(client, "dcsa-long-reason")
    reference = post(client, alice, sample("booking-regular"))
    services = services_of(client)
    settle(client)
    head = services.store.head()
    too_long = {"bookingStatus": "CANCELLED", "reason": "r" * 5001}
    errors = dcsa_error(client.patch(f"{V2}/{reference}", json=too_long, headers=alice), 400)
    assert [e["jsonPath"] for e in errors] == ["$.reason"]
    assert services.store.head() == head
    reason = "Moved to a later sailing." * 200  # 5,000 characters
    cancelled = client.patch(
        f"{V2}/{reference}", json={"bookingStatus": "CANCELLED", "reason": reason}, headers=alice
    )
    assert cancelled.status_code == 202, cancelled.text
    assert read(client, alice, reference)["bookingStatus"] == "CANCELLED"


def test_journey_sample_quoted_then_confirmed_by_staff_reads_confirmed_with_its_charges(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A booking requested through the standard is firm: staff quote, then confirm; the customer has no
    price to accept and no documents to send (the portal refuses the acceptance)."""
    alice = customer(client, "dcsa-journey")
    sent = sample("booking-regular")
    reference = post(client, alice, sent)
    rid = rate_request_id(client, reference)
    # Unpriced, it cannot be confirmed: the refusal names the price it needs, and changes nothing.
    unpriced = client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin_headers)
    assert "price" in fails(unpriced, 400)["fields"]
    assert read(client, alice, reference)["bookingStatus"] == "RECEIVED"
    ok(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/quote",
            headers=admin_headers,
            json={"price": 1500, "validUntil": later()},
        )
    )
    quoted = read(client, alice, reference)
    assert quoted["bookingStatus"] == "RECEIVED"
    assert quoted["feedbacks"][0]["severity"] == "INFO" and "1500.00 USD" in quoted["feedbacks"][0]["message"]
    assert "accept" not in quoted["feedbacks"][0]["message"]
    staff_row = ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin_headers))
    assert staff_row["waitingFor"] == "staff"  # nobody waits for the customer to accept a firm request
    assert client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=alice).status_code == 409
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin_headers))
    confirmed = read(client, alice, reference)
    assert confirmed["bookingStatus"] == "CONFIRMED"
    units = sum(line["units"] for line in sent["requestedEquipments"])
    assert confirmed["confirmedEquipments"] == [
        {"ISOEquipmentCode": sent["requestedEquipments"][0]["ISOEquipmentCode"], "units": units}
    ]
    (charge,) = confirmed["charges"]
    assert (charge["unitPrice"], charge["quantity"], charge["currencyAmount"]) == (1500, units, 1500 * units)
    assert charge["currencyCode"] == "USD"
    booking_reference = confirmed["carrierBookingReference"]
    assert read(client, alice, booking_reference)["carrierBookingRequestReference"] == reference
    # The standard's 409 for this case points to the confirmed booking's own cancellation.
    (refusal,) = dcsa_error(
        client.patch(f"{V2}/{reference}", json={"bookingStatus": "CANCELLED"}, headers=alice), 409
    )
    assert refusal["errorCodeMessage"] == (
        "This booking is CONFIRMED: ask to cancel it with bookingCancellationStatus CANCELLATION_RECEIVED"
    )
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/reject", headers=admin_headers, json={"message": "No"}))
    assert read(client, alice, reference)["bookingStatus"] == "DECLINED"


def test_staff_confirm_a_firm_booking_with_its_price_broken_down_in_one_act(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """`confirm-request` quotes and confirms at once, so it takes the breakdown `quote` takes: the lines
    must add up to the price, a fee per booking counts once, and the standard's charges say the same."""
    alice = customer(client, "dcsa-breakdown")
    sent = sample("booking-regular")
    reference = post(client, alice, sent)
    rid = rate_request_id(client, reference)
    confirm = f"{ADMIN}/rate-requests/{rid}/confirm-request"
    lines = [
        {"code": "ocean_freight", "amount": 1300},
        {"code": "baf", "amount": "200.50"},
        {"code": "documentation_fee", "amount": 45},
    ]
    wrong = {"price": 1400, "charges": lines}
    assert "price" in fails(client.put(confirm, headers=admin_headers, json=wrong), 400)["fields"]
    without_price = {"charges": lines}
    assert "price" in fails(client.put(confirm, headers=admin_headers, json=without_price), 400)["fields"]
    assert read(client, alice, reference)["bookingStatus"] == "RECEIVED"  # nothing was changed

    confirmed = ok(client.put(confirm, headers=admin_headers, json={"price": "1500.50", "charges": lines}))
    units = sum(line["units"] for line in sent["requestedEquipments"])
    assert {c["code"]: c["amount"] for c in confirmed["charges"]} == {
        "ocean_freight": 1300,
        "baf": 200.5,
        "documentation_fee": 45,
    }
    assert confirmed["totalPrice"] == 1500.5 * units + 45
    standard = read(client, alice, reference)
    assert standard["bookingStatus"] == "CONFIRMED"
    assert sum(c["currencyAmount"] for c in standard["charges"]) == confirmed["totalPrice"]


def test_the_portal_openapi_document_includes_v2(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert {"post"} <= set(paths["/v2/bookings"])
    assert {"get", "put", "patch"} <= set(paths["/v2/bookings/{bookingReference}"])


def test_a_confirmed_booking_with_an_open_amendment_stays_confirmed_with_the_amendment_received(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "dcsa-amend")
    rid = in_shipping_order(client, alice, admin_headers)
    other = post(client, alice, sample("booking-regular"))
    confirmed = read(client, alice, rid)
    assert confirmed["bookingStatus"] == "CONFIRMED" and "amendedBookingStatus" not in confirmed
    ok(client.post(f"{CLIENT}/rate-requests/{rid}/amendments", headers=alice, json=payload(commodity="Figs")))
    pending = read(client, alice, rid)
    # The standard's use case 7: the booking stays CONFIRMED (PENDING_AMENDMENT is the carrier asking).
    assert (pending["bookingStatus"], pending["amendedBookingStatus"]) == ("CONFIRMED", "AMENDMENT_RECEIVED")
    dcsa_error(client.get(f"{V2}/{other}?amendedContent=true", headers=alice), 404)
    amended = read(client, alice, f"{rid}?amendedContent=true")
    assert amended["requestedEquipments"][0]["commodities"][0]["commodityType"] == "Figs"
    assert pending["requestedEquipments"][0]["commodities"][0]["commodityType"] == "Pistachios"
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/approve", headers=admin_headers))
    approved = read(client, alice, rid)
    assert (approved["bookingStatus"], approved["amendedBookingStatus"]) == (
        "CONFIRMED",
        "AMENDMENT_CONFIRMED",
    )
    assert approved["requestedEquipments"][0]["commodities"][0]["commodityType"] == "Figs"


def test_a_dcsa_booking_reads_back_its_approved_amendment(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "dcsa-amend-api")
    reference = post(client, alice, sample("booking-reefer"))
    rid = rate_request_id(client, reference)
    # Quoted and confirmed in one act.
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin_headers, json={"price": 900}))
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
    wanted = payload(polId=detail["pol"]["id"], podId=25, containerTypeId=2, containerSizeId=1, quantity=1)
    ok(client.post(f"{CLIENT}/rate-requests/{rid}/amendments", headers=alice, json=wanted))
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/approve", headers=admin_headers))
    booking = read(client, alice, reference)
    assert booking["amendedBookingStatus"] == "AMENDMENT_CONFIRMED"
    assert booking["shipmentLocations"][1]["location"]["UNLocationCode"] == "DEHAM"
    assert booking["carrierExportVoyageNumber"] == "403W"  # what the amendment did not touch reads as sent


def test_refusals_say_why_in_words_that_agree_with_the_status(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """RECEIVED takes an update, so a booking whose price was accepted (it reads RECEIVED) is not refused as
    "RECEIVED: no longer updated"; an expired quote's booking is REJECTED already, nothing to cancel."""
    from datetime import UTC, datetime

    alice = customer(client, "dcsa-true-refusals")
    accepted = create(client, alice)["id"]
    quote = {"price": 900, "validUntil": later()}
    ok(client.put(f"{ADMIN}/rate-requests/{accepted}/quote", headers=admin_headers, json=quote))
    ok(client.put(f"{CLIENT}/rate-requests/{accepted}/approve", headers=alice))
    reference = ok(client.get(f"{CLIENT}/rate-requests/{accepted}", headers=alice))["reference"]
    assert read(client, alice, reference)["bookingStatus"] == "RECEIVED"
    refused = dcsa_error(client.put(f"{V2}/{reference}", json=sample("booking-regular"), headers=alice), 409)
    assert [e["errorCodeMessage"] for e in refused] == [
        "This booking is RECEIVED with its price accepted: the booking request is with the carrier for"
        " confirmation and is not updated meanwhile; once it is CONFIRMED, send the change as an amendment,"
        " or cancel the request with bookingStatus CANCELLED"
    ]

    lapsed = create(client, alice)["id"]
    ok(client.put(f"{ADMIN}/rate-requests/{lapsed}/quote", headers=admin_headers, json=quote))
    assert services_of(client).expire_due_quotes(datetime.now(UTC) + timedelta(days=6)) == [lapsed]
    reference = ok(client.get(f"{CLIENT}/rate-requests/{lapsed}", headers=alice))["reference"]
    cancel = client.patch(f"{V2}/{reference}", json={"bookingStatus": "CANCELLED"}, headers=alice)
    assert [e["errorCodeMessage"] for e in dcsa_error(cancel, 409)] == [
        "This booking is already REJECTED and closed: there is nothing left to cancel"
    ]
