"""How a test expects a moment written at a place: the clock of that zone, then `Place (UTC+hh:mm)`, worked
out here from the zone database and not by the product's own helper."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo


def at_zone(moment: datetime, zone: str) -> str:
    """`2026/12/09 02:00 Tehran (UTC+03:30)` for `Asia/Tehran`."""
    local = moment.astimezone(ZoneInfo(zone))
    offset = local.strftime("%z")
    place = zone.rsplit("/", 1)[-1].replace("_", " ")
    return f"{local:%Y/%m/%d %H:%M} {place} (UTC{offset[:3]}:{offset[3:]})"
