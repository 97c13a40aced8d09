"""Read models of tracking: publisher keys (by hash, for the one identity check) and the tracking
events per booking, ordered by when the real-world event happened (`eventDateTime`, as UTC text), so an event
that arrives late is placed where it belongs. Events that matched no booking stay, listed for staff."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from domain.booking.rate_request import RateRequest, lifecycle_moves
from domain.booking.shipping_order import ShippingOrder
from domain.tracking.carried import carried_in
from domain.tracking.milestone import TrackingEvent, document_references
from domain.tracking.position import NOWHERE
from domain.tracking.position import position as position_after
from domain.tracking.publisher_key import PublisherKey
from followers.batch import BatchTx
from infrastructure.read_db import Tx, placeholders
from projections.credentials import insert_key, listed_keys, live_key, revoke_key
from projections.history import utc_text
from projections.projection import Projection

KEYS = "tracking_publisher_keys"
EVENTS = "tracking_events"
# Where each booking is, kept as its events arrive, so lists show it without reading every event.
POSITIONS = "tracking_positions"
# The containers each booking's shipping order names (reference-list ids): an equipment event naming only
# its container finds its booking by them. A container the order named and no longer does (the order changed
# without it, or was cancelled or declined) keeps its row, `named` 0, at the position it was dropped: a tie
# to the booking made before then no longer holds (decision 3828).
ORDER_CONTAINERS = "tracking_order_containers"
# The same, by the order's id (a booking has one order), as its handlers read it: one row read by key, which
# a batch loads with the rest of its rows (`{container id: [named, position]}`), and `closed`, the position
# where the order was last cancelled or declined: every tie an event made to its booking before then is cut,
# those of containers the order never named too (decision 3834).
ORDERS = "tracking_orders"
# Where each booking that ended did (the position of its move to a state that carries nothing to its
# customer, `domain/tracking/carried.py`): the customer's events are those that reached it before. An ended
# booking holds no container tie (`_TIES_CUT`, decision 3837).
ENDED_BOOKINGS = "tracking_ended_bookings"

projection = Projection(
    name="tracking",
    tables={
        KEYS: ("id",),
        EVENTS: ("id",),
        POSITIONS: ("rate_request_id",),
        ORDER_CONTAINERS: ("rate_request_id", "container_id"),
        ORDERS: ("order_id",),
        ENDED_BOOKINGS: ("rate_request_id",),
    },
    schema=[
        f"CREATE TABLE IF NOT EXISTS {KEYS} ("
        " id TEXT PRIMARY KEY, label TEXT NOT NULL, key_hash TEXT NOT NULL, hint TEXT NOT NULL,"
        " created_at TEXT NOT NULL, revoked_at TEXT, position BIGINT NOT NULL)",
        f"CREATE UNIQUE INDEX IF NOT EXISTS tracking_keys_hash ON {KEYS} (key_hash)",
        f"CREATE TABLE IF NOT EXISTS {EVENTS} ("
        " id TEXT PRIMARY KEY, event_id TEXT NOT NULL, event_type TEXT NOT NULL, event_subtype TEXT,"
        " classifier TEXT, equipment_reference TEXT, event_date_time TEXT NOT NULL,"
        " event_updated_date_time TEXT, rate_request_id TEXT, customer_id TEXT, booking_reference TEXT,"
        " body TEXT NOT NULL, retracted_at TEXT, recorded_at TEXT NOT NULL, position BIGINT NOT NULL,"
        " load_port TEXT)",
        f"CREATE INDEX IF NOT EXISTS tracking_events_booking ON {EVENTS}"
        " (customer_id, rate_request_id, event_date_time)",
        f"CREATE INDEX IF NOT EXISTS tracking_events_equipment ON {EVENTS} (equipment_reference, position)",
        f"CREATE INDEX IF NOT EXISTS tracking_events_unmatched ON {EVENTS} (rate_request_id, recorded_at)",
        f"CREATE TABLE IF NOT EXISTS {POSITIONS} ("
        " rate_request_id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, stage TEXT, stage_port TEXT,"
        " vessel TEXT, last_milestone_at TEXT, estimated_arrival TEXT, arrival_port TEXT,"
        " delay_hours REAL, milestones INTEGER NOT NULL, planned_arrival TEXT, position BIGINT NOT NULL)",
        f"CREATE INDEX IF NOT EXISTS tracking_positions_customer ON {POSITIONS} (customer_id, position)",
        f"CREATE TABLE IF NOT EXISTS {ORDER_CONTAINERS} ("
        " rate_request_id TEXT NOT NULL, container_id INTEGER NOT NULL, order_id TEXT NOT NULL,"
        " named INTEGER NOT NULL, position BIGINT NOT NULL,"
        " PRIMARY KEY (rate_request_id, container_id))",
        f"CREATE INDEX IF NOT EXISTS tracking_order_containers_id ON {ORDER_CONTAINERS}"
        " (container_id, named, position)",
        f"CREATE INDEX IF NOT EXISTS tracking_order_containers_order ON {ORDER_CONTAINERS} (order_id)",
        f"CREATE TABLE IF NOT EXISTS {ORDERS} ("
        " order_id TEXT PRIMARY KEY, rate_request_id TEXT NOT NULL, containers TEXT NOT NULL, closed BIGINT)",
        f"CREATE INDEX IF NOT EXISTS tracking_orders_booking ON {ORDERS} (rate_request_id, closed)",
        f"CREATE TABLE IF NOT EXISTS {ENDED_BOOKINGS} ("
        " rate_request_id TEXT PRIMARY KEY, position BIGINT NOT NULL)",
    ],
)


def moment(text: str | None) -> str | None:
    """A date-time of the standard as sortable UTC text (offsets differ between publishers)."""
    if not text:
        return None
    return utc_text(datetime.fromisoformat(str(text).replace("Z", "+00:00")))


def _row(facts: dict[str, Any], body: str) -> dict[str, Any]:
    return {
        "event_id": facts["event_id"],
        "event_type": facts["event_type"],
        "event_subtype": facts.get("event_subtype"),
        "classifier": facts.get("classifier"),
        "equipment_reference": facts.get("equipment_reference"),
        "event_date_time": moment(facts["event_date_time"]),
        "event_updated_date_time": moment(facts.get("event_updated_date_time")),
        "rate_request_id": facts.get("rate_request_id"),
        "customer_id": facts.get("customer_id"),
        "booking_reference": facts.get("booking_reference"),
        "load_port": facts.get("load_port"),
        "body": body,
    }


@projection.on(PublisherKey.Issued)
def key_issued(tx: BatchTx, event: PublisherKey.Issued, position: int) -> None:
    insert_key(tx, KEYS, event, position)


@projection.on(PublisherKey.Revoked)
def key_revoked(tx: BatchTx, event: PublisherKey.Revoked, position: int) -> None:
    revoke_key(tx, KEYS, event, position)


@projection.on(TrackingEvent.Published)
def published(tx: BatchTx, event: TrackingEvent.Published, position: int) -> None:
    tx.insert(
        EVENTS,
        {
            "id": str(event.originator_id),
            **_row(event.facts, event.body),
            "retracted_at": None,
            "recorded_at": utc_text(event.timestamp),
            "position": position,
        },
    )
    _reposition(tx, event.facts.get("rate_request_id"), event.facts.get("customer_id"), position)


@projection.on(TrackingEvent.Revised)
def revised(tx: BatchTx, event: TrackingEvent.Revised, position: int) -> None:
    before = tx.get(EVENTS, str(event.originator_id))
    tx.update(EVENTS, str(event.originator_id), {**_row(event.facts, event.body), "position": position})
    if before is not None and before["rate_request_id"] != event.facts.get("rate_request_id"):
        _reposition(tx, before["rate_request_id"], before["customer_id"], position)
    _reposition(tx, event.facts.get("rate_request_id"), event.facts.get("customer_id"), position)


@projection.on(TrackingEvent.Retracted)
def retracted(tx: BatchTx, event: TrackingEvent.Retracted, position: int) -> None:
    tx.update(
        EVENTS, str(event.originator_id), {"retracted_at": utc_text(event.timestamp), "position": position}
    )
    row = tx.get(EVENTS, str(event.originator_id))
    if row is not None:
        _reposition(tx, row["rate_request_id"], row["customer_id"], position)


@projection.on(TrackingEvent.Assigned)
def assigned(tx: BatchTx, event: TrackingEvent.Assigned, position: int) -> None:
    tx.update(
        EVENTS,
        str(event.originator_id),
        {
            "rate_request_id": event.rate_request_id,
            "customer_id": event.customer_id,
            "booking_reference": event.booking_reference,
            "load_port": event.load_port,
            "position": position,
        },
    )
    _reposition(tx, event.rate_request_id, event.customer_id, position)


def _reposition(tx: BatchTx, rate_request_id: str | None, customer_id: str | None, position: int) -> None:
    """Keep the booking's position as its events now say (one indexed read of its events)."""
    if rate_request_id is None or customer_id is None:
        return
    # Every event withdrawn: a row of no milestones (read as "no progress"), so the batch's cache holds.
    at = position_after(timeline(tx, rate_request_id)) or NOWHERE
    row = {**at.row(), "customer_id": customer_id, "position": position}
    if tx.get(POSITIONS, rate_request_id) is None:
        tx.insert(POSITIONS, {"rate_request_id": rate_request_id, **row})
    else:
        tx.update(POSITIONS, rate_request_id, row)


