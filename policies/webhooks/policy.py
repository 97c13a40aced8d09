"""The webhook policy: a follower that records one delivery per subscription for every booking notification.

It follows the event log with its own tracking row. It keeps its own copy of the subscriptions and of each
booking's last notified statuses, written in the same transaction as its position, so it sees subscriptions
exactly in log order and a restart neither loses nor repeats a notification. For every notified step of a
booking it records one delivery per active subscription of the booking's customer (`webhook_deliveries`):
the CloudEvents body, fixed once, with an id stable across attempts and resends (`webhook-id`, the
receiver's deduplication key). The sender (`infrastructure/webhook_sender.py`) posts them.

Every rate-request event is classified (`steps.STEPS`; a move of the request's own lifecycle by default): a
test fails when one is not, and a state or step the view cannot name is logged and skipped, never raised (a
raise would make the follower retry its batch forever).
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias, get_args

from domain.booking.estimated_sailing import is_estimated
from domain.booking.rate_request import RateRequest, StaffSaid
from domain.booking.shipping_order import ShippingOrder
from domain.integrations.notification_types import BOOKING_NOTIFICATION, ORDER_KIND_OF, TRACKING_NOTIFICATION
from domain.integrations.webhook_subscription import TNT_CONSUMER, WebhookSubscription
from domain.shared.aggregate import Recorded
from domain.tracking.carried import carried_in
from domain.tracking.milestone import TrackingEvent
from followers.follower import Batch, Follower
from infrastructure.leases import Lease
from infrastructure.read_db import ReadModelDB, Tx, padded, placeholders, send
from infrastructure.wakeups import Wakeups
from policies.webhooks.state import ensure_tables
from policies.webhooks.steps import (
    AMENDMENT_RECEIVED,
    BOOKING_EVENTS,
    MOVES,
    STEPS,
    amendment_asked,
    decisions,
)
from projections.history import utc_text

log = logging.getLogger(__name__)

WEBHOOK_POLICY = "webhook_policy"
NOTIFICATION_TYPE, TRACKING_TYPE = BOOKING_NOTIFICATION, TRACKING_NOTIFICATION
TRACKING_KIND = "tracking.event"
# Published, revised and retracted events of a matched booking; an event staff assign later is
# not sent (its body is the publisher's, already known to the carrier).
TRACKING_EVENTS = (
    TrackingEvent.Published,
    TrackingEvent.Revised,
    TrackingEvent.Retracted,
)
_IDS = uuid.UUID("6f1c3a52-2b1e-4d0e-9a57-6b2f1f0c9d11")


def event_id(event: Recorded, step: str | None = None) -> str:
    """A notification's id, stable across replays: its event's, or of a second `step` the event tells."""
    told = f"{event.originator_id}:{event.originator_version}" + (f":{step}" if step else "")
    return str(uuid.uuid5(_IDS, told))


class BookingView(Protocol):
    """How the DCSA door names a booking (api/dcsa/booking/notifications.py): the policy imports no wire
    schema."""

    def booking_status(
        self, state: str, confirmed: bool, updated: bool, amendment_asked: bool = False
    ) -> str: ...

    def still_updated(self, previous_status: str | None, state: str) -> bool:
        """Whether a booking the shipper updated still reads so (until staff decide)."""
        ...

    def notification_data(self, notified: Notified) -> dict[str, Any]:
        """The notification's `data`, as `GET /v2/bookings/{ref}` would name this booking."""
        ...

    def order_notification(
        self, state: str, booking_reference: str, event_name: str, message: str | None
    ) -> tuple[str, str, dict[str, Any]]:
        """A shipping order's step as the Bill of Lading standard tells it: the CloudEvents type, the path
        of its source and the notification's `data` (as its `GET /v3/...` says)."""
        ...


@dataclass(frozen=True)
class Notified:
    """What a step tells of a booking: its ids (`booking`: id, reference), its state and statuses
    (`amended`: amendedBookingStatus, `cancellation`: bookingCancellationStatus), its feedbacks."""

    booking: dict[str, Any]
    state: str
    confirmed: bool
    amended: str | None
    cancellation: str | None
    messages: dict[str, Any]
    # Staff's or the carrier's decision the step tells (`steps.decisions`), for its feedbacks.
    decisions: dict[str, Any]
    updated: bool


