"""How the DCSA door names a booking, in one place.

DESIGN section 11: the human booking reference (`FB-<year>-<6 digits>`) is the standard's
`carrierBookingRequestReference` before confirmation and `carrierBookingReference` once confirmed. A rate
request made before references existed has none until the server assigns it at start; until then its id
stands in (the standard allows 100 characters for the request reference; the id is never a booking
reference, which allows 35).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from projections.booking.lookup import rate_request_id_for

__all__ = ["booking_reference", "rate_request_id_for", "request_reference"]


def request_reference(detail: dict[str, Any]) -> str:
    return str(detail.get("reference") or detail["id"])


def booking_reference(detail: dict[str, Any]) -> str:
    return str(detail.get("reference") or UUID(str(detail["id"])).hex.upper())
