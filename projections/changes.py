"""What changed after a position, as notices a person may be shown: read from `event_log` and the read
models it was written with (one transaction), so a notice never arrives before the rows it speaks of.

Each notice names its audience: the customer it belongs to (None: staff only). Staff see every notice; a
customer sees their own rate requests, shipping orders, notifications and profile edit requests, and the
tracking events of their bookings that reached them before they ended (decision 3837); a notification names
what it opens, so a company's colleague is told only of those he reads (3872, 3895).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from infrastructure.read_db import Tx


@dataclass(frozen=True)
class Change:
    kind: str
    id: str
    reference: str | None
    position: int
    # The account that may see it besides staff (None: staff only); a notification is its recipient's only.
    owner: str | None
    staff_may_see: bool = True
    # A notification's: what it opens (a subject's kind, '' for none), by which a company's colleague reads
    # it or not (decision 3872); None for every other kind.
    about: str | None = None

    def wire(self) -> dict[str, Any]:
        return {"kind": self.kind, "id": self.id, "reference": self.reference, "position": self.position}


def head(tx: Tx) -> int:
    return int(tx.scalar("SELECT MAX(position) FROM event_log") or 0)


# One statement: each logged event after the position, with what its kind needs (owner, reference, id).
_CHANGES = (
    "SELECT e.position, e.aggregate_id, e.aggregate_kind,"
    " rr.customer_id AS rr_customer, rr.reference AS rr_reference,"
    " so.customer_id AS so_customer, so_rr.reference AS so_reference,"
    " n.recipient AS n_recipient, n.subject_reference AS n_reference, n.subject_kind AS n_subject_kind,"
    " n.subject_id AS n_subject_id, reg.identity AS reg_identity,"
    " per.account_id AS per_account, per.username AS per_username,"
    " te.rate_request_id AS te_booking, te.customer_id AS te_customer, te.booking_reference AS te_reference,"
    " ended.position AS te_ended"
    " FROM event_log e"
    " LEFT JOIN booking_rate_requests rr ON e.aggregate_kind = 'rate_request' AND rr.id = e.aggregate_id"
    " LEFT JOIN booking_shipping_orders so ON e.aggregate_kind = 'shipping_order' AND so.id = e.aggregate_id"
    " LEFT JOIN booking_rate_requests so_rr ON so_rr.id = so.rate_request_id"
    " LEFT JOIN notifications n ON e.aggregate_kind = 'notification' AND n.id = e.aggregate_id"
    " LEFT JOIN registrations reg ON e.aggregate_kind = 'registration' AND reg.id = e.aggregate_id"
    " LEFT JOIN profile_edit_requests per"
    " ON e.aggregate_kind = 'profile_edit_request' AND per.id = e.aggregate_id"
    " LEFT JOIN tracking_events te ON e.aggregate_kind = 'tracking_event' AND te.id = e.aggregate_id"
    " LEFT JOIN tracking_ended_bookings ended ON ended.rate_request_id = te.rate_request_id"
    " WHERE e.position > ? AND e.position <= ? AND e.aggregate_kind IN"
    " ('rate_request', 'shipping_order', 'notification', 'registration', 'profile_edit_request',"
    " 'tracking_event')"
    " ORDER BY e.position LIMIT ?"
)


def changes_after(tx: Tx, position: int, limit: int = 500) -> tuple[list[Change], int]:
    """The notices after `position` (at most `limit` events read) and the position read up to."""
    # The head first: a row committed between the two statements is left for the next call, not skipped.
    upto = head(tx)
    rows = tx.all(_CHANGES, (position, upto, limit))
    found = [change for row in rows if (change := _change(row)) is not None]
    # Fewer rows than the limit: everything up to the head was read (events of other kinds included).
    last = int(rows[-1]["position"]) if len(rows) == limit else max(position, upto)
    return found, last


def _change(row: dict[str, Any]) -> Change | None:
    kind, position, aggregate_id = row["aggregate_kind"], int(row["position"]), row["aggregate_id"]
    if kind == "rate_request" and row["rr_customer"] is not None:
        return Change(kind, aggregate_id, row["rr_reference"], position, row["rr_customer"])
    if kind == "shipping_order" and row["so_customer"] is not None:
        return Change(kind, aggregate_id, row["so_reference"], position, row["so_customer"])
    if kind == "notification" and row["n_recipient"] is not None:
        reference, about = row["n_reference"], row["n_subject_kind"] or ""
        recipient = row["n_recipient"]
        return Change(kind, aggregate_id, reference, position, recipient, staff_may_see=False, about=about)
    if kind == "registration" and row["reg_identity"] is not None:
        return Change(kind, row["reg_identity"], None, position, None)
    if kind == "tracking_event" and row["te_customer"] is not None:
        # A milestone of a booking: its screens refetch, as on any change of the booking. One that reached it
        # after it ended is staff's only: nothing after a booking's end reaches its customer (3828, 3837).
        ended = row["te_ended"]
        owner = row["te_customer"] if ended is None or position < int(ended) else None
        return Change("rate_request", row["te_booking"], row["te_reference"], position, owner)
    if kind == "profile_edit_request" and row["per_account"] is not None:
        return Change("edit_request", row["per_username"], None, position, row["per_account"])
    return None
