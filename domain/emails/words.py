"""The words of e-mails and notifications in the reader's language, from `contract/email-messages.json`.

English writes times as every screen does (domain/shared/local_time.py); Persian writes them in the Solar
Hijri calendar (jdatetime) with Persian digits, in the same place's local time and zone. In Persian every
value set into a sentence that is written left to right (a reference, a port, a vessel, a time) is isolated
(FSI ... PDI) so that it neither scrambles nor drags the sentence's order with it.
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import jdatetime

from domain.shared.languages import DEFAULT, supported
from domain.shared.local_time import UTC_ZONE, _aware, port_zone, written_in, zone_label
from domain.shared.moments import written_utc

CATALOGUE = Path(__file__).resolve().parents[2] / "contract" / "email-messages.json"
_RAW: dict[str, Any] = json.loads(CATALOGUE.read_text(encoding="utf-8"))
TEMPLATE_WORDS: dict[str, dict[str, dict[str, Any]]] = _RAW["templates"]
WORDS: dict[str, dict[str, str]] = _RAW["words"]
# The customer's in-app notices of a booking's events, by event (`RateRequest.Quoted`), per language.
NOTICE_WORDS: dict[str, dict[str, dict[str, str]]] = _RAW["notices"]

_PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
FSI, PDI = "\u2068", "\u2069"


class _Kept(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def language_of(account: object) -> str:
    """The language an account reads its e-mails in: its choice, else its profile's (a team member's own
    profile names one), else English."""
    chosen = supported(getattr(account, "language", None))
    if chosen is None:
        profile = getattr(account, "profile", None)
        chosen = supported(profile.get("language")) if isinstance(profile, dict) else None
    return chosen or DEFAULT


def say(key: str, language: str, **values: str) -> str:
    """The catalogue's sentence `key` in `language` (English where it lacks one), filled from `values`."""
    known = WORDS[key]
    return known.get(language, known[DEFAULT]).format_map(_Kept(values))


def isolated(text: str, language: str) -> str:
    """`text` isolated from the sentence around it where the sentence is Persian; as it is in English."""
    return f"{FSI}{text}{PDI}" if language == "fa" and text else text


def digits(text: str, language: str) -> str:
    """Persian digits in Persian."""
    return text.translate(_PERSIAN_DIGITS) if language == "fa" else text


def number(written: str, language: str) -> str:
    """A number written with `,` thousands and `.` decimals (`1,250.5`); in Persian with Persian digits and
    the Persian thousands and decimal separators."""
    if language != "fa":
        return written
    return digits(written.replace(",", "\u066c").replace(".", "\u066b"), language)


def money(amount: Decimal, language: str) -> str:
    """`$1,250.50`; in Persian with Persian digits and the Persian thousands and decimal separators."""
    return say("money", language, amount=number(f"{amount:,.2f}", language))


def day_in(day: date, language: str) -> str:
    """A calendar day as the screens write it: `2026/12/26`; in Persian in the Solar Hijri calendar with
    Persian digits (2026/12/26 is 1405/10/05 in them)."""
    if language != "fa":
        return day.strftime("%Y/%m/%d")
    solar = jdatetime.date.fromgregorian(date=day)
    return digits(f"{solar.year:04d}/{solar.month:02d}/{solar.day:02d}", language)


def _zone(zone: str, local: datetime, language: str) -> str:
    if zone == UTC_ZONE:
        return say("utc", language)
    return zone_label(zone, local, language)


def time_in(moment: datetime | str, zone: str, language: str) -> str:
    """A moment in the local time of `zone`, the zone named: in English as the screens write it
    (`2026/12/09 02:00 local time (UTC+03:30)`), in Persian in the Solar Hijri calendar with Persian digits
    (1405/09/18 02:00, local time (UTC+03:30), every digit Persian as on the screens)."""
    if language != "fa":
        return written_utc(moment) if zone == UTC_ZONE else written_in(moment, zone)
    local = _aware(moment).astimezone(UTC if zone == UTC_ZONE else ZoneInfo(zone))
    written = f"{day_in(local.date(), language)} {local:%H:%M}"
    return isolated(digits(f"{written} {_zone(zone, local, language)}", language), language)


def time_at(moment: datetime | str, port: str | None, language: str) -> str:
    """A moment at a port (UN/LOCODE), in that port's local time with its zone."""
    return time_in(moment, port_zone(port), language)


def time_utc(moment: datetime | str, language: str) -> str:
    """A moment of no place (a quote's validity), in UTC."""
    return time_in(moment, UTC_ZONE, language)
