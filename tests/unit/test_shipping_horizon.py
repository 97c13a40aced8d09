"""A shipping date lies "within two years from today" (decision 3917): two calendar years, not 731 days, which
from a day with no 29 February in the two years ahead is two years and a day. A 29 February's two years end on
the 28th. "Today" is still the latest day it is anywhere (decision 3897): the form, the amendments and the
`/v2` door's dates hold the same horizon."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.booking import values
from domain.booking.application import BookingApplication
from domain.booking.booking_content import BookingRequestContent, RequestedEquipment, ShipmentLocation
from domain.booking.reference import SeedCatalog
from domain.booking.values import RateRequestDraft
from domain.shared.actor import CUSTOMER, Actor
from domain.shared.errors import ValidationFailed
from domain.shared.moments import days_now
from tests.unit.history_support import sqlite_store

SHIPPER = Actor("shipper-1", CUSTOMER)
CATALOG = SeedCatalog()
FAR = "Preferred shipping date must be within two years from today"
DEPARTURE_FAR = "The expected departure date must be within two years from today"
ARRIVAL_FAR = "The expected arrival dates at the place of delivery must be within two years from today"

# (the latest day it is anywhere, the last shipping day it allows). 731 days got these right only when the
# two years hold a 29 February (2027-03-01's and 2026-12-08's hold 2028's); from 2028-03-01, from an ordinary
# 2029-06-15 and from 2028-02-29 itself they were two years and a day.
EDGES = [
    (date(2027, 3, 1), date(2029, 3, 1)),
    (date(2028, 3, 1), date(2030, 3, 1)),
    (date(2028, 2, 29), date(2030, 2, 28)),
    (date(2029, 6, 15), date(2031, 6, 15)),
    (date(2026, 12, 8), date(2028, 12, 8)),
]
TODAYS = [today.isoformat() for today, _ in EDGES]


def _draft(day: date) -> RateRequestDraft:
    return RateRequestDraft(
        commodity="Dates",
        hs_code="080410",
        preferred_shipping_date=day.isoformat(),
        quantity=1,
        pol_id=1,
        pod_id=2,
        container_type_id=1,
        container_size_id=1,
    )


def _refusal(day: date, today: date) -> str | None:
    try:
        values.rate_request_details(_draft(day), today, CATALOG, lambda _: True, last_today=today)
    except ValidationFailed as refused:
        return refused.fields.get("preferred_shipping_date")
    return None


def _when_latest_day_is(day: date) -> datetime:
    """An instant at which `day` is the latest calendar day on Earth (13:00 UTC the day before: 03:00 on
    `day` in Kiribati, UTC+14), and the earliest is the day before."""
    return datetime.combine(day - timedelta(days=1), time(13), UTC)


@pytest.mark.parametrize(("today", "last"), EDGES, ids=TODAYS)
def test_two_calendar_years_ahead_is_the_last_shipping_day(today: date, last: date) -> None:
    assert _refusal(last, today) is None
    assert _refusal(last + timedelta(days=1), today) == FAR


@given(st.dates(min_value=date(1971, 1, 1), max_value=date(2097, 12, 31)))
def test_the_horizon_is_the_same_day_two_years_on(today: date) -> None:
    """The same month and day two years later (a 29 February's, the 28th: that year has none) is allowed,
    and the day after it refused."""
    leap_day = (today.month, today.day) == (2, 29)
    last = date(today.year + 2, today.month, 28 if leap_day else today.day)
    assert _refusal(last, today) is None
    assert _refusal(last + timedelta(days=1), today) == FAR


@pytest.fixture
def booking(tmp_path: Path) -> BookingApplication:
    return BookingApplication(sqlite_store(tmp_path))


@pytest.mark.parametrize(("today", "last"), EDGES, ids=TODAYS)
def test_the_application_counts_from_the_latest_day_on_earth(
    booking: BookingApplication, today: date, last: date
) -> None:
    now = _when_latest_day_is(today)
    assert days_now(now) == (today - timedelta(days=1), today)

    def refusal(day: date) -> str | None:
        try:
            booking.create_rate_request(SHIPPER, "shipper", _draft(day), now=now)
        except ValidationFailed as refused:
            return refused.fields.get("preferred_shipping_date")
        return None

    assert refusal(last) is None
    assert refusal(last + timedelta(days=1)) == FAR


def _content(departure: date, arrival: date | None = None) -> BookingRequestContent:
    return BookingRequestContent(
        locations=(ShipmentLocation("POL", "NLAMS"), ShipmentLocation("POD", "SGSIN")),
        equipments=(RequestedEquipment("22GP", 1, False),),
        expected_departure_date=departure.isoformat(),
        expected_arrival_end=arrival.isoformat() if arrival else None,
    )


@pytest.mark.parametrize(("today", "last"), EDGES, ids=TODAYS)
def test_the_standard_door_s_dates_hold_the_same_horizon(
    booking: BookingApplication, today: date, last: date
) -> None:
    now = _when_latest_day_is(today)

    def refusals(content: BookingRequestContent) -> dict[str, str]:
        try:
            booking.create_booking_request(SHIPPER, "shipper", content, now=now)
        except ValidationFailed as refused:
            return dict(refused.fields)
        return {}

    assert refusals(_content(last, arrival=last)) == {}
    after = last + timedelta(days=1)
    assert refusals(_content(after)) == {"expected_departure_date": DEPARTURE_FAR}
    assert refusals(_content(last, arrival=after)) == {"expected_arrival_end": ARRIVAL_FAR}