_BOOKING = (
    "SELECT b.*, c.id AS changes_id, c.amended_status, c.cancellation_status"
    " FROM webhook_policy_bookings b LEFT JOIN webhook_policy_changes c ON c.id = b.id"
)
_SUBSCRIPTIONS = (
    "SELECT s.id, s.customer_id, t.event_types, t.tracking_format FROM webhook_policy_subscriptions s"
    " LEFT JOIN webhook_policy_subscription_settings t ON t.id = s.id WHERE s.active = 1"
)
# Keys per statement of the batch's reads, padded to a power of two: a few statement texts, each of at most
# 32 parameters (psycopg parses a statement of more than 50 afresh each time). On PostgreSQL all of them are
# sent before any answer is read: one wait however many.
_CHUNK = 16


class PolicyBatch:
    """What one batch of the policy reads, asked at its start: its bookings' rows and their customers'
    subscriptions, each in one statement sent together (on PostgreSQL, with the tracking row's move: one
    round trip), where every event asked two statements of its own, serially.

    The policy alone writes its tables (only the group's holder applies), so the rows read at the start
    plus this batch's own changes, kept here as it writes them, are what a read at each event would see.
    A subscription event of the batch changes whose subscriptions hear what: from there on a customer's
    subscriptions are read afresh (once, then kept until the next one)."""

    def __init__(self, tx: Tx, batch: Batch = ()) -> None:
        self.tx = tx
        self.bookings: dict[str, dict[str, Any] | None] = {}
        self.subscriptions: dict[str, list[dict[str, Any]]] = {}
        self._pending: list[Callable[[], None]] = []
        self._written: dict[str, None] = {}
        self._steps_written: dict[str, None] = {}
        booking_ids: dict[str, None] = {}
        customers: dict[str, None] = {}
        for _, event in batch:
            if isinstance(event, BOOKING_EVENTS):
                booking_ids[str(event.originator_id)] = None
                if isinstance(event, RateRequest.Created) and event.customer_id:
                    customers[str(event.customer_id)] = None
            elif isinstance(event, TRACKING_EVENTS):
                customer_id = event.facts.get("customer_id")
                if customer_id:
                    customers[str(customer_id)] = None
                    # Whether its booking has ended (decision 3828): read with the batch's bookings.
                    booking_ids[str(event.facts["rate_request_id"])] = None
        ids = list(booking_ids)
        for start in range(0, len(ids), _CHUNK):
            self._read_bookings(ids[start : start + _CHUNK])
        # The customers of the bookings read (named by them, in the same statement) and of the batch's new
        # bookings and tracking events: everyone this batch may notify.
        for start in range(0, max(len(ids), len(customers)), _CHUNK):
            self._read_subscriptions(ids[start : start + _CHUNK], list(customers)[start : start + _CHUNK])

    def _read_bookings(self, ids: list[str]) -> None:
        params = _padded(ids)
        answer = send(self.tx, f"{_BOOKING} WHERE b.id IN ({placeholders(params)})", params)

        def read() -> None:
            found = {row["id"]: row for row in answer()}
            for booking_id in ids:
                self.bookings[booking_id] = found.get(booking_id)

        self._pending.append(read)

    def _read_subscriptions(self, ids: list[str], customers: list[str]) -> None:
        booking_params, customer_params = _padded(ids), _padded(customers)
        bookings, customers_marks = placeholders(booking_params), placeholders(customer_params)
        answer = send(
            self.tx,
            f"{_SUBSCRIPTIONS} AND (s.customer_id IN (SELECT customer_id FROM webhook_policy_bookings"
            f" WHERE id IN ({bookings})) OR s.customer_id IN ({customers_marks}))"
            " ORDER BY s.id",
            (*booking_params, *customer_params),
        )

        def read() -> None:
            heard: dict[str, list[dict[str, Any]]] = {customer_id: [] for customer_id in customers}
            for booking_id in ids:
                row = self.bookings.get(booking_id)
                if row is not None:
                    heard.setdefault(row["customer_id"], [])
            for row in answer():
                heard.setdefault(row["customer_id"], []).append(_subscription(row))
            for customer_id, found in heard.items():
                self.subscriptions.setdefault(customer_id, found)

        self._pending.append(read)

    def _read(self) -> None:
        pending, self._pending = self._pending, []
        for read in pending:
            read()

    def booking(self, booking_id: str) -> dict[str, Any] | None:
        self._read()
        if booking_id not in self.bookings:
            self.bookings[booking_id] = self.tx.one(f"{_BOOKING} WHERE b.id = ?", (booking_id,))
        return self.bookings[booking_id]

    def created(self, booking_id: str, row: dict[str, Any]) -> None:
        """A new booking's row (`ON CONFLICT DO NOTHING`: a row there already stays as it is)."""
        if self.booking(booking_id) is None:
            self.bookings[booking_id] = row

    def changed(self, booking_id: str, **columns: Any) -> None:
        """The booking's row changed: kept here, written once per booking by `write` at the batch's end."""
        row = self.bookings.get(booking_id)
        if row is not None:
            self.bookings[booking_id] = {**row, **columns}
            self._written[booking_id] = None

    def steps_changed(self, booking_id: str, amended: str | None, cancellation: str | None) -> None:
        """The statuses of its amendment and cancellation request changed (`webhook_policy_changes`)."""
        self.changed(
            booking_id, changes_id=booking_id, amended_status=amended, cancellation_status=cancellation
        )
        self._steps_written[booking_id] = None

    def write(self) -> None:
        """Each changed booking's row once, as the batch's events left it (one statement per booking where
        each event wrote one or two)."""
        for booking_id in self._written:
            row = self.bookings[booking_id]
            assert row is not None
            self.tx.execute(
                "UPDATE webhook_policy_bookings SET reference = ?, state = ?, status = ?, confirmed = ?,"
                " amendment_open = ?, sailing_estimated = ?, firm = ?, quantity = ? WHERE id = ?",
                (
                    row["reference"],
                    row["state"],
                    row["status"],
                    row["confirmed"],
                    row["amendment_open"],
                    row.get("sailing_estimated"),
                    row.get("firm"),
                    row.get("quantity"),
                    booking_id,
                ),
            )
        for booking_id in self._steps_written:
            row = self.bookings[booking_id]
            assert row is not None
            self.tx.execute(
                "INSERT INTO webhook_policy_changes (id, amended_status, cancellation_status)"
                " VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET amended_status = excluded.amended_status,"
                " cancellation_status = excluded.cancellation_status",
                (booking_id, row["amended_status"], row["cancellation_status"]),
            )
        self._written.clear()
        self._steps_written.clear()

    def hearing(self, customer_id: str, kind: str) -> list[dict[str, Any]]:
        """The customer's active subscriptions that hear `kind`, in a fixed order."""
        self._read()
        found = self.subscriptions.get(customer_id)
        if found is None:
            rows = self.tx.all(f"{_SUBSCRIPTIONS} AND s.customer_id = ? ORDER BY s.id", (customer_id,))
            found = self.subscriptions[customer_id] = [_subscription(row) for row in rows]
        return [subscription for subscription in found if _hears(subscription, kind)]

    def subscriptions_changed(self) -> None:
        self._read()
        self.subscriptions.clear()


