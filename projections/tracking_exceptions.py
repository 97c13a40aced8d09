"""What staff must look at in tracking, read from the read models at the moment asked (queries
only, no tables of their own):

- a confirmed booking's containers with no gate-in once its sailing's cargo (FCL delivery) cut-off is less
  than 24 h away: from 24 h before the cut-off until two weeks after it (then the booking is history, or
  staff have rolled it to another sailing, which moves the cut-off);
- a vessel whose estimated arrival slipped by more than 24 h against its first plan, while the cargo has not
  arrived (the booking's position); a booking that ended is said to have (decision 3836);
- how many events matched no booking (listed, paged, assignable on their own path).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from domain.booking.schedules import parse_time, utc_text
from domain.booking.state_facts import cargo_expected_states
from domain.tracking.notices import ESTIMATE_MOVED_HOURS
from domain.tracking.position import Position, against_sailing
from infrastructure.read_db import Tx, placeholders
from projections.booking.queries import customer_name
from projections.booking.sailings import SAILINGS
from projections.tracking import EVENTS, POSITIONS, ends_of

GATE_IN_LEAD = timedelta(hours=24)
KEPT_AFTER_CUT_OFF = timedelta(days=14)
# The booking states in which containers are expected at the terminal: confirmed and not closed (the facts
# rate_request.json declares per state, not a list of states written here).
CONFIRMED_STATES = cargo_expected_states()
_BEFORE_ARRIVAL = ("gated-in", "loaded", "departed")


def _gated_in(tx: Tx, rate_request_ids: list[str]) -> dict[str, set[str]]:
    if not rate_request_ids:
        return {}
    marks = placeholders(rate_request_ids)
    rows = tx.all(
        f"SELECT rate_request_id, equipment_reference FROM {EVENTS} WHERE rate_request_id IN ({marks})"
        " AND event_type = 'EQUIPMENT' AND event_subtype = 'GTIN' AND classifier = 'ACT'"
        " AND retracted_at IS NULL",
        tuple(rate_request_ids),
    )
    found: dict[str, set[str]] = {}
    for r in rows:
        found.setdefault(str(r["rate_request_id"]), set()).add(str(r["equipment_reference"]))
    return found


def _order_containers(tx: Tx, details: str | None) -> list[str]:
    """The container numbers the shipping order names (empty before there is one)."""
    if not details:
        return []
    ids = [c["container_id"] for c in json.loads(details).get("containers", []) if c.get("container_id")]
    if not ids:
        return []
    marks = placeholders(ids)
    rows = tx.all(f"SELECT id, number FROM booking_containers WHERE id IN ({marks})", tuple(ids))
    numbers = {int(r["id"]): str(r["number"]) for r in rows}
    return [numbers[i] for i in ids if i in numbers]


def containers_not_gated_in(tx: Tx, now: datetime) -> list[dict[str, Any]]:
    """`NotGatedIn` rows, the nearest cut-off first."""
    marks = placeholders(CONFIRMED_STATES)
    rows = tx.all(
        f"SELECT s.rate_request_id, s.cargo_cut_off, s.vessel_name, s.load_port, r.reference, r.quantity,"
        " r.customer_username, cp.profile AS customer_profile, so.details AS order_details"
        f" FROM {SAILINGS} s JOIN booking_rate_requests r ON r.id = s.rate_request_id"
        " LEFT JOIN customer_profiles cp ON cp.account_id = r.customer_id"
        " LEFT JOIN booking_shipping_orders so ON so.rate_request_id = r.id"
        f" WHERE s.cargo_cut_off IS NOT NULL AND s.cargo_cut_off <= ? AND s.cargo_cut_off >= ?"
        f" AND r.state_name IN ({marks}) ORDER BY s.cargo_cut_off, s.rate_request_id",
        (utc_text(now + GATE_IN_LEAD), utc_text(now - KEPT_AFTER_CUT_OFF), *CONFIRMED_STATES),
    )
    gated = _gated_in(tx, [str(r["rate_request_id"]) for r in rows])
    found = []
    for r in rows:
        arrived = gated.get(str(r["rate_request_id"]), set())
        numbers = _order_containers(tx, r["order_details"])
        missing = [n for n in numbers if n not in arrived]
        expected = len(numbers) or int(r["quantity"])
        count = len(missing) if numbers else max(0, expected - len(arrived))
        if count == 0:
            continue
        found.append(
            {
                "rate_request_id": r["rate_request_id"],
                "reference": r["reference"],
                "customer_name": customer_name(r),
                "vessel_name": r["vessel_name"],
                "load_port": r["load_port"],
                "cargo_cut_off": r["cargo_cut_off"],
                "cut_off_passed": parse_time(r["cargo_cut_off"]) <= now,
                "containers_expected": expected,
                "containers_missing": count,
                "missing_containers": missing,
            }
        )
    return found


def slipped_arrivals(tx: Tx) -> list[dict[str, Any]]:
    """`SlippedArrival` rows: bookings whose vessel is expected more than 24 h after its first plan (an
    event's, else the booking's sailing's), the latest slip first."""
    marks = placeholders(_BEFORE_ARRIVAL)
    rows = tx.all(
        "SELECT p.*, r.reference, s.vessel_name AS sailing_vessel, s.discharge_port,"
        " s.arrival AS sailing_arrival"
        f" FROM {POSITIONS} p JOIN booking_rate_requests r ON r.id = p.rate_request_id"
        f" LEFT JOIN {SAILINGS} s ON s.rate_request_id = p.rate_request_id"
        f" WHERE p.milestones > 0 AND p.estimated_arrival IS NOT NULL"
        f" AND (p.stage IS NULL OR p.stage IN ({marks}))"
        " AND (p.delay_hours > ? OR (p.planned_arrival IS NULL AND s.arrival IS NOT NULL))"
        " ORDER BY p.position DESC",
        (*_BEFORE_ARRIVAL, ESTIMATE_MOVED_HOURS),
    )
    found = []
    for r in rows:
        at = Position(**{name: r[name] for name in Position.__dataclass_fields__})
        if r["sailing_arrival"] is not None:
            at = against_sailing(at, r["sailing_vessel"], r["discharge_port"], r["sailing_arrival"])
        if at.delay_hours is None or at.delay_hours <= ESTIMATE_MOVED_HOURS:
            continue
        found.append(
            {
                "rate_request_id": r["rate_request_id"],
                "reference": r["reference"],
                "vessel_name": at.vessel,
                "arrival_port": at.arrival_port,
                "estimated_arrival": at.estimated_arrival,
                "arrival_delay_hours": float(at.delay_hours),
            }
        )
    # A booking that ended is listed still, said to have ended (decision 3836, as its progress says).
    ends = ends_of(tx, [str(f["rate_request_id"]) for f in found])
    for row in found:
        end = ends.get(str(row["rate_request_id"]), {})
        row["booking_ended_as"], row["booking_ended_at"] = end.get("ended_as"), end.get("ended_at")
    return found


def unmatched_count(tx: Tx) -> int:
    sql = f"SELECT COUNT(*) FROM {EVENTS} WHERE rate_request_id IS NULL AND retracted_at IS NULL"
    return int(tx.scalar(sql) or 0)
