"""Changes asked for after confirmation: one row per amendment or cancellation request of a booking, with
the original and the amended content side by side, for the customer's detail and the staff's work queue."""

from __future__ import annotations

import json
from typing import Any, Protocol

from domain.booking.amendment_requests import new_charges
from domain.booking.rate_request import RateRequest
from domain.shared.aggregate import Moved
from domain.shared.lifecycle import lifecycle
from followers.batch import BatchTx
from infrastructure.read_db import Tx, placeholders
from projections.history import utc_text
from projections.projection import Projection

CHANGES = "booking_changes"
AMENDMENT, CANCELLATION = "amendment", "cancellation"
MACHINES = {AMENDMENT: "booking_amendment", CANCELLATION: "booking_cancellation"}

projection = Projection(
    name="booking_changes",
    tables={CHANGES: ("rate_request_id", "kind", "number")},
    schema=[
        f"CREATE TABLE IF NOT EXISTS {CHANGES} ("
        " rate_request_id TEXT NOT NULL, kind TEXT NOT NULL, number INTEGER NOT NULL,"
        " customer_id TEXT NOT NULL, state_name TEXT NOT NULL, state INTEGER NOT NULL,"
        " original TEXT, amended TEXT, changed TEXT NOT NULL, changes_price INTEGER NOT NULL,"
        " price TEXT, valid_until TEXT, charges TEXT, reason TEXT, message TEXT, requested_by TEXT NOT NULL,"
        " requested_at TEXT NOT NULL, decided_by TEXT, updated_at TEXT NOT NULL, position BIGINT NOT NULL,"
        " PRIMARY KEY (rate_request_id, kind, number))",
        f"CREATE INDEX IF NOT EXISTS booking_changes_open ON {CHANGES} (state_name, requested_at)",
    ],
)


class _Change(Moved, Protocol):
    """An event of an amendment or a cancellation request: it names the change by its number."""

    @property
    def number(self) -> int: ...


def _key(event: _Change, kind: str) -> tuple[str, str, int]:
    return (str(event.originator_id), kind, int(event.number))


def _moved(event: Moved, kind: str, position: int, **extra: Any) -> dict[str, Any]:
    return {
        "state_name": event.state,
        "state": lifecycle(MACHINES[kind]).code(event.state),
        "updated_at": utc_text(event.timestamp),
        "position": position,
        **extra,
    }


def _requested(
    tx: BatchTx,
    event: RateRequest.AmendmentAsked | RateRequest.AmendmentRequested | RateRequest.CancellationRequested,
    kind: str,
    position: int,
    /,
    **carried: Any,
) -> None:
    """A change's new row, nothing decided yet: `carried` is what this kind of change holds from the start."""
    rate_request_id, kind, number = _key(event, kind)
    tx.insert(
        CHANGES,
        {
            "rate_request_id": rate_request_id,
            "kind": kind,
            "number": number,
            "customer_id": event.customer_id,
            "original": None,
            "amended": None,
            "changed": "[]",
            "changes_price": 0,
            "price": None,
            "valid_until": None,
            "charges": None,
            "reason": None,
            "message": None,
            "requested_by": event.actor_id,
            "requested_at": utc_text(event.timestamp),
            "decided_by": None,
            **_moved(event, kind, position),
            **carried,
        },
    )


@projection.on(RateRequest.AmendmentAsked)
def amendment_asked(tx: BatchTx, event: RateRequest.AmendmentAsked, position: int) -> None:
    """Staff ask the customer to amend the booking: the row waits for the customer's amendment, `reason`
    saying why (an amendment's row has no other reason)."""
    _requested(
        tx,
        event,
        AMENDMENT,
        position,
        original=json.dumps(event.original, sort_keys=True, default=str),
        reason=event.message,
    )


@projection.on(RateRequest.AmendmentRequested)
def amendment_requested(tx: BatchTx, event: RateRequest.AmendmentRequested, position: int) -> None:
    rate_request_id, kind, number = _key(event, AMENDMENT)
    asked = event.asked
    row = {
        "original": json.dumps(event.original, sort_keys=True, default=str),
        "amended": json.dumps(event.amended, sort_keys=True, default=str),
        "changed": json.dumps(event.changed),
        "changes_price": int(event.changes_price),
        "reason": asked,
        "requested_by": event.actor_id,
        "requested_at": utc_text(event.timestamp),
        **_moved(event, kind, position),
    }
    if asked is not None and tx.get(CHANGES, (rate_request_id, kind, number)) is not None:
        tx.update(CHANGES, (rate_request_id, kind, number), row)  # the answer to staff's ask: its own row
        return
    _requested(tx, event, kind, position, **row)


@projection.on(RateRequest.CancellationRequested)
def cancellation_requested(tx: BatchTx, event: RateRequest.CancellationRequested, position: int) -> None:
    _requested(tx, event, CANCELLATION, position, reason=event.reason)


