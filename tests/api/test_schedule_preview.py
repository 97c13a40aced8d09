"""Staff see what a publication would change before they publish it (a dry run judged as publishing judges
it: sailings added, moved and removed, the bookings each touches, warnings for times already past), and take
a service off the published schedules, after seeing the bookings its removal touches."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.api.accounts_support import settle
from tests.api.booking_support import CLIENT, assert_verify_clean, create, customer, fails, ok
from tests.api.schedules_support import (
    PUBLISH,
    VESSEL_IMO,
    VOYAGE,
    copied,
    publication,
    sailings_offered,
    sample,
)
from tests.api.test_booking_sailings import departure_in
from tests.app_services import services_of
from tests.corpus import PERSIAN_PEOPLE

PREVIEW = f"{PUBLISH}/preview"


def _booked(client: TestClient, username: str) -> tuple[dict[str, str], dict[str, Any]]:
    first, last = PERSIAN_PEOPLE[1]
    shipper = customer(client, username, {"firstName": first, "lastName": last})
    sailing = {"vesselIMONumber": VESSEL_IMO, "carrierExportVoyageNumber": VOYAGE}
    return shipper, create(client, shipper, sailing=sailing)


def _legs(changes: list[dict[str, Any]], side: str) -> list[tuple[str, str]]:
    return [(c[side]["portOfLoading"], c[side]["portOfDischarge"]) for c in changes]


def test_a_preview_names_the_moved_added_and_removed_sailings_and_their_bookings_and_stores_nothing(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    services = services_of(client)
    leaving = departure_in(20)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin_headers))
    shipper, booking = _booked(client, "previewed-shipper")
    head = settle(client)  # the policies' answers to the booking recorded first
    published = ok(client.get(PUBLISH, headers=admin_headers))

    # Everything after Shanghai 30 hours later, and the last call (Chabahar) dropped.
    shifted = publication(leaving, shift_hours=30)
    shifted[0]["vesselSchedules"][0]["transportCalls"].pop()
    preview = ok(client.post(PREVIEW, json=shifted, headers=admin_headers))
    assert preview["services"] == [
        {"serviceCode": "PGX", "serviceName": "Persian Gulf Express", "change": "changed"}
    ]
    assert _legs(preview["moved"], "after") == [("CNSHA", "SGSIN"), ("SGSIN", "IRBND")]
    moved = preview["moved"][0]
    assert moved["before"]["arrival"] < moved["after"]["arrival"]
    assert moved["bookings"] == [
        {
            "rateRequestId": booking["id"],
            "reference": booking["reference"],
            "customerName": " ".join(PERSIAN_PEOPLE[1]),
        }
    ]
    assert _legs(preview["removed"], "before") == [("IRBND", "IRZBR")]
    assert preview["removed"][0]["after"] is None
    assert preview["added"] == [] and preview["touchedBookings"] == 1
    assert preview["warnings"] == []

    # A dry run: nothing stored, nobody told.
    assert services.store.head() == head
    assert ok(client.get(PUBLISH, headers=admin_headers)) == published
    seen = ok(client.get(f"{CLIENT}/rate-requests/{booking['id']}/sailing", headers=shipper))
    assert seen["previous"] is None

    # A service not published yet: each of its legs is added.
    other = ok(client.post(PREVIEW, json=publication(leaving, service="IRX"), headers=admin_headers))
    assert other["services"][0]["change"] == "new"
    assert len(other["added"]) == 3 and other["moved"] == other["removed"] == []
    assert other["added"][0]["before"] is None and other["added"][0]["bookings"] == []

    # What the preview called moved is what publishing moves.
    ok(client.put(PUBLISH, json=shifted, headers=admin_headers))
    seen = ok(client.get(f"{CLIENT}/rate-requests/{booking['id']}/sailing", headers=shipper))
    assert seen["sailing"]["arrival"] == moved["after"]["arrival"]
    again = ok(client.post(PREVIEW, json=shifted, headers=admin_headers))
    assert again["services"][0]["change"] == "unchanged"
    assert again["moved"] == again["added"] == again["removed"] == [] and again["unchanged"] == 2


def test_a_publication_with_past_dates_is_previewed_with_a_warning_per_call(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    """The standard's sample is dated 2025: every call is past, and the preview says so by JSON path."""
    preview = ok(client.post(PREVIEW, json=sample(), headers=admin_headers))
    past = [w for w in preview["warnings"] if w["kind"] == "pastTime"]
    calls = sum(len(v.get("transportCalls") or []) for s in sample() for v in s["vesselSchedules"])
    assert len(past) == calls
    assert past[0]["path"] == "$[0].vesselSchedules[0].transportCalls[0]"
    assert "already past" in past[0]["message"] and "/" in past[0]["message"]
    future = ok(client.post(PREVIEW, json=publication(departure_in(20)), headers=admin_headers))
    assert future["warnings"] == []


