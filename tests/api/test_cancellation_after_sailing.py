"""A booking whose cargo sailed is not called off (decision 3858): once the booking's tracking saw the vessel
leave its port of loading (decision 3853's departure), the customer's cancellation is refused on the screens
and on `/v2` with the day it left, and staff cannot confirm one asked for before: they decline it, or its
customer withdraws it. Staff do not reject the booking, and its shipping order is neither cancelled (screens,
`/v3`) nor declined: it is updated or revised. Nothing is stored by a refusal. The changes answer says
`cargoSailedAt`. Both stores."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from domain.shared.messages import message
from tests.api.accounts_support import fails
from tests.api.booking_support import ADMIN, CLIENT, customer, in_shipping_order, ok, order_payload, payload
from tests.api.dcsa_support import dcsa_error
from tests.api.tracking_support import (
    PARTY,
    equipment,
    publish,
    publisher_key,
    read_events,
    tracked,
    transport,
)
from tests.corpus import TRACKING_PORTS

V2 = "/v2/bookings"
JEBEL_ALI = TRACKING_PORTS[-1]
LEFT_AT = "2026-01-06T20:10:00+08:00"
PERSIAN = Path(__file__).resolve().parents[2] / "contract" / "validation-messages.fa.json"
SOLAR_DAY = "1404/10/16".translate(str.maketrans("0123456789", "".join(chr(0x06F0 + d) for d in range(10))))


def _booking(client: TestClient, admin: dict[str, str], name: str) -> tuple[dict[str, str], str, str, Any]:
    who, reference, publisher = tracked(client, admin, name)
    rid = ok(client.get(f"{CLIENT}/rate-requests", headers=who))["list"]["list"][0]["id"]
    return who, reference, rid, publisher


def _leaves(
    client: TestClient, publisher: Any, rid: str, who: dict[str, str], reference: str, **at: str
) -> None:
    """The vessel leaves: from the booking's port of loading, or from `port`; as a plan when `classifier`."""
    port = (
        at.get("port")
        or ok(client.get(f"{CLIENT}/rate-requests/{rid}/sailing", headers=who))["sailing"]["portOfLoading"]
    )
    event = transport(
        at.get("event_id", "left"),
        "DEPA",
        at.get("classifier", "ACT"),
        LEFT_AT,
        port,
        reference,
        LEFT_AT,
        "SHIP",
    )
    publish(client, publisher, event)


def _changes(client: TestClient, rid: str, who: dict[str, str], admin: dict[str, str]) -> list[Any]:
    return [
        ok(client.get(f"{CLIENT}/rate-requests/{rid}/changes", headers=who)),
        ok(client.get(f"{ADMIN}/rate-requests/{rid}/changes", headers=admin)),
    ]


def _state(client: TestClient, rid: str, who: dict[str, str]) -> str:
    return str(ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=who))["stateName"])


