"""Times are screened where they come in: a date-time outside 1970-2100 is a 400 naming the field at every
door that takes one (tracking events, their filters, vessel schedules), nothing is stored and no follower
parks; an actual tracking event dated more than an hour ahead of the server's clock is refused.
Both stores."""

from __future__ import annotations

import warnings
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient

from tests.api.accounts_support import settle
from tests.api.booking_support import ADMIN, create, customer, fails, ok
from tests.api.dcsa_support import dcsa_error
from tests.api.dcsa_support import sample as dcsa_sample
from tests.api.schedules_support import PUBLISH, SHANGHAI_TO_SINGAPORE, copied, publication
from tests.api.tracking_support import V3, equipment, publish, read_events, refused, tracked, transport
from tests.app_services import services_of
from tests.corpus import TRACKED_CONTAINERS, TRACKING_PORTS

BANDAR_ABBAS, HAMBURG, ROTTERDAM, _, _ = TRACKING_PORTS
FAR = "9999-12-31T23:59:59-14:00"
ANCIENT = "0001-01-01T00:00:00+14:00"
NEAR = "2026-02-01T08:00:00Z"
SHIP = "KING OF THE SEAS"
FILTERS = ("eventDateTimeMin", "eventDateTimeMax", "eventUpdatedDateTimeMin", "eventUpdatedDateTimeMax")


