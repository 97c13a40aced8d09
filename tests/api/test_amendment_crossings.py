"""Where a booking's changes meet the other features, on SQLite and PostgreSQL: an amendment's new price keeps
the itemised charges (screens, `/v2`, e-mail agree on the total); a firm (`/v2`) booking's amendment is
confirmed by staff in one act; staff's reasons reach the integrator as feedbacks in the read and the
webhook alike; a cancellation request withdraws the amendment still open, and both are told."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from api.dcsa.booking.feedbacks import estimated_plan_feedback
from tests.api.accounts_support import outbox, settle
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    assert_verify_clean,
    create,
    customer,
    fails,
    later,
    ok,
    payload,
    upload,
)
from tests.api.dcsa_support import confirmed_dcsa_booking, dcsa_error, rate_request_id, sample, validate
from tests.api.schedules_support import PUBLISH, VESSEL_IMO, VOYAGE, publication
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login
from tests.corpus import PERSIAN_PEOPLE

RR = f"{CLIENT}/rate-requests"
V2 = "/v2/bookings"
HOOKS = "/integrations/api/v1/client/webhooks"
# Staff's breakdown: 1,266 USD per container and a documentation fee of 65 USD per booking.
BREAKDOWN = [
    {"code": "ocean_freight", "amount": "900"},
    {"code": "baf", "amount": "150"},
    {"code": "thc_origin", "amount": "120"},
    {"code": "thc_destination", "amount": "96"},
    {"code": "documentation_fee", "amount": "65"},
]
PRICE = 1266
SURCHARGES = {"baf": 150, "thc_origin": 120, "thc_destination": 96}


def shipper(client: TestClient, name: str) -> tuple[dict[str, str], str]:
    first, last = PERSIAN_PEOPLE[1]
    address = f"{name}@shipper.example"
    return customer(client, name, {"firstName": first, "lastName": last, "email": address}), address


def charges_of(detail: dict[str, Any]) -> dict[str, float]:
    return {c["code"]: c["amount"] for c in detail["charges"]}


def per_container(detail: dict[str, Any]) -> Decimal:
    return sum((Decimal(str(c["amount"])) for c in detail["charges"] if c["per"] == "container"), Decimal(0))


def quote_with_breakdown(client: TestClient, admin: dict[str, str], rid: str) -> None:
    body = {"price": PRICE, "validUntil": later(), "charges": BREAKDOWN}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin, json=body))


def confirmed_on_the_screens(client: TestClient, who: dict[str, str], admin: dict[str, str]) -> str:
    """A booking made on the screens for 2 containers, quoted with the breakdown, accepted and confirmed."""
    rid = str(create(client, who, quantity=2)["id"])
    quote_with_breakdown(client, admin, rid)
    ok(client.put(f"{RR}/{rid}/approve", headers=who))
    documents = {"documents": [{"documentTypeId": 1, "fileId": upload(client, who, key=f"loi-{rid}")}]}
    ok(client.put(f"{RR}/{rid}/booking-request", headers=who, json=documents))
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-booking", headers=admin))
    return rid


def confirmed_through_v2(client: TestClient, who: dict[str, str], admin: dict[str, str]) -> tuple[str, str]:
    """A firm booking made through `/v2` (1 unit), quoted with the breakdown and confirmed by staff: its
    reference and id."""
    answer = client.post(V2, json=sample("booking-regular"), headers=who)
    assert answer.status_code == 202, answer.text
    reference = str(answer.json()["carrierBookingRequestReference"])
    rid = rate_request_id(client, reference)
    quote_with_breakdown(client, admin, rid)
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin))
    return reference, rid


def v2_read(client: TestClient, who: dict[str, str], reference: str) -> dict[str, Any]:
    answer = client.get(f"{V2}/{reference}", headers=who)
    assert answer.status_code == 200, answer.text
    validate(answer.json(), "Booking")
    return dict(answer.json())


def v2_total(booking: dict[str, Any]) -> Decimal:
    return sum((Decimal(str(c["currencyAmount"])) for c in booking["charges"]), Decimal(0))


def statuses(booking: dict[str, Any]) -> tuple[Any, Any, Any]:
    return (
        booking["bookingStatus"],
        booking.get("amendedBookingStatus"),
        booking.get("bookingCancellationStatus"),
    )


def amend_units(client: TestClient, who: dict[str, str], reference: str, units: int) -> None:
    body = sample("booking-regular")
    body["requestedEquipments"][0]["units"] = units
    answer = client.put(f"{V2}/{reference}", json=body, headers=who)
    assert answer.status_code == 202, answer.text


def deliveries(client: TestClient, rid: str) -> list[dict[str, Any]]:
    """The webhook notifications made for a booking, oldest first, once the followers are quiet."""
    settle(client)
    with services_of(client).read_models.read() as tx:
        rows = tx.all(
            "SELECT body FROM webhook_deliveries WHERE rate_request_id = ? ORDER BY position", (rid,)
        )
    return [json.loads(r["body"])["data"] for r in rows]


def notices(client: TestClient, account: str) -> list[dict[str, Any]]:
    settle(client)
    with services_of(client).read_models.read() as tx:
        rows: list[dict[str, Any]] = tx.all(
            "SELECT n.title, n.message FROM notifications n JOIN accounts a ON a.id = n.recipient"
            " WHERE a.username = ? ORDER BY n.created_position",
            (account,),
        )
    return rows


# -- an amendment's new price keeps the itemised charges ------------------------------------------------
def test_a_requoted_quantity_amendment_keeps_the_surcharges_and_the_per_booking_fee(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    alice, address = shipper(client, "requote-keeps")
    rid = confirmed_on_the_screens(client, alice, admin_headers)
    before = ok(client.get(f"{RR}/{rid}", headers=alice))
    assert before["totalPrice"] == PRICE * 2 + 65
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=5)))
    requote = {"price": 1416, "validUntil": later()}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/requote", headers=admin_headers, json=requote))
    ok(client.put(f"{RR}/{rid}/amendments/accept-price", headers=alice))

    # The surcharges stay, the ocean freight takes the difference, the documentation fee stays.
    after = ok(client.get(f"{RR}/{rid}", headers=alice))
    assert (after["quantity"], after["price"]) == (5, 1416)
    assert charges_of(after) == {"ocean_freight": 1050, **SURCHARGES, "documentation_fee": 65}
    assert per_container(after) == after["price"]
    assert after["totalPrice"] == 7145 == 1416 * 5 + 65
    # The same figures through the standard's door and in the e-mail of the approval.
    booking = v2_read(client, alice, after["reference"])
    assert v2_total(booking) == 7145
    assert "Documentation fee" in {c["chargeName"] for c in booking["charges"]}
    approved = [m for m in outbox(client) if m["to"] == address and "approved" in m["subject"]]
    assert len(approved) == 1 and "$7,145.00" in approved[0]["body"]
    assert_verify_clean(services_of(client), tmp_path)


def test_a_reefer_amended_to_a_dry_box_drops_its_reefer_surcharge_and_is_offered_none(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A refrigerated booking quoted with a reefer surcharge, amended to dry containers and requoted by a
    price alone: the new breakdown has no reefer line (its share goes to the ocean freight), and a
    breakdown staff give that still names one is refused by its line."""
    alice, _ = shipper(client, "reefer-to-dry")
    rid = str(create(client, alice, quantity=2, containerTypeId=2)["id"])
    reefer_breakdown = [*BREAKDOWN, {"code": "reefer_surcharge", "amount": "300"}]
    quote = {"price": PRICE + 300, "validUntil": later(), "charges": reefer_breakdown}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin_headers, json=quote))
    ok(client.put(f"{RR}/{rid}/approve", headers=alice))
    documents = {"documents": [{"documentTypeId": 1, "fileId": upload(client, alice, key=f"loi-{rid}")}]}
    ok(client.put(f"{RR}/{rid}/booking-request", headers=alice, json=documents))
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-booking", headers=admin_headers))
    assert charges_of(ok(client.get(f"{RR}/{rid}", headers=alice)))["reefer_surcharge"] == 300
    suggestion = f"{ADMIN}/rate-requests/{rid}/tariff-suggestion"
    assert "reefer_surcharge" in {
        k["code"] for k in ok(client.get(suggestion, headers=admin_headers))["chargeKinds"]
    }
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=2, containerTypeId=1)))
    # The editor is offered the kinds of the cargo as amended.
    offered = {k["code"] for k in ok(client.get(suggestion, headers=admin_headers))["chargeKinds"]}
    assert "reefer_surcharge" not in offered and "ocean_freight" in offered

    requote = f"{ADMIN}/rate-requests/{rid}/amendments/requote"
    still_reefer = {"price": PRICE + 300, "validUntil": later(), "charges": reefer_breakdown}
    refused = fails(client.put(requote, headers=admin_headers, json=still_reefer), 400)
    assert list(refused["fields"]) == [f"charges.{len(BREAKDOWN)}.code"]
    ok(client.put(requote, headers=admin_headers, json={"price": 1400, "validUntil": later()}))
    ok(client.put(f"{RR}/{rid}/amendments/accept-price", headers=alice))
    after = ok(client.get(f"{RR}/{rid}", headers=alice))
    assert charges_of(after) == {"ocean_freight": 1400 - 366, **SURCHARGES, "documentation_fee": 65}
    assert after["totalPrice"] == 1400 * 2 + 65


