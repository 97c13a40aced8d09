"""Changes after confirmation through the DCSA door: `PUT` on a confirmed booking is an amendment request
(use case 7), `PATCH` withdraws it (use case 9) or asks to cancel the confirmed booking (use case 13). Every
/v2 answer is validated against the DCSA document's schemas; SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    assert_verify_clean,
    customer,
    in_shipping_order,
    later,
    ok,
)
from tests.api.dcsa_support import confirmed_dcsa_booking, dcsa_error, rate_request_id, sample, validate
from tests.app_services import services_of

V2 = "/v2/bookings"


def read(
    client: TestClient, headers: dict[str, str], reference: str, amended: bool = False
) -> dict[str, Any]:
    answer = client.get(f"{V2}/{reference}{'?amendedContent=true' if amended else ''}", headers=headers)
    assert answer.status_code == 200, answer.text
    assert answer.headers["API-Version"] == "2.0.5"
    validate(answer.json(), "Booking")
    return dict(answer.json())


def accepted(answer: Any, reference: str) -> None:
    """The standard's accepted update or cancellation: 202 with an empty body (of the booking `reference`)."""
    assert answer.status_code == 202, (reference, answer.text)
    assert answer.headers["API-Version"] == "2.0.5"
    assert answer.content == b""


def statuses(booking: dict[str, Any]) -> tuple[Any, Any, Any]:
    return (
        booking["bookingStatus"],
        booking.get("amendedBookingStatus"),
        booking.get("bookingCancellationStatus"),
    )


def amended_body(**changes: Any) -> dict[str, Any]:
    body = sample("booking-regular")
    body.update(changes)
    return body