def _subscription(row: dict[str, Any]) -> dict[str, Any]:
    return {"id": row["id"], "event_types": row["event_types"], "tracking_format": row["tracking_format"]}


def _padded(keys: list[str]) -> list[str]:
    """At least one key (`IN ()` is no SQL), the last repeated up to a power of two."""
    return padded(keys or [""])


def _subscription_event(tx: Tx, event: SubscriptionEvent) -> None:
    subscription_id = str(event.originator_id)
    if isinstance(event, WebhookSubscription.Subscribed):
        tx.execute(
            "INSERT INTO webhook_policy_subscriptions (id, customer_id, callback_url, active)"
            " VALUES (?, ?, ?, 1) ON CONFLICT (id) DO NOTHING",
            (subscription_id, event.customer_id, event.callback_url),
        )
        _settings(tx, subscription_id, sealed_secret=event.sealed_secret)
        _settings(tx, subscription_id, event_types=_types_text(event.event_types))
        _settings(tx, subscription_id, tracking_format=event.tracking_format)
    elif isinstance(event, WebhookSubscription.SecretRotated):
        _settings(
            tx,
            subscription_id,
            sealed_secret=event.sealed_secret,
            previous_sealed_secret=event.previous_sealed_secret,
            previous_valid_until=utc_text(event.previous_valid_until),
        )
    elif isinstance(event, WebhookSubscription.EventTypesChosen):
        _settings(tx, subscription_id, event_types=_types_text(event.event_types))
    else:
        tx.execute("UPDATE webhook_policy_subscriptions SET active = 0 WHERE id = ?", (subscription_id,))
        # A removed subscription hears nothing more: its pending deliveries (retries included) are cancelled.
        tx.execute(
            "UPDATE webhook_deliveries SET state = 'cancelled', lease_owner = NULL, lease_until = NULL"
            " WHERE subscription_id = ? AND state = 'pending'",
            (subscription_id,),
        )