OrderContent = (
    ShippingOrder.Created
    | ShippingOrder.Edited
    | ShippingOrder.Updated
    | ShippingOrder.UpdateCancelled
    | ShippingOrder.Resubmitted
)


_ORDER_EVENTS = (
    ShippingOrder.Created,
    ShippingOrder.Edited,
    ShippingOrder.Updated,
    ShippingOrder.UpdateCancelled,
    ShippingOrder.Resubmitted,
    ShippingOrder.Cancelled,
    ShippingOrder.Declined,
)
for _order_event in _ORDER_EVENTS:
    projection.reads_by_key(_order_event, ORDERS, lambda event: str(event.originator_id))


@projection.on(
    ShippingOrder.Created,
    ShippingOrder.Edited,
    ShippingOrder.Updated,
    ShippingOrder.UpdateCancelled,
    ShippingOrder.Resubmitted,
)
def order_containers(tx: BatchTx, event: OrderContent, position: int) -> None:
    """The containers an order names, whichever door changed them (the screens' edit, the standard's update
    of the instructions, or that update cancelled, an order submitted again): a new order, or one submitted
    again, names its booking; a changed one's booking is its order's. Those it named and names no more are
    dropped here."""
    named_booking = None
    if isinstance(event, ShippingOrder.Created | ShippingOrder.Resubmitted):
        details, named_booking = event.details, event.rate_request_id
    elif isinstance(event, ShippingOrder.UpdateCancelled):
        details = event.restored
    else:
        details = event.changes
    if "containers" not in (details or {}):
        return
    order_id = str(event.originator_id)
    known = tx.get(ORDERS, order_id)
    rate_request_id = named_booking or (None if known is None else str(known["rate_request_id"]))
    if rate_request_id is None:
        return
    named = {text for c in details["containers"] if (text := str(c.get("container_id") or "")).isdigit()}
    containers = {text: [1, position] for text in sorted(named, key=int)}
    for container_id, (was_named, at) in _containers(known).items():
        if container_id not in containers:
            # Named until now: dropped here. Dropped before: dropped when it was.
            containers[container_id] = [0, position if was_named else at]
    _keep(tx, order_id, rate_request_id, containers, known is None)


