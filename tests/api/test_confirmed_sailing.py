"""Every confirmed booking says when it sails and what is due when: confirmed on a sailing staff name in the
confirmation (vessel and voyage, or a route), on the one it has, or on one estimated from its ports, date and
lane; read on /v2 it carries its transport plan and cut-offs, valid against Booking 2.0.5 (both stores)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient

from domain.shared.local_time import port_day
from tests.api.accounts_support import outbox, settle
from tests.api.booking_support import ADMIN, CLIENT, create, customer, fails, ok, upload
from tests.api.dcsa_support import rate_request_id, sample, validate
from tests.api.schedules_support import PUBLISH, VESSEL_IMO, VOYAGE, publication
from tests.api.test_booking_sailings import notifications_of
from tests.api.test_tariffs import publish as publish_tariff
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login
from tests.corpus import PERSIAN_PEOPLE
from tests.local_times import at_zone

V2 = "/v2/bookings"
SHANGHAI, SINGAPORE = "Asia/Shanghai", "Asia/Singapore"
HEADER = (
    "pol,pod,container_size,container_type,cargo,valid_from,valid_to,ocean_freight,baf,thc_origin,"
    "thc_destination,dg_surcharge,reefer_surcharge,documentation_fee,transit_days"
)


def v2_booking(client: TestClient, who: dict[str, str], **changes: Any) -> tuple[str, str]:
    """A booking through the standard's door, Shanghai to Singapore: its reference and the portal's id."""
    body = sample("booking-regular")
    body["shipmentLocations"] = [
        {"location": {"UNLocationCode": "CNSHA"}, "locationTypeCode": "POL"},
        {"location": {"UNLocationCode": "SGSIN"}, "locationTypeCode": "POD"},
    ]
    body.update(changes)
    answer = client.post(V2, json=body, headers=who)
    assert answer.status_code == 202, answer.text
    reference = str(answer.json()["carrierBookingRequestReference"])
    return reference, rate_request_id(client, reference)


def confirmed_read(client: TestClient, who: dict[str, str], reference: str) -> dict[str, Any]:
    """The /v2 read of a confirmed booking: valid, and carrying what a confirmed booking must."""
    answer = client.get(f"{V2}/{reference}", headers=who)
    assert answer.status_code == 200, answer.text
    booking = answer.json()
    validate(booking, "Booking")
    assert booking["bookingStatus"] == "CONFIRMED"
    for key in ("confirmedEquipments", "charges", "transportPlan", "shipmentCutOffTimes"):
        assert booking.get(key), f"{key} missing or empty: {booking}"
    return dict(booking)


def at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_staff_confirm_a_request_on_the_sailing_they_name_and_an_unknown_one_is_refused(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    leaving = (datetime.now(UTC) + timedelta(days=12)).replace(second=0, microsecond=0)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin_headers))
    alice = customer(client, "confirm-on-vessel")
    reference, rid = v2_booking(client, alice)
    confirm = f"{ADMIN}/rate-requests/{rid}/confirm-request"

    unknown = {"price": 900, "sailing": {"vesselIMONumber": VESSEL_IMO, "carrierExportVoyageNumber": "9999X"}}
    assert "sailing" in str(fails(client.put(confirm, headers=admin_headers, json=unknown), 400))
    assert client.get(f"{V2}/{reference}", headers=alice).json()["bookingStatus"] == "RECEIVED"

    named = {"price": 900, "sailing": {"vesselIMONumber": VESSEL_IMO, "carrierExportVoyageNumber": VOYAGE}}
    ok(client.put(confirm, headers=admin_headers, json=named))
    booking = confirmed_read(client, alice, reference)
    [leg] = booking["transportPlan"]
    assert (leg["vesselIMONumber"], leg["carrierExportVoyageNumber"]) == (VESSEL_IMO, VOYAGE)
    assert leg["plannedDepartureDate"] == port_day(leaving, "CNSHA")
    assert not any("estimated" in f["message"] for f in booking.get("feedbacks") or [])


def test_the_planned_dates_are_the_ports_days_not_the_utc_days(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A sailing leaving Shanghai at 04:00 local time (20:00 UTC the day before) and reaching Singapore at
    04:00 there: /v2 and /v1's point-to-point routes say the days the ports' clocks say, as screens do."""
    day = (datetime.now(UTC) + timedelta(days=20)).date()
    leaving = datetime.combine(day, datetime.min.time(), UTC) + timedelta(hours=20)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin_headers))
    local_departure, local_arrival = (
        (day + timedelta(days=1)).isoformat(),
        (day + timedelta(days=7)).isoformat(),
    )
    alice = customer(client, "port-days")
    reference, rid = v2_booking(client, alice)
    named = {"price": 900, "sailing": {"vesselIMONumber": VESSEL_IMO, "carrierExportVoyageNumber": VOYAGE}}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin_headers, json=named))

    [leg] = confirmed_read(client, alice, reference)["transportPlan"]
    assert (leg["plannedDepartureDate"], leg["plannedArrivalDate"]) == (local_departure, local_arrival), leg

    def routes(**window: str) -> list[dict[str, Any]]:
        query = {"placeOfReceipt": "CNSHA", "placeOfDelivery": "SGSIN", **window}
        answer = client.get("/v1/point-to-point-routes", params=query, headers=alice)
        assert answer.status_code == 200, answer.text
        return list(answer.json())

    assert len(routes(departureStartDate=local_departure, departureEndDate=local_departure)) == 1
    assert routes(departureEndDate=day.isoformat()) == []  # the UTC day is not Shanghai's
    assert len(routes(arrivalStartDate=local_arrival, arrivalEndDate=local_arrival)) == 1