def test_the_changes_screen_shows_every_amount_the_requote_s_e_mail_cites(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Before the customer accepts a requoted amendment, its screen shows the new price's lines and its total
    for the amended quantity: every amount the e-mail and the notice of the requote cite."""
    alice, address = shipper(client, "requote-shown")
    rid = confirmed_on_the_screens(client, alice, admin_headers)
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=3)))
    asked = ok(client.get(f"{RR}/{rid}/changes", headers=alice))["amendment"]
    assert (asked["charges"], asked["totalPrice"]) == ([], None)  # no new price yet, so no lines
    requote = {"price": "1250.50", "validUntil": later()}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/requote", headers=admin_headers, json=requote))
    settle(client)

    amendment = ok(client.get(f"{RR}/{rid}/changes", headers=alice))["amendment"]
    assert amendment["stateName"] == "requoted" and amendment["price"] == 1250.50
    # The surcharges stay, the ocean freight takes the difference; the fee is counted once in the total.
    lines = {c["code"]: c["amount"] for c in amendment["charges"]}
    assert lines == {"ocean_freight": 884.50, **SURCHARGES, "documentation_fee": 65}
    assert amendment["totalPrice"] == 1250.50 * 3 + 65
    shown = {f"${amount:,.2f}" for amount in (amendment["price"], amendment["totalPrice"], *lines.values())}
    mails = [m for m in outbox(client) if m["to"] == address and "1,250.50" in m["body"]]
    assert len(mails) == 1
    cited = set(re.findall(r"\$[0-9][0-9,]*\.[0-9]{2}", mails[0]["body"]))
    assert {"$884.50", "$65.00"} <= cited <= shown, (cited, shown)


def test_an_amendment_s_new_price_is_told_with_its_fees_and_total_for_the_amended_containers(
    app_client: TestClient, hooks: Any
) -> None:
    """Staff requote a quantity amendment (2 -> 5 containers) line by line with a new per-booking fee: the
    e-mail, the notice, the /v2 read and the webhook each say the lines, the fee and the total for the 5
    containers the changes screen shows (decision 3870), not the price per container alone."""
    client = app_client
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    alice, address = shipper(client, "requote-total")
    ok(client.post(HOOKS, json={"callbackUrl": hooks.url}, headers=alice), 201)
    rid = confirmed_on_the_screens(client, alice, admin)
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=5)))
    lines = [
        {"code": "ocean_freight", "amount": "1150"},
        {"code": "baf", "amount": "300"},
        {"code": "documentation_fee", "amount": "90"},
    ]
    requote = {"price": 1450, "validUntil": later(), "charges": lines}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/requote", headers=admin, json=requote))
    settle(client)

    shown = ok(client.get(f"{RR}/{rid}/changes", headers=alice))["amendment"]
    assert shown["totalPrice"] == 7340 == 1450 * 5 + 90
    for_people = "Documentation fee $90.00 per booking); $7,340.00 in all for 5 containers, valid until"
    [mail] = [
        m
        for m in outbox(client)
        if m["to"] == address and m["subject"].endswith("Your amendment: a new price")
    ]
    assert for_people in mail["body"], mail["body"]
    [told] = [n for n in notices(client, "requote-total") if n["title"] == "New price for your amendment"]
    assert for_people in told["message"], told["message"]
    for_integrators = (
        "The amendment needs a new price: 1450.00 USD per container (Ocean freight 1150.00 + Bunker"
        " adjustment (BAF) 300.00), plus Documentation fee 90.00 USD per booking: 7340.00 USD in all for 5"
        " containers, valid until"
    )
    read = v2_read(client, alice, ok(client.get(f"{RR}/{rid}", headers=alice))["reference"])
    [new_price] = [f for f in read["feedbacks"] if f["message"].startswith("The amendment needs")]
    assert new_price["message"].startswith(for_integrators), new_price["message"]
    told_by_webhook = [
        f for d in deliveries(client, rid) for f in d.get("feedbacks", []) if "new price" in f["message"]
    ]
    assert told_by_webhook == [new_price], told_by_webhook


def test_staff_requote_an_amendment_line_by_line(client: TestClient, admin_headers: dict[str, str]) -> None:
    alice, _ = shipper(client, "requote-lines")
    rid = confirmed_on_the_screens(client, alice, admin_headers)
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=3)))
    requote = f"{ADMIN}/rate-requests/{rid}/amendments/requote"
    # A price under the surcharges cannot keep them: staff give the lines instead.
    below = fails(client.put(requote, headers=admin_headers, json={"price": 300, "validUntil": later()}), 400)
    assert "price" in below["fields"]
    lines = [
        {"code": "ocean_freight", "amount": "1000"},
        {"code": "baf", "amount": "200"},
        {"code": "thc_origin", "amount": "120"},
        {"code": "documentation_fee", "amount": "80"},
    ]
    wrong = {"price": 1416, "validUntil": later(), "charges": lines}
    assert "price" in fails(client.put(requote, headers=admin_headers, json=wrong), 400)["fields"]
    ok(client.put(requote, headers=admin_headers, json={**wrong, "price": 1320}))
    ok(client.put(f"{RR}/{rid}/amendments/accept-price", headers=alice))
    after = ok(client.get(f"{RR}/{rid}", headers=alice))
    assert charges_of(after) == {
        "ocean_freight": 1000,
        "baf": 200,
        "thc_origin": 120,
        "documentation_fee": 80,
    }
    assert after["totalPrice"] == 1320 * 3 + 80


# -- a firm booking's amendment, confirmed by staff in one act ------------------------------------------
def test_a_firm_bookings_price_moving_amendment_is_confirmed_by_staff_in_one_act(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    alice, _ = shipper(client, "firm-amend")
    reference, rid = confirmed_through_v2(client, alice, admin_headers)
    assert v2_total(v2_read(client, alice, reference)) == PRICE + 65
    approve = f"{ADMIN}/rate-requests/{rid}/amendments/approve"

    # A change of units: the price is required (named), then confirmed with it; no customer step.
    amend_units(client, alice, reference, 3)
    assert "price" in fails(client.put(approve, headers=admin_headers), 400)["fields"]
    assert "price" in fails(client.put(approve, headers=admin_headers, json={"price": 0}), 400)["fields"]
    decided = ok(client.put(approve, headers=admin_headers, json={"price": 1416}))
    assert decided["amendment"]["stateName"] == "approved"
    assert decided["amendedBookingStatus"] == "AMENDMENT_CONFIRMED"
    assert charges_of(decided["booking"]) == {"ocean_freight": 1050, **SURCHARGES, "documentation_fee": 65}
    assert decided["booking"]["totalPrice"] == 1416 * 3 + 65
    booking = v2_read(client, alice, reference)
    assert statuses(booking) == ("CONFIRMED", "AMENDMENT_CONFIRMED", None)
    assert booking["requestedEquipments"][0]["units"] == 3
    assert booking["confirmedEquipments"][0]["units"] == 3
    assert v2_total(booking) == 1416 * 3 + 65

    # A change that keeps the price: the call without a body, as before.
    voyage = sample("booking-regular") | {"carrierExportVoyageNumber": "404E"}
    voyage["requestedEquipments"][0]["units"] = 3
    assert client.put(f"{V2}/{reference}", json=voyage, headers=alice).status_code == 202
    kept = ok(client.put(approve, headers=admin_headers))
    assert kept["amendedBookingStatus"] == "AMENDMENT_CONFIRMED" and kept["booking"]["price"] == 1416
    assert v2_read(client, alice, reference)["carrierExportVoyageNumber"] == "404E"
    # Nothing is left pending: staff may confirm the booking completed.
    completed = ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-completed", headers=admin_headers))
    assert completed["stateName"] == "completed"
    assert_verify_clean(services_of(client), tmp_path)


def test_a_firm_amendment_requoted_then_confirmed_at_another_price_reads_the_lines_it_took(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Staff requote an amendment, then confirm it at another price: the amendment reads the price, lines and
    total the booking took, not the requote's, and no validity (an approved price has none left)."""
    alice, _ = shipper(client, "firm-requote-confirm")
    reference, rid = confirmed_through_v2(client, alice, admin_headers)
    amend_units(client, alice, reference, 3)
    requote = {"price": 1250, "validUntil": later()}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/requote", headers=admin_headers, json=requote))
    approve = f"{ADMIN}/rate-requests/{rid}/amendments/approve"
    decided = ok(client.put(approve, headers=admin_headers, json={"price": 1400}))
    booking = decided["booking"]
    for read in (decided, ok(client.get(f"{CLIENT}/rate-requests/{rid}/changes", headers=alice))):
        amendment = read["amendment"]
        said = (amendment["stateName"], amendment["price"], amendment["validUntil"])
        assert said == ("approved", 1400, None)
        assert charges_of(amendment) == charges_of(booking)
        assert per_container(amendment) == Decimal(1400)
        assert amendment["totalPrice"] == booking["totalPrice"] == 1400 * 3 + 65
    assert v2_total(v2_read(client, alice, reference)) == booking["totalPrice"]


def test_a_screen_made_booking_keeps_its_customers_acceptance_of_a_new_price(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice, _ = shipper(client, "screen-keeps")
    rid = confirmed_on_the_screens(client, alice, admin_headers)
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(quantity=4)))
    approve = f"{ADMIN}/rate-requests/{rid}/amendments/approve"
    fails(client.put(approve, headers=admin_headers, json={"price": 1416}), 409)
    fails(client.put(approve, headers=admin_headers), 409)
    assert ok(client.get(f"{RR}/{rid}/changes", headers=alice))["amendment"]["stateName"] == "requested"