def test_put_on_a_confirmed_booking_is_an_amendment_until_withdrawn_or_approved(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    alice = customer(client, "dcsa-amend-put")
    reference = confirmed_dcsa_booking(client, alice, admin_headers)
    rid = rate_request_id(client, reference)
    original = read(client, alice, reference)
    assert statuses(original) == ("CONFIRMED", None, None)
    dcsa_error(client.get(f"{V2}/{reference}?amendedContent=true", headers=alice), 404)
    # Nothing to withdraw yet: the standard answers 404.
    dcsa_error(client.patch(f"{V2}/{reference}", json={"amendedBookingStatus": "AMENDMENT_CANCELLED"},
                            headers=alice), 404)  # fmt: skip

    # A new voyage and new parties: the booking stays CONFIRMED, the amendment is received.
    asked = amended_body(
        carrierExportVoyageNumber="404E", documentParties={"bookingAgent": {"partyName": "B"}}
    )
    accepted(client.put(f"{V2}/{original['carrierBookingReference']}", json=asked, headers=alice), reference)
    pending = read(client, alice, reference)
    assert statuses(pending) == ("CONFIRMED", "AMENDMENT_RECEIVED", None)
    assert pending["carrierExportVoyageNumber"] == "403W"  # the original stands until staff decide
    as_amended = read(client, alice, reference, amended=True)
    assert as_amended["carrierExportVoyageNumber"] == "404E"
    assert as_amended["documentParties"] == {"bookingAgent": {"partyName": "B"}}
    changes = ok(client.get(f"{CLIENT}/rate-requests/{rid}/changes", headers=alice))
    assert changes["amendment"]["stateName"] == "requested" and not changes["amendment"]["changesPrice"]

    # The standard: a newer amendment replaces the one awaiting a decision.
    accepted(client.put(f"{V2}/{reference}", json=amended_body(carrierExportVoyageNumber="405E"),
                        headers=alice), reference)  # fmt: skip
    assert statuses(read(client, alice, reference)) == ("CONFIRMED", "AMENDMENT_RECEIVED", None)
    assert read(client, alice, reference, amended=True)["carrierExportVoyageNumber"] == "405E"
    changes = ok(client.get(f"{CLIENT}/rate-requests/{rid}/changes", headers=alice))
    assert changes["amendment"]["number"] == 2 and changes["amendment"]["stateName"] == "requested"
    # The integrator withdraws it (use case 9).
    withdraw = {"amendedBookingStatus": "AMENDMENT_CANCELLED", "reason": "Wrong voyage"}
    accepted(client.patch(f"{V2}/{reference}", json=withdraw, headers=alice), reference)
    assert statuses(read(client, alice, reference)) == ("CONFIRMED", "AMENDMENT_CANCELLED", None)
    dcsa_error(client.patch(f"{V2}/{reference}", json=withdraw, headers=alice), 404)

    # A change of units needs a new price: staff quote it, the customer accepts, the booking takes it.
    more = amended_body(carrierExportVoyageNumber="404E")
    more["requestedEquipments"][0]["units"] = 3
    accepted(client.put(f"{V2}/{reference}", json=more, headers=alice), reference)
    changes = ok(client.get(f"{CLIENT}/rate-requests/{rid}/changes", headers=alice))
    assert changes["amendment"]["number"] == 3 and changes["amendment"]["changesPrice"]
    quote = {"price": 1250, "validUntil": later()}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/requote", headers=admin_headers, json=quote))
    assert statuses(read(client, alice, reference)) == ("CONFIRMED", "AMENDMENT_RECEIVED", None)
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/amendments/accept-price", headers=alice))
    booking = read(client, alice, reference)
    assert statuses(booking) == ("CONFIRMED", "AMENDMENT_CONFIRMED", None)
    assert booking["carrierExportVoyageNumber"] == "404E"
    assert booking["requestedEquipments"][0]["units"] == 3
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
    assert detail["quantity"] == 3 and detail["price"] == 1250
    assert_verify_clean(services_of(client), tmp_path)


def test_put_amendment_refusals(client: TestClient, admin_headers: dict[str, str]) -> None:
    alice = customer(client, "dcsa-amend-refused")
    reference = confirmed_dcsa_booking(client, alice, admin_headers)
    # The same content again changes nothing: not an amendment.
    dcsa_error(client.put(f"{V2}/{reference}", json=sample("booking-regular"), headers=alice), 409)
    # Content the portal cannot take is refused at its path, recording nothing.
    unknown = amended_body()
    unknown["shipmentLocations"][1]["location"]["UNLocationCode"] = "ZZZZZ"
    errors = dcsa_error(client.put(f"{V2}/{reference}", json=unknown, headers=alice), 400)
    assert errors[0]["jsonPath"] == "$.shipmentLocations[1].location.UNLocationCode"
    assert "amendedBookingStatus" not in read(client, alice, reference)
    # Another customer's booking is not found.
    bob = customer(client, "dcsa-amend-bob")
    dcsa_error(
        client.put(f"{V2}/{reference}", json=amended_body(carrierExportVoyageNumber="1"), headers=bob), 404
    )
    # Staff decline: the original stands; the amended content still reads back on request.
    full = amended_body(carrierExportVoyageNumber="9X")
    accepted(client.put(f"{V2}/{reference}", json=full, headers=alice), reference)
    rid = rate_request_id(client, reference)
    decline = {"message": "That voyage is full"}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/decline", headers=admin_headers, json=decline))
    declined = read(client, alice, reference)
    assert statuses(declined) == ("CONFIRMED", "AMENDMENT_DECLINED", None)
    assert declined["carrierExportVoyageNumber"] == "403W"
    assert read(client, alice, reference, amended=True)["carrierExportVoyageNumber"] == "9X"


def test_patch_asks_to_cancel_a_confirmed_booking(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    alice = customer(client, "dcsa-cancel")
    received = client.post(V2, json=sample("booking-regular"), headers=alice).json()
    early = received["carrierBookingRequestReference"]
    cancel = {"bookingCancellationStatus": "CANCELLATION_RECEIVED", "reason": "Moved to air"}
    # Before confirmation the standard's cancellation of a confirmed booking is a conflict.
    dcsa_error(client.patch(f"{V2}/{early}", json=cancel, headers=alice), 409)
    reference = confirmed_dcsa_booking(client, alice, admin_headers)
    rid = rate_request_id(client, reference)
    # Once confirmed, cancelling the booking request itself is a conflict; a wrong value is a bad request.
    dcsa_error(client.patch(f"{V2}/{reference}", json={"bookingStatus": "CANCELLED"}, headers=alice), 409)
    errors = dcsa_error(
        client.patch(f"{V2}/{reference}", json={"bookingCancellationStatus": "CANCELLED"}, headers=alice), 400
    )
    assert errors[0]["jsonPath"] == "$.bookingCancellationStatus"

    accepted(client.patch(f"{V2}/{reference}", json=cancel, headers=alice), reference)
    assert statuses(read(client, alice, reference)) == ("CONFIRMED", None, "CANCELLATION_RECEIVED")
    changes = ok(client.get(f"{CLIENT}/rate-requests/{rid}/changes", headers=alice))
    assert changes["cancellation"]["reason"] == "Moved to air"
    dcsa_error(client.patch(f"{V2}/{reference}", json=cancel, headers=alice), 409)  # one at a time
    decline = {"message": "Cargo is at the terminal"}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/cancellation-request/decline", headers=admin_headers,
                  json=decline))  # fmt: skip
    declined = read(client, alice, reference)
    assert statuses(declined) == ("CONFIRMED", None, "CANCELLATION_DECLINED")

    accepted(client.patch(f"{V2}/{reference}", json=cancel, headers=alice), reference)
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/cancellation-request/confirm", headers=admin_headers))
    cancelled = read(client, alice, reference)
    assert statuses(cancelled) == ("CANCELLED", None, "CANCELLATION_CONFIRMED")
    assert cancelled["carrierBookingReference"]
    dcsa_error(
        client.put(f"{V2}/{reference}", json=amended_body(carrierExportVoyageNumber="1"), headers=alice), 409
    )
    assert_verify_clean(services_of(client), tmp_path)


