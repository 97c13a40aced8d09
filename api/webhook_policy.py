"""Booking notifications as webhooks: a policy follower records them, a sender delivers them.

The policy (`webhook_policy`) follows the event log with its own tracking row. It keeps its own copy of
the subscriptions and of each booking's last notified status, written in the same transaction as its
position, so it sees subscriptions exactly in log order and a restart neither loses nor repeats a
notification. For every change of a booking's DCSA status it records one delivery per active subscription
of the booking's customer (`webhook_deliveries`): the CloudEvents body, fixed once, with an id stable across
attempts and resends (`Webhook-Id`, the receiver's deduplication key).

The sender takes due deliveries under a lease (a conditional UPDATE, so of several processes exactly one
takes each), posts them, and records the outcome: delivered on a 2xx; otherwise retried with exponential
backoff (`BACKOFF_BASE` doubling up to `BACKOFF_CAP`) until `RETRY_WINDOW` after the first attempt, then
failed. A customer may resend any delivery (a new window, same body and id). A sender that dies mid-post
leaves its lease to expire and the delivery is sent again: at least once.
"""

from __future__ import annotations

import json
import logging
import threading
import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from api.schemas.dcsa_status import AMENDMENT_RECEIVED, booking_status, cancellation_status
from api.schemas.dcsa_view import notification_data
from domain.booking.rate_request import RateRequest
from domain.integrations.webhook_subscription import WebhookSubscription, signing_secret
from infrastructure.event_store import SharedStore
from infrastructure.leases import Lease
from infrastructure.read_db import ReadModelDB, Tx
from infrastructure.wakeups import Wakeups
from infrastructure.webhook_delivery import post_notification
from projections.follower import Batch, Follower
from projections.history import utc_text

log = logging.getLogger(__name__)

WEBHOOK_POLICY = "webhook_policy"
NOTIFICATION_TYPE = "org.dcsa.booking.v2"
BACKOFF_BASE = timedelta(seconds=2)
BACKOFF_CAP = timedelta(minutes=30)
RETRY_WINDOW = timedelta(hours=24)
LEASE = timedelta(seconds=60)
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


# -- the policy ------------------------------------------------------------------------------------
def _subscription_event(tx: Tx, event: Any) -> None:
    if isinstance(event, WebhookSubscription.Subscribed):  # type: ignore[attr-defined]
        tx.execute(
            "INSERT INTO webhook_policy_subscriptions (id, customer_id, callback_url, active)"
            " VALUES (?, ?, ?, 1) ON CONFLICT (id) DO NOTHING",
            (str(event.originator_id), event.customer_id, event.callback_url),
        )
    else:
        tx.execute(
            "UPDATE webhook_policy_subscriptions SET active = 0 WHERE id = ?", (str(event.originator_id),)
        )


# Rate-request events whose `state` is the booking's (amendment and cancellation-request events carry their
# own machine's state, except a confirmed cancellation, which moves the booking to cancelled).
_MOVES = tuple(
    getattr(RateRequest, name)
    for name in (
        "Created", "Edited", "PriceAccepted", "PriceCancelled", "Withdrawn", "BookingRequestSubmitted",
        "Quoted", "RevisionRequested", "Rejected", "BookingConfirmed", "QuoteExpired", "Completed",
        "CancellationConfirmed",
    )
)  # fmt: skip
# Each step of an amendment or a cancellation request, as the standard's amendedBookingStatus or
# bookingCancellationStatus (None: the property is absent, as for a withdrawn cancellation request).
_AMENDED = {
    getattr(RateRequest, f"Amendment{name}"): status
    for name, status in (
        ("Requested", AMENDMENT_RECEIVED),
        ("Requoted", AMENDMENT_RECEIVED),
        ("Approved", "AMENDMENT_CONFIRMED"),
        ("Declined", "AMENDMENT_DECLINED"),
        ("Withdrawn", "AMENDMENT_CANCELLED"),
    )
}
_CANCELLATION = {
    getattr(RateRequest, f"Cancellation{name}"): cancellation_status(state)
    for name, state in (
        ("Requested", "requested"),
        ("Confirmed", "confirmed"),
        ("Declined", "declined"),
        ("Withdrawn", "withdrawn"),
    )
}
_REQUOTED = RateRequest.AmendmentRequoted  # type: ignore[attr-defined]
# A republished schedule that moves the booking's sailing keeps every status: the feedback is the news.
_RESCHEDULED = RateRequest.SailingRescheduled  # type: ignore[attr-defined]
BOOKING_EVENTS = tuple(dict.fromkeys(_MOVES + tuple(_AMENDED) + tuple(_CANCELLATION) + (_RESCHEDULED,)))


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