@projection.on(ShippingOrder.Cancelled, ShippingOrder.Declined)
def order_closed(tx: BatchTx, event: ShippingOrder.Cancelled | ShippingOrder.Declined, position: int) -> None:
    """An order cancelled or declined (by its customer, staff, or with its booking) names no container: each
    is dropped here, until the order is submitted again naming it. Its booking's ties to containers the order
    never named, made by events that named both, are cut here too (`closed`, decision 3834)."""
    order_id = str(event.originator_id)
    known = tx.get(ORDERS, order_id)
    if known is None:
        return
    containers = _containers(known)
    rate_request_id = str(known["rate_request_id"])
    if any(named for named, _ in containers.values()):
        dropped = {key: [0, position if named else at] for key, (named, at) in containers.items()}
        _keep(tx, order_id, rate_request_id, dropped, False)
    tx.update(ORDERS, order_id, {"closed": position})


def _containers(known: dict[str, Any] | None) -> dict[str, list[int]]:
    return {} if known is None else dict(json.loads(known["containers"]))


def _keep(
    tx: BatchTx, order_id: str, rate_request_id: str, containers: dict[str, list[int]], new: bool
) -> None:
    """The order's containers as they now are, in both tables (the booking's rows written afresh)."""
    text = json.dumps(containers)
    if new:
        order = {"order_id": order_id, "rate_request_id": rate_request_id, "containers": text, "closed": None}
        tx.insert(ORDERS, order)
    else:
        tx.update(ORDERS, order_id, {"rate_request_id": rate_request_id, "containers": text})
    tx.delete(ORDER_CONTAINERS, rate_request_id)  # buffered: the batch's other writes stay batched
    for container_id, (named, at) in containers.items():
        row = {
            "rate_request_id": rate_request_id,
            "container_id": int(container_id),
            "order_id": order_id,
            "named": named,
            "position": at,
        }
        tx.insert(ORDER_CONTAINERS, row, keep_existing=True)


