"""The webhook policy: a follower that records one delivery per subscription for every booking notification.

It follows the event log with its own tracking row. It keeps its own copy of the subscriptions and of each
booking's last notified statuses, written in the same transaction as its position, so it sees subscriptions
exactly in log order and a restart neither loses nor repeats a notification. For every notified step of a
booking it records one delivery per active subscription of the booking's customer (`webhook_deliveries`):
the CloudEvents body, fixed once, with an id stable across attempts and resends (`webhook-id`, the
receiver's deduplication key). The sender (`infrastructure/webhook_sender.py`) posts them.

Every rate-request event is classified below (`STEPS`): a test fails when one is not, and a state or step
the view cannot name is logged and skipped, never raised (a raise would make the follower retry its batch
forever).
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Protocol

from domain.booking.rate_request import RateRequest
from domain.integrations.webhook_subscription import WebhookSubscription
from infrastructure.leases import Lease
from infrastructure.read_db import ReadModelDB, Tx
from infrastructure.wakeups import Wakeups
from projections.follower import Batch, Follower
from projections.history import utc_text

log = logging.getLogger(__name__)

WEBHOOK_POLICY = "webhook_policy"
NOTIFICATION_TYPE = "org.dcsa.booking.v2"
_IDS = uuid.UUID("6f1c3a52-2b1e-4d0e-9a57-6b2f1f0c9d11")

SCHEMA = [
    "CREATE TABLE IF NOT EXISTS webhook_policy_subscriptions ("
    " id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, callback_url TEXT NOT NULL, active INTEGER NOT NULL)",
    "CREATE INDEX IF NOT EXISTS webhook_policy_subscriptions_customer"
    " ON webhook_policy_subscriptions (customer_id)",
    "CREATE TABLE IF NOT EXISTS webhook_policy_bookings ("
    " id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, reference TEXT, state TEXT NOT NULL, status TEXT,"
    " confirmed INTEGER NOT NULL, amendment_open INTEGER NOT NULL)",
    # The standard's amendedBookingStatus and bookingCancellationStatus last notified (issue 18; a table of
    # its own so a policy state written before it needs no change).
    "CREATE TABLE IF NOT EXISTS webhook_policy_changes ("
    " id TEXT PRIMARY KEY, amended_status TEXT, cancellation_status TEXT)",
    "CREATE TABLE IF NOT EXISTS webhook_deliveries ("
    " id TEXT PRIMARY KEY, subscription_id TEXT NOT NULL, customer_id TEXT NOT NULL,"
    " rate_request_id TEXT NOT NULL, event_id TEXT NOT NULL, booking_status TEXT NOT NULL,"
    " body TEXT NOT NULL,"
    " state TEXT NOT NULL, attempts INTEGER NOT NULL, last_status INTEGER, last_error TEXT,"
    " last_attempt_at TEXT, next_attempt_at TEXT NOT NULL, window_started_at TEXT NOT NULL,"
    " delivered_at TEXT, lease_owner TEXT, lease_until TEXT, created_at TEXT NOT NULL,"
    " position BIGINT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at)",
    "CREATE INDEX IF NOT EXISTS webhook_deliveries_subscription"
    " ON webhook_deliveries (subscription_id, created_at)",
]


def ensure_tables(db: ReadModelDB) -> None:
    with db.transaction() as tx:
        for statement in SCHEMA:
            tx.execute(statement)


def event_id(event: Any) -> str:
    return str(uuid.uuid5(_IDS, f"{event.originator_id}:{event.originator_version}"))


class BookingView(Protocol):
    """How the DCSA door names a booking (api/dcsa_notifications.py): the policy imports no wire schema."""

    def booking_status(self, state: str, confirmed: bool) -> str: ...

    def notification_data(
        self,
        booking: dict[str, Any],
        state: str,
        confirmed: bool,
        amended: str | None,
        cancellation: str | None,
        extra_feedbacks: list[dict[str, Any]] | None,
        messages: dict[str, Any],
    ) -> dict[str, Any]: ...


# -- what each rate-request event means to the notification -----------------------------------------------
@dataclass(frozen=True)
class Step:
    """`moves`: the event's `state` is the booking's (amendment and cancellation-request events carry their
    own machine's state); `amended` / `cancellation`: the standard's amendedBookingStatus or
    bookingCancellationStatus the step sets (`cancellation` None with `clears_cancellation`: the property is
    then absent, as for a withdrawn request)."""

    moves: bool = False
    amended: str | None = None
    cancellation: str | None = None
    clears_cancellation: bool = False


AMENDMENT_RECEIVED = "AMENDMENT_RECEIVED"
_MOVE = Step(moves=True)
# Every event of the rate request, by class: a test checks that none is missing (a new trigger added to the
# aggregate without a line here fails it, rather than going silently unnotified).
STEPS: dict[type, Step] = {
    RateRequest.Created: _MOVE,
    RateRequest.ReferenceAssigned: Step(),  # type: ignore[attr-defined]
    RateRequest.Edited: _MOVE,  # type: ignore[attr-defined]
    RateRequest.PriceAccepted: _MOVE,  # type: ignore[attr-defined]
    RateRequest.PriceCancelled: _MOVE,  # type: ignore[attr-defined]
    RateRequest.Withdrawn: _MOVE,  # type: ignore[attr-defined]
    RateRequest.BookingRequestSubmitted: _MOVE,  # type: ignore[attr-defined]
    RateRequest.Quoted: _MOVE,  # type: ignore[attr-defined]
    RateRequest.RevisionRequested: _MOVE,  # type: ignore[attr-defined]
    RateRequest.Rejected: _MOVE,  # type: ignore[attr-defined]
    RateRequest.BookingConfirmed: _MOVE,  # type: ignore[attr-defined]
    RateRequest.QuoteExpired: _MOVE,  # type: ignore[attr-defined]
    RateRequest.Completed: _MOVE,  # type: ignore[attr-defined]
    RateRequest.AmendmentRequested: Step(amended=AMENDMENT_RECEIVED),  # type: ignore[attr-defined]
    RateRequest.AmendmentRequoted: Step(amended=AMENDMENT_RECEIVED),  # type: ignore[attr-defined]
    RateRequest.AmendmentApproved: Step(amended="AMENDMENT_CONFIRMED"),  # type: ignore[attr-defined]
    RateRequest.AmendmentDeclined: Step(amended="AMENDMENT_DECLINED"),  # type: ignore[attr-defined]
    RateRequest.AmendmentWithdrawn: Step(amended="AMENDMENT_CANCELLED"),  # type: ignore[attr-defined]
    RateRequest.CancellationRequested: Step(cancellation="CANCELLATION_RECEIVED"),  # type: ignore[attr-defined]
    # A confirmed cancellation also moves the booking to cancelled.
    RateRequest.CancellationConfirmed: Step(moves=True, cancellation="CANCELLATION_CONFIRMED"),  # type: ignore[attr-defined]
    RateRequest.CancellationDeclined: Step(cancellation="CANCELLATION_DECLINED"),  # type: ignore[attr-defined]
    RateRequest.CancellationWithdrawn: Step(clears_cancellation=True),  # type: ignore[attr-defined]
}
BOOKING_EVENTS = tuple(STEPS)
_REQUOTED = RateRequest.AmendmentRequoted  # type: ignore[attr-defined]
_CONFIRMED = RateRequest.BookingConfirmed  # type: ignore[attr-defined]


def _subscription_event(tx: Tx, event: Any) -> None:
    if isinstance(event, WebhookSubscription.Subscribed):  # type: ignore[attr-defined]
        tx.execute(
            "INSERT INTO webhook_policy_subscriptions (id, customer_id, callback_url, active)"
            " VALUES (?, ?, ?, 1) ON CONFLICT (id) DO NOTHING",
            (str(event.originator_id), event.customer_id, event.callback_url),
        )
    else:
        subscription_id = str(event.originator_id)
        tx.execute("UPDATE webhook_policy_subscriptions SET active = 0 WHERE id = ?", (subscription_id,))
        # A removed subscription hears nothing more: its pending deliveries (retries included) are cancelled.
        tx.execute(
            "UPDATE webhook_deliveries SET state = 'cancelled', lease_owner = NULL, lease_until = NULL"
            " WHERE subscription_id = ? AND state = 'pending'",
            (subscription_id,),
        )


def _requote_feedback(event: Any) -> list[dict[str, Any]]:
    # A new price for an amendment keeps every status: the feedback is the news.
    amount = event.price.quantize(Decimal("0.01"))
    return [
        {
            "severity": "INFO",
            "code": "INFORMATIONAL_MESSAGE",
            "message": f"The amendment needs a new price: {amount} USD per container, valid until"
            f" {utc_text(event.valid_until)}; accept it or withdraw the amendment in the portal",
        }
    ]


def _booking_event(tx: Tx, event: Any, position: int, site_url: str, view: BookingView) -> None:
    booking_id = str(event.originator_id)
    step = STEPS[type(event)]
    if isinstance(event, RateRequest.Created):
        tx.execute(
            "INSERT INTO webhook_policy_bookings"
            " (id, customer_id, reference, state, status, confirmed, amendment_open)"
            " VALUES (?, ?, ?, ?, NULL, 0, 0) ON CONFLICT (id) DO NOTHING",
            (booking_id, event.customer_id, getattr(event, "reference", None), event.state),
        )
    booking = tx.one(
        "SELECT b.*, c.id AS changes_id, c.amended_status, c.cancellation_status"
        " FROM webhook_policy_bookings b LEFT JOIN webhook_policy_changes c ON c.id = b.id WHERE b.id = ?",
        (booking_id,),
    )
    if booking is None:
        return
    state = event.state if step.moves else booking["state"]
    confirmed = bool(booking["confirmed"]) or isinstance(event, _CONFIRMED)
    amended = step.amended or booking["amended_status"]
    cancellation = None if step.clears_cancellation else step.cancellation or booking["cancellation_status"]
    try:
        status = view.booking_status(state, confirmed)
    except KeyError:
        # A state the status map does not name (a test fails on it): log and go on, never retry forever.
        log.error(
            "webhook policy: no DCSA status for state %r; event %s not notified", state, event_id(event)
        )
        return
    tx.execute(
        "UPDATE webhook_policy_bookings SET state = ?, status = ?, confirmed = ?, amendment_open = ?"
        " WHERE id = ?",
        (state, status, int(confirmed), int(amended == AMENDMENT_RECEIVED), booking_id),
    )
    steps = (amended, cancellation) != (booking["amended_status"], booking["cancellation_status"])
    if steps:
        tx.execute(
            "INSERT INTO webhook_policy_changes (id, amended_status, cancellation_status) VALUES (?, ?, ?)"
            " ON CONFLICT (id) DO UPDATE SET amended_status = excluded.amended_status,"
            " cancellation_status = excluded.cancellation_status",
            (booking_id, amended, cancellation),
        )
    # Sent on every change of the booking's statuses, and on a new price for its amendment.
    if status == booking["status"] and not steps and not isinstance(event, _REQUOTED):
        return
    subscriptions = tx.all(
        "SELECT id FROM webhook_policy_subscriptions WHERE customer_id = ? AND active = 1 ORDER BY id",
        (booking["customer_id"],),
    )
    if not subscriptions:
        return
    notification_id = event_id(event)
    at = utc_text(event.timestamp)

    def said(name: str) -> Any:
        return getattr(event, name, None) if step.moves else None

    valid_until = said("valid_until")
    data = view.notification_data(
        {"id": booking_id, "reference": booking["reference"]},
        state,
        confirmed,
        amended,
        cancellation,
        _requote_feedback(event) if isinstance(event, _REQUOTED) else None,
        {
            "revision_message": said("message"),
            "rejection_message": said("message"),
            "price": said("price"),
            "valid_until": utc_text(valid_until) if valid_until else None,
        },
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
    for subscription in subscriptions:
        body = {
            "specversion": "1.0",
            "id": notification_id,
            "source": f"{site_url}/v2/bookings",
            "type": NOTIFICATION_TYPE,
            "time": at,
            "datacontenttype": "application/json",
            "subscriptionReference": subscription["id"],
            "data": data,
        }
        tx.execute(
            "INSERT INTO webhook_deliveries (id, subscription_id, customer_id, rate_request_id, event_id,"
            " booking_status, body, state, attempts, last_status, last_error, last_attempt_at,"
            " next_attempt_at, window_started_at, delivered_at, lease_owner, lease_until, created_at,"
            " position) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, NULL, NULL, NULL, ?, ?, NULL, NULL, NULL,"
            " ?, ?)"
            " ON CONFLICT (id) DO NOTHING",
            (
                str(uuid.uuid5(_IDS, f"{subscription['id']}:{notification_id}")),
                subscription["id"],
                booking["customer_id"],
                booking_id,
                notification_id,
                shown or status,
                json.dumps(body, separators=(",", ":")),
                at,
                at,
                at,
                position,
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
        for position, event in batch:
            if isinstance(event, WebhookSubscription.Subscribed | WebhookSubscription.Unsubscribed):  # type: ignore[attr-defined]
                _subscription_event(tx, event)
            elif isinstance(event, BOOKING_EVENTS):
                _booking_event(tx, event, position, site_url, view)
                recorded = True
        if recorded and on_recorded is not None:
            on_recorded()

    return Follower(WEBHOOK_POLICY, store, db, apply, lease=lease, wakeups=wakeups)
