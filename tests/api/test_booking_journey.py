"""One booking from creation to state 4 through the HTTP calls only; then `freight verify` finds nothing."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

from fastapi.testclient import TestClient

from tests.api.accounts_support import fails
from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    assert_verify_clean,
    customer,
    later,
    ok,
    order_payload,
    payload,
    upload,
)
from tests.app_services import services_of


def test_journey_to_completion_then_verify(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    services = services_of(client)
    headers = customer(client, "journey")
    msds = upload(client, headers, key="journey-msds")
    created = ok(
        client.post(
            f"{CLIENT}/rate-requests",
            headers=headers,
            json=payload(
                commodity="Paint",
                hsCode="32091000",
                preferredShippingDate=(date.today() + timedelta(days=90)).isoformat(),
                quantity=1,
                isDanger=True,
                msds=msds,
                additionalComment=None,
                podId=3,
                containerSizeId=1,
            ),
        ),
        201,
    )
    rid = created["id"]
    assert (created["state"], created["price"]) == (0, None)
    quoted = ok(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/quote",
            headers=admin_headers,
            json={"price": 800, "validUntil": later()},
        )
    )
    assert (quoted["state"], quoted["price"]) == (0, 800)
    assert ok(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=headers))["state"] == 2
    letter = upload(client, headers, key="journey-letter", name="booking-letter.pdf")
    ok(
        client.put(
            f"{CLIENT}/rate-requests/{rid}/booking-request",
            headers=headers,
            json={"documents": [{"documentTypeId": 1, "fileId": letter}]},
        )
    )
    assert ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-booking", headers=admin_headers))["state"] == 3
    order = ok(
        client.post(
            f"{CLIENT}/shipping-orders",
            headers=headers,
            json=order_payload(rid, quantity=1, imcoClass="3", unNumber="1263"),
        ),
        201,
    )
    revision = f"{ADMIN}/shipping-orders/{order['id']}/request-revision"
    # Each field's note is a staff message: over its bound it is refused, named by the field it is about.
    long_note = {"revise": {"unNumber": "x" * 2001}}
    refused = fails(client.put(revision, headers=admin_headers, json=long_note), 400)
    assert refused["fields"] == {"revise.unNumber": "String must contain at most 2000 character(s)"}
    ok(
        client.put(
            revision,
            headers=admin_headers,
            json={"revise": {"unNumber": "Paint is UN 1263; check the class"}},
        )
    )
    ok(
        client.put(
            f"{CLIENT}/shipping-orders/{order['id']}/edit",
            headers=headers,
            json={
                "isSWBL": False,
                "freightType": 2,
                "cargoDescription": "Paint in drums",
                "imcoClass": "3",
                "unNumber": "1263",
                "temprature": None,
                "humidity": None,
                "hasVentilation": False,
            },
        )
    )
    assert (
        ok(client.put(f"{ADMIN}/shipping-orders/{order['id']}/accept", headers=admin_headers))["status"] == 2
    )
    step3 = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))
    assert (step3["state"], step3["order"]["status"]) == (3, 2)
    assert ok(client.put(f"{CLIENT}/shipping-orders/{order['id']}/approve", headers=headers))["status"] == 3
    final = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=headers))
    assert (final["state"], final["stateName"], final["order"]["status"]) == (4, "completed", 3)
    row = ok(client.get(f"{CLIENT}/rate-requests", headers=headers))["list"]["list"][0]
    assert (row["state"], row["orderState"]) == (4, 3)

    assert_verify_clean(services, tmp_path)