# -- staff's reasons reach the integrator --------------------------------------------------------------
def test_staff_reasons_are_feedbacks_in_the_v2_read_and_the_webhook_alike(
    app_client: TestClient, hooks: Any
) -> None:
    client = app_client
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    alice, _ = shipper(client, "reasons")
    ok(client.post(HOOKS, json={"callbackUrl": hooks.url}, headers=alice), 201)
    reference, rid = confirmed_through_v2(client, alice, admin)

    amend_units(client, alice, reference, 3)
    why = {"message": "$.requestedEquipments[0].units: at most 2 units on this sailing"}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/decline", headers=admin, json=why))
    declined = {
        "severity": "ERROR",
        "code": "PROPERTY_VALUE_MUST_CHANGE",
        "message": "The amendment was declined; the booking stands as it was: at most 2 units on this"
        " sailing",
        "jsonPath": "$.requestedEquipments[0].units",
    }
    read = v2_read(client, alice, reference)
    assert statuses(read) == ("CONFIRMED", "AMENDMENT_DECLINED", None)
    # Confirmed with no sailing named: the plan is an estimate, which both doors also say, last.
    assert read["feedbacks"] == [declined, estimated_plan_feedback()]
    told = [d for d in deliveries(client, rid) if d.get("amendedBookingStatus") == "AMENDMENT_DECLINED"]
    assert told[0]["feedbacks"] == [declined, estimated_plan_feedback()]

    cancel = {"bookingCancellationStatus": "CANCELLATION_RECEIVED", "reason": "Plans changed"}
    assert client.patch(f"{V2}/{reference}", json=cancel, headers=alice).status_code == 202
    no = {"message": "The cargo is already at the terminal"}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/cancellation-request/decline", headers=admin, json=no))
    refused = {
        "severity": "INFO",
        "code": "INFORMATIONAL_MESSAGE",
        "message": "The cancellation request was declined; the booking stands: The cargo is already at the"
        " terminal",
    }
    read = v2_read(client, alice, reference)
    assert refused in read["feedbacks"]
    [told_cancel] = [
        d for d in deliveries(client, rid) if d.get("bookingCancellationStatus") == "CANCELLATION_DECLINED"
    ]
    assert refused in told_cancel["feedbacks"]
    for data in deliveries(client, rid):
        for feedback in data.get("feedbacks", []):
            validate(feedback, "Feedback")