def test_a_preview_judges_the_body_as_publishing_does(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    bad = copied(publication(departure_in(20)))
    bad[0]["vesselSchedules"][0]["transportCalls"][1]["location"]["UNLocationCode"] = "sg-sin"
    preview_error = fails(client.post(PREVIEW, json=bad, headers=admin_headers), 400)
    publish_error = fails(client.put(PUBLISH, json=bad, headers=admin_headers), 400)
    assert preview_error == publish_error
    assert "$[0].vesselSchedules[0].transportCalls[1].location.UNLocationCode" in str(preview_error)
    assert fails(client.post(PREVIEW, json=[], headers=admin_headers), 400)


def test_staff_remove_a_service_after_seeing_the_bookings_it_touches(
    client: TestClient, admin_headers: dict[str, str], tmp_path: Path
) -> None:
    services = services_of(client)
    leaving = departure_in(20)
    ok(client.put(PUBLISH, json=publication(leaving), headers=admin_headers))
    ok(client.put(PUBLISH, json=publication(leaving, service="IRX"), headers=admin_headers))
    shipper, booking = _booked(client, "removed-service-shipper")
    booked_on = ok(client.get(f"{CLIENT}/rate-requests/{booking['id']}/sailing", headers=shipper))
    code = booked_on["sailing"]["serviceCode"]
    kept = "IRX" if code == "PGX" else "PGX"

    head = settle(client)  # the policies' answers to the booking recorded first
    removal = ok(client.get(f"{PUBLISH}/{code}/removal", headers=admin_headers))
    assert services.store.head() == head
    assert removal["services"] == [
        {"serviceCode": code, "serviceName": "Persian Gulf Express", "change": "removed"}
    ]
    assert len(removal["removed"]) == 3 and removal["touchedBookings"] == 1
    assert [b["reference"] for c in removal["removed"] for b in c["bookings"]] == [booking["reference"]]
    assert [w["kind"] for w in removal["warnings"]] == ["bookingsOnRemoved"]

    assert ok(client.delete(f"{PUBLISH}/{code}", headers=admin_headers)) == removal
    listed = ok(client.get(PUBLISH, headers=admin_headers))["list"]
    assert [s["serviceCode"] for s in listed["list"]] == [kept] and listed["totalCount"] == 1
    offered = sailings_offered(client, shipper)["list"]["list"]
    assert {s["serviceCode"] for s in offered} == {kept}
    # The booking keeps its sailing as recorded, for staff to name another.
    assert ok(client.get(f"{CLIENT}/rate-requests/{booking['id']}/sailing", headers=shipper)) == booked_on

    fails(client.delete(f"{PUBLISH}/{code}", headers=admin_headers), 404)
    fails(client.get(f"{PUBLISH}/{code}/removal", headers=admin_headers), 404)
    fails(client.delete(f"{PUBLISH}/NOPE", headers=admin_headers), 404)
    # Publishing it again puts it back.
    ok(client.put(PUBLISH, json=publication(leaving, service=code), headers=admin_headers))
    assert ok(client.get(PUBLISH, headers=admin_headers))["list"]["totalCount"] == 2
    assert_verify_clean(services, tmp_path)


def test_only_staff_preview_or_remove(client: TestClient, admin_headers: dict[str, str]) -> None:
    ok(client.put(PUBLISH, json=publication(departure_in(20)), headers=admin_headers))
    shipper = customer(client, "not-staff-remover")
    assert client.post(PREVIEW, json=publication(departure_in(20)), headers=shipper).status_code == 403
    assert client.get(f"{PUBLISH}/PGX/removal", headers=shipper).status_code == 403
    assert client.delete(f"{PUBLISH}/PGX", headers=shipper).status_code == 403
    assert ok(client.get(PUBLISH, headers=admin_headers))["list"]["totalCount"] == 1
