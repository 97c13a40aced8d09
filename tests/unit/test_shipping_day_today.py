"""A shipping date "cannot be in the past" and lies "within two years from today": whose today? The server
does not know the person's zone, and shippers and integrators write from every offset (UTC-10 in Honolulu,
UTC+14 in Kiribati). A day is refused only when it is past, or more than two years ahead, on every clock on
Earth, so that the message is true for whoever reads it."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from domain.booking.application import BookingApplication
from domain.booking.booking_content import BookingRequestContent, RequestedEquipment, ShipmentLocation
from domain.booking.values import RateRequestDraft
from domain.shared.actor import CUSTOMER, Actor
from domain.shared.errors import ValidationFailed
from domain.shared.moments import days_now
from tests.unit.history_support import sqlite_store

SHIPPER = Actor("shipper-1", CUSTOMER)
# 20:00 on 2026/12/07 in Honolulu (UTC-10), 06:00 on the 8th in UTC, 20:00 on the 8th in Kiribati (UTC+14).
HONOLULU_EVENING = datetime(2026, 12, 8, 6, 0, tzinfo=UTC)
# 00:30 on 2026/12/08 in Tehran (UTC+03:30): still 21:00 on the 7th in UTC.
TEHRAN_AFTER_MIDNIGHT = datetime(2026, 12, 7, 21, 0, tzinfo=UTC)
# 01:00 on 2026/12/08 in Kiribati (UTC+14): 11:00 on the 7th in UTC, 01:00 on the 7th in Honolulu.
KIRIBATI_NIGHT = datetime(2026, 12, 7, 11, 0, tzinfo=UTC)
PAST = "Preferred shipping date cannot be in the past"


@pytest.fixture
def booking(tmp_path: Path) -> BookingApplication:
    return BookingApplication(sqlite_store(tmp_path))


def _draft(day: str) -> RateRequestDraft:
    return RateRequestDraft(
        commodity="Dates",
        hs_code="080410",
        preferred_shipping_date=day,
        quantity=1,
        pol_id=1,
        pod_id=2,
        container_type_id=1,
        container_size_id=1,
    )


def _refusal(booking: BookingApplication, day: str, now: datetime) -> str | None:
    try:
        booking.create_rate_request(SHIPPER, "shipper", _draft(day), now=now)
    except ValidationFailed as refused:
        return refused.fields.get("preferred_shipping_date")
    return None


def _content(departure: str) -> BookingRequestContent:
    return BookingRequestContent(
        locations=(ShipmentLocation("POL", "NLAMS"), ShipmentLocation("POD", "SGSIN")),
        equipments=(RequestedEquipment("22GP", 1, False),),
        expected_departure_date=departure,
    )


def _departure_refusal(booking: BookingApplication, departure: str, now: datetime) -> str | None:
    try:
        booking.create_booking_request(SHIPPER, "shipper", _content(departure), now=now)
    except ValidationFailed as refused:
        return refused.fields.get("expected_departure_date")
    return None


def test_the_days_it_is_somewhere_on_earth() -> None:
    assert days_now(HONOLULU_EVENING) == (date(2026, 12, 7), date(2026, 12, 8))
    assert days_now(KIRIBATI_NIGHT) == (date(2026, 12, 6), date(2026, 12, 8))
    # An instant given with its own offset is the same instant.
    assert days_now(datetime.fromisoformat("2026-12-08T00:30:00+03:30")) == days_now(TEHRAN_AFTER_MIDNIGHT)


def test_today_in_honolulu_is_not_in_the_past_after_utc_midnight(booking: BookingApplication) -> None:
    """In the evening in Honolulu the UTC day is already tomorrow: the shipper's own today was refused as
    "in the past", on the form and on /v2 alike."""
    assert _refusal(booking, "2026-12-07", HONOLULU_EVENING) is None
    assert _departure_refusal(booking, "2026-12-07", HONOLULU_EVENING) is None
    # The day before is past everywhere by then, and is told so.
    assert _refusal(booking, "2026-12-06", HONOLULU_EVENING) == PAST
    assert (
        _departure_refusal(booking, "2026-12-06", HONOLULU_EVENING)
        == "The expected departure date cannot be in the past"
    )


def test_two_years_from_today_counts_from_kiribati_s_today(booking: BookingApplication) -> None:
    """At 01:00 on the 8th in Kiribati the UTC day is the 7th: the shipper's two years from her today (two
    calendar years, record 3917) were refused as beyond two years."""
    assert _refusal(booking, "2028-12-08", KIRIBATI_NIGHT) is None
    assert _departure_refusal(booking, "2028-12-08", KIRIBATI_NIGHT) is None
    far = "Preferred shipping date must be within two years from today"
    assert _refusal(booking, "2028-12-09", KIRIBATI_NIGHT) == far


def test_a_tehran_shipper_after_midnight_books_her_today(booking: BookingApplication) -> None:
    assert _refusal(booking, "2026-12-08", TEHRAN_AFTER_MIDNIGHT) is None
    # The Solar Hijri year typed where the Gregorian one belongs (1405 for 2026) is long past.
    assert _refusal(booking, "1405-09-17", TEHRAN_AFTER_MIDNIGHT) == PAST
