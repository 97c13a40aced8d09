"""`utc_text` remembers the last moment it wrote (an event's handlers write its timestamp in turn): the text
of each moment, repeated or not, is still its own."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from projections.history import stored_utc_text, utc_text

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


def test_a_stored_moment_reads_as_its_decoded_moment_writes() -> None:
    moments = [
        datetime(2026, 3, 20, 23, 59, 59, 999999, tzinfo=UTC),
        datetime(2026, 3, 20, 23, 59, 59, tzinfo=UTC),  # no microseconds: isoformat leaves them out
        datetime(2026, 3, 20, 23, 59, 59, 5, tzinfo=TEHRAN),
        datetime(2026, 3, 20, 23, 59, 59, 5),
        datetime(1, 1, 1, tzinfo=UTC),
    ]
    texts = [m.isoformat() for m in moments]
    texts += ["2026-03-20 23:59:59.000005+00:00", "2026-03-20T23:59:59.000005+00:00"]
    for text in texts:
        assert stored_utc_text(text) == utc_text(datetime.fromisoformat(text)), text
    with pytest.raises(ValueError):
        stored_utc_text("2026-13-20T23:59:59.000005+00:00")