def test_a_request_confirmed_with_no_sailing_gets_an_estimated_plan_and_the_usual_cut_offs(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "confirm-estimated")
    shipping = date.today() + timedelta(days=30)
    reference, rid = v2_booking(client, alice, expectedDepartureDate=shipping.isoformat())
    # The seeds' call: no body but the price.
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin_headers, json={"price": 900}))

    booking = confirmed_read(client, alice, reference)
    [leg] = booking["transportPlan"]
    assert (leg["loadLocation"]["UNLocationCode"], leg["dischargeLocation"]["UNLocationCode"]) == (
        "CNSHA",
        "SGSIN",
    )
    assert leg["plannedDepartureDate"] == shipping.isoformat()
    # No tariff gives this lane's transit time: the default (21 days).
    assert leg["plannedArrivalDate"] == (shipping + timedelta(days=21)).isoformat()
    assert "vesselIMONumber" not in leg and "carrierExportVoyageNumber" not in leg
    departure = at(f"{shipping.isoformat()}T12:00:00Z")
    cut_offs = {c["cutOffDateTimeCode"]: at(c["cutOffDateTime"]) for c in booking["shipmentCutOffTimes"]}
    assert cut_offs == {
        "DCO": departure - timedelta(hours=72),
        "VCO": departure - timedelta(hours=48),
        "FCO": departure - timedelta(hours=24),
    }
    said = [f for f in booking.get("feedbacks") or [] if "estimated" in f["message"]]
    assert said and said[0]["severity"] == "INFO"
    # The portal's own read of the sailing says the same, marked estimated.
    seen = ok(client.get(f"{CLIENT}/rate-requests/{rid}/sailing", headers=alice))
    assert seen["sailing"]["estimated"] is True


def test_a_screen_booking_confirmed_with_no_sailing_takes_its_lane_transit_time_from_the_tariff(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    today = date.today()
    row = f"CNSHA,SGSIN,40,Dry,general,{today},{today + timedelta(days=60)},1000,150,120,95,0,0,45,9"
    ok(publish_tariff(client, admin_headers, "\n".join((HEADER, row)).encode()))
    bob = customer(client, "confirm-tariff-lane")
    shipping = today + timedelta(days=20)
    rid = create(client, bob, preferredShippingDate=shipping.isoformat())["id"]
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=bob))
    file_id = upload(client, bob, key=f"loi-{rid}")
    documents = {"documents": [{"documentTypeId": 1, "fileId": file_id}]}
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/booking-request", headers=bob, json=documents))
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-booking", headers=admin_headers))

    reference = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=bob))["reference"]
    booking = confirmed_read(client, bob, reference)
    [leg] = booking["transportPlan"]
    assert leg["plannedArrivalDate"] == (shipping + timedelta(days=9)).isoformat()


