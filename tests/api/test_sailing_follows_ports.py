"""A booking's sailing runs between its own ports (decision 3821): a create that pairs a sailing with a port
it does not call at is refused, and an edit or an amendment that moves the ports cannot leave that pairing
behind either. The same voyage is kept where it calls at the new ports; a confirmed booking is otherwise
given an estimated sailing as at confirmation; an unconfirmed one is left with none. An estimated sailing
follows an amended shipping date. `/v2`'s transport plan says the same, and `freight verify` stays clean."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.api.booking_support import (
    ADMIN,
    CLIENT,
    assert_verify_clean,
    create,
    customer,
    in_shipping_order,
    later,
    ok,
    payload,
    upload,
)
from tests.api.schedules_support import PUBLISH, publication, sailings_offered
from tests.app_services import services_of

CNNGB = 3  # the seed's Ningbo: no PGX call


def _port(client: TestClient, code: str) -> int:
    found = services_of(client).booking.catalog.port_id(code)
    assert found is not None, code
    return int(found)


def _sailing(client: TestClient, who: dict[str, str], rid: str) -> dict[str, Any] | None:
    answer = ok(client.get(f"{CLIENT}/rate-requests/{rid}/sailing", headers=who))
    return None if answer is None else dict(answer["sailing"])


def _ports(sailing: dict[str, Any] | None) -> tuple[str, str] | None:
    return None if sailing is None else (sailing["portOfLoading"], sailing["portOfDischarge"])


def _published(client: TestClient, admin: dict[str, str]) -> datetime:
    departure = (datetime.now(UTC) + timedelta(days=12)).replace(second=0, microsecond=0)
    ok(client.put(PUBLISH, json=publication(departure), headers=admin))
    return departure


def test_an_edit_moving_the_port_of_discharge_keeps_the_voyage_where_it_calls_else_drops_it(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    departure = _published(client, admin_headers)
    alice = customer(client, "follows-edit")
    (pgx,) = sailings_offered(client, alice)["list"]["list"]
    day = departure.date().isoformat()
    rid = create(client, alice, sailing={"routingReference": pgx["routingReference"]})["id"]
    assert _ports(_sailing(client, alice, rid)) == ("CNSHA", "SGSIN")

    bandar = _port(client, "IRBND")
    ok(client.put(f"{CLIENT}/rate-requests/{rid}", headers=alice, json=payload(podId=bandar)))
    kept = _sailing(client, alice, rid)
    assert _ports(kept) == ("CNSHA", "IRBND")  # the same voyage, on to Bandar Abbas
    assert kept is not None and (kept["voyage"], kept["serviceCode"]) == (pgx["voyage"], "PGX")
    assert kept["departure"][:10] == day and kept["arrival"] > pgx["arrival"]

    ok(client.put(f"{CLIENT}/rate-requests/{rid}", headers=alice, json=payload(podId=CNNGB)))
    assert _sailing(client, alice, rid) is None  # PGX never calls at Ningbo: no sailing, the date stands
    detail = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))
    assert detail["podTitle"] == "Ningbo (CNNGB)"
    # Nothing of the dropped sailing is left to act on: its customer may choose again.
    with services_of(client).read_models.read() as tx:
        assert tx.one("SELECT 1 FROM booking_sailings WHERE rate_request_id = ?", (rid,)) is None
    assert_verify_clean(services_of(client), tmp_path)


def _confirmed_on(client: TestClient, who: dict[str, str], admin: dict[str, str], sailing: Any) -> str:
    rid = str(create(client, who, sailing=sailing)["id"])
    quote = {"price": 900, "validUntil": later()}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin, json=quote))
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/approve", headers=who))
    documents = {"documents": [{"documentTypeId": 1, "fileId": upload(client, who, key=f"loi-{rid[:8]}")}]}
    ok(client.put(f"{CLIENT}/rate-requests/{rid}/booking-request", headers=who, json=documents))
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-booking", headers=admin))
    return rid


def _amend(client: TestClient, who: dict[str, str], admin: dict[str, str], rid: str, **changes: Any) -> None:
    ok(client.post(f"{CLIENT}/rate-requests/{rid}/amendments", headers=who, json=payload(**changes)))
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/amendments/approve", headers=admin))


def test_an_approved_amendment_to_a_port_the_voyage_never_calls_at_is_planned_on_an_estimate(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    _published(client, admin_headers)
    alice = customer(client, "follows-amendment")
    (pgx,) = sailings_offered(client, alice)["list"]["list"]
    rid = _confirmed_on(client, alice, admin_headers, {"routingReference": pgx["routingReference"]})
    _amend(client, alice, admin_headers, rid, podId=_port(client, "IRBND"))
    assert _ports(_sailing(client, alice, rid)) == ("CNSHA", "IRBND")  # the same voyage

    _amend(client, alice, admin_headers, rid, podId=CNNGB)
    replanned = _sailing(client, alice, rid)
    assert replanned is not None and replanned["estimated"] is True
    assert _ports(replanned) == ("CNSHA", "CNNGB")
    staff_view = ok(client.get(f"{ADMIN}/rate-requests/{rid}/sailing", headers=admin_headers))
    assert staff_view["previous"]["portOfDischarge"] == "IRBND"
    # The standard's door plans the booking on the same sailing.
    reference = ok(client.get(f"{CLIENT}/rate-requests/{rid}", headers=alice))["reference"]
    standard = client.get(f"/v2/bookings/{reference}", headers=alice).json()
    (plan,) = standard["transportPlan"]
    assert plan["loadLocation"]["UNLocationCode"] == "CNSHA"
    assert plan["dischargeLocation"]["UNLocationCode"] == "CNNGB"
    assert_verify_clean(services_of(client), tmp_path)


def test_an_estimated_sailing_follows_an_amended_shipping_date(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice = customer(client, "follows-date")
    rid = in_shipping_order(client, alice, admin_headers)  # confirmed on an estimate
    first = _sailing(client, alice, rid)
    assert first is not None and first["estimated"] is True
    new_day = (date.today() + timedelta(days=45)).isoformat()
    _amend(client, alice, admin_headers, rid, preferredShippingDate=new_day)
    moved = _sailing(client, alice, rid)
    assert moved is not None and moved["estimated"] is True
    assert moved["departure"][:10] == new_day and moved["departure"] > first["departure"]
    assert moved["cutOffs"] != first["cutOffs"]
    # An amendment of the cargo leaves the plan as it is.
    _amend(client, alice, admin_headers, rid, preferredShippingDate=new_day, commodity="Dates")
    assert _sailing(client, alice, rid) == moved
