"""The standards' `format: date`: the JSON text `YYYY-MM-DD` and nothing else. Pydantic's lax date also takes
a date-time whose time is midnight (quietly cut to its day) and a number (seconds since 1970); a body that
sends either is not the standard's, and is refused by the field's path rather than read as some day."""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Any

from pydantic import BeforeValidator

_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _day_text(value: Any) -> Any:
    if isinstance(value, date) or (isinstance(value, str) and _DAY.fullmatch(value)):
        return value
    raise ValueError("A date as YYYY-MM-DD")


CalendarDate = Annotated[date, BeforeValidator(_day_text)]
