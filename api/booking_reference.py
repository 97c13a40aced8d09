"""How the DCSA door names a booking, in one place.

DESIGN section 11: the human booking reference (`FB-<year>-<6 digits>`, issue 14) is the standard's
`carrierBookingRequestReference` before confirmation and `carrierBookingReference` once confirmed. A rate
request made before references existed has none until the server assigns it at start; until then its id
stands in (the standard allows 100 characters for the request reference; the id is never a booking
reference, which allows 35).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from infrastructure.read_db import Tx


def request_reference(detail: dict[str, Any]) -> str:
    return str(detail.get("reference") or detail["id"])


def booking_reference(detail: dict[str, Any]) -> str:
    return str(detail.get("reference") or UUID(str(detail["id"])).hex.upper())


def rate_request_id_for(tx: Tx, reference: str) -> str | None:
    """The rate request a reference (the human reference, any case, or the id) names, or None."""
    text = reference.strip()
    found = tx.scalar("SELECT id FROM booking_rate_requests WHERE reference_upper = ?", (text.upper(),))
    if found is not None:
        return str(found)
    try:
        return str(UUID(text))
    except ValueError:
        return None
