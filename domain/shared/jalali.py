"""The Jalali (Solar Hijri) calendar the sign-up birth date is written in: which dates exist, and their
Gregorian day."""

from __future__ import annotations

from datetime import date


def to_gregorian(year: int, month: int, day: int) -> date:
    """The Gregorian day of a Jalali date (the arithmetic of the widely used `jdf` conversion)."""
    jy = year + 1595
    days = -355668 + 365 * jy + (jy // 33) * 8 + ((jy % 33) + 3) // 4 + day
    days += (month - 1) * 31 if month < 7 else (month - 7) * 30 + 186
    gy = 400 * (days // 146097)
    days %= 146097
    if days > 36524:
        days -= 1
        gy += 100 * (days // 36524)
        days %= 36524
        if days >= 365:
            days += 1
    gy += 4 * (days // 1461)
    days %= 1461
    if days > 365:
        gy += (days - 1) // 365
        days = (days - 1) % 365
    gd = days + 1
    leap = (gy % 4 == 0 and gy % 100 != 0) or gy % 400 == 0
    for gm, length in enumerate((31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31), start=1):
        if gd <= length:
            return date(gy, gm, gd)
        gd -= length
    raise ValueError("not a Jalali date")


def exists(year: int, month: int, day: int) -> bool:
    """Months 1-6 have 31 days, 7-11 have 30, Esfand 29 (30 in a leap year)."""
    if not (1 <= month <= 12 and day >= 1):
        return False
    if month <= 6:
        return day <= 31
    if month <= 11:
        return day <= 30
    if day <= 29:
        return True
    # Esfand 30 exists only when it is not already the first day of the next year.
    return day == 30 and to_gregorian(year, 12, 30) != to_gregorian(year + 1, 1, 1)
