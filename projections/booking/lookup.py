"""Which rate request a booking reference (or the reference of a document the booking has) names, read from
the booking read model (the DCSA doors, the tracking match and the staff's screens all ask it)."""

from __future__ import annotations

from uuid import UUID

from domain.booking import document_references
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


def rate_request_named_by(tx: Tx, kind: str, reference: str) -> str | None:
    """The rate request a document reference of `kind` names now (the kinds of
    `domain.booking.document_references`), or None: a transport document's only once its order has one."""
    named = document_references.booking_named(kind, reference)
    rate_request_id = None if named is None else rate_request_id_for(tx, named)
    if named is None or rate_request_id is None:
        return None
    state = tx.scalar(
        "SELECT status_name FROM booking_shipping_orders WHERE rate_request_id = ?", (rate_request_id,)
    )
    if not document_references.names(named, None if state is None else str(state), kind, reference):
        return None
    return rate_request_id