def test_staff_name_the_published_sailing_of_an_estimated_plan_and_the_customer_is_told(
    app_client: TestClient, hooks: Any
) -> None:
    client = app_client  # receives webhooks on loopback
    admin_headers = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    first, last = PERSIAN_PEOPLE[1]
    profile = {"firstName": first, "lastName": last, "email": "named.sailing@example.ir"}
    alice = customer(client, "estimate-replaced", profile)
    hook = ok(
        client.post(
            "/integrations/api/v1/client/webhooks",
            json={"callbackUrl": hooks.url + "/named", "eventTypes": ["booking.sailing_named"]},
            headers=alice,
        ),
        201,
    )
    reference, rid = v2_booking(client, alice)
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin_headers, json={"price": 900}))
    assert confirmed_read(client, alice, reference)["transportPlan"][0].get("vesselIMONumber") is None

    leaving = (datetime.now(UTC) + timedelta(days=15)).replace(second=0, microsecond=0)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin_headers))
    path = f"{ADMIN}/rate-requests/{rid}/sailing"
    unknown = {"sailing": {"vesselIMONumber": VESSEL_IMO, "carrierExportVoyageNumber": "0000X"}}
    assert "sailing" in str(fails(client.put(path, headers=admin_headers, json=unknown), 400))
    named = ok(
        client.put(
            path,
            headers=admin_headers,
            json={"sailing": {"vesselIMONumber": VESSEL_IMO, "carrierExportVoyageNumber": VOYAGE}},
        )
    )
    assert named["sailing"]["estimated"] is False and named["previous"]["estimated"] is True

    booking = confirmed_read(client, alice, reference)
    [leg] = booking["transportPlan"]
    assert (leg["vesselIMONumber"], leg["carrierExportVoyageNumber"]) == (VESSEL_IMO, VOYAGE)
    assert not any("are estimated" in f["message"] for f in booking.get("feedbacks") or [])
    # Told once in the portal, by e-mail and by the webhook that hears it.
    told = [n for n in notifications_of(client, "estimate-replaced") if n["title"] == "Sailing named"]
    assert len(told) == 1 and VOYAGE in told[0]["message"]
    mails = [m for m in outbox(client) if m["subject"].endswith("] Sailing named")]
    assert [m["to"] for m in mails] == ["named.sailing@example.ir"]
    deliveries = ok(
        client.get(f"/integrations/api/v1/client/webhooks/{hook['id']}/deliveries", headers=alice)
    )
    assert [d["eventType"] for d in deliveries["list"]] == ["booking.sailing_named"]


def _confirmation_mail(client: TestClient, address: str) -> str:
    settle(client)
    [mail] = [
        m
        for m in outbox(client)
        if m["channel"] == "email" and m["to"] == address and m["data"]["kind"] == "bookingConfirmed"
    ]
    return str(mail["body"])


def test_the_confirmation_email_names_the_sailing_its_times_and_cut_offs(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    leaving = (datetime.now(UTC) + timedelta(days=12)).replace(second=0, microsecond=0)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin_headers))
    alice = customer(client, "confirm-mail-vessel", {"email": "vessel.mail@example.ir"})
    _, rid = v2_booking(client, alice)
    named = {"price": 900, "sailing": {"vesselIMONumber": VESSEL_IMO, "carrierExportVoyageNumber": VOYAGE}}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin_headers, json=named))
    body = _confirmation_mail(client, "vessel.mail@example.ir")
    # Each time in its port's local time: Shanghai's for the departure and cut-offs, Singapore's arrival.
    for line in (
        "- Vessel: Kharg Star",
        f"- Voyage: {VOYAGE}",
        f"- Departure from Shanghai (CNSHA): {at_zone(leaving, SHANGHAI)}\n",
        f"- Arrival at Singapore (SGSIN): {at_zone(leaving + timedelta(days=6), SINGAPORE)}\n",
        "- Cut-off, Shipping instructions (documentation):"
        f" {at_zone(leaving - timedelta(hours=72), SHANGHAI)}\n",
        f"- Cut-off, FCL delivery: {at_zone(leaving - timedelta(hours=24), SHANGHAI)}\n",
    ):
        assert line in body, (line, body)
    assert "estimated" not in body

    # Confirmed with no sailing: the estimate is written, and said to be one.
    bob = customer(client, "confirm-mail-estimate", {"email": "estimate.mail@example.ir"})
    shipping = date.today() + timedelta(days=30)
    _, rid = v2_booking(client, bob, expectedDepartureDate=shipping.isoformat())
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin_headers, json={"price": 900}))
    body = _confirmation_mail(client, "estimate.mail@example.ir")
    departure = datetime.combine(shipping, datetime.min.time(), UTC) + timedelta(hours=12)
    assert "Its sailing is estimated" in body and "Vessel:" not in body
    assert f": {at_zone(departure, SHANGHAI)} (estimated)\n" in body, body
    assert f": {at_zone(departure + timedelta(days=21), SINGAPORE)} (estimated)\n" in body, body
