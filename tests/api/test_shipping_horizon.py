"""A shipping date lies within two calendar years of the latest day it is anywhere (decision 3917), through
the portal's form route and the `/v2` door alike: the day after is refused, the field named. The server's
clock is pinned to 13:00 UTC on 29 February 2028, when it is already 1 March 2028 in Kiribati (UTC+14): two
years from then end on 1 March 2030 (731 days ended a day later: those two years hold no 29 February).
Both stores."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import eventsourcing.domain
import pytest
from fastapi.testclient import TestClient

import domain.booking.application
from tests.api.booking_support import CLIENT, customer, fails, ok, payload
from tests.api.dcsa_support import dcsa_error
from tests.api.dcsa_support import sample as dcsa_sample

NOW = datetime(2028, 2, 29, 13, 0, tzinfo=UTC)
LAST = "2030-03-01"
AFTER = "2030-03-02"


class _PinnedClock(datetime):
    @classmethod
    def now(cls, tz: Any = None) -> Any:
        return NOW.astimezone(tz) if tz else NOW.replace(tzinfo=None)


@pytest.fixture
def pinned(monkeypatch: pytest.MonkeyPatch) -> None:
    """The booking application's "now", and the moment its events are recorded at, are NOW."""
    monkeypatch.setattr(domain.booking.application, "datetime", _PinnedClock)
    monkeypatch.setattr(eventsourcing.domain, "datetime_now_with_tzinfo", lambda: NOW)


def test_a_day_after_two_years_is_refused_on_the_form_s_route(client: TestClient, pinned: None) -> None:
    who = customer(client, "two-years-form")
    url = f"{CLIENT}/rate-requests"
    assert fails(client.post(url, headers=who, json=payload(preferredShippingDate=AFTER)), 400)["fields"] == {
        "preferredShippingDate": "Preferred shipping date must be within two years from today"
    }
    made = ok(client.post(url, headers=who, json=payload(preferredShippingDate=LAST)), 201)
    assert made["preferredShippingDate"].startswith(LAST), made


def test_a_departure_after_two_years_is_refused_at_the_standard_door(
    client: TestClient, pinned: None
) -> None:
    who = customer(client, "two-years-v2")
    body = dcsa_sample("booking-regular")
    body["expectedDepartureDate"] = AFTER
    errors = dcsa_error(client.post("/v2/bookings", json=body, headers=who), 400)
    assert [(e.get("jsonPath"), e.get("errorCodeMessage")) for e in errors] == [
        ("$.expectedDepartureDate", "The expected departure date must be within two years from today")
    ], errors
    body["expectedDepartureDate"] = LAST
    assert client.post("/v2/bookings", json=body, headers=who).status_code == 202
