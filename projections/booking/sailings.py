"""The sailing each booking is made for (its transport plan and cut-offs), the reminders sent, and whether its
shipping order came in after the shipping-instruction cut-off."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from domain.booking.rate_request import RateRequest, reminder_due
from domain.booking.schedules import Sailing
from domain.booking.shipping_order import ShippingOrder
from domain.booking.state_facts import order_due_states, order_refill_states, sailing_states
from followers.batch import BatchTx
from infrastructure.read_db import Tx, placeholders
from projections.history import utc_text
from projections.projection import Projection

SAILINGS = "booking_sailings"

projection = Projection(
    name="booking_sailings",
    tables={SAILINGS: ("rate_request_id",)},
    schema=[
        f"CREATE TABLE IF NOT EXISTS {SAILINGS} ("
        " rate_request_id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, service_code TEXT NOT NULL,"
        " vessel_imo TEXT, vessel_name TEXT, export_voyage TEXT NOT NULL, load_port TEXT NOT NULL,"
        " discharge_port TEXT NOT NULL, departure TEXT NOT NULL, arrival TEXT NOT NULL,"
        " si_cut_off TEXT, sailing TEXT NOT NULL, previous TEXT, chosen_by TEXT NOT NULL,"
        " reminders TEXT NOT NULL, order_submitted_at TEXT, order_late INTEGER NOT NULL,"
        " position BIGINT NOT NULL, cargo_cut_off TEXT)",
        f"CREATE INDEX IF NOT EXISTS booking_sailings_cut_off ON {SAILINGS} (si_cut_off)",
        f"CREATE INDEX IF NOT EXISTS booking_sailings_cargo_cut_off ON {SAILINGS} (cargo_cut_off)",
        f"CREATE INDEX IF NOT EXISTS booking_sailings_service ON {SAILINGS} (service_code)",
    ],
)
R = RateRequest
S = ShippingOrder


def _columns(record: dict[str, Any]) -> dict[str, Any]:
    sailing = Sailing.from_record(record)
    return {
        "service_code": sailing.service_code,
        "vessel_imo": sailing.vessel_imo_number,
        "vessel_name": sailing.vessel_name,
        "export_voyage": sailing.export_voyage,
        "load_port": sailing.load_port,
        "discharge_port": sailing.discharge_port,
        "departure": sailing.departure,
        "arrival": sailing.arrival,
        "si_cut_off": sailing.shipping_instructions_cut_off,
        "cargo_cut_off": sailing.cargo_cut_off,
        "sailing": json.dumps(record, sort_keys=True),
    }


@projection.on(R.BookingConfirmed)
def confirmed_on_an_estimate(tx: BatchTx, event: R.BookingConfirmed, position: int) -> None:
    """A booking confirmed with no sailing carries the estimated one it was confirmed on."""
    if event.sailing is not None:
        _chosen(tx, str(event.originator_id), event.sailing, event.customer_id, event.actor_role, position)


@projection.on(R.SailingChosen)
def sailing_chosen(tx: BatchTx, event: R.SailingChosen, position: int) -> None:
    _chosen(tx, str(event.originator_id), event.sailing, event.customer_id, event.actor_role, position)


def _chosen(
    tx: BatchTx, key: str, sailing: dict[str, Any], customer_id: str, chosen_by: str, position: int
) -> None:
    before = tx.get(SAILINGS, key)
    columns = {**_columns(sailing), "chosen_by": chosen_by, "position": position}
    if before is None:
        tx.insert(
            SAILINGS,
            {
                "rate_request_id": key,
                "customer_id": customer_id,
                **columns,
                "previous": None,
                "reminders": "[]",
                "order_submitted_at": None,
                "order_late": 0,
            },
        )
    else:
        tx.update(SAILINGS, key, {**columns, "previous": None})


@projection.on(R.SailingRescheduled, R.EstimatedSailingReplaced)
def sailing_moved(
    tx: BatchTx, event: R.SailingRescheduled | R.EstimatedSailingReplaced, position: int
) -> None:
    """The booking's sailing became another: a republished schedule moved it (who chose it stays), or staff
    named the published sailing of an estimated plan (then it is theirs)."""
    columns = {
        **_columns(event.sailing),
        "previous": json.dumps(event.previous, sort_keys=True),
        "position": position,
    }
    if isinstance(event, R.EstimatedSailingReplaced):
        columns["chosen_by"] = event.actor_role
    tx.update(SAILINGS, str(event.originator_id), columns)


@projection.on(R.SailingReplanned)
def sailing_replanned(tx: BatchTx, event: R.SailingReplanned, position: int) -> None:
    """The booking's ports or date moved under its sailing: the one it has now (who changed them chose
    it), or none (no sailing chosen any more: nothing to remind, nothing on its service)."""
    key = str(event.originator_id)
    if event.sailing is None:
        tx.delete(SAILINGS, key)
        return
    columns = {
        **_columns(event.sailing),
        "previous": json.dumps(event.previous, sort_keys=True),
        "chosen_by": event.actor_role,
        "position": position,
    }
    tx.update(SAILINGS, key, columns)


def _noted(
    tx: BatchTx, rate_request_id: str, position: int, columns: Callable[[dict[str, Any]], dict[str, Any]]
) -> None:
    """A later fact about a booking's sailing, its columns worked out from the row; a booking with no sailing
    chosen has nothing to note."""
    row = tx.get(SAILINGS, rate_request_id)
    if row is not None:
        tx.update(SAILINGS, rate_request_id, {**columns(row), "position": position})


@projection.on(R.CutOffReminded)
def cut_off_reminded(tx: BatchTx, event: R.CutOffReminded, position: int) -> None:
    reminder = f"{event.cut_off}/{event.hours}"
    _noted(
        tx,
        str(event.originator_id),
        position,
        lambda row: {"reminders": json.dumps([*json.loads(row["reminders"]), reminder])},
    )


projection.reads_by_key(S.Created, SAILINGS, lambda event: str(event.rate_request_id))
projection.reads_by_key(S.Resubmitted, SAILINGS, lambda event: str(event.rate_request_id))
# A confirmation on an estimated sailing reads the booking's row as a chosen sailing does.
projection.reads_by_key(
    R.BookingConfirmed, SAILINGS, lambda event: str(event.originator_id) if event.sailing else None
)
projection.reads_by_key(R.SailingChosen, SAILINGS, lambda event: str(event.originator_id))


@projection.on(S.Created, S.Resubmitted)
def order_submitted(tx: BatchTx, event: S.Created | S.Resubmitted, position: int) -> None:
    """A shipping order submitted, or submitted again (decision 3824), after its booking's
    shipping-instruction cut-off is flagged for staff; the flag is judged at each submission."""
    at = utc_text(event.timestamp)
    _noted(
        tx,
        str(event.rate_request_id),
        position,
        lambda row: {
            "order_submitted_at": at,
            "order_late": int(row["si_cut_off"] is not None and at > row["si_cut_off"]),
        },
    )


# -- questions ----------------------------------------------------------------------------------------------
def sailing_of(tx: Tx, rate_request_id: str) -> dict[str, Any] | None:
    """The booking's sailing row, with `sailing` (and `previous`) as `Sailing` values."""
    row = tx.one(f"SELECT * FROM {SAILINGS} WHERE rate_request_id = ?", (rate_request_id,))
    if row is None:
        return None
    row["sailing"] = Sailing.from_record(json.loads(row["sailing"]))
    row["previous"] = Sailing.from_record(json.loads(row["previous"])) if row["previous"] else None
    row["reminders"] = json.loads(row["reminders"])
    return row


