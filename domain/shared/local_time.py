"""The one way a time is written for people (docs/decisions/0901-one-time-policy.md).

An instant is kept as it was given (UTC or with its offset); it is written as the local time of the place it
happens, in that port's local time with its offset: `2026/12/09 02:00 local time (UTC+03:30)` (the words from
`contract/time-words.json`). A port's place is its UN/LOCODE: the
first two letters are its country, and a country with one zone in the time-zone database (`tzdata`'s
zone.tab) has that zone; the ports the product knows in countries with several zones are listed below. A
moment with no place (or a port of a many-zoned country not listed) is written in UTC, said as `UTC`.

The web app writes the same text from the same zone names and words (`web/src/lib/format.ts`); the zone
reaches it beside each port (`timeZone`).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import cache
from importlib.resources import files
from pathlib import Path
from zoneinfo import ZoneInfo

from domain.shared.moments import parse_instant

UTC_ZONE = "UTC"
# The port's local time named: `local time (UTC{offset})`, by language.
PORT_TIME: dict[str, str] = json.loads(
    (Path(__file__).resolve().parents[2] / "contract" / "time-words.json").read_text(encoding="utf-8")
)["portTime"]

# Ports of countries with more than one zone, by UN/LOCODE (their coast, not the country's capital).
PORT_ZONES: dict[str, str] = {
    **dict.fromkeys(
        ("USLAX", "USLGB", "USSEA", "USTIW", "USOAK", "USPDX", "USSAN"),
        "America/Los_Angeles",
    ),
    **dict.fromkeys(
        ("USNYC", "USEWR", "USSAV", "USORF", "USCHS", "USBAL", "USMIA", "USPEF", "USJAX", "USPHL"),
        "America/New_York",
    ),
    **dict.fromkeys(("USHOU", "USMSY", "USMOB"), "America/Chicago"),
    "USBOS": "America/New_York",
    "USILM": "America/New_York",
    "USHNL": "Pacific/Honolulu",
    "USANC": "America/Anchorage",
    "CAVAN": "America/Vancouver",
    "CAPRR": "America/Vancouver",
    "CAMTR": "America/Toronto",
    "CAHAL": "America/Halifax",
    "CASJB": "America/Moncton",
    "MXZLO": "America/Mexico_City",
    "MXLZC": "America/Mexico_City",
    "MXVER": "America/Mexico_City",
    "MXATM": "America/Monterrey",
    **dict.fromkeys(
        ("BRSSZ", "BRPNG", "BRRIG", "BRRIO", "BRITJ", "BRNVT", "BRIOA", "BRVIX", "BRITC"),
        "America/Sao_Paulo",
    ),
    "BRSSA": "America/Bahia",
    "BRSUA": "America/Recife",
    "BRPEC": "America/Fortaleza",
    "BRMAO": "America/Manaus",
    "RULED": "Europe/Moscow",
    "RUNVS": "Europe/Moscow",
    "RUVVO": "Asia/Vladivostok",
    "RUVYP": "Asia/Vladivostok",
    "RUKGD": "Europe/Kaliningrad",
    "AUMEL": "Australia/Melbourne",
    "AUSYD": "Australia/Sydney",
    "AUBNE": "Australia/Brisbane",
    "AUTSV": "Australia/Brisbane",
    "AUFRE": "Australia/Perth",
    "AUADL": "Australia/Adelaide",
    "AUDRW": "Australia/Darwin",
    **dict.fromkeys(("IDTPP", "IDJKT", "IDSUB", "IDSRG", "IDBLW"), "Asia/Jakarta"),
    "ARBUE": "America/Argentina/Buenos_Aires",
    "ESLPA": "Atlantic/Canary",
    "ESSCT": "Atlantic/Canary",
    "MYBTU": "Asia/Kuching",
    "MYKCH": "Asia/Kuching",
}

# Countries with several zones whose every other port keeps one of them (the others are islands or inland
# regions with no container port of their own, listed above where they have one).
COUNTRY_ZONES: dict[str, str] = {
    "CN": "Asia/Shanghai",
    "DE": "Europe/Berlin",
    "ES": "Europe/Madrid",
    "PT": "Europe/Lisbon",
    "MY": "Asia/Kuala_Lumpur",
    "CY": "Asia/Nicosia",
    "UA": "Europe/Kyiv",
    "EC": "America/Guayaquil",
    "NZ": "Pacific/Auckland",
    "CL": "America/Santiago",
    "PF": "Pacific/Tahiti",
    "PG": "Pacific/Port_Moresby",
}


@cache
def _zones_by_country() -> dict[str, tuple[str, ...]]:
    table = files("tzdata.zoneinfo").joinpath("zone.tab").read_text(encoding="utf-8")
    found: dict[str, list[str]] = {}
    for line in table.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        country, _, zone = line.split("\t")[:3]
        found.setdefault(country, []).append(zone)
    return {country: tuple(zones) for country, zones in found.items()}


def port_zone(code: str | None) -> str:
    """The IANA zone of a port (a UN/LOCODE), or `UTC` when it cannot be told."""
    if not code:
        return UTC_ZONE
    code = code.strip().upper()
    if code in PORT_ZONES:
        return PORT_ZONES[code]
    country = code[:2]
    zones = _zones_by_country().get(country, ())
    if len(zones) == 1:
        return zones[0]
    return COUNTRY_ZONES.get(country, UTC_ZONE)


def _aware(moment: datetime | str) -> datetime:
    found = parse_instant(moment) if isinstance(moment, str) else moment
    return found if found.tzinfo is not None else found.replace(tzinfo=UTC)


def _offset_of(moment: datetime) -> str:
    """`+03:30`: the offset of an aware moment from UTC."""
    offset = moment.utcoffset()
    minutes = 0 if offset is None else int(offset.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"{sign}{hours:02d}:{rest:02d}"


def zone_label(zone: str, moment: datetime, language: str = "en") -> str:
    """`local time (UTC+03:30)`: a port's local time and its offset then; `UTC` for UTC."""
    if zone == UTC_ZONE:
        return UTC_ZONE
    return PORT_TIME.get(language, PORT_TIME["en"]).format(offset=_offset_of(moment))


def written_in(moment: datetime | str, zone: str) -> str:
    """`2026/12/09 02:00 local time (UTC+03:30)`: the moment as the clocks of `zone` showed it, named."""
    local = _aware(moment).astimezone(UTC if zone == UTC_ZONE else ZoneInfo(zone))
    return f"{local:%Y/%m/%d %H:%M} {zone_label(zone, local)}"


def written_at(moment: datetime | str, port: str | None) -> str:
    """A moment that happens at a port (UN/LOCODE), in that port's local time with its zone."""
    return written_in(moment, port_zone(port))


def port_day(moment: datetime | str, port: str | None) -> str:
    """`2027-03-21`: the day a moment falls on at a port (UN/LOCODE) by its local clocks (the web's
    `portDay`); a planned departure at 04:00 in Shanghai is that day there, not the UTC day before."""
    zone = port_zone(port)
    return _aware(moment).astimezone(UTC if zone == UTC_ZONE else ZoneInfo(zone)).date().isoformat()
