"""How the DCSA door names a booking, in one place.

DESIGN section 11: the human booking reference (`FB-<year>-<6 digits>`) is the standard's
`carrierBookingRequestReference` before confirmation and `carrierBookingReference` once confirmed. Until
that reference lands (issue 14) a stand-in is used: the rate request's id as the request reference and its
32 hex digits (the standard allows 35 characters) as the booking reference. Switching is this module only.
"""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

_HEX = re.compile(r"^[0-9A-Fa-f]{32}$")


def request_reference(detail: dict[str, Any]) -> str:
    return str(detail["id"])


def booking_reference(detail: dict[str, Any]) -> str:
    return UUID(str(detail["id"])).hex.upper()


def rate_request_id_for(reference: str) -> str | None:
    """The rate request a reference (request or booking reference) names, or None if it names none."""
    text = reference.strip()
    try:
        if _HEX.fullmatch(text):
            return str(UUID(hex=text))
        return str(UUID(text))
    except ValueError:
        return None