def _healthy_and_unchanged(client: TestClient, head: int) -> None:
    services = services_of(client)
    assert services.store.head() == head, "something was stored"
    assert client.get("/health").status_code == 200


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def test_a_far_event_time_is_refused_by_field_and_nothing_is_stored(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice, reference, publisher = tracked(client, admin_headers, "tnt-far")
    head = settle(client)
    box = TRACKED_CONTAINERS[2]
    retraction = {**equipment("far-3", "GTIN", box, ANCIENT, ROTTERDAM, reference), "isRetracted": True}
    cases = [
        ("eventDateTime", equipment("far-1", "GTIN", box, FAR, ROTTERDAM, reference)),
        ("eventUpdatedDateTime", equipment("far-2", "GTIN", box, NEAR, ROTTERDAM, reference, updated=FAR)),
        ("eventDateTime", retraction),  # a retraction's times are screened too
    ]
    for name, event in cases:
        elements = refused(client.post(V3, headers=publisher, json={"events": [event]}), 400)
        assert f"$.events[0].{name}" in {e["propertyPath"] for e in elements}, elements
        assert any("1970" in e["message"] for e in elements), elements
    _healthy_and_unchanged(client, head)
    # A good event after them is stored and read back: nothing was parked on the way.
    publish(client, publisher, equipment("near-1", "GTIN", box, NEAR, ROTTERDAM, reference))
    events, _ = read_events(client, alice)
    assert [e["eventID"] for e in events] == ["near-1"]


def test_far_filter_times_are_a_400_naming_the_filter_never_a_500(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice, _, _ = tracked(client, admin_headers, "tnt-far-filter")
    for name in FILTERS:
        for value in (FAR, ANCIENT):
            elements = refused(client.get(V3, headers=alice, params={name: value}), 400)
            assert elements[0]["propertyPath"] == f"$.{name}", elements
    events, _ = read_events(client, alice, eventDateTimeMin="1970-01-01T00:00:00Z")
    assert events == []


def test_an_actual_event_in_the_future_is_refused_and_a_planned_one_is_not(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    alice, reference, publisher = tracked(client, admin_headers, "tnt-future")
    now = datetime.now(UTC)
    next_week = _iso(now + timedelta(days=7))
    delivered = equipment("dlv-1", "GTOT", TRACKED_CONTAINERS[3], next_week, HAMBURG, reference, _iso(now))
    head = settle(client)
    elements = refused(client.post(V3, headers=publisher, json={"events": [delivered]}), 400)
    assert [e["propertyPath"] for e in elements] == ["$.events[0].eventDateTime"], elements
    _healthy_and_unchanged(client, head)
    # Planned and estimated times are about the future; an actual one a few minutes ahead is clock drift.
    planned = transport("arr-pln", "ARRI", "PLN", next_week, HAMBURG, reference, _iso(now), SHIP)
    drift = equipment("dlv-2", "GTOT", TRACKED_CONTAINERS[3], _iso(now + timedelta(minutes=10)), HAMBURG,
                      reference)  # fmt: skip
    publish(client, publisher, planned, drift)
    events, _ = read_events(client, alice)
    assert sorted(e["eventID"] for e in events) == ["arr-pln", "dlv-2"]


def test_a_vessel_schedule_with_a_far_time_is_refused_by_its_path(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    head = settle(client)
    departure = (datetime.now(UTC) + timedelta(days=10)).replace(microsecond=0, second=0)
    for value in (FAR, ANCIENT, "2100-01-01T00:00:00Z"):
        bad: Any = copied(publication(departure))
        call = bad[0]["vesselSchedules"][0]["transportCalls"][1]
        call["timestamps"][0]["eventDateTime"] = value
        call["cutOffTimes"] = [{"cutOffDateTimeCode": "DCO", "cutOffDateTime": value}]
        fields = fails(client.put(PUBLISH, json=bad, headers=admin_headers), 400)["fields"]
        here = "$[0].vesselSchedules[0].transportCalls[1]"
        assert {f"{here}.timestamps[0].eventDateTime", f"{here}.cutOffTimes[0].cutOffDateTime"} <= set(fields)
    _healthy_and_unchanged(client, head)
    ok(client.put(PUBLISH, json=publication(departure), headers=admin_headers))
    assert ok(client.get(f"{ADMIN}/vessel-schedules", headers=admin_headers))["list"]["totalCount"] == 1
    # The sailing picker's "leaving after" is screened the same way.
    who = customer(client, "far-picker")
    for value in (FAR, "9999-12-31", "1900-01-01"):
        params = {**SHANGHAI_TO_SINGAPORE, "departureFrom": value}
        answer = client.get("/booking/api/v1/client/sailings", params=params, headers=who)
        assert "departureFrom" in fails(answer, 400)["fields"]
    params = {**SHANGHAI_TO_SINGAPORE, "departureFrom": "2026-01-01"}
    assert ok(client.get("/booking/api/v1/client/sailings", params=params, headers=who))["list"]["list"]


def test_booking_dates_outside_the_window_are_refused_on_v2_and_the_screens(
    client: TestClient, admin_headers: dict[str, str]
) -> None:
    who = customer(client, "far-dates")
    head = settle(client)
    three_years = (datetime.now(UTC) + timedelta(days=3 * 366)).date().isoformat()
    cases = [
        ("expectedDepartureDate", "9999-12-31"),
        ("expectedDepartureDate", three_years),  # within the window, beyond the form's two years
        ("expectedArrivalAtPlaceOfDeliveryEndDate", "9999-12-31"),
        ("expectedDepartureFromPlaceOfReceiptDate", "0001-01-01"),
    ]
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        for key, value in cases:
            body = dcsa_sample("booking-regular")
            body[key] = value
            errors = dcsa_error(client.post("/v2/bookings", json=body, headers=who), 400)
            assert f"$.{key}" in {e.get("jsonPath") for e in errors}, errors
    # The screening reads every field, the standard's deprecated ones too, without a warning per request.
    ours = [w for w in warned if issubclass(w.category, DeprecationWarning) and "/api/" in w.filename]
    assert not ours, [f"{w.filename}:{w.lineno} {w.message}" for w in ours]
    assert services_of(client).store.head() == head
    # Staff quoting a booking: a validity in the year 2999 is no date of this business either.
    rid = create(client, who)["id"]
    fields = fails(
        client.put(f"{ADMIN}/rate-requests/{rid}/quote", headers=admin_headers,
                   json={"price": 900, "validUntil": "2999-01-01T00:00:00Z"}),
        400,
    )["fields"]  # fmt: skip
    assert "validUntil" in fields
