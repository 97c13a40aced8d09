"""Which booking a tracking event is about, read from the read models when it is published.

In order: a booking reference the event's shipment details carry (`documentReference` or an additional one,
of type BKG or CBR: the portal's booking reference, the standard's carrierBookingReference), else the
container, tied to a booking by an earlier event that named both. The answer is recorded in the event, so a
replay places it the same way whatever the read models later say.
"""

from __future__ import annotations

from typing import Any

from domain.tracking.milestone import BookingMatch, document_references, equipment_reference
from infrastructure.read_db import Tx
from projections.booking.lookup import rate_request_id_for
from projections.booking.sailings import SAILINGS
from projections.tracking import booking_of_container, booking_ordering_container

BOOKING_DOCUMENTS = ("BKG", "CBR")


def booking_references(document: dict[str, Any]) -> list[str]:
    return [reference for kind, reference in document_references(document) if kind in BOOKING_DOCUMENTS]


def _booking(tx: Tx, rate_request_id: str) -> BookingMatch | None:
    row = tx.one(
        "SELECT id, customer_id, reference FROM booking_rate_requests WHERE id = ?", (rate_request_id,)
    )
    if row is None:
        return None
    sailing = tx.one(
        f"SELECT discharge_port, arrival FROM {SAILINGS} WHERE rate_request_id = ?", (rate_request_id,)
    )
    return BookingMatch(
        str(row["id"]),
        str(row["customer_id"]),
        str(row["reference"] or row["id"]),
        planned_arrival=None if sailing is None else sailing["arrival"],
        arrival_port=None if sailing is None else sailing["discharge_port"],
    )


def match(tx: Tx, document: dict[str, Any]) -> BookingMatch | None:
    for reference in booking_references(document):
        rate_request_id = rate_request_id_for(tx, reference)
        found = None if rate_request_id is None else _booking(tx, rate_request_id)
        if found is not None:
            return found
    container = equipment_reference(document)
    if container is None:
        return None
    # The latest of: an earlier event that named the container and a booking, a shipping order naming it
    # (containers are reused: the most recent tie is the one meant).
    tied = booking_of_container(tx, container)
    ordered = booking_ordering_container(tx, container)
    if ordered is not None and (tied is None or int(ordered["position"]) > int(tied["position"])):
        return _booking(tx, str(ordered["rate_request_id"]))
    if tied is not None:
        return _booking(tx, str(tied["rate_request_id"])) or BookingMatch(
            tied["rate_request_id"], tied["customer_id"], tied["booking_reference"]
        )
    return None


def booking_by_reference(tx: Tx, reference: str) -> BookingMatch | None:
    rate_request_id = rate_request_id_for(tx, reference)
    return None if rate_request_id is None else _booking(tx, rate_request_id)
