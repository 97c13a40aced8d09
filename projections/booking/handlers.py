"""The booking read models' tables and how each booking event changes them.

The reference tables (ports, container types and sizes, document types, container inventory) are declared
here too but kept by `projections.booking.reference`: seeded at start, extendable by staff, never rebuilt
from events, so they are outside `tables` (replay keeps them, verify skips them).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from domain.booking.amendment_requests import new_charges
from domain.booking.files import StoredFile
from domain.booking.rate_request import RateRequest, lifecycle_moves
from domain.booking.shipping_order import ShippingOrder
from domain.booking.whose_move import waiting_for
from domain.shared.aggregate import Moved, Recorded
from domain.shared.lifecycle import lifecycle
from followers.batch import BatchTx
from projections.booking.dcsa import TABLE as DCSA_TABLE
from projections.history import utc_text
from projections.projection import Projection

projection = Projection(
    name="booking",
    tables={
        "booking_rate_requests": ("id",),
        "booking_shipping_orders": ("id",),
        "booking_files": ("id",),
        "booking_request_counts": ("id",),
    },
    # A move reads its rate request's row and its standard content (`_whose_move`), an order event its
    # order's: loaded for a whole live batch at once.
    reads_own=("booking_rate_requests", "booking_shipping_orders", DCSA_TABLE),
    schema=[
        "CREATE TABLE IF NOT EXISTS booking_rate_requests ("
        " id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, customer_username TEXT NOT NULL,"
        " commodity TEXT NOT NULL, hs_code TEXT NOT NULL, quantity INTEGER NOT NULL,"
        " preferred_shipping_date TEXT, is_swbl INTEGER NOT NULL, is_danger INTEGER NOT NULL, msds TEXT,"
        " additional_comment TEXT, pol_id INTEGER NOT NULL, pod_id INTEGER NOT NULL,"
        " container_type_id INTEGER NOT NULL, container_size_id INTEGER NOT NULL,"
        " state_name TEXT NOT NULL, state INTEGER NOT NULL, price TEXT, valid_until TEXT,"
        " revision_message TEXT, rejection_message TEXT, documents TEXT NOT NULL,"
        " order_id TEXT, order_state INTEGER, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,"
        " position BIGINT NOT NULL, reference TEXT, reference_upper TEXT, waiting_for TEXT,"
        " order_state_name TEXT, cancellation_open INTEGER NOT NULL DEFAULT 0, amendment_state TEXT,"
        # The quote's itemised charges (JSON), who quoted it and the tariff row that priced it.
        " charges TEXT, quoted_by TEXT, tariff_version INTEGER, tariff_row INTEGER,"
        # `updated_at` moves on the booking's events and its shipping order's (the lists' last activity);
        # `booking_updated_at` on the booking's own only: the detail's `updatedAt`, which staff decisions
        # name (decision 3920: the times of two aggregates are not ordered by the store).
        " booking_updated_at TEXT NOT NULL)",
        "CREATE UNIQUE INDEX IF NOT EXISTS booking_rr_reference ON booking_rate_requests (reference_upper)",
        "CREATE INDEX IF NOT EXISTS booking_rr_waiting ON booking_rate_requests (waiting_for, customer_id,"
        " updated_at)",
        "CREATE INDEX IF NOT EXISTS booking_rr_position ON booking_rate_requests (position)",
        # In the lists' order (newest first, the id breaking ties; read backwards, a customer's list oldest
        # first): a page reads only its own rows.
        "CREATE INDEX IF NOT EXISTS booking_rr_customer ON booking_rate_requests"
        " (customer_id, created_at, id)",
        # A customer's list by container type, newest first within a type (queries.LIST_ORDERS["type"]).
        "CREATE INDEX IF NOT EXISTS booking_rr_customer_type ON booking_rate_requests"
        " (customer_id, container_type_id, created_at DESC, id DESC)",
        "CREATE INDEX IF NOT EXISTS booking_rr_state ON booking_rate_requests (state, created_at, id)",
        "CREATE INDEX IF NOT EXISTS booking_rr_created ON booking_rate_requests (created_at, id)",
        "CREATE INDEX IF NOT EXISTS booking_rr_due ON booking_rate_requests (state_name, valid_until)",
        # How many rate requests each customer (and `*`: all customers) has in each state: a list page's
        # total and the overview's counts read a few rows here instead of counting every request.
        "CREATE TABLE IF NOT EXISTS booking_request_counts ("
        " id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, state INTEGER NOT NULL, state_name TEXT NOT NULL,"
        " count BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS booking_counts_customer ON booking_request_counts (customer_id, state)",
        "CREATE TABLE IF NOT EXISTS booking_shipping_orders ("
        " id TEXT PRIMARY KEY, rate_request_id TEXT NOT NULL, customer_id TEXT NOT NULL,"
        " status_name TEXT NOT NULL, status INTEGER NOT NULL, details TEXT NOT NULL, revise TEXT NOT NULL,"
        " edited_order TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, position BIGINT NOT NULL,"
        # Why staff declined the order as it stands (their message as written; null unless declined): the
        # customer reads it where she may fill the order again (decision 3824).
        " decline_message TEXT,"
        # Staff's latest revision request (field -> message, JSON), kept while the customer's answer to it
        # awaits staff, cleared once they decide: staff check her answer against it (`revise` is hers and
        # is cleared as she answers).
        " revision_requests TEXT)",
        "CREATE INDEX IF NOT EXISTS booking_so_rate_request ON booking_shipping_orders (rate_request_id)",
        "CREATE INDEX IF NOT EXISTS booking_so_position ON booking_shipping_orders (position)",
        "CREATE TABLE IF NOT EXISTS booking_files ("
        " id TEXT PRIMARY KEY, owner_id TEXT NOT NULL, name TEXT NOT NULL, content_type TEXT NOT NULL,"
        " size BIGINT NOT NULL, sha256 TEXT NOT NULL, storage_name TEXT NOT NULL, uploaded_at TEXT NOT NULL,"
        " position BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS booking_files_owner ON booking_files (owner_id)",
        # Reference tables (seeded, extendable by staff; not rebuilt from events).
        "CREATE TABLE IF NOT EXISTS booking_ports ("
        " id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, name TEXT NOT NULL, country TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS booking_container_types ("
        " id INTEGER PRIMARY KEY, name TEXT NOT NULL, value INTEGER NOT NULL)",
        "CREATE TABLE IF NOT EXISTS booking_container_sizes ("
        " id INTEGER PRIMARY KEY, name TEXT NOT NULL, value INTEGER NOT NULL)",
        "CREATE TABLE IF NOT EXISTS booking_document_types ("
        " id INTEGER PRIMARY KEY, name TEXT NOT NULL, template TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS booking_containers ("
        " id INTEGER PRIMARY KEY, number TEXT NOT NULL UNIQUE, type_id INTEGER"
        " NOT NULL, size_id INTEGER NOT NULL)",
    ],
)


def iso(moment: datetime | None) -> str | None:
    """UTC, fixed width, `Z`: sorts as text and reads as ISO 8601 on the wire."""
    return None if moment is None else utc_text(moment)


def _code(machine: str, state: str) -> int:
    return lifecycle(machine).code(state)


# -- rate requests --------------------------------------------------------------------------
RATE_REQUESTS = "booking_rate_requests"
COUNTS = "booking_request_counts"
# The counts' scope of every customer together (a customer id is a UUID: never this).
ALL_CUSTOMERS = "*"
ORDERS = "booking_shipping_orders"


def _detail_columns(details: dict[str, Any]) -> dict[str, Any]:
    return {
        "commodity": details["commodity"],
        "hs_code": details["hs_code"],
        "quantity": int(details["quantity"]),
        "preferred_shipping_date": details.get("preferred_shipping_date"),
        "is_swbl": int(bool(details.get("is_swbl"))),
        "is_danger": int(bool(details.get("is_danger"))),
        "msds": details.get("msds"),
        "additional_comment": details.get("additional_comment"),
        "pol_id": int(details["pol_id"]),
        "pod_id": int(details["pod_id"]),
        "container_type_id": int(details["container_type_id"]),
        "container_size_id": int(details["container_size_id"]),
    }


# A rate request without a price has no charges and no quote to cite.
_NO_QUOTE = {"charges": None, "quoted_by": None, "tariff_version": None, "tariff_row": None}


def _own_time(event: Recorded) -> dict[str, Any]:
    """When the booking itself (not its order) last changed: both of the row's times (decision 3920)."""
    at = iso(event.timestamp)
    return {"updated_at": at, "booking_updated_at": at}


