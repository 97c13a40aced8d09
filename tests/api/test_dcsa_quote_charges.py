"""A booking priced from the tariff reads on `/v2` with the charges the screens show: each line of its
breakdown, the per-booking documentation fee once, adding up to the screens' total (SQLite and PostgreSQL)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.api import booking_support as booking
from tests.api.booking_support import ADMIN, CLIENT, ok
from tests.api.dcsa_support import validate
from tests.api.test_tariffs import FIRST, STANDARD, day, publish, shipper


def test_a_tariff_quoted_booking_confirmed_reads_its_breakdown_and_fee_on_v2(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    ok(publish(client, admin_headers, STANDARD))
    headers = shipper(client, "v2-breakdown")
    made = booking.create(client, headers, preferredShippingDate=str(day(FIRST)), quantity=3)
    rid = made["id"]
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=headers))
    file_id = booking.upload(client, headers, key=f"loi-{rid}")
    documents = {"documents": [{"documentTypeId": 1, "fileId": file_id}]}
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/booking-request", headers=headers, json=documents))
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-booking", headers=admin_headers))
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))
    assert detail["totalPrice"] == (1000 + 150.5 + 120 + 95) * 3 + 45

    answer = client.get(f"/v2/bookings/{detail['reference']}", headers=headers)
    assert answer.status_code == 200, answer.text
    validate(answer.json(), "Booking")
    charges = {c["chargeName"]: c for c in answer.json()["charges"]}
    assert sum(c["currencyAmount"] for c in charges.values()) == detail["totalPrice"]
    fee = charges["Documentation fee"]
    assert (fee["unitPrice"], fee["quantity"], fee["currencyAmount"]) == (45, 1, 45)
    assert fee["calculationBasis"] == "Per booking"
    freight = charges["Ocean freight"]
    assert (freight["unitPrice"], freight["quantity"], freight["currencyAmount"]) == (1000, 3, 3000)
    assert charges["Bunker adjustment (BAF)"]["currencyAmount"] == 451.5


def test_staff_requoting_a_tariff_priced_booking_with_a_price_keeps_its_surcharges_and_fee(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """A requote by price alone: the ocean freight takes the difference, the surcharges and the per-booking
    fee stay (the crossings machine found the fee dropped); a price below the surcharges is refused."""
    ok(publish(client, admin_headers, STANDARD))
    headers = shipper(client, "requote-keeps-fee")
    made = booking.create(client, headers, preferredShippingDate=str(day(FIRST)), quantity=2)
    rid = made["id"]
    quote = f"{ADMIN}/rate-requests/{rid}/quote"
    valid = booking.later()
    too_low = client.put(quote, headers=admin_headers, json={"price": "300", "validUntil": valid})
    assert too_low.status_code == 400 and "price" in too_low.text, too_low.text
    ok(client.put(quote, headers=admin_headers, json={"price": "1500", "validUntil": valid}))
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))
    assert {c["code"]: c["amount"] for c in detail["charges"]} == {
        "ocean_freight": 1500 - 150.5 - 120 - 95,
        "baf": 150.5,
        "thc_origin": 120,
        "thc_destination": 95,
        "documentation_fee": 45,
    }
    assert detail["totalPrice"] == 1500 * 2 + 45