@projection.on(RateRequest.AmendmentRequoted)
def amendment_requoted(tx: BatchTx, event: RateRequest.AmendmentRequoted, position: int) -> None:
    tx.update(
        CHANGES,
        _key(event, AMENDMENT),
        _moved(
            event,
            AMENDMENT,
            position,
            price=str(event.price),
            valid_until=utc_text(event.valid_until),
            # What the new price is made of, as the e-mail and the notice of it say (None: recorded before
            # requotes carried a breakdown).
            charges=None if event.charges is None else json.dumps(event.charges, sort_keys=True),
            decided_by=event.actor_id,
        ),
    )


@projection.on(
    RateRequest.AmendmentApproved,
    RateRequest.AmendmentDeclined,
    RateRequest.AmendmentWithdrawn,
    RateRequest.AmendmentPriceExpired,
)
def amendment_decided(
    tx: BatchTx,
    event: RateRequest.AmendmentApproved
    | RateRequest.AmendmentDeclined
    | RateRequest.AmendmentWithdrawn
    | RateRequest.AmendmentPriceExpired,
    position: int,
) -> None:
    message = event.message if isinstance(event, RateRequest.AmendmentDeclined) else None
    extra = {"message": message, "decided_by": event.actor_id}
    if isinstance(event, RateRequest.AmendmentApproved) and event.price is not None:
        # The price it took effect at (confirmed with it by staff), with the lines the booking took: a
        # requote's lines and validity before it are no longer the amendment's.
        extra["price"] = str(event.price)
        extra["charges"] = json.dumps(new_charges(event), sort_keys=True)
        extra["valid_until"] = None
    tx.update(CHANGES, _key(event, AMENDMENT), _moved(event, AMENDMENT, position, **extra))


@projection.on(
    RateRequest.CancellationDeclined,
    RateRequest.CancellationWithdrawn,
)
def cancellation_decided(
    tx: BatchTx, event: RateRequest.CancellationDeclined | RateRequest.CancellationWithdrawn, position: int
) -> None:
    message = event.message if isinstance(event, RateRequest.CancellationDeclined) else None
    extra = {"message": message, "decided_by": event.actor_id}
    tx.update(CHANGES, _key(event, CANCELLATION), _moved(event, CANCELLATION, position, **extra))


@projection.on(RateRequest.CancellationConfirmed)
def cancellation_confirmed(tx: BatchTx, event: RateRequest.CancellationConfirmed, position: int) -> None:
    # The event's `state` is the booking's (cancelled); the request's own state travels beside it.
    tx.update(
        CHANGES,
        _key(event, CANCELLATION),
        {
            "state_name": event.cancellation_state,
            "state": lifecycle(MACHINES[CANCELLATION]).code(event.cancellation_state),
            "decided_by": event.actor_id,
            "updated_at": utc_text(event.timestamp),
            "position": position,
        },
    )


# -- queries --------------------------------------------------------------------------------------------
def due_amendment_prices(tx: Tx, now: str, limit: int = 200) -> list[str]:
    """The bookings whose amendment's new price is past its validity (`now`, UTC text) unaccepted: in a
    state booking_amendment.json's `expire` starts from."""
    machine = lifecycle(MACHINES[AMENDMENT])
    states = sorted({s for t in machine.spec["transitions"] if t["trigger"] == "expire" for s in t["source"]})
    rows = tx.all(
        f"SELECT rate_request_id FROM {CHANGES} WHERE state_name IN ({placeholders(states)}) AND kind = ?"
        " AND valid_until <= ? ORDER BY valid_until LIMIT ?",
        (*states, AMENDMENT, now, limit),
    )
    return [str(r["rate_request_id"]) for r in rows]


def latest_changes(tx: Tx, rate_request_id: str) -> dict[str, dict[str, Any] | None]:
    """The latest amendment and the latest cancellation request of one booking (None where never asked)."""
    rows = tx.all(
        f"SELECT * FROM {CHANGES} WHERE rate_request_id = ? ORDER BY kind, number DESC", (rate_request_id,)
    )
    latest: dict[str, dict[str, Any] | None] = {AMENDMENT: None, CANCELLATION: None}
    for row in rows:
        if latest[row["kind"]] is None:
            latest[row["kind"]] = row
    return latest


def pending_amendment_details(tx: Tx, rate_request_id: str) -> dict[str, Any]:
    """The details the booking's amendment awaiting a decision asks for (empty when none is open, or one
    staff asked for has not been sent yet)."""
    latest = latest_changes(tx, rate_request_id)[AMENDMENT]
    if latest is None or lifecycle(MACHINES[AMENDMENT]).fact(latest["state_name"], "final"):
        return {}
    return dict(json.loads(latest["amended"] or "{}"))


def open_changes(tx: Tx, limit: int = 50) -> list[dict[str, Any]]:
    """Changes waiting for staff (oldest first): amendments requested, cancellations requested."""
    return tx.all(
        f"SELECT * FROM {CHANGES} WHERE state_name = 'requested' ORDER BY requested_at LIMIT {int(limit)}"
    )