def _moved(event: Moved, position: int) -> dict[str, Any]:
    """The columns every rate-request event sets: its state, when, and at which position."""
    return {
        "state_name": event.state,
        "state": _code("rate_request", event.state),
        **_own_time(event),
        "position": position,
    }


def _whose_move(tx: BatchTx, rate_request_id: str) -> None:
    """Recompute `waiting_for` from the row as this batch left it (state, documents, order state)."""
    row = tx.get(RATE_REQUESTS, rate_request_id)
    if row is None:
        return
    # A request made through the DCSA standard (its content kept, projections/booking/dcsa.py) is firm.
    try:
        standard = tx.get(DCSA_TABLE, rate_request_id)
    except KeyError:  # applied without the DCSA read model (a subset of the projections)
        standard = None
    whose = waiting_for(
        row["state_name"],
        row["documents"] != "[]",
        row["order_state_name"],
        bool(row.get("cancellation_open")),
        row.get("amendment_state"),
        standard is not None and standard["content"] is not None,
    )
    if whose != row["waiting_for"]:
        tx.update(RATE_REQUESTS, rate_request_id, {"waiting_for": whose})


def _counted(tx: BatchTx, customer_id: str, state_name: str, delta: int) -> None:
    """One more (or fewer) rate request in this state, for its customer and for all customers."""
    state = _code("rate_request", state_name)
    for scope in (customer_id, ALL_CUSTOMERS):
        row = {"id": f"{scope}|{state_name}", "customer_id": scope, "state": state, "state_name": state_name}
        tx.add(COUNTS, {**row, "count": delta}, "count")