def booking_moved(tx: BatchTx, event: Any, position: int) -> None:
    """A move of the booking's own lifecycle: where it ended, when it comes to a state that carries nothing
    more to its customer (a final one: it never leaves it)."""
    if not carried_in(str(event.state)):
        row = {"rate_request_id": str(event.originator_id), "position": position}
        tx.insert(ENDED_BOOKINGS, row, keep_existing=True)


# The request's own moves, and the cancellation confirmed (a part's event moving the booking too).
_BOOKING_MOVES: tuple[type, ...] = (*lifecycle_moves(), RateRequest.CancellationConfirmed)
for _move in _BOOKING_MOVES:
    projection.handlers[_move] = booking_moved


# -- queries --------------------------------------------------------------------------
def publisher_by_hash(tx: Tx, key_hash: str) -> dict[str, Any] | None:
    return live_key(tx, KEYS, key_hash)


def publisher_keys(tx: Tx) -> list[dict[str, Any]]:
    rows = tx.all(f"SELECT * FROM {KEYS} ORDER BY created_at DESC, id")
    return listed_keys(rows)


def booking_of_container(tx: Tx, container: str) -> dict[str, Any] | None:
    """The booking a container was last reported for, while that tie holds (an event naming both the booking
    and the container ties them; later events that name only the container follow that tie). It holds until
    the booking's order drops the container (changed without it, cancelled or declined: decision 3828), or,
    for a container the order never named, until the order is cancelled or declined (decision 3834); then
    the container is no longer that booking's, and an older tie is not revived. A booking that ended, with an
    order or without, holds no tie at all (decision 3837)."""
    found = tx.one(
        f"SELECT rate_request_id, customer_id, booking_reference, position FROM {EVENTS}"
        " WHERE equipment_reference = ? AND rate_request_id IS NOT NULL AND retracted_at IS NULL"
        " ORDER BY position DESC LIMIT 1",
        (container,),
    )
    if found is None:
        return None
    booking, at = found["rate_request_id"], found["position"]
    # Cut since: the order dropped this container, or the booking's ties were all cut (`_TIES_CUT`).
    dropped = tx.one(
        f"SELECT 1 AS dropped FROM {ORDER_CONTAINERS} o JOIN booking_containers c ON c.id = o.container_id"
        " WHERE o.rate_request_id = ? AND c.number = ? AND o.named = 0 AND o.position > ?"
        f" UNION ALL {_TIES_CUT} LIMIT 1",
        (booking, container, at, booking, at, booking),
    )
    return None if dropped is not None else found


# Whether every tie an event made to a booking is cut, whichever container it is of (parameters: the
# booking, the tie's position, the booking): its order was cancelled or declined since (`closed`, decision
# 3834), or the booking ended, with an order or without one (a final state of rate_request.json, as
# `ENDED_BOOKINGS` keeps it: decision 3837). An ended booking holds no tie, whenever it was made: one made
# before the end is cut by it, and an event naming the booking after the end is placed on it for staff but
# ties it no container (the booking never leaves a final state, and carries nothing to its customer).
_ENDED = f"SELECT 1 AS dropped FROM {ENDED_BOOKINGS} WHERE rate_request_id = ?"
_TIES_CUT = f"SELECT 1 AS dropped FROM {ORDERS} WHERE rate_request_id = ? AND closed > ? UNION ALL {_ENDED}"


def holds_ties(tx: Tx, rate_request_id: str) -> bool:
    """Whether a tie an event makes now between this booking and a container holds (`_TIES_CUT`: not once
    the booking ended, decision 3837), as the tracking door asks of the ties of one request's events, which
    the read models do not show yet."""
    return tx.one(_ENDED, (rate_request_id,)) is None


def booking_ordering_container(tx: Tx, container: str) -> dict[str, Any] | None:
    """The booking whose shipping order names this container now (its number in the reference list), the
    latest to name it when several do."""
    return tx.one(
        f"SELECT o.rate_request_id, o.position FROM {ORDER_CONTAINERS} o"
        " JOIN booking_containers c ON c.id = o.container_id WHERE c.number = ? AND o.named = 1"
        " ORDER BY o.position DESC LIMIT 1",
        (container,),
    )


