"""What the DCSA door needs beyond the booking read model: the standard's content of a booking request
made through it (None for one made on the screens) and whether the booking was ever confirmed (a rejection
after confirmation is DECLINED, before it REJECTED)."""

from __future__ import annotations

import json
from typing import Any

from domain.booking.rate_request import RateRequest
from followers.batch import BatchTx
from infrastructure.read_db import Tx
from projections.projection import Projection

TABLE = "booking_dcsa"
# The standard's content of each amendment sent through the DCSA door (for `GET ?amendedContent=true`).
AMENDMENTS = "booking_dcsa_amendments"
# Set in a booking's stored content once an edit on the screens, or an amendment asked there, took effect:
# the standard's document then reads the amendable fields from the booking's details, the screens' truth
# (see api/dcsa/booking/view.py). A later update sent through the standard replaces the content whole.
SCREENS_AMENDMENT = "screens_amendment"

projection = Projection(
    name="booking_dcsa",
    tables={TABLE: ("id",), AMENDMENTS: ("rate_request_id", "number")},
    schema=[
        f"CREATE TABLE IF NOT EXISTS {TABLE} ("
        " id TEXT PRIMARY KEY, content TEXT, confirmed INTEGER NOT NULL, updated INTEGER NOT NULL,"
        " position BIGINT NOT NULL)",
        f"CREATE TABLE IF NOT EXISTS {AMENDMENTS} ("
        " rate_request_id TEXT NOT NULL, number INTEGER NOT NULL, content TEXT NOT NULL,"
        " position BIGINT NOT NULL, PRIMARY KEY (rate_request_id, number))",
    ],
)


def _content(
    event: RateRequest.Created
    | RateRequest.Edited
    | RateRequest.AmendmentRequested
    | RateRequest.AmendmentApproved,
) -> str | None:
    record = event.booking_content
    return None if record is None else json.dumps(record, sort_keys=True)


@projection.on(RateRequest.Created)
def created(tx: BatchTx, event: RateRequest.Created, position: int) -> None:
    tx.insert(
        TABLE,
        {
            "id": str(event.originator_id),
            "content": _content(event),
            "confirmed": 0,
            "updated": 0,
            "position": position,
        },
    )


@projection.on(RateRequest.Edited)
def edited(tx: BatchTx, event: RateRequest.Edited, position: int) -> None:
    """The shipper updated the request (either door): the standard's UPDATE_RECEIVED until staff decide."""
    changes: dict[str, Any] = {"updated": 1, "position": position}
    content = _content(event)
    if content is None:
        found = tx.get(TABLE, str(event.originator_id))
        if found is not None and found["content"] is not None:
            # Edited on the screens: their details are the truth of what the standard's door shows.
            content = json.dumps({**json.loads(found["content"]), SCREENS_AMENDMENT: True}, sort_keys=True)
    if content is not None:
        changes["content"] = content
    tx.update(TABLE, str(event.originator_id), changes)


@projection.on(RateRequest.BookingConfirmed)
def confirmed(tx: BatchTx, event: RateRequest.BookingConfirmed, position: int) -> None:
    tx.update(TABLE, str(event.originator_id), {"confirmed": 1, "position": position})


@projection.on(RateRequest.AmendmentRequested)
def amendment_requested(tx: BatchTx, event: RateRequest.AmendmentRequested, position: int) -> None:
    content = _content(event)
    if content is not None:
        tx.insert(
            AMENDMENTS,
            {
                "rate_request_id": str(event.originator_id),
                "number": int(event.number),
                "content": content,
                "position": position,
            },
        )


@projection.on(RateRequest.AmendmentApproved)
def amendment_approved(tx: BatchTx, event: RateRequest.AmendmentApproved, position: int) -> None:
    content = _content(event)
    if content is None:
        found = tx.get(TABLE, str(event.originator_id))
        if found is None or found["content"] is None:
            return  # a booking made on the screens: its details are the whole of it
        content = json.dumps({**json.loads(found["content"]), SCREENS_AMENDMENT: True}, sort_keys=True)
    tx.update(TABLE, str(event.originator_id), {"content": content, "position": position})