def reschedule_feedback(event: Any) -> list[dict[str, Any]]:
    before, after = event.previous, event.sailing
    return [
        {
            "severity": "INFO",
            "code": "INFORMATIONAL_MESSAGE",
            "message": f"The sailing moved: departure {before['departure']} is now {after['departure']},"
            f" arrival {before['arrival']} is now {after['arrival']}",
        }
    ]


def _booking_event(tx: Tx, event: Any, position: int, site_url: str) -> None:
    booking_id = str(event.originator_id)
    created: Any = event
    if isinstance(event, RateRequest.Created):
        tx.execute(
            "INSERT INTO webhook_policy_bookings"
            " (id, customer_id, reference, state, status, confirmed, amendment_open)"
            " VALUES (?, ?, ?, ?, NULL, 0, 0) ON CONFLICT (id) DO NOTHING",
            (booking_id, created.customer_id, getattr(created, "reference", None), created.state),
        )
    booking = tx.one(
        "SELECT b.*, c.id AS changes_id, c.amended_status, c.cancellation_status"
        " FROM webhook_policy_bookings b LEFT JOIN webhook_policy_changes c ON c.id = b.id WHERE b.id = ?",
        (booking_id,),
    )
    if booking is None:
        return
    state = event.state if isinstance(event, _MOVES) else booking["state"]
    confirmed = bool(booking["confirmed"]) or isinstance(event, RateRequest.BookingConfirmed)  # type: ignore[attr-defined]
    amended = _AMENDED.get(type(event), booking["amended_status"])
    cancellation = _CANCELLATION.get(type(event), booking["cancellation_status"])
    status = booking_status(state, confirmed)
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
    if status == booking["status"] and not steps and not isinstance(event, (_REQUOTED, _RESCHEDULED)):
        return
    subscriptions = tx.all(
        "SELECT id FROM webhook_policy_subscriptions WHERE customer_id = ? AND active = 1 ORDER BY id",
        (booking["customer_id"],),
    )
    if not subscriptions:
        return
    notification_id = event_id(event)
    at = utc_text(event.timestamp)
    data = notification_data(
        {"id": booking_id, "reference": booking["reference"]},
        state,
        confirmed,
        amended,
        cancellation,
        _requote_feedback(event)
        if isinstance(event, _REQUOTED)
        else reschedule_feedback(event)
        if isinstance(event, _RESCHEDULED)
        else None,
        revision_message=getattr(event, "message", None) if isinstance(event, _MOVES) else None,
        rejection_message=getattr(event, "message", None) if isinstance(event, _MOVES) else None,
        price=getattr(event, "price", None) if isinstance(event, _MOVES) else None,
        valid_until=(
            utc_text(event.valid_until)
            if isinstance(event, _MOVES) and getattr(event, "valid_until", None)
            else None
        ),
    )
    # The delivery log names the status this step changed (the amendment's or the cancellation's, when
    # the booking's own stays as it was).
    shown = (
        amended
        if type(event) in _AMENDED
        else (cancellation or status)
        if type(event) in _CANCELLATION and status == booking["status"]
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
    store: SharedStore,
    db: ReadModelDB,
    site_url: str,
    on_recorded: Any = None,
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
                _booking_event(tx, event, position, site_url)
                recorded = True
        if recorded and on_recorded is not None:
            on_recorded()

    return Follower(WEBHOOK_POLICY, store, db, apply, lease=lease, wakeups=wakeups)


# -- the sender ------------------------------------------------------------------------------------
class WebhookSender:
    def __init__(self, db: ReadModelDB, secret: str, allow_local: bool, interval: float = 0.5) -> None:
        self.db = db
        self.secret = secret
        self.allow_local = allow_local
        self.interval = interval
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="webhook-sender", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=15)
            self._thread = None

    def poke(self) -> None:
        self._wake.set()

    def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                self.send_due()
            except Exception:
                log.exception("webhook sender failed; retrying")
            self._wake.wait(self.interval)
            self._wake.clear()

    def _claim(self, now: datetime, limit: int) -> list[dict[str, Any]]:
        owner, moment = uuid.uuid4().hex, utc_text(now)
        with self.db.transaction() as tx:
            due = tx.all(
                "SELECT id FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ?"
                " AND (lease_until IS NULL OR lease_until < ?) ORDER BY next_attempt_at LIMIT ?",
                (moment, moment, limit),
            )
            for row in due:
                # Conditional: of two senders that chose the same row, the second finds it leased.
                tx.execute(
                    "UPDATE webhook_deliveries SET lease_owner = ?, lease_until = ? WHERE id = ?"
                    " AND state = 'pending' AND (lease_until IS NULL OR lease_until < ?)",
                    (owner, utc_text(now + LEASE), row["id"], moment),
                )
        with self.db.read() as tx:
            claimed: list[dict[str, Any]] = tx.all(
                "SELECT d.*, s.callback_url FROM webhook_deliveries d"
                " JOIN webhook_policy_subscriptions s ON s.id = d.subscription_id"
                " WHERE d.lease_owner = ? AND d.state = 'pending'",
                (owner,),
            )
        return claimed

    def send_due(self, now: datetime | None = None, limit: int = 20) -> int:
        """Post every due delivery (at most `limit`); answer how many were attempted."""
        moment = now or datetime.now(UTC)
        claimed = self._claim(moment, limit)
        for delivery in claimed:
            attempt = post_notification(
                delivery["callback_url"],
                delivery["body"].encode(),
                signing_secret(self.secret, delivery["subscription_id"]),
                delivery["event_id"],
                int(moment.timestamp()),
                self.allow_local,
            )
            self._record(delivery, attempt.status, attempt.error, attempt.delivered, moment)
        return len(claimed)

    def _record(
        self, delivery: dict[str, Any], status: int | None, error: str | None, delivered: bool, now: datetime
    ) -> None:
        attempts = int(delivery["attempts"]) + 1
        started = datetime.fromisoformat(delivery["window_started_at"].replace("Z", "+00:00"))
        delay = min(BACKOFF_BASE * 2 ** (attempts - 1), BACKOFF_CAP)
        if delivered:
            state, next_at = "delivered", utc_text(now)
        elif now + delay - started > RETRY_WINDOW:
            state, next_at = "failed", utc_text(now)
        else:
            state, next_at = "pending", utc_text(now + delay)
        with self.db.transaction() as tx:
            tx.execute(
                "UPDATE webhook_deliveries SET state = ?, attempts = ?, last_status = ?, last_error = ?,"
                " last_attempt_at = ?, next_attempt_at = ?, delivered_at = ?, lease_owner = NULL,"
                " lease_until = NULL WHERE id = ?",
                (
                    state,
                    attempts,
                    status,
                    error,
                    utc_text(now),
                    next_at,
                    utc_text(now) if delivered else delivery["delivered_at"],
                    delivery["id"],
                ),
            )