def _moved_request(tx: BatchTx, event: Moved, position: int, **extra: Any) -> None:
    rate_request_id = str(event.originator_id)
    before = tx.get(RATE_REQUESTS, rate_request_id)
    if before is not None and before["state_name"] != event.state:
        _counted(tx, before["customer_id"], before["state_name"], -1)
        _counted(tx, before["customer_id"], event.state, 1)
    tx.update(RATE_REQUESTS, rate_request_id, {**extra, **_moved(event, position)})
    _whose_move(tx, rate_request_id)


@projection.on(RateRequest.Created)
def rate_request_created(tx: BatchTx, event: RateRequest.Created, position: int) -> None:
    at = iso(event.timestamp)
    tx.insert(
        RATE_REQUESTS,
        {
            "id": str(event.originator_id),
            "customer_id": event.customer_id,
            "customer_username": event.customer_username,
            **_detail_columns(event.details),
            "state_name": event.state,
            "state": _code("rate_request", event.state),
            "price": None,
            "valid_until": None,
            "revision_message": None,
            "rejection_message": None,
            "documents": "[]",
            "order_id": None,
            "order_state": None,
            "order_state_name": None,
            "created_at": at,
            "updated_at": at,
            "booking_updated_at": at,
            "position": position,
            "reference": event.reference,
            "reference_upper": event.reference.upper() if event.reference else None,
            "waiting_for": waiting_for(event.state, False, None, False),
            "cancellation_open": 0,
            "amendment_state": None,
            **_NO_QUOTE,
        },
    )
    _counted(tx, event.customer_id, event.state, 1)


@projection.on(RateRequest.ReferenceAssigned)
def reference_assigned(tx: BatchTx, event: RateRequest.ReferenceAssigned, position: int) -> None:
    tx.update(
        RATE_REQUESTS,
        str(event.originator_id),
        {"reference": event.reference, "reference_upper": event.reference.upper(), "position": position},
    )


@projection.on(RateRequest.Edited)
def rate_request_edited(tx: BatchTx, event: RateRequest.Edited, position: int) -> None:
    _moved_request(
        tx,
        event,
        position,
        **_detail_columns(event.details),
        price=None,
        valid_until=None,
        revision_message=None,
        **_NO_QUOTE,
    )


@projection.on(RateRequest.Quoted)
def rate_request_quoted(tx: BatchTx, event: RateRequest.Quoted, position: int) -> None:
    _moved_request(
        tx,
        event,
        position,
        price=str(event.price),
        valid_until=iso(event.valid_until),
        revision_message=None,
        charges=json.dumps(event.charges, sort_keys=True),
        quoted_by=event.actor_role,
        tariff_version=event.tariff_version,
        tariff_row=event.tariff_row,
    )


@projection.on(RateRequest.RevisionRequested)
def rate_request_revision(tx: BatchTx, event: RateRequest.RevisionRequested, position: int) -> None:
    _moved_request(
        tx, event, position, revision_message=event.message, price=None, valid_until=None, **_NO_QUOTE
    )


@projection.on(RateRequest.Rejected)
def rate_request_rejected(tx: BatchTx, event: RateRequest.Rejected, position: int) -> None:
    _moved_request(tx, event, position, rejection_message=event.message)


@projection.on(RateRequest.BookingRequestSubmitted)
def booking_request_submitted(tx: BatchTx, event: RateRequest.BookingRequestSubmitted, position: int) -> None:
    _moved_request(tx, event, position, documents=json.dumps(event.documents, sort_keys=True))


