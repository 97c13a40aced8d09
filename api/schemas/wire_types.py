"""Field types of request schemas that are stricter than pydantic's lax defaults.

- A number is never a boolean (`"quantity": true` is not 1) and its digits are ASCII (`"٣"` is not 3).
- An instant converts to UTC inside the years this portal deals in (1970 to 2099): year 9999 or year 1
  with an offset is a 400 naming the field, not an overflow later.
- What staff write to a customer (a decline's, a revision's, a rejection's message) is one bound long.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field

from domain.shared.digits import latin_digits
from domain.shared.moments import instant_problem
from domain.shared.text_limits import STAFF_MESSAGE_MAX


def _plain_number(value: Any) -> Any:
    if isinstance(value, bool):
        raise ValueError("Expected number received boolean")
    if isinstance(value, str) and not value.strip().isascii():
        raise ValueError("Digits must be ASCII (0-9)")
    return value


def _typed_digits(value: Any) -> Any:
    # Digits a person types (an SMS code, a phone) on a Persian keyboard are read as Latin ones (3001).
    return _plain_number(latin_digits(value) if isinstance(value, str) else value)


def utc_instant(value: datetime) -> datetime:
    """`value` in UTC (no zone means UTC), refused outside the business's window (domain/shared/moments.py),
    which is checked before the conversion could overflow."""
    moment = value if value.tzinfo else value.replace(tzinfo=UTC)
    outside = instant_problem(moment)
    if outside:
        raise ValueError(outside)
    return moment.astimezone(UTC)


PlainNumber = BeforeValidator(_plain_number)
TypedDigits = BeforeValidator(_typed_digits)
Whole = Annotated[int, PlainNumber]
Real = Annotated[float, PlainNumber]
Instant = Annotated[datetime, AfterValidator(utc_instant)]
StaffMessage = Annotated[str, Field(max_length=STAFF_MESSAGE_MAX)]