def due_reminders(tx: Tx, now: str, hours: int) -> list[dict[str, Any]]:
    """Confirmed bookings whose shipping-instruction cut-off is within `hours` of `now` (and not passed),
    whose shipping order is not in (none yet, or one cancelled or declined that the customer may fill again:
    nothing is with staff either way), and that were not reminded this far ahead of this cut-off yet."""
    from datetime import timedelta

    from domain.booking.schedules import parse_time
    from domain.booking.schedules import utc_text as to_text

    horizon = to_text(parse_time(now) + timedelta(hours=hours))
    states = order_due_states()
    # The booking's state is one whose screen is the shipping order (it is live: an order closed with its
    # booking is on one that ended), its order none or one to fill again.
    refill = order_refill_states()
    rows = tx.all(
        f"SELECT s.rate_request_id, s.customer_id, s.si_cut_off, s.reminders FROM {SAILINGS} s"
        " JOIN booking_rate_requests r ON r.id = s.rate_request_id"
        " WHERE s.si_cut_off IS NOT NULL AND s.si_cut_off > ? AND s.si_cut_off <= ?"
        f" AND r.state_name IN ({placeholders(states)})"
        f" AND (r.order_id IS NULL OR r.order_state_name IN ({placeholders(refill)}))"
        " ORDER BY s.si_cut_off, s.rate_request_id",
        (now, horizon, *states, *refill),
    )
    return [r for r in rows if reminder_due(json.loads(r["reminders"]), r["si_cut_off"], hours)]


def booked_on_services(tx: Tx, service_codes: list[str]) -> dict[str, Sailing]:
    """{booking id: its sailing} of the bookings still going on these services (not final, not complete)."""
    if not service_codes:
        return {}
    marks = placeholders(service_codes)
    states = sailing_states()  # whose sailing someone may still change (rate_request.json's `sailing`)
    rows = tx.all(
        f"SELECT s.rate_request_id, s.sailing FROM {SAILINGS} s"
        " JOIN booking_rate_requests r ON r.id = s.rate_request_id"
        f" WHERE s.service_code IN ({marks}) AND r.state_name IN ({placeholders(states)})",
        (*service_codes, *states),
    )
    return {r["rate_request_id"]: Sailing.from_record(json.loads(r["sailing"])) for r in rows}


def late_orders(tx: Tx, rate_request_ids: list[str]) -> set[str]:
    if not rate_request_ids:
        return set()
    marks = placeholders(rate_request_ids)
    rows = tx.all(
        f"SELECT rate_request_id FROM {SAILINGS} WHERE order_late = 1 AND rate_request_id IN ({marks})",
        rate_request_ids,
    )
    return {r["rate_request_id"] for r in rows}


def customers_of(tx: Tx, rate_request_ids: list[str]) -> dict[str, str]:
    if not rate_request_ids:
        return {}
    marks = placeholders(rate_request_ids)
    rows = tx.all(
        f"SELECT rate_request_id, customer_id FROM {SAILINGS} WHERE rate_request_id IN ({marks})",
        rate_request_ids,
    )
    return {r["rate_request_id"]: r["customer_id"] for r in rows}