SubscriptionEvent: TypeAlias = (
    WebhookSubscription.Subscribed
    | WebhookSubscription.Unsubscribed
    | WebhookSubscription.SecretRotated
    | WebhookSubscription.EventTypesChosen
)


def _types_text(event_types: list[str] | None) -> str | None:
    return None if event_types is None else json.dumps(event_types)


def _settings(tx: Tx, subscription_id: str, **columns: str | None) -> None:
    names = list(columns)
    tx.execute(
        f"INSERT INTO webhook_policy_subscription_settings (id, {', '.join(names)})"
        f" VALUES (?, {placeholders(names)}) ON CONFLICT (id) DO UPDATE SET"
        f" {', '.join(f'{name} = excluded.{name}' for name in names)}",
        (subscription_id, *columns.values()),
    )


def _hears(subscription: dict[str, Any], kind: str) -> bool:
    chosen = subscription["event_types"]
    return chosen is None or kind in json.loads(chosen)


def _booking_event(
    batch: PolicyBatch, event: Recorded, position: int, site_url: str, view: BookingView
) -> None:
    # Table-driven over every rate request event (`STEPS`); those that move carry `state` (`MOVES`).
    tx = batch.tx
    booking_id = str(event.originator_id)
    step = STEPS[type(event)]
    if not step.notified:
        return
    if isinstance(event, RateRequest.Created):
        reference = event.reference
        firm, quantity = int(event.booking_content is not None), _quantity(event.details)
        tx.execute(
            "INSERT INTO webhook_policy_bookings"
            " (id, customer_id, reference, state, status, confirmed, amendment_open, firm, quantity)"
            " VALUES (?, ?, ?, ?, NULL, 0, 0, ?, ?) ON CONFLICT (id) DO NOTHING",
            (booking_id, event.customer_id, reference, event.state, firm, quantity),
        )
        new_row = {"id": booking_id, "customer_id": event.customer_id, "reference": reference}
        batch.created(
            booking_id,
            {**new_row, "state": event.state, "status": None, "confirmed": 0, "amendment_open": 0,
             "changes_id": None, "amended_status": None, "cancellation_status": None, "firm": firm,
             "quantity": quantity},
        )  # fmt: skip
    booking = batch.booking(booking_id)
    if booking is None:
        return
    if isinstance(event, RateRequest.ReferenceAssigned):
        batch.changed(booking_id, reference=event.reference)
        booking = {**booking, "reference": event.reference}
    if isinstance(event, RateRequest.Edited | RateRequest.AmendmentApproved):
        # New details (containers); an update sent through the standard makes the request firm, as the
        # aggregate counts it (`firm_request`).
        firm = int(bool(booking.get("firm")) or event.booking_content is not None)
        batch.changed(booking_id, firm=firm, quantity=_quantity(event.details))
        booking = {**booking, "firm": firm, "quantity": _quantity(event.details)}
    state = event.state if isinstance(event, MOVES) else booking["state"]
    confirmed = bool(booking["confirmed"]) or isinstance(event, RateRequest.BookingConfirmed)
    estimated = _sailing_estimated(event, bool(booking.get("sailing_estimated")))
    amended = None if step.clears_amendment else step.amended or booking["amended_status"]
    asked = amendment_asked(event, step, booking["status"])
    cancellation = None if step.clears_cancellation else step.cancellation or booking["cancellation_status"]
    # The shipper's update reads UPDATE_RECEIVED until staff decide.
    updated = isinstance(event, RateRequest.Edited) or view.still_updated(booking["status"], state)
    try:
        status = view.booking_status(state, confirmed, updated, asked is not None)
    except KeyError:
        # A state the status map does not name (a test fails on it): log and go on, never retry forever.
        log.error(
            "webhook policy: no DCSA status for state %r; event %s not notified", state, event_id(event)
        )
        return
    batch.changed(
        booking_id,
        state=state,
        status=status,
        confirmed=int(confirmed),
        amendment_open=int(amended == AMENDMENT_RECEIVED),
        sailing_estimated=int(estimated),
    )
    steps = (amended, cancellation) != (booking["amended_status"], booking["cancellation_status"])
    if steps:
        batch.steps_changed(booking_id, amended, cancellation)
    # Every step changes what the booking shows (a status, a price, the content): each is notified, to the
    # subscriptions that hear its kind. A sailing chosen with the request is part of what was received: the
    # request's own notification tells it.
    if isinstance(event, RateRequest.SailingChosen) and event.with_request:
        return
    subscriptions = batch.hearing(booking["customer_id"], step.kind)
    if not subscriptions:
        return
    notification_id = event_id(event)
    at = utc_text(event.timestamp)

    # The moving events that say more than their state: staff's reason (`StaffSaid`: a revision asked, a
    # rejection), the quote's price and validity. A test checks no other moving event carries these.
    message = event.message if isinstance(event, StaffSaid) else None
    price, valid_until = (
        (event.price, event.valid_until) if isinstance(event, RateRequest.Quoted) else (None, None)
    )
    data = view.notification_data(
        Notified(
            booking={"id": booking_id, "reference": booking["reference"]},
            state=state,
            confirmed=confirmed,
            amended=amended,
            cancellation=cancellation,
            messages={
                "revision_message": message,
                "rejection_message": message,
                "price": price,
                "valid_until": utc_text(valid_until) if valid_until else None,
                "amendment_asked": asked,
                "firm": bool(booking.get("firm")),
                "charges": event.charges if isinstance(event, RateRequest.Quoted) else None,
                "quantity": booking.get("quantity"),
            },
            updated=updated,
            decisions={**decisions(event), "plan_estimated": confirmed and estimated},
        )
    )
    # The delivery log names the status this step changed (the amendment's or the cancellation's, when
    # the booking's own stays as it was).
    shown = (
        amended
        if step.amended
        else (cancellation or status)
        if (step.cancellation or step.clears_cancellation) and status == booking["status"]
        else status
    )
    _enqueue(
        tx,
        subscriptions,
        notification_id=notification_id,
        source=f"{site_url}/v2/bookings",
        cloud_type=NOTIFICATION_TYPE,
        at=at,
        data=data,
        customer_id=booking["customer_id"],
        rate_request_id=booking_id,
        shown=shown or status,
        position=position,
        event_type=step.kind,
    )


