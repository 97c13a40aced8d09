"""Field types of request schemas that are stricter than pydantic's lax defaults.

- A number is never a boolean (`"quantity": true` is not 1) and its digits are ASCII (`"٣"` is not 3).
- An instant converts to UTC inside the years this portal deals in: year 9999 or year 1 with an offset is a
  400 naming the field, not an overflow later.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator

FIRST_YEAR, LAST_YEAR = 1900, 2999


def _plain_number(value: Any) -> Any:
    if isinstance(value, bool):
        raise ValueError("Expected number received boolean")
    if isinstance(value, str) and not value.strip().isascii():
        raise ValueError("Digits must be ASCII (0-9)")
    return value


def utc_instant(value: datetime) -> datetime:
    """`value` in UTC (no zone means UTC), refused outside FIRST_YEAR..LAST_YEAR."""
    moment = value if value.tzinfo else value.replace(tzinfo=UTC)
    try:
        moment = moment.astimezone(UTC)
    except OverflowError as error:
        raise ValueError(f"Dates run from {FIRST_YEAR} to {LAST_YEAR}") from error
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:
        raise ValueError(f"Dates run from {FIRST_YEAR} to {LAST_YEAR}")
    return moment


PlainNumber = BeforeValidator(_plain_number)
Whole = Annotated[int, PlainNumber]
Real = Annotated[float, PlainNumber]
Instant = Annotated[datetime, AfterValidator(utc_instant)]
