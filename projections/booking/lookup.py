"""Which rate request a booking reference names, read from the booking read model (the DCSA door, the tracking
match and the staff's screens all ask it)."""

from __future__ import annotations

from uuid import UUID

from infrastructure.read_db import Tx


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