# The shipping order's events that change what its /v3 reads show.
ORDER_EVENTS: tuple[type, ...] = (
    ShippingOrder.Created,
    ShippingOrder.RevisionRequested,
    ShippingOrder.Edited,
    ShippingOrder.Updated,
    ShippingOrder.UpdateCancelled,
    ShippingOrder.Cancelled,
    ShippingOrder.Declined,
    ShippingOrder.Accepted,
    ShippingOrder.Approved,
    ShippingOrder.Issued,
    ShippingOrder.Resubmitted,
)


def _order_event(batch: PolicyBatch, event: Any, position: int, site_url: str, view: BookingView) -> None:
    """A step of a booking's shipping order (the standard's shipping instructions and transport document),
    to the customer's subscriptions that hear its kind."""
    tx = batch.tx
    order_id = str(event.originator_id)
    if isinstance(event, ShippingOrder.Created):
        tx.execute(
            "INSERT INTO webhook_policy_orders (id, rate_request_id) VALUES (?, ?)"
            " ON CONFLICT (id) DO NOTHING",
            (order_id, event.rate_request_id),
        )
    found = tx.one("SELECT rate_request_id, state FROM webhook_policy_orders WHERE id = ?", (order_id,))
    booking = batch.booking(str(found["rate_request_id"])) if found else None
    if found is None or booking is None:
        return
    tx.execute("UPDATE webhook_policy_orders SET state = ? WHERE id = ?", (event.state, order_id))
    if isinstance(event, ShippingOrder.Accepted) and found["state"] == UPDATE_RECEIVED:
        # Staff accepting the shipper's update confirm it: told on the instructions (UPDATE_CONFIRMED), to
        # those who heard the update, before the transport document's draft.
        _order_step(batch, event, position, site_url, view, booking, "UpdateConfirmed")
    _order_step(batch, event, position, site_url, view, booking, type(event).__name__)