def test_a_moved_sailing_is_the_same_feedback_in_the_v2_read_as_in_the_webhook(
    app_client: TestClient, hooks: Any
) -> None:
    client = app_client
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    leaving = (datetime.now(UTC) + timedelta(days=14)).replace(second=0, microsecond=0)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin))
    alice, _ = shipper(client, "moved-read")
    ok(client.post(HOOKS, json={"callbackUrl": hooks.url}, headers=alice), 201)
    body = sample("booking-regular") | {
        "shipmentLocations": [
            {"location": {"UNLocationCode": "CNSHA"}, "locationTypeCode": "POL"},
            {"location": {"UNLocationCode": "SGSIN"}, "locationTypeCode": "POD"},
        ],
        "vessel": {"name": "Kharg Star", "vesselIMONumber": VESSEL_IMO},
        "carrierExportVoyageNumber": VOYAGE,
    }
    reference = confirmed_dcsa_booking(client, alice, admin, body)
    assert "feedbacks" not in v2_read(client, alice, reference)
    ok(client.put(PUBLISH, json=publication(leaving, shift_hours=12), headers=admin))
    [told] = [
        d for d in deliveries(client, rate_request_id(client, reference)) if "sailing moved" in json.dumps(d)
    ]
    read = v2_read(client, alice, reference)
    assert read["feedbacks"] == told["feedbacks"]
    [moved] = read["feedbacks"]
    assert (moved["severity"], moved["code"]) == ("WARN", "PROPERTY_VALUE_HAS_BEEN_CHANGED")
    assert moved["message"].startswith("The sailing moved")


