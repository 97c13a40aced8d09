"""The window of time this business deals in, and the screen every date and date-time passes at the door.

A date-time outside it (year 9999, year 1) is not a shipment's time but a typo or an attack; refusing it
where it comes in keeps it out of the store, where a later conversion to UTC would overflow and park every
read model that meets it.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from domain.shared.messages import message

EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC)
OUTSIDE = message("common.moment.window")
# How far ahead of the server's clock an ACTUAL event (one that has happened) may be dated: the publishers'
# clocks drift, but not by days.
ACTUAL_AHEAD = timedelta(hours=1)
IN_THE_FUTURE = message("tracking.event.ahead")
UPDATED_AHEAD = message("tracking.event.updatedAhead")


def parse_instant(text: str) -> datetime:
    """An ISO 8601 date-time (`Z` or an offset; naive read as UTC). ValueError when it is not one."""
    found = datetime.fromisoformat(str(text).replace("Z", "+00:00").replace("z", "+00:00"))
    return found if found.tzinfo is not None else found.replace(tzinfo=UTC)


def written_day(text: str) -> date | None:
    """The calendar day `text` names when it is a date alone, in any ISO 8601 form (`2026-12-10`, `20261210`,
    `2026-W50-4`); None when it is not one (a date-time, a typo). Every door that reads a day or a validity
    asks this first, so one day typed two ways is one day, never midnight in one spelling and the day's end
    in the other."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def written_utc(moment: datetime | str) -> str:
    """A time as every screen and message writes it: YYYY/MM/DD HH:MM in UTC. A time given with another
    offset (a publisher's `07:00+01:00`) is converted, not cut: its wall-clock digits are not UTC's."""
    aware = parse_instant(moment) if isinstance(moment, str) else moment
    if aware.tzinfo is None:
        aware = aware.replace(tzinfo=UTC)
    return aware.astimezone(UTC).strftime("%Y/%m/%d %H:%M UTC")


def instant_problem(moment: datetime) -> str | None:
    """Why this date-time is outside the business's window, or None. Never converts a moment outside it (a
    far one would overflow)."""
    if not EARLIEST.year <= moment.year < LATEST.year:
        return OUTSIDE
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return None if EARLIEST <= aware < LATEST else OUTSIDE


def date_problem(day: date) -> str | None:
    """Why this date is outside the business's window, or None."""
    return None if EARLIEST.year <= day.year < LATEST.year else OUTSIDE


def text_instant_problem(text: str) -> str | None:
    """For a date-time given as text that is known to parse: whether it is outside the window."""
    try:
        return instant_problem(parse_instant(text))
    except (ValueError, OverflowError):
        return None


# The clocks of the Earth run from UTC-12 to UTC+14: at any instant it is one of two (for two hours a day,
# three) calendar days somewhere.
WESTERNMOST = timedelta(hours=-12)
EASTERNMOST = timedelta(hours=14)


def days_now(now: datetime) -> tuple[date, date]:
    """The first and the last calendar day it is somewhere on Earth at `now`. A rule about "today" whose
    reader's zone the server does not know (a shipping date "cannot be in the past", "within two years")
    refuses a day only when it is past, or too far, on every clock: the server's UTC day is not the day of a
    shipper in Honolulu in her evening, nor of one in Kiribati in his morning."""
    aware = (now if now.tzinfo is not None else now.replace(tzinfo=UTC)).astimezone(UTC)
    return (aware + WESTERNMOST).date(), (aware + EASTERNMOST).date()


def too_far_ahead(moment: datetime, now: datetime) -> bool:
    """Whether an actual event dated `moment` would have happened in the future (beyond the clock drift)."""
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return aware > now + ACTUAL_AHEAD