def test_a_booking_whose_cargo_sailed_is_not_cancelled_on_either_door(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who, reference, rid, publisher = _booking(client, admin_headers, "sailed-no-cancel")
    # A plan of departure, and leaving a port of transshipment, are not the cargo sailing.
    _leaves(client, publisher, rid, who, reference, event_id="plan", classifier="PLN")
    _leaves(client, publisher, rid, who, reference, event_id="elsewhere", port=JEBEL_ALI)
    assert [c["cargoSailedAt"] for c in _changes(client, rid, who, admin_headers)] == [None, None]

    _leaves(client, publisher, rid, who, reference)
    before = _changes(client, rid, who, admin_headers)
    assert [c["cargoSailedAt"] for c in before] == [LEFT_AT, LEFT_AT]
    # The day it left is the port's own (the 6th in Shanghai's offset), not the UTC day.
    said = message("booking.sailed.cancel", day="2026-01-06")
    asked = client.post(
        f"{CLIENT}/rate-requests/{rid}/cancellation-request", headers=who, json={"reason": "Air"}
    )
    assert fails(asked, 400)["fields"] == {"cancellation": said}
    persian = {**who, "Accept-Language": "fa"}
    again = client.post(f"{CLIENT}/rate-requests/{rid}/cancellation-request", headers=persian, json={})
    # In Persian the day is written as the e-mails write it: Solar Hijri, Persian digits (16 Dey 1404).
    assert fails(again, 400)["fields"] == {"cancellation": _persian("booking.sailed.cancel", day=SOLAR_DAY)}
    cancel = {"bookingCancellationStatus": "CANCELLATION_RECEIVED", "reason": "Moved to air"}
    errors = dcsa_error(client.patch(f"{V2}/{reference}", json=cancel, headers=who), 409)
    assert [e["errorCodeMessage"] for e in errors] == [said]
    # Nothing was stored: no cancellation, the booking as it was.
    assert _changes(client, rid, who, admin_headers) == before
    assert before[0]["cancellation"] is None
    assert _state(client, rid, who) == "shipping_order"


def test_a_cancellation_asked_before_the_cargo_sailed_is_declined_not_confirmed(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who, reference, rid, publisher = _booking(client, admin_headers, "sailed-meanwhile")
    ok(client.post(f"{CLIENT}/rate-requests/{rid}/cancellation-request", headers=who, json={"reason": "Air"}))
    _leaves(client, publisher, rid, who, reference)
    confirm = f"{ADMIN}/rate-requests/{rid}/cancellation-request/confirm"
    refused = fails(client.put(confirm, headers=admin_headers), 400)
    assert set(refused["fields"]) == {"cancellation"} and "2026-01-06" in refused["fields"]["cancellation"]
    assert _state(client, rid, who) == "shipping_order"
    assert _changes(client, rid, who, admin_headers)[0]["cancellation"]["stateName"] == "requested"
    # Staff decline it; the booking stands and its tracking goes on.
    decline = {"message": "Your cargo is on board"}
    declined = ok(
        client.put(
            f"{ADMIN}/rate-requests/{rid}/cancellation-request/decline", headers=admin_headers, json=decline
        )
    )
    assert declined["cancellation"]["stateName"] == "declined"
    assert _state(client, rid, who) == "shipping_order"


def test_a_withdrawn_departure_lets_the_booking_be_cancelled_again(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who, reference, rid, publisher = _booking(client, admin_headers, "sailed-withdrawn")
    _leaves(client, publisher, rid, who, reference)
    retraction = {"eventRouting": {"originatingParty": PARTY}, "eventID": "left", "isRetracted": True}
    publish(client, publisher, retraction)
    assert [c["cargoSailedAt"] for c in _changes(client, rid, who, admin_headers)] == [None, None]
    ok(client.post(f"{CLIENT}/rate-requests/{rid}/cancellation-request", headers=who, json={"reason": "Air"}))
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/cancellation-request/confirm", headers=admin_headers))
    assert _state(client, rid, who) == "cancelled"


def _persian(key: str, **values: str) -> str:
    return str(json.loads(PERSIAN.read_text(encoding="utf-8"))[key]).format(**values)


def test_staff_do_not_reject_a_booking_whose_cargo_sailed(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who, reference, rid, publisher = _booking(client, admin_headers, "sailed-no-reject")
    _leaves(client, publisher, rid, who, reference)
    reject = client.put(
        f"{ADMIN}/rate-requests/{rid}/reject", headers=admin_headers, json={"message": "No space"}
    )
    said = message("booking.sailed.reject", day="2026-01-06")
    assert fails(reject, 400)["fields"] == {"rateRequest": said}
    assert _state(client, rid, who) == "shipping_order"
    assert client.get(f"{V2}/{reference}", headers=who).json()["bookingStatus"] == "CONFIRMED"


def test_a_shipping_order_whose_cargo_sailed_stands_and_its_containers_stay_tracked(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who = customer(client, "sailed-order-stands")
    rid = in_shipping_order(client, who, admin_headers, quantity=2)
    order = ok(client.post(f"{CLIENT}/shipping-orders", headers=who, json=order_payload(rid)), 201)
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=who))
    reference, box = detail["reference"], detail["order"]["containers"][0]["containerNumber"]
    publisher = publisher_key(client, admin_headers)
    port = ok(client.get(f"{CLIENT}/rate-requests/{rid}/sailing", headers=who))["sailing"]["portOfLoading"]
    publish(client, publisher, equipment("load-1", "LOAD", box, "2026-01-06T10:00:00+08:00", port))
    _leaves(client, publisher, rid, who, reference)

    cancel = client.put(f"{CLIENT}/shipping-orders/{order['id']}/cancel", headers=who, json={})
    assert fails(cancel, 400)["fields"] == {
        "shippingOrder": message("booking.sailed.cancelOrder", day="2026-01-06")
    }
    cancel_v3 = {"shippingInstructionsStatus": "CANCELLED"}
    v3 = client.patch(f"/v3/shipping-instructions/SI-{reference}", json=cancel_v3, headers=who)
    assert v3.status_code == 409 and "no longer be cancelled" in v3.text
    decline = client.put(
        f"{ADMIN}/shipping-orders/{order['id']}/decline",
        headers=admin_headers,
        json={"message": "Wrong HS code"},
    )
    assert set(fails(decline, 400)["fields"]) == {"shippingOrder"}
    # A revision is still staff's to ask for; the order and its containers stay the booking's.
    revise = {"revise": {"hsCode": "Give the six-digit HS code"}}
    ok(
        client.put(
            f"{ADMIN}/shipping-orders/{order['id']}/request-revision", headers=admin_headers, json=revise
        )
    )
    publish(client, publisher, equipment("disc-1", "DISC", box, "2026-01-20T08:00:00Z", "SGSIN"))
    assert "disc-1" in [e["eventID"] for e in read_events(client, who)[0]]


NINGBO = 3  # seed reference data: port 3 is CNNGB, not the bookings' port of loading


def test_an_amendment_after_the_cargo_sailed_keeps_its_port_of_loading(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """Moving the port of loading is refused once the vessel left from it, asked or approved; any other
    change is still the customer's to ask for. The departure, and the refusals, stand."""
    who, reference, rid, publisher = _booking(client, admin_headers, "sailed-keeps-port")
    amendments = f"{CLIENT}/rate-requests/{rid}/amendments"
    # Asked before the vessel left, approved after: staff cannot approve it, only decline it.
    ok(client.post(amendments, headers=who, json=payload(polId=NINGBO)))
    _leaves(client, publisher, rid, who, reference)
    approve = client.put(f"{ADMIN}/rate-requests/{rid}/amendments/approve", headers=admin_headers, json={})
    said = message("booking.sailed.loadingPort", day="2026-01-06")
    assert fails(approve, 400)["fields"] == {"polId": said}
    decline = {"message": "The cargo left from Shanghai"}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/decline", headers=admin_headers, json=decline))
    # Asked after: refused, naming the field; nothing is asked.
    assert fails(client.post(amendments, headers=who, json=payload(polId=NINGBO)), 400)["fields"] == {
        "polId": said
    }
    assert _changes(client, rid, who, admin_headers)[0]["amendment"]["stateName"] == "declined"
    # Another change is taken, and the booking still reads as sailed.
    ok(client.post(amendments, headers=who, json=payload(commodity="Saffron, dried")))
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/approve", headers=admin_headers, json={}))
    assert [c["cargoSailedAt"] for c in _changes(client, rid, who, admin_headers)] == [LEFT_AT, LEFT_AT]
