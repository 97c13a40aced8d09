"""A time written into a notice or an e-mail is the moment in UTC: a time given with another offset is
converted, never cut to its wall-clock digits and labelled UTC."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from domain.booking.emails import when
from domain.booking.sailing_notices import _when
from domain.shared.moments import written_utc

TEHRAN = timezone(timedelta(hours=3, minutes=30))


def test_a_time_with_an_offset_is_written_in_utc() -> None:
    assert written_utc("2027-01-05T07:00:00+01:00") == "2027/01/05 06:00 UTC"
    assert written_utc("2026-12-09T02:00:00+03:30") == "2026/12/08 22:30 UTC"
    assert written_utc("2027-01-05T07:00:00Z") == "2027/01/05 07:00 UTC"


def test_the_sailing_notices_and_booking_emails_convert_too() -> None:
    assert _when("2026-12-09T02:00:00+03:30") == "2026/12/08 22:30 UTC"
    assert _when(None) == "not given"
    assert when(datetime(2026, 12, 9, 2, 0, tzinfo=TEHRAN)) == "2026/12/08 22:30 UTC"