def rate_request_moved(tx: BatchTx, event: Moved, position: int) -> None:
    """A move of the request's lifecycle that changes nothing else here (price accepted or declined,
    withdrawn, expired, confirmed, completed, and any new trigger's event)."""
    _moved_request(tx, event, position)


@projection.on(RateRequest.AmendmentApproved)
def rate_request_amended(tx: BatchTx, event: RateRequest.AmendmentApproved, position: int) -> None:
    # The booking's own state does not move; only its content (and its price, where a new one was agreed).
    price = (
        {}
        if event.price is None
        else {
            "price": str(event.price),
            "charges": json.dumps(new_charges(event), sort_keys=True),
            "quoted_by": event.actor_role,
            "tariff_version": None,
            "tariff_row": None,
        }
    )
    tx.update(
        RATE_REQUESTS,
        str(event.originator_id),
        {
            **_detail_columns(event.details),
            **price,
            "amendment_state": None,
            **_own_time(event),
            "position": position,
        },
    )
    _whose_move(tx, str(event.originator_id))


# An open amendment: whose move it is follows the amendment's lifecycle until it is decided.
@projection.on(RateRequest.AmendmentAsked, RateRequest.AmendmentRequested, RateRequest.AmendmentRequoted)
def amendment_open(
    tx: BatchTx,
    event: RateRequest.AmendmentAsked | RateRequest.AmendmentRequested | RateRequest.AmendmentRequoted,
    position: int,
) -> None:
    tx.update(
        RATE_REQUESTS,
        str(event.originator_id),
        {"amendment_state": event.state, **_own_time(event), "position": position},
    )
    _whose_move(tx, str(event.originator_id))


@projection.on(
    RateRequest.AmendmentDeclined, RateRequest.AmendmentWithdrawn, RateRequest.AmendmentPriceExpired
)
def amendment_closed(
    tx: BatchTx,
    event: RateRequest.AmendmentDeclined | RateRequest.AmendmentWithdrawn | RateRequest.AmendmentPriceExpired,
    position: int,
) -> None:
    tx.update(
        RATE_REQUESTS,
        str(event.originator_id),
        {"amendment_state": None, **_own_time(event), "position": position},
    )
    _whose_move(tx, str(event.originator_id))


@projection.on(RateRequest.CancellationConfirmed)
def booking_cancelled(tx: BatchTx, event: RateRequest.CancellationConfirmed, position: int) -> None:
    _moved_request(tx, event, position, cancellation_open=0)


# An open cancellation request is the staff's move (the lifecycle's `cancellation_requested` guard).
@projection.on(RateRequest.CancellationRequested)
def cancellation_opened(tx: BatchTx, event: RateRequest.CancellationRequested, position: int) -> None:
    tx.update(RATE_REQUESTS, str(event.originator_id), {"cancellation_open": 1})
    _whose_move(tx, str(event.originator_id))


@projection.on(
    RateRequest.CancellationDeclined,
    RateRequest.CancellationWithdrawn,
)
def cancellation_closed(
    tx: BatchTx, event: RateRequest.CancellationDeclined | RateRequest.CancellationWithdrawn, position: int
) -> None:
    tx.update(RATE_REQUESTS, str(event.originator_id), {"cancellation_open": 0})
    _whose_move(tx, str(event.originator_id))


# Every event of the request's own lifecycle not handled above moves the row's state by the state it carries:
# a new trigger's event needs no line here, and cannot leave the read model behind silently.
for _move in lifecycle_moves():
    projection.handlers.setdefault(_move, rate_request_moved)


# -- shipping orders --------------------------------------------------------------------------
def _order_moved(tx: BatchTx, event: Moved, position: int, **extra: Any) -> None:
    order_id = str(event.originator_id)
    code = _code("shipping_order", event.state)
    at = iso(event.timestamp)
    tx.update(
        ORDERS,
        order_id,
        {"status_name": event.state, "status": code, **extra, "updated_at": at, "position": position},
    )
    # The rate request whose `order_id` is this order: the one the order was created for.
    order = tx.get(ORDERS, order_id)
    if order is None:
        return
    request = tx.get(RATE_REQUESTS, order["rate_request_id"])
    if request is not None and request["order_id"] == order_id:
        tx.update(
            RATE_REQUESTS,
            request["id"],
            {"order_state": code, "order_state_name": event.state, "updated_at": at, "position": position},
        )
        _whose_move(tx, request["id"])