def row(tx: Tx, rate_request_id: str) -> dict[str, Any] | None:
    return tx.one(f"SELECT * FROM {TABLE} WHERE id = ?", (rate_request_id,))


def booking(tx: Tx, rate_request_id: str) -> dict[str, Any] | None:
    """A rate request as the DCSA door reads it: its row, its ports' UN/LOCODEs, the standard's content."""
    return tx.one(
        "SELECT r.id, r.reference, r.customer_id, r.state_name, r.commodity, r.hs_code, r.quantity,"
        " r.preferred_shipping_date, r.is_swbl, r.container_type_id, r.container_size_id, r.price, r.charges,"
        " r.valid_until, r.revision_message, r.rejection_message, pol.code AS pol_code,"
        " pod.code AS pod_code, d.content, d.confirmed, d.updated,"
        # The latest amendment and cancellation request of a confirmed booking (projections/booking/changes).
        " (SELECT c.state_name FROM booking_changes c WHERE c.rate_request_id = r.id AND c.kind = 'amendment'"
        "  ORDER BY c.number DESC LIMIT 1) AS amendment_state,"
        # Staff's reason when they asked for that amendment (the standard's PENDING_AMENDMENT).
        " (SELECT c.reason FROM booking_changes c WHERE c.rate_request_id = r.id AND c.kind = 'amendment'"
        "  ORDER BY c.number DESC LIMIT 1) AS amendment_asked,"
        " (SELECT c.state_name FROM booking_changes c WHERE c.rate_request_id = r.id"
        "  AND c.kind = 'cancellation' ORDER BY c.number DESC LIMIT 1) AS cancellation_state,"
        # Staff's decisions on those (their reasons, a new price), and a sailing the carrier moved: the
        # booking's feedbacks (api/dcsa/booking/feedbacks.py).
        " am.message AS amendment_message, am.price AS amendment_price,"
        " am.valid_until AS amendment_valid_until, am.charges AS amendment_charges,"
        " am.amended AS amendment_amended,"
        " (SELECT c.message FROM booking_changes c WHERE c.rate_request_id = r.id"
        "  AND c.kind = 'cancellation' ORDER BY c.number DESC LIMIT 1) AS cancellation_message,"
        " s.previous AS sailing_previous, s.sailing AS sailing_now"
        " FROM booking_rate_requests r"
        " LEFT JOIN booking_ports pol ON pol.id = r.pol_id"
        " LEFT JOIN booking_ports pod ON pod.id = r.pod_id"
        f" LEFT JOIN {TABLE} d ON d.id = r.id"
        " LEFT JOIN booking_changes am ON am.rate_request_id = r.id AND am.kind = 'amendment'"
        "  AND am.number = (SELECT MAX(c.number) FROM booking_changes c WHERE c.rate_request_id = r.id"
        "  AND c.kind = 'amendment')"
        " LEFT JOIN booking_sailings s ON s.rate_request_id = r.id"
        " WHERE r.id = ?",
        (rate_request_id,),
    )


def latest_amendment(tx: Tx, rate_request_id: str) -> dict[str, Any] | None:
    """The booking's latest amendment: its state, its amended details and their ports' UN/LOCODEs."""
    found = tx.one(
        "SELECT c.state_name, c.amended, a.content FROM booking_changes c"
        f" LEFT JOIN {AMENDMENTS} a ON a.rate_request_id = c.rate_request_id AND a.number = c.number"
        " WHERE c.rate_request_id = ? AND c.kind = 'amendment' ORDER BY c.number DESC LIMIT 1",
        (rate_request_id,),
    )
    if found is None or not found["amended"]:
        return None
    details = json.loads(found["amended"])
    codes = {
        r["id"]: r["code"]
        for r in tx.all(
            "SELECT id, code FROM booking_ports WHERE id IN (?, ?)", (details["pol_id"], details["pod_id"])
        )
    }
    return {
        "state_name": found["state_name"],
        # What the amendment sent through the DCSA door said (None: asked on the screens).
        "amended_content": found["content"],
        **details,
        "pol_code": codes.get(details["pol_id"]),
        "pod_code": codes.get(details["pod_id"]),
    }