# An order's state in which the shipper's update awaits staff (shipping_order.json's `dcsaUpdate`).
UPDATE_RECEIVED = "update_received"


def _order_step(
    batch: PolicyBatch,
    event: Any,
    position: int,
    site_url: str,
    view: BookingView,
    booking: dict[str, Any],
    name: str,
) -> None:
    """One notification of the order's step `name` (its event's name, or `UpdateConfirmed`)."""
    tx = batch.tx
    rate_request_id = booking["id"]
    kind = ORDER_KIND_OF["Updated" if name == "UpdateConfirmed" else name]
    subscriptions = batch.hearing(booking["customer_id"], kind)
    if not subscriptions:
        return
    message = "; ".join(event.revise.values()) if isinstance(event, ShippingOrder.RevisionRequested) else None
    if isinstance(event, ShippingOrder.Declined):
        message = event.message
    reference = str(booking["reference"] or booking["id"])
    cloud_type, path, data = view.order_notification(event.state, reference, name, message)
    status = str(
        data.get("transportDocumentStatus")
        or (data.get("updatedShippingInstructionsStatus") if name == "UpdateConfirmed" else None)
        or data.get("shippingInstructionsStatus")
    )
    _enqueue(
        tx,
        subscriptions,
        notification_id=event_id(event, None if name == type(event).__name__ else name),
        source=f"{site_url}{path}",
        cloud_type=cloud_type,
        at=utc_text(event.timestamp),
        data=data,
        customer_id=booking["customer_id"],
        rate_request_id=str(rate_request_id),
        shown=status,
        position=position,
        event_type=kind,
    )


def _quantity(details: dict[str, Any]) -> int | None:
    quantity = details.get("quantity")
    return None if quantity is None else int(quantity)


def _sailing_estimated(event: Recorded, before: bool) -> bool:
    """Whether the booking's sailing is an estimate after this event: one is recorded with a confirmation
    that named no sailing, and replaced when a sailing is chosen or named."""
    if isinstance(event, RateRequest.BookingConfirmed) and event.sailing is not None:
        return is_estimated(event.sailing)
    if isinstance(event, RateRequest.SailingChosen | RateRequest.EstimatedSailingReplaced):
        return is_estimated(event.sailing)
    if isinstance(event, RateRequest.SailingReplanned):
        return event.sailing is not None and is_estimated(event.sailing)
    return before


def _tracking_event(
    batch: PolicyBatch,
    event: TrackingEvent.Published | TrackingEvent.Revised | TrackingEvent.Retracted,
    position: int,
    site_url: str,
) -> None:
    """A tracking event of a customer's booking, to the subscriptions that hear `tracking.event`: the
    standard's Event as data (a retraction: its `eventID` with `isRetracted`). Not once the booking has ended
    (`carried_in` the state the policy's copy gives it at this event, as the e-mail and the notice)."""
    facts = event.facts
    customer_id = facts.get("customer_id")
    if not customer_id:
        return  # matched no booking: nobody to tell
    booking = batch.booking(str(facts["rate_request_id"]))
    if booking is not None and not carried_in(booking["state"]):
        return  # the booking ended: nothing of it is carried (decisions 3819, 3828)
    subscriptions = batch.hearing(customer_id, TRACKING_KIND)
    if not subscriptions:
        return
    retracted = isinstance(event, TrackingEvent.Retracted)
    data = (
        {"eventID": facts["event_id"], "isRetracted": True}
        if isinstance(event, TrackingEvent.Retracted)
        else json.loads(event.body)
    )
    shown = "RETRACTED" if retracted else f"{facts['event_type']}:{facts.get('event_subtype') or ''}"
    notification_id = event_id(event)
    at = utc_text(event.timestamp)
    _enqueue(
        batch.tx,
        subscriptions,
        notification_id=notification_id,
        source=f"{site_url}/v3/events",
        cloud_type=TRACKING_TYPE,
        at=at,
        data=data,
        customer_id=customer_id,
        rate_request_id=facts["rate_request_id"],
        shown=shown,
        position=position,
        event_type=TRACKING_KIND,
    )


