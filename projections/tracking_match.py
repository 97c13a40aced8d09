"""Which booking a tracking event is about, read from the read models when it is published.

In order: a document reference the event's shipment details carry (`documentReference` or an additional one)
that names a document the booking has now: the booking itself (BKG or CBR: the portal's booking reference,
the standard's carrierBookingReference) or, once drafted, its transport document (TRD); else, for a revision
of an event already placed on a booking, that booking (what was matched stays where it is); else the
container, tied to a booking by an earlier event that named both, or by the shipping order naming it now (a
container an order dropped is no longer its booking's: decision 3828; nor is any container an event tied to
it before its order was cancelled or declined: decision 3834; nor any container at all once the booking
ended, with an order or without: decision 3837). Which documents a
booking has is `domain/booking/document_references.py`'s to say, for the match as for `GET /v3/events`'s
filters and staff's assignment (decision 3822). The answer is recorded in the event, so a replay places it the
same way whatever the read models later say.
"""

from __future__ import annotations

from typing import Any

from domain.booking.document_references import KINDS
from domain.tracking.milestone import BookingMatch, booking_documents, equipment_reference, tracking_event_id
from infrastructure.read_db import Tx
from projections.booking.lookup import rate_request_named_by
from projections.booking.sailings import SAILINGS
from projections.tracking import booking_of_container, booking_ordering_container, matched_before


def _booking(tx: Tx, rate_request_id: str) -> BookingMatch | None:
    row = tx.one(
        "SELECT r.id, r.customer_id, r.reference, p.code AS pol_code FROM booking_rate_requests r"
        " LEFT JOIN booking_ports p ON p.id = r.pol_id WHERE r.id = ?",
        (rate_request_id,),
    )
    if row is None:
        return None
    sailing = tx.one(
        f"SELECT load_port, discharge_port, arrival FROM {SAILINGS} WHERE rate_request_id = ?",
        (rate_request_id,),
    )
    return BookingMatch(
        str(row["id"]),
        str(row["customer_id"]),
        str(row["reference"] or row["id"]),
        planned_arrival=None if sailing is None else sailing["arrival"],
        arrival_port=None if sailing is None else sailing["discharge_port"],
        load_port=row["pol_code"] if sailing is None else sailing["load_port"],
    )


def match(tx: Tx, document: dict[str, Any]) -> BookingMatch | None:
    for kind, reference in booking_documents(document):
        rate_request_id = rate_request_named_by(tx, kind, reference)
        found = None if rate_request_id is None else _booking(tx, rate_request_id)
        if found is not None:
            return found
    # A revision of an event already on a booking stays there, whatever its container's ties say now.
    before = matched_before(tx, str(tracking_event_id(document)))
    if before is not None:
        return _placed(tx, before)
    container = equipment_reference(document)
    if container is None:
        return None
    # The latest of: an earlier event that named the container and a booking (unless that booking's order has
    # dropped the container, or been cancelled or declined, since, or the booking ended), a shipping order
    # naming it now (containers are reused: the most recent tie is the one meant).
    tied = booking_of_container(tx, container)
    ordered = booking_ordering_container(tx, container)
    if ordered is not None and (tied is None or int(ordered["position"]) > int(tied["position"])):
        return _booking(tx, str(ordered["rate_request_id"]))
    return None if tied is None else _placed(tx, tied)


def _placed(tx: Tx, row: dict[str, Any]) -> BookingMatch:
    """The booking an earlier event was placed on (as the event recorded it, should the booking be gone)."""
    return _booking(tx, str(row["rate_request_id"])) or BookingMatch(
        row["rate_request_id"], row["customer_id"], row["booking_reference"]
    )


def booking_by_reference(tx: Tx, reference: str, kinds: tuple[str, ...] = KINDS) -> BookingMatch | None:
    """The booking a reference names now, as a document of one of `kinds` (by default any: the booking's
    own reference or its transport document's, as staff type either), or None."""
    for kind in kinds:
        rate_request_id = rate_request_named_by(tx, kind, reference)
        found = None if rate_request_id is None else _booking(tx, rate_request_id)
        if found is not None:
            return found
    return None