def test_a_booking_made_on_the_screens_is_amended_through_the_standard(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "dcsa-amend-screens")
    rid = in_shipping_order(client, alice, admin_headers, additionalComment="Handle with care")
    booking = read(client, alice, rid)
    document = {k: v for k, v in booking.items() if k not in ("carrierBookingRequestReference",
                "carrierBookingReference", "bookingStatus", "feedbacks")}  # fmt: skip
    document["expectedDepartureDate"] = later()[:10]
    document["documentParties"] = {
        "bookingAgent": {"partyName": "Alice's agent"}
    }  # the standard requires one
    accepted(
        client.put(f"{V2}/{rid}", json=document, headers=alice), booking["carrierBookingRequestReference"]
    )
    changes = ok(client.get(f"{CLIENT}/rate-requests/{rid}/changes", headers=alice))["amendment"]
    changed = [f["field"] for f in changes["fields"] if f["changed"]]
    assert changed == ["preferred_shipping_date"]  # the comment and the rest keep their values
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/approve", headers=admin_headers))
    after = read(client, alice, rid)
    assert after["expectedDepartureDate"] == later()[:10]
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
    assert detail["additionalComment"] == "Handle with care"


def test_an_amendment_through_the_standard_asks_for_the_document_it_names(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    # A booking made through the standard is its content: an amendment naming no document asks for none
    # (a bill of lading), as `/v2` reads it back; the screens say the same once staff approve it.
    alice = customer(client, "dcsa-amend-swb")
    reference = confirmed_dcsa_booking(
        client, alice, admin_headers, amended_body(transportDocumentTypeCode="SWB")
    )
    rid = rate_request_id(client, reference)
    assert ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["isSWBL"] is True
    accepted(client.put(f"{V2}/{reference}", json=amended_body(carrierExportVoyageNumber="404E"),
                        headers=alice), reference)  # fmt: skip
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/approve", headers=admin_headers))
    booking = read(client, alice, reference)
    assert booking["carrierExportVoyageNumber"] == "404E" and "transportDocumentTypeCode" not in booking
    assert ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["isSWBL"] is False


def test_an_amendment_read_with_its_content_says_what_the_carrier_confirmed_as_the_booking_does(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    # `confirmedEquipments` and `charges` are the carrier's confirmation, which an amendment awaiting a
    # decision does not change: `?amendedContent=true` says them as the booking's own read does, under
    # the ISO code the shipper booked (22GP), not one made up from the amendment's other kind.
    alice = customer(client, "dcsa-amend-confirmed")
    reference = confirmed_dcsa_booking(client, alice, admin_headers)
    other_kind = amended_body()
    other_kind["requestedEquipments"][0].update(ISOEquipmentCode="42GP", units=3)
    accepted(client.put(f"{V2}/{reference}", json=other_kind, headers=alice), reference)
    booking = read(client, alice, reference)
    as_amended = read(client, alice, reference, amended=True)
    assert as_amended["requestedEquipments"][0]["ISOEquipmentCode"] == "42GP"
    assert booking["confirmedEquipments"] == [{"ISOEquipmentCode": "22GP", "units": 1}]
    assert as_amended["confirmedEquipments"] == booking["confirmedEquipments"]
    assert as_amended["charges"] == booking["charges"]