def matched_before(tx: Tx, tracking_id: str) -> dict[str, Any] | None:
    """The booking this tracking event was placed on, when it was (a revision of it stays there)."""
    return tx.one(
        f"SELECT rate_request_id, customer_id, booking_reference FROM {EVENTS}"
        " WHERE id = ? AND rate_request_id IS NOT NULL",
        (tracking_id,),
    )


def events_page(
    tx: Tx,
    customer_id: str,
    *,
    booking_id: str | None = None,
    equipment: str | None = None,
    event_types: list[str] | None = None,
    updated_from: str | None = None,
    updated_to: str | None = None,
    happened_from: str | None = None,
    happened_to: str | None = None,
    after: tuple[str, str] | None = None,
    limit: int = 100,
) -> list[dict[str, Any]]:
    """A customer's own tracking events (not withdrawn), by `eventDateTime`, `limit` after the cursor: those
    that reached a booking that has ended did so before it ended (last published, revised or assigned then:
    nothing after the end is carried to the customer, decisions 3819 and 3828)."""
    where = [
        "customer_id = ?",
        "retracted_at IS NULL",
        f"NOT EXISTS (SELECT 1 FROM {ENDED_BOOKINGS} x WHERE x.rate_request_id = {EVENTS}.rate_request_id"
        f" AND x.position < {EVENTS}.position)",
    ]
    params: list[Any] = [customer_id]
    # eventUpdatedDateTime when the publisher sent it, else when it was recorded.
    updated = "COALESCE(event_updated_date_time, recorded_at)"
    filters = (
        ("rate_request_id = ?", booking_id),
        ("equipment_reference = ?", None if equipment is None else equipment.strip().upper()),
        (f"{updated} >= ?", updated_from),
        (f"{updated} <= ?", updated_to),
        ("event_date_time >= ?", happened_from),
        ("event_date_time <= ?", happened_to),
    )
    for condition, value in filters:
        if value is not None:  # a filter not asked for
            where.append(condition)
            params.append(value)
    if event_types:
        where.append("event_type IN (" + placeholders(event_types) + ")")
        params.extend(event_types)
    if after is not None:
        where.append("(event_date_time > ? OR (event_date_time = ? AND id > ?))")
        params.extend([after[0], after[0], after[1]])
    rows = tx.all(
        f"SELECT id, event_date_time, body FROM {EVENTS} WHERE {' AND '.join(where)}"
        " ORDER BY event_date_time, id LIMIT ?",
        (*params, limit),
    )
    return [dict(r) for r in rows]


def positions(tx: Tx, rate_request_ids: list[str]) -> dict[str, dict[str, Any]]:
    """The positions of these bookings (those with any tracking event), by booking."""
    if not rate_request_ids:
        return {}
    marks = placeholders(rate_request_ids)
    rows = tx.all(
        f"SELECT * FROM {POSITIONS} WHERE rate_request_id IN ({marks}) AND milestones > 0",
        tuple(rate_request_ids),
    )
    return {r["rate_request_id"]: dict(r) for r in rows}


def latest_moved(tx: Tx, customer_id: str, limit: int) -> list[str]:
    """The customer's bookings on their way (with tracking events, not ended: decision 3831), the one whose
    position changed last first."""
    rows = tx.all(
        f"SELECT rate_request_id FROM {POSITIONS} p WHERE customer_id = ? AND milestones > 0"
        f" AND NOT EXISTS (SELECT 1 FROM {ENDED_BOOKINGS} x WHERE x.rate_request_id = p.rate_request_id)"
        " ORDER BY position DESC LIMIT ?",
        (customer_id, limit),
    )
    return [str(r["rate_request_id"]) for r in rows]


def ends_of(tx: Tx, rate_request_ids: list[str]) -> dict[str, dict[str, Any]]:
    """How and when each of these bookings that ended did (one statement): `ended_as`, the final state it
    came to (it never leaves it), and `ended_at`, when that move was recorded (null until the event log has
    it). What both the customer's and staff's views say of an ended booking (decisions 3831, 3836)."""
    if not rate_request_ids:
        return {}
    rows = tx.all(
        "SELECT x.rate_request_id, r.state_name AS ended_as, l.recorded_at AS ended_at"
        f" FROM {ENDED_BOOKINGS} x"
        " LEFT JOIN booking_rate_requests r ON r.id = x.rate_request_id"
        " LEFT JOIN event_log l ON l.position = x.position"
        f" WHERE x.rate_request_id IN ({placeholders(rate_request_ids)})",
        tuple(rate_request_ids),
    )
    return {str(r["rate_request_id"]): {"ended_as": r["ended_as"], "ended_at": r["ended_at"]} for r in rows}