# -- the customer's view ---------------------------------------------------------------------------
def deliveries_of(tx: Tx, subscription_id: str, limit: int = 100) -> list[dict[str, Any]]:
    rows = tx.all(
        "SELECT * FROM webhook_deliveries WHERE subscription_id = ? ORDER BY created_at DESC, id LIMIT ?",
        (subscription_id, limit),
    )
    return [
        {
            "id": r["id"],
            "eventId": r["event_id"],
            "bookingStatus": r["booking_status"],
            "carrierBookingRequestReference": json.loads(r["body"])["data"]["carrierBookingRequestReference"],
            "state": r["state"],
            "attempts": r["attempts"],
            "lastStatusCode": r["last_status"],
            "lastError": r["last_error"],
            "lastAttemptAt": r["last_attempt_at"],
            "nextAttemptAt": r["next_attempt_at"] if r["state"] == "pending" else None,
            "deliveredAt": r["delivered_at"],
            "createdAt": r["created_at"],
        }
        for r in rows
    ]


def resend(db: ReadModelDB, delivery_id: str, customer_id: str, now: datetime | None = None) -> bool:
    """Send a delivery again now, with a fresh retry window; False if it is not this customer's."""
    moment = utc_text(now or datetime.now(UTC))
    with db.transaction() as tx:
        found = tx.one(
            "SELECT id FROM webhook_deliveries WHERE id = ? AND customer_id = ?", (delivery_id, customer_id)
        )
        if found is None:
            return False
        tx.execute(
            "UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = ?, window_started_at = ?,"
            " lease_owner = NULL, lease_until = NULL WHERE id = ?",
            (moment, moment, delivery_id),
        )
    return True
