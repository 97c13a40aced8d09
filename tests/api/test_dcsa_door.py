"""The edges of the DCSA door: one truth with the screens, idempotent creates, the standard's
`ErrorResponse` for everything under /v2 (unknown paths, 405, 413, 415), `oneOf` bodies matching two
members refused, and the rate limit (429, Retry-After, RateLimit headers). SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from api.settings import Settings
from tests.api.booking_support import ADMIN, CLIENT, customer, later, ok, payload
from tests.api.dcsa_support import dcsa_error, rate_request_id, sample, validate
from tests.conftest import make_settings

V2 = "/v2/bookings"
KEYS = "/integrations/api/v1/client/api-keys"


def post(client: TestClient, headers: dict[str, str], body: dict[str, Any], **extra: str) -> Any:
    return client.post(V2, json=body, headers={**headers, **extra})


def read(client: TestClient, headers: dict[str, str], reference: str) -> dict[str, Any]:
    answer = client.get(f"{V2}/{reference}", headers=headers)
    assert answer.status_code == 200, answer.text
    validate(answer.json(), "Booking")
    return dict(answer.json())


def total(client: TestClient, headers: dict[str, str]) -> int:
    return int(ok(client.get(f"{CLIENT}/rate-requests", headers=headers))["list"]["totalCount"])


def test_an_edit_on_the_screens_shows_on_the_standards_door_at_once(client: TestClient) -> None:
    alice = customer(client, "door-truth")
    reference = post(client, alice, sample("booking-regular")).json()["carrierBookingRequestReference"]
    rid = rate_request_id(client, reference)
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
    assert detail["viaApi"]
    edited = payload(
        polId=detail["pol"]["id"],
        podId=detail["pod"]["id"],
        containerTypeId=detail["containerType"]["id"],
        containerSizeId=detail["containerSize"]["id"],
        quantity=3,
        commodity="Saffron",
    )
    ok(client.put(f"{CLIENT}/rate-requests/{rid}", headers=alice, json=edited))
    booking = read(client, alice, reference)
    (line,) = booking["requestedEquipments"]
    assert line["units"] == 3
    assert [c["commodityType"] for c in line["commodities"]] == ["Saffron"]
    assert booking["bookingStatus"] == "UPDATE_RECEIVED"  # the shipper's update, on either door
    assert booking["carrierExportVoyageNumber"] == sample("booking-regular")["carrierExportVoyageNumber"]
    # And the other way: an update through the standard shows on the screens.
    sent = sample("booking-regular")
    sent["requestedEquipments"][0]["units"] = 2
    assert client.put(f"{V2}/{reference}", json=sent, headers=alice).status_code == 202
    assert ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["quantity"] == 2
    assert read(client, alice, reference)["requestedEquipments"][0]["units"] == 2


def test_the_same_idempotency_key_answers_the_first_booking_again(client: TestClient) -> None:
    alice = customer(client, "door-idem")
    body = sample("booking-regular")
    first = post(client, alice, body, **{"Idempotency-Key": "order-77"})
    again = post(client, alice, body, **{"Idempotency-Key": "order-77"})
    assert first.status_code == again.status_code == 202, (first.text, again.text)
    assert first.json() == again.json()
    other = sample("booking-reefer")
    errors = dcsa_error(post(client, alice, other, **{"Idempotency-Key": "order-77"}), 409)
    assert "idempotency key" in errors[0]["errorCodeMessage"].lower()
    # Another customer's same key is its own.
    bob = customer(client, "door-idem-bob")
    assert post(client, bob, body, **{"Idempotency-Key": "order-77"}).json() != first.json()
    assert total(client, alice) == 1


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", V2, 405),  # the standard has no listing
        ("DELETE", f"{V2}/FB-2026-000001", 405),
        ("GET", "/v2/foo", 404),
        ("POST", "/v2/shipping-instructions", 404),
        ("GET", "/v3/bookings", 404),
        ("GET", "/v1/bookings/x", 404),
    ],
)
def test_every_path_under_the_door_answers_the_standards_error(
    client: TestClient, method: str, path: str, status: int
) -> None:
    alice = customer(client, "door-paths")
    answer = client.request(method, path, headers=alice)
    assert "text/html" not in answer.headers.get("content-type", "")
    errors = dcsa_error(answer, status)
    assert answer.json()["requestUri"] == path and answer.json()["httpMethod"] == method
    assert errors
    if status == 405:
        assert "OPTIONS" in answer.headers["Allow"] and method not in answer.headers["Allow"]


def test_bodies_the_door_does_not_take(client: TestClient) -> None:
    alice = customer(client, "door-bodies")
    before = total(client, alice)
    plain = client.post(
        V2, content=b"bookingStatus=CANCELLED", headers={**alice, "content-type": "text/plain"}
    )
    dcsa_error(plain, 415)
    assert "b'" not in plain.text
    huge = client.post(
        V2,
        content=b'{"x": "' + b"a" * (1024 * 1024 + 10) + b'"}',
        headers={**alice, "content-type": "application/json"},
    )
    dcsa_error(huge, 413)
    assert "isSuccess" not in huge.text
    text = client.post(V2, json="just text", headers=alice)
    errors = dcsa_error(text, 400)
    assert "b'" not in text.text and all(e.get("value", "just text") == "just text" for e in errors)
    dcsa_error(client.post(V2, json=sample("booking-regular")), 401)
    assert total(client, alice) == before


def test_a_body_matching_two_members_of_a_one_of_is_refused_and_changes_nothing(client: TestClient) -> None:
    alice = customer(client, "door-oneof")
    reference = post(client, alice, sample("booking-regular")).json()["carrierBookingRequestReference"]
    both = {"bookingStatus": "CANCELLED", "amendedBookingStatus": "AMENDMENT_CANCELLED"}
    errors = dcsa_error(client.patch(f"{V2}/{reference}", json=both, headers=alice), 400)
    assert (
        "bookingStatus" in errors[0]["errorCodeMessage"]
        and "amendedBookingStatus" in errors[0]["errorCodeMessage"]
    )
    assert read(client, alice, reference)["bookingStatus"] == "RECEIVED"
    dangerous = sample("booking-dg")
    goods = dangerous["requestedEquipments"][0]["commodities"][0]["outerPackaging"]["dangerousGoods"][0]
    goods["UNNumber"], goods["NANumber"] = "1263", "9037"
    errors = dcsa_error(post(client, alice, dangerous), 400)
    assert errors[0]["jsonPath"].startswith(
        "$.requestedEquipments[0].commodities[0].outerPackaging.dangerousGoods[0]"
    )


@pytest.fixture
def limited(database_url: str | None, tmp_path: Path) -> Iterator[TestClient]:
    settings: Settings = make_settings(tmp_path / "var", database_url, DCSA_REQUESTS_PER_MINUTE=4)
    with TestClient(create_app(settings), raise_server_exceptions=False) as test_client:
        yield test_client


def test_the_door_limits_each_caller_and_says_so(limited: TestClient) -> None:
    client = limited
    alice = customer(client, "door-limit")
    key = ok(client.post(KEYS, json={"label": "erp"}, headers=alice), 201)["key"]
    by_key = {"API-Key": key}
    remaining = []
    for _ in range(4):
        answer = client.get(f"{V2}/FB-2026-999999", headers=by_key)
        dcsa_error(answer, 404)
        assert answer.headers["RateLimit-Limit"] == "4" and answer.headers["RateLimit-Policy"] == "4;w=60"
        remaining.append(int(answer.headers["RateLimit-Remaining"]))
    assert remaining == [3, 2, 1, 0]
    refused = client.get(f"{V2}/FB-2026-999999", headers=by_key)
    dcsa_error(refused, 429)
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert refused.headers["RateLimit-Remaining"] == "0"
    # Bad keys from one address are limited too (the address may make five times one key's calls).
    answers = [client.get(f"{V2}/x", headers={"API-Key": f"fbk_wrong{i}"}).status_code for i in range(25)]
    assert answers.count(429) >= 4 and set(answers) <= {401, 429}
    document = client.get("/openapi.json").json()
    responses = document["paths"]["/v2/bookings/{bookingReference}"]["get"]["responses"]
    assert {"Retry-After", "RateLimit-Remaining"} <= set(responses["429"]["headers"])


def test_staff_confirm_a_firm_request_and_the_customer_has_no_step(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "door-firm")
    reference = post(client, alice, sample("booking-reefer")).json()["carrierBookingRequestReference"]
    rid = rate_request_id(client, reference)
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin_headers, json={"price": 700}))
    booking = read(client, alice, reference)
    assert booking["bookingStatus"] == "CONFIRMED" and booking["carrierBookingReference"]
    assert booking["charges"][0]["unitPrice"] == 700
    # A request made on the screens keeps the customer's steps: staff cannot confirm it this way.
    screens = ok(client.post(f"{CLIENT}/rate-requests", headers=alice, json=payload()), 201)
    refused = client.put(
        f"{ADMIN}/rate-requests/{screens['id']}/confirm-request", headers=admin_headers, json={"price": 5}
    )
    assert refused.status_code == 409, refused.text


def test_an_edit_on_the_screens_keeps_what_they_do_not_hold_as_sent(client: TestClient) -> None:
    """The screens hold the ports, the kind and number of containers, the cargo's name and HS code and the
    date: an edit of a booking sent through the standard changes those where they differ, and the rest
    (the exact ISO code, the cargo's weight, other locations) reads back as the shipper sent it."""
    alice = customer(client, "door-kept")
    sent = sample("booking-regular")
    sent["shipmentLocations"].append({"location": {"UNLocationCode": "SGSIN"}, "locationTypeCode": "PDE"})
    reference = post(client, alice, sent).json()["carrierBookingRequestReference"]
    rid = rate_request_id(client, reference)
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
    form = payload(
        polId=detail["pol"]["id"],
        podId=detail["pod"]["id"],
        containerTypeId=detail["containerType"]["id"],
        containerSizeId=detail["containerSize"]["id"],
        quantity=detail["quantity"],
        commodity=detail["commodity"],
        hsCode="090620",  # the screens ask for one; the sample has none
    )
    ok(client.put(f"{CLIENT}/rate-requests/{rid}", headers=alice, json=form))  # a date and an HS code
    booking = read(client, alice, reference)
    assert booking["expectedDepartureDate"] == form["preferredShippingDate"]
    (line,) = sent["requestedEquipments"]
    with_code = {**line, "commodities": [{**line["commodities"][0], "HSCodes": ["090620"]}]}
    assert booking["requestedEquipments"] == [with_code]  # still 22GP, still 3000 KGM
    assert booking["shipmentLocations"] == sent["shipmentLocations"]

    ok(client.put(f"{CLIENT}/rate-requests/{rid}", headers=alice, json={**form, "quantity": 4}))
    assert read(client, alice, reference)["requestedEquipments"] == [{**with_code, "units": 4}]

    ok(client.put(f"{CLIENT}/rate-requests/{rid}", headers=alice, json={**form, "podId": 3}))
    locations = read(client, alice, reference)["shipmentLocations"]
    assert [(s["locationTypeCode"], s["location"]["UNLocationCode"]) for s in locations] == [
        ("POL", "NLAMS"),
        ("POD", "CNNGB"),
        ("PDE", "SGSIN"),
    ]


def test_an_update_through_the_standard_leaves_a_screens_booking_a_screens_booking(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """The standard's PUT is the portal's edit: a request made on the screens stays a request for a price
    its customer accepts (and sends the booking letter for), not a firm one staff confirm without it; what
    the standard does not carry (the sea-waybill choice, the comment) stays as it was."""
    alice = customer(client, "door-screens")
    rid = ok(
        client.post(
            f"{CLIENT}/rate-requests",
            headers=alice,
            json=payload(isSwbl=True, additionalComment="Fumigated pallets"),
        ),
        201,
    )["id"]
    ok(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/quote",
            headers=admin_headers,
            json={"price": 700, "validUntil": later()},
        )
    )
    reference = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["reference"]
    sent = read(client, alice, reference)
    update = {k: v for k, v in sent.items() if k not in ("carrierBookingRequestReference", "bookingStatus")}
    update["requestedEquipments"][0]["units"] = 3
    update["documentParties"] = sample("booking-regular")["documentParties"]  # the standard asks for them
    answer = client.put(f"{V2}/{reference}", json=update, headers=alice)
    assert answer.status_code == 202, answer.text
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
    assert (detail["viaApi"], detail["stateName"], detail["quantity"]) == (False, "requested", 3)
    assert (detail["isSwbl"], detail["additionalComment"]) == (True, "Fumigated pallets")
    ok(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/quote",
            headers=admin_headers,
            json={"price": 650, "validUntil": later()},
        )
    )
    confirm = client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin_headers)
    assert confirm.status_code in (400, 409), (
        confirm.text
    )  # not a firm request: no confirming without a letter
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=alice))  # its customer accepts the price
