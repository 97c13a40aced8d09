"""Where a time happens: a port's name and its time zone, so the screens write its times as the server
does (docs/decisions/0901-one-time-policy.md)."""

from __future__ import annotations

from api.schemas.wire_model import WireModel


class Place(WireModel):
    code: str  # UN/LOCODE, as asked
    name: str | None  # the port's name (null for a code no list holds)
    time_zone: str  # IANA zone (`Asia/Tehran`), or `UTC` when the port's zone cannot be told
