"""Times in notices and e-mails are the local time of the port where they happen, with its zone, and a
first arrival estimate far from the booked schedule is news (both stores)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient

from tests.api.accounts_support import outbox, settle
from tests.api.booking_support import ADMIN, customer, ok
from tests.api.schedules_support import PUBLISH, VESSEL_IMO, VOYAGE, publication
from tests.api.test_booking_sailings import notifications_of
from tests.api.test_confirmed_sailing import v2_booking
from tests.api.tracking_support import publish, publisher_key, transport
from tests.local_times import at_zone

SINGAPORE = "Asia/Singapore"
KIND = "arrivalEstimateChanged"
PLACES = "/booking/api/v1/places"
ISO = re.compile(r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?")


def _estimates_told(client: TestClient, username: str) -> list[dict[str, Any]]:
    return [n for n in notifications_of(client, username) if n["title"] == "Arrival estimate changed"]


def _booked_on_a_sailing(
    client: TestClient, admin: dict[str, str], name: str, email: str
) -> tuple[str, datetime]:
    """A booking Shanghai to Singapore confirmed on a published sailing: its reference and planned arrival."""
    leaving = (datetime.now(UTC) + timedelta(days=12)).replace(second=0, microsecond=0)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin))
    who = customer(client, name, {"email": email})
    _, rid = v2_booking(client, who)
    named = {"price": 900, "sailing": {"vesselIMONumber": VESSEL_IMO, "carrierExportVoyageNumber": VOYAGE}}
    ok(client.put(f"{ADMIN}/rate-requests/{rid}/confirm-request", headers=admin, json=named))
    reference = ok(client.get(f"{ADMIN}/rate-requests/{rid}", headers=admin))["reference"]
    return str(reference), leaving + timedelta(days=6)


def test_a_first_arrival_estimate_47_hours_after_the_schedule_is_told_in_the_ports_time(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    address = "first.estimate@example.ir"
    reference, planned = _booked_on_a_sailing(client, admin_headers, "first-estimate", address)
    publisher = publisher_key(client, admin_headers)
    expected = planned + timedelta(hours=47)
    # Given with Singapore's own offset, as a terminal there writes it.
    written = expected.astimezone(datetime.fromisoformat("2026-01-01T00:00:00+08:00").tzinfo).isoformat()
    now = datetime.now(UTC).replace(microsecond=0).isoformat()
    first = transport("eta-1", "ARRI", "EST", written, "SGSIN", reference, now, "Kharg Star")
    publish(client, publisher, first)
    settle(client)
    told = _estimates_told(client, "first-estimate")
    words = (
        f"The vessel Kharg Star carrying your booking {reference} is now expected at Singapore (SGSIN) on"
        f" {at_zone(expected, SINGAPORE)}, 47 h later than the schedule."
    )
    assert [n["message"] for n in told] == [words]
    mails = [m for m in outbox(client) if m["to"] == address and m["data"].get("kind") == KIND]
    assert len(mails) == 1 and words in mails[0]["body"], mails
    # An estimate within a day of the schedule is not news.
    publish(
        client,
        publisher,
        transport(
            "eta-2",
            "ARRI",
            "EST",
            f"{planned + timedelta(hours=3):%Y-%m-%dT%H:%M:%SZ}",
            "SGSIN",
            reference,
            now,
            "",
        ),
    )
    settle(client)
    assert len(_estimates_told(client, "first-estimate")) == 1


def test_the_booking_confirmed_email_and_sailing_notices_write_the_ports_local_times(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    address = "local.times@example.ir"
    _, planned = _booked_on_a_sailing(client, admin_headers, "local-times", address)
    settle(client)
    [mail] = [m for m in outbox(client) if m["to"] == address and m["data"].get("kind") == "bookingConfirmed"]
    leaving = planned - timedelta(days=6)
    departure = f"Departure from Shanghai (CNSHA): {at_zone(leaving, 'Asia/Shanghai')}"
    assert departure in mail["body"], mail["body"]
    assert f"Arrival at Singapore (SGSIN): {at_zone(planned, SINGAPORE)}" in mail["body"]
    assert " UTC" not in mail["body"]
    # A republication moving the sailing's arrival 30 h: old and new arrival in Singapore's time.
    ok(client.put(PUBLISH, json=publication(leaving, shift_hours=30), headers=admin_headers))
    moved = [n for n in notifications_of(client, "local-times") if n["title"] == "Sailing rescheduled"]
    assert len(moved) == 1
    message = moved[0]["message"]
    later = planned + timedelta(hours=30)
    assert f"arrival {at_zone(planned, SINGAPORE)} is now {at_zone(later, SINGAPORE)}" in message
    # The republication moved the calls after Shanghai only: the departure stands and is not told as moved.
    assert "departure" not in message, message
    assert " UTC" not in message
    # No e-mail this customer got writes a date-time as ISO text or a day other than YYYY/MM/DD.
    settle(client)
    bodies = [m["body"] for m in outbox(client) if m["to"] == address]
    assert len(bodies) >= 2
    for body in bodies:
        assert not ISO.search(body), body


def test_the_screens_read_each_ports_name_and_time_zone_from_one_place(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who = customer(client, "places-reader")
    answer = ok(client.get(PLACES, params={"codes": "IRBND,deham,USLAX,USZZZ,IRBND"}, headers=who))
    assert answer == [
        {"code": "IRBND", "name": "Bandar Abbas", "timeZone": "Asia/Tehran"},
        {"code": "DEHAM", "name": "Hamburg", "timeZone": "Europe/Berlin"},
        {"code": "USLAX", "name": "Los Angeles", "timeZone": "America/Los_Angeles"},
        {"code": "USZZZ", "name": None, "timeZone": "UTC"},
    ]
    assert ok(client.get(PLACES, params={"codes": "NLRTM"}, headers=admin_headers))[0]["timeZone"] == (
        "Europe/Amsterdam"
    )
    wrong = client.get(PLACES, params={"codes": "IRBND,not-a-port"}, headers=who)
    assert wrong.status_code == 400 and "codes" in wrong.text, wrong.text
    assert client.get(PLACES, params={"codes": "IRBND"}).status_code == 401