# -- a cancellation request while an amendment is open -------------------------------------------------
def test_a_cancellation_request_withdraws_the_open_amendment_and_both_are_told(
    app_client: TestClient, hooks: Any, tmp_path: Path
) -> None:
    client = app_client
    admin = login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
    alice, address = shipper(client, "cancel-amended")
    ok(client.post(HOOKS, json={"callbackUrl": hooks.url}, headers=alice), 201)

    # On the portal's route.
    rid = confirmed_on_the_screens(client, alice, admin)
    ok(client.post(f"{RR}/{rid}/amendments", headers=alice, json=payload(commodity="Dates")))
    changes = ok(client.post(f"{RR}/{rid}/cancellation-request", headers=alice, json={"reason": "No ship"}))
    assert changes["amendment"]["stateName"] == "withdrawn"
    assert changes["cancellation"]["stateName"] == "requested"
    titles = [n["title"] for n in notices(client, "cancel-amended")]
    assert titles.count("Amendment withdrawn") == 1
    assert "Cancellation requested" in [n["title"] for n in notices(client, ADMIN_USERNAME)]
    withdrawn = [m for m in outbox(client) if m["to"] == address and "withdrawn" in m["subject"]]
    assert len(withdrawn) == 1
    seen = [
        (d.get("amendedBookingStatus"), d.get("bookingCancellationStatus")) for d in deliveries(client, rid)
    ]
    assert seen[-2:] == [("AMENDMENT_CANCELLED", None), ("AMENDMENT_CANCELLED", "CANCELLATION_RECEIVED")]
    # Staff decide the cancellation as any other.
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/cancellation-request/confirm", headers=admin))
    assert ok(client.get(f"{RR}/{rid}", headers=alice))["stateName"] == "cancelled"

    # On the standard's door: PATCH asks to cancel while the amendment waits.
    reference, firm = confirmed_through_v2(client, alice, admin)
    amend_units(client, alice, reference, 2)
    cancel = {"bookingCancellationStatus": "CANCELLATION_RECEIVED", "reason": "Plans changed"}
    answer = client.patch(f"{V2}/{reference}", json=cancel, headers=alice)
    assert answer.status_code == 202, answer.text
    assert statuses(v2_read(client, alice, reference)) == (
        "CONFIRMED",
        "AMENDMENT_CANCELLED",
        "CANCELLATION_RECEIVED",
    )
    seen = [
        (d.get("amendedBookingStatus"), d.get("bookingCancellationStatus")) for d in deliveries(client, firm)
    ]
    assert seen[-2:] == [("AMENDMENT_CANCELLED", None), ("AMENDMENT_CANCELLED", "CANCELLATION_RECEIVED")]
    # One open cancellation at a time.
    dcsa_error(client.patch(f"{V2}/{reference}", json=cancel, headers=alice), 409)
    assert_verify_clean(services_of(client), tmp_path)
