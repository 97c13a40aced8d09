"""How a test expects a moment written at a port: the clock of its zone, then `local time (UTC+hh:mm)`,
worked out here from the zone database and not by the product's own helper."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo


def at_zone(moment: datetime, zone: str) -> str:
    """`2026/12/09 02:00 local time (UTC+03:30)` for `Asia/Tehran`."""
    local = moment.astimezone(ZoneInfo(zone))
    offset = local.strftime("%z")
    return f"{local:%Y/%m/%d %H:%M} local time (UTC{offset[:3]}:{offset[3:]})"