def timelines_until_end(tx: Tx, rate_request_ids: list[str]) -> dict[str, list[dict[str, Any]]]:
    """The `timeline` of each of these bookings that ended, as its customer reads it: the events that last
    reached it before it ended (as `events_page` lists them, decision 3828); one statement for all."""
    if not rate_request_ids:
        return {}
    rows = tx.all(
        f"SELECT e.rate_request_id, e.event_type, e.event_subtype, e.classifier, e.equipment_reference,"
        f" e.event_date_time, e.load_port, e.body FROM {EVENTS} e JOIN {ENDED_BOOKINGS} x"
        " ON x.rate_request_id = e.rate_request_id AND e.position < x.position"
        f" WHERE e.rate_request_id IN ({placeholders(rate_request_ids)}) AND e.retracted_at IS NULL"
        " ORDER BY e.rate_request_id, e.event_date_time, e.id",
        tuple(rate_request_ids),
    )
    found: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        row = dict(r)
        found.setdefault(str(row.pop("rate_request_id")), []).append({**row, "body": json.loads(r["body"])})
    return found


def timeline(tx: Tx | BatchTx, rate_request_id: str) -> list[dict[str, Any]]:
    """A booking's tracking events, not withdrawn, in the order they happened."""
    rows = tx.all(
        "SELECT event_type, event_subtype, classifier, equipment_reference, event_date_time, load_port, body"
        f" FROM {EVENTS} WHERE rate_request_id = ? AND retracted_at IS NULL ORDER BY event_date_time, id",
        (rate_request_id,),
    )
    return [{**dict(r), "body": json.loads(r["body"])} for r in rows]


def actual_milestones(
    tx: Tx, rate_request_id: str, kinds: Sequence[tuple[str, str]], *, until_end: bool = False
) -> list[dict[str, Any]]:
    """A booking's actual events of these (type, subtype) `kinds`, not withdrawn, as `timeline` gives its
    events (`until_end`: only those that reached it before it ended, as its customer reads them: decision
    3831)."""
    end = (
        f" AND NOT EXISTS (SELECT 1 FROM {ENDED_BOOKINGS} x"
        " WHERE x.rate_request_id = e.rate_request_id AND x.position < e.position)"
        if until_end
        else ""
    )
    which = " OR ".join("(e.event_type = ? AND e.event_subtype = ?)" for _ in kinds)
    rows = tx.all(
        "SELECT e.event_type, e.event_subtype, e.classifier, e.equipment_reference, e.event_date_time, e.body"
        f" FROM {EVENTS} e WHERE e.rate_request_id = ? AND e.retracted_at IS NULL"
        f" AND e.classifier = 'ACT' AND ({which}){end} ORDER BY e.event_date_time, e.id",
        (rate_request_id, *(part for kind in kinds for part in kind)),
    )
    return [{**dict(r), "body": json.loads(r["body"])} for r in rows]


def departures(tx: Tx, rate_request_id: str, *, until_end: bool = False) -> list[dict[str, Any]]:
    """A booking's actual vessel departures (`actual_milestones`)."""
    return actual_milestones(tx, rate_request_id, [("TRANSPORT", "DEPA")], until_end=until_end)


def unmatched(tx: Tx, limit: int = 1000, page: int = 1) -> list[dict[str, Any]]:
    """One page (numbered from 1) of the events that matched no booking, the latest recorded first, with the
    document references the publisher sent (read from the page's own bodies)."""
    rows = tx.all(
        f"SELECT id, event_id, event_type, event_subtype, classifier, equipment_reference, event_date_time,"
        f" recorded_at, body FROM {EVENTS} WHERE rate_request_id IS NULL AND retracted_at IS NULL"
        " ORDER BY recorded_at DESC, id LIMIT ? OFFSET ?",
        (limit, (page - 1) * limit),
    )
    return [
        {
            "id": r["id"],
            "event_id": r["event_id"],
            "event_type": r["event_type"],
            "event_subtype": r["event_subtype"],
            "classifier": r["classifier"],
            "equipment_reference": r["equipment_reference"],
            "event_date_time": r["event_date_time"],
            "recorded_at": r["recorded_at"],
            "sent_references": [reference for _, reference in document_references(json.loads(r["body"]))],
        }
        for r in rows
    ]