def _enqueue(
    tx: Tx,
    subscriptions: list[dict[str, Any]],
    *,
    notification_id: str,
    source: str,
    cloud_type: str,
    at: str,
    data: Any,
    customer_id: str,
    rate_request_id: str,
    shown: str,
    position: int,
    event_type: str | None,
) -> None:
    """One pending delivery per subscription: the CloudEvents envelope around `data`, its id derived from the
    subscription and the notification so that a replayed batch adds nothing twice."""
    for subscription in subscriptions:
        body: dict[str, Any] = {
            "specversion": "1.0",
            "id": notification_id,
            "source": source,
            "type": cloud_type,
            "time": at,
            "datacontenttype": "application/json",
            "subscriptionReference": subscription["id"],
            "data": data,
        }
        if cloud_type == TRACKING_TYPE and subscription.get("tracking_format") == TNT_CONSUMER:
            body = {"events": [data]}  # TNT 3.0's consumer endpoint (`POST /events`): the events alone
        tx.execute(
            "INSERT INTO webhook_deliveries (id, subscription_id, customer_id, rate_request_id, event_id,"
            " booking_status, body, state, attempts, last_status, last_error, last_attempt_at,"
            " next_attempt_at, window_started_at, delivered_at, lease_owner, lease_until, created_at,"
            " position, event_type) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, NULL, NULL, NULL, ?, ?, NULL,"
            " NULL, NULL, ?, ?, ?)"
            " ON CONFLICT (id) DO NOTHING",
            (
                str(uuid.uuid5(_IDS, f"{subscription['id']}:{notification_id}")),
                subscription["id"],
                customer_id,
                rate_request_id,
                notification_id,
                shown,
                json.dumps(body, separators=(",", ":")),
                at,
                at,
                at,
                position,
                event_type,
            ),
        )


def webhook_follower(
    store: Any,
    db: ReadModelDB,
    site_url: str,
    view: BookingView,
    on_recorded: Callable[[], None] | None = None,
    lease: Lease | None = None,
    wakeups: Wakeups | None = None,
) -> Follower:
    """The policy's follower; with PostgreSQL's `lease` only the holder applies (the scale-out deployment)."""
    ensure_tables(db)

    def apply(tx: Tx, batch: Batch) -> None:
        recorded = False
        reads = PolicyBatch(tx, batch)
        for position, event in batch:
            if isinstance(event, SubscriptionEvent):
                reads.subscriptions_changed()
                _subscription_event(tx, event)
            elif isinstance(event, BOOKING_EVENTS):
                _booking_event(reads, event, position, site_url, view)
                recorded = True
            elif isinstance(event, TRACKING_EVENTS):
                _tracking_event(reads, event, position, site_url)
                recorded = True
            elif isinstance(event, ORDER_EVENTS):
                _order_event(reads, event, position, site_url, view)
                recorded = True
        reads.write()
        if recorded and on_recorded is not None:
            on_recorded()

    # The events `apply` looks at: the others are passed by their stored topic, never decoded.
    handles = (*get_args(SubscriptionEvent), *BOOKING_EVENTS, *TRACKING_EVENTS, *ORDER_EVENTS)
    # Everything it does is written in the batch's transaction (the sender's poke only wakes it early), so
    # its tracking row's check rides with the batch's reads.
    return Follower(
        WEBHOOK_POLICY,
        store,
        db,
        apply,
        lease=lease,
        wakeups=wakeups,
        handles=handles,
        effects_in_transaction=True,
    )
