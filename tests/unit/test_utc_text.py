"""`utc_text` remembers the last moment it wrote (an event's handlers write its timestamp in turn): the text
of each moment, repeated or not, is still its own."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from projections.history import utc_text

TEHRAN = timezone(timedelta(hours=3, minutes=30))


def test_each_moment_has_its_own_text_repeated_or_not() -> None:
    aware = datetime(2026, 3, 20, 23, 59, 59, 999999, tzinfo=TEHRAN)
    naive = datetime(2026, 3, 20, 23, 59, 59, 999999)
    whole = datetime(2026, 1, 1, tzinfo=UTC)
    expected = {
        id(aware): "2026-03-20T20:29:59.999999Z",
        id(naive): "2026-03-20T23:59:59.999999Z",
        id(whole): "2026-01-01T00:00:00.000000Z",
    }
    for moment in (aware, aware, naive, aware, whole, whole, naive):
        assert utc_text(moment) == expected[id(moment)]