# A new order reads its rate request's rows (`_whose_move`), by the id the event carries.
for _read in ("booking_rate_requests", DCSA_TABLE):
    projection.reads_by_key(ShippingOrder.Created, _read, lambda event: str(event.rate_request_id))


@projection.on(ShippingOrder.Created)
def order_created(tx: BatchTx, event: ShippingOrder.Created, position: int) -> None:
    at = iso(event.timestamp)
    code = _code("shipping_order", event.state)
    tx.insert(
        ORDERS,
        {
            "id": str(event.originator_id),
            "rate_request_id": event.rate_request_id,
            "customer_id": event.customer_id,
            "status_name": event.state,
            "status": code,
            "details": json.dumps(event.details, sort_keys=True),
            "revise": "{}",
            "edited_order": None,
            "decline_message": None,
            "revision_requests": "{}",
            "created_at": at,
            "updated_at": at,
            "position": position,
        },
    )
    tx.update(
        RATE_REQUESTS,
        event.rate_request_id,
        {
            "order_id": str(event.originator_id),
            "order_state": code,
            "order_state_name": event.state,
            "updated_at": at,
            "position": position,
        },
    )
    _whose_move(tx, event.rate_request_id)


@projection.on(ShippingOrder.RevisionRequested)
def order_revision(tx: BatchTx, event: ShippingOrder.RevisionRequested, position: int) -> None:
    edited = json.dumps(event.edited_order, sort_keys=True) if event.edited_order is not None else None
    asked = json.dumps(event.revise, sort_keys=True)
    _order_moved(tx, event, position, revise=asked, edited_order=edited, revision_requests=asked)


@projection.on(ShippingOrder.Edited)
def order_edited(tx: BatchTx, event: ShippingOrder.Edited, position: int) -> None:
    current = tx.get(ORDERS, str(event.originator_id))
    details = {**json.loads((current or {}).get("details") or "{}"), **event.changes}
    _order_moved(
        tx, event, position, details=json.dumps(details, sort_keys=True), revise="{}", edited_order=None
    )


@projection.on(ShippingOrder.Updated)
def order_updated(tx: BatchTx, event: ShippingOrder.Updated, position: int) -> None:
    current = tx.get(ORDERS, str(event.originator_id))
    details = {**json.loads((current or {}).get("details") or "{}"), **event.changes}
    _order_moved(
        tx, event, position, details=json.dumps(details, sort_keys=True), revise="{}", edited_order=None
    )


@projection.on(ShippingOrder.Resubmitted)
def order_resubmitted(tx: BatchTx, event: ShippingOrder.Resubmitted, position: int) -> None:
    """Submitted again (decision 3824): the new content replaces the old one whole, as a new order's, and the
    reason of a decline before is no longer the order's."""
    details = json.dumps(event.details, sort_keys=True)
    cleared = {"revise": "{}", "edited_order": None, "decline_message": None, "revision_requests": "{}"}
    _order_moved(tx, event, position, details=details, **cleared)


@projection.on(ShippingOrder.UpdateCancelled)
def order_update_cancelled(tx: BatchTx, event: ShippingOrder.UpdateCancelled, position: int) -> None:
    _order_moved(tx, event, position, details=json.dumps(event.restored, sort_keys=True))


@projection.on(ShippingOrder.Declined)
def order_declined(tx: BatchTx, event: ShippingOrder.Declined, position: int) -> None:
    """Declined by staff, saying why (or closed with its rejected booking, the rejection's message): kept for
    the customer to read where she may fill the order again."""
    _order_moved(tx, event, position, decline_message=event.message, revision_requests="{}")


@projection.on(
    ShippingOrder.Accepted,
    ShippingOrder.Approved,
    ShippingOrder.Cancelled,
    ShippingOrder.Issued,
)
def order_moved(
    tx: BatchTx,
    event: ShippingOrder.Accepted | ShippingOrder.Approved | ShippingOrder.Cancelled | ShippingOrder.Issued,
    position: int,
) -> None:
    # Decided or withdrawn: no revision request is waiting to be checked any more.
    _order_moved(tx, event, position, revision_requests="{}")


# -- files --------------------------------------------------------------------------
@projection.on(StoredFile.Stored)
def file_stored(tx: BatchTx, event: StoredFile.Stored, position: int) -> None:
    tx.insert(
        "booking_files",
        {
            "id": str(event.originator_id),
            "owner_id": event.owner_id,
            "name": event.name,
            "content_type": event.content_type,
            "size": event.size,
            "sha256": event.sha256,
            "storage_name": event.storage_name,
            "uploaded_at": iso(event.timestamp),
            "position": position,
        },
    )
