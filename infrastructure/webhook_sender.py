"""The webhook sender: posts the deliveries the webhook policy recorded (`webhook_deliveries`).

It takes due deliveries under a lease (a conditional UPDATE, so of several processes exactly one takes each)
and posts them in a bounded pool of workers, at most one in flight per subscription: a slow or dead receiver
holds one worker for at most its timeout and delays only its own deliveries. The outcome is recorded:
delivered on a 2xx; otherwise retried with exponential backoff (`BACKOFF_BASE` doubling up to `BACKOFF_CAP`)
until `RETRY_WINDOW` after the first attempt, then failed. A sender that dies mid-post leaves its lease to
expire and the delivery is sent again: at least once, with the same `webhook-id`.
"""

from __future__ import annotations

import json
import logging
import threading
import uuid
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from datetime import UTC, datetime, timedelta
from typing import Any

from domain.integrations.notification_types import (
    SHIPPING_INSTRUCTIONS_NOTIFICATION,
    TRANSPORT_DOCUMENT_NOTIFICATION,
)
from infrastructure.read_db import ReadModelDB
from infrastructure.webhook_delivery import (
    BOOKING_NOTIFICATIONS,
    Attempt,
    Connector,
    Resolver,
    connect,
    post_notification,
    resolve,
)

log = logging.getLogger(__name__)

BACKOFF_BASE = timedelta(seconds=2)
BACKOFF_CAP = timedelta(minutes=30)
RETRY_WINDOW = timedelta(hours=24)
LEASE = timedelta(seconds=60)
WORKERS = 8

# A claimed delivery (with its subscription's columns) -> the secrets to sign it with, newest first.
SecretsOf = Callable[[dict[str, Any]], list[str]]


def _tnt_consumer_body(body: str) -> bool:
    """Whether a delivery's body is TNT 3.0's consumer body (`{"events": [...]}`), not a CloudEvents one."""
    shape = json.loads(body)
    return isinstance(shape, dict) and "events" in shape and "specversion" not in shape


# The Bill of Lading standard's notifications go to its own consumer endpoints, with its version.
_EBL_ENDPOINTS = {
    SHIPPING_INSTRUCTIONS_NOTIFICATION: "/v3/shipping-instructions-notifications",
    TRANSPORT_DOCUMENT_NOTIFICATION: "/v3/transport-document-notifications",
}


def _endpoint(body: str) -> tuple[str, str]:
    """Where a delivery's body goes after the callback URL, and the standard's version it speaks."""
    if _tnt_consumer_body(body):
        return "", "3.0.0"
    kind = json.loads(body).get("type")
    if kind in _EBL_ENDPOINTS:
        return _EBL_ENDPOINTS[kind], "3.0.3"
    return BOOKING_NOTIFICATIONS, "2.0.5"


def _text(moment: datetime) -> str:
    """The policy's time text (projections.history.utc_text): comparing the texts compares the times."""
    if moment.tzinfo is not None and moment.utcoffset():
        moment = moment.astimezone(UTC)
    return moment.isoformat(timespec="microseconds")[:26] + "Z"


class WebhookSender:
    def __init__(
        self,
        db: ReadModelDB,
        secrets_of: SecretsOf,
        allow_local: bool,
        interval: float = 0.5,
        workers: int = WORKERS,
        resolver: Resolver = resolve,
        connector: Connector = connect,
    ) -> None:
        self.db = db
        self.secrets_of = secrets_of
        self.allow_local = allow_local
        self.interval = interval
        self.workers = workers
        self.resolver = resolver
        self.connector = connector
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="webhook-post")
        self._in_flight: set[Future[None]] = set()
        self._dispatching = threading.Lock()
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name="webhook-sender", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=15)
            self._thread = None

    def close(self) -> None:
        self.stop()
        # Posts not started are dropped (the next start sends them); one in flight records its outcome before
        # the read models close under it (recording into a closed SQLite connection crashed the process).
        self._pool.shutdown(wait=True, cancel_futures=True)

    def poke(self) -> None:
        self._wake.set()

    def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                self.dispatch()
            except Exception:
                log.exception("webhook sender failed; retrying")
            self._wake.wait(self.interval)
            self._wake.clear()

    def dispatch(self, now: datetime | None = None, limit: int | None = None) -> list[Future[None]]:
        """Hand due deliveries to free workers (at most one per subscription); answer their futures."""
        with self._dispatching:
            self._in_flight = {f for f in self._in_flight if not f.done()}
            free = self.workers - len(self._in_flight)
            if limit is not None:
                free = min(free, limit)
            if free <= 0:
                return []
            moment = now or datetime.now(UTC)
            started = []
            for delivery in self._claim(moment, free):
                future = self._pool.submit(self._send, delivery, moment if now else None)
                future.add_done_callback(lambda _done: self._wake.set())
                started.append(future)
            self._in_flight.update(started)
            return started

    def send_due(self, now: datetime | None = None, limit: int = 20) -> int:
        """Post the due deliveries (at most `limit`, one per subscription) and wait for them; answer how many
        were attempted. The tests drive the clock through `now`."""
        started = self.dispatch(now, limit)
        wait(started)
        return len(started)

    def _claim(self, now: datetime, limit: int) -> list[dict[str, Any]]:
        owner, moment = uuid.uuid4().hex, _text(now)
        with self.db.transaction() as tx:
            # The first due delivery of each active subscription that has none in flight.
            due = tx.all(
                "SELECT id FROM (SELECT d.id, d.next_attempt_at, d.created_at, ROW_NUMBER() OVER"
                " (PARTITION BY d.subscription_id ORDER BY d.next_attempt_at, d.created_at, d.id) AS n"
                " FROM webhook_deliveries d JOIN webhook_policy_subscriptions s ON s.id = d.subscription_id"
                " WHERE d.state = 'pending' AND d.next_attempt_at <= ? AND s.active = 1"
                " AND (d.lease_until IS NULL OR d.lease_until < ?)"
                " AND NOT EXISTS (SELECT 1 FROM webhook_deliveries o"
                " WHERE o.subscription_id = d.subscription_id AND o.state = 'pending'"
                " AND o.lease_until >= ?)) due"
                " WHERE n = 1 ORDER BY next_attempt_at, created_at LIMIT ?",
                (moment, moment, moment, limit),
            )
            for row in due:
                # Conditional: of two senders that chose the same row, the second finds it leased.
                tx.execute(
                    "UPDATE webhook_deliveries SET lease_owner = ?, lease_until = ? WHERE id = ?"
                    " AND state = 'pending' AND (lease_until IS NULL OR lease_until < ?)",
                    (owner, _text(now + LEASE), row["id"], moment),
                )
        with self.db.read() as tx:
            claimed: list[dict[str, Any]] = tx.all(
                "SELECT d.*, s.callback_url, t.sealed_secret, t.previous_sealed_secret,"
                " t.previous_valid_until FROM webhook_deliveries d"
                " JOIN webhook_policy_subscriptions s ON s.id = d.subscription_id"
                " LEFT JOIN webhook_policy_subscription_settings t ON t.id = d.subscription_id"
                " WHERE d.lease_owner = ? AND d.state = 'pending'",
                (owner,),
            )
        return claimed

    def _send(self, delivery: dict[str, Any], clock: datetime | None) -> None:
        moment = clock or datetime.now(UTC)
        try:
            endpoint, version = _endpoint(delivery["body"])
            attempt = post_notification(
                delivery["callback_url"],
                delivery["body"].encode(),
                self.secrets_of(delivery),
                delivery["event_id"],
                int(moment.timestamp()),
                self.allow_local,
                resolver=self.resolver,
                connector=self.connector,
                endpoint=endpoint,
                api_version=version,
            )
        except Exception as error:  # a bug here must not leave the lease to block the subscription
            log.exception("webhook delivery %s failed", delivery["id"])
            attempt = Attempt(None, f"{type(error).__name__}"[:500])
        self._record(delivery, attempt, clock or datetime.now(UTC))

    def _record(self, delivery: dict[str, Any], attempt: Attempt, now: datetime) -> None:
        attempts = int(delivery["attempts"]) + 1
        started = datetime.fromisoformat(delivery["window_started_at"].replace("Z", "+00:00"))
        delay = min(BACKOFF_BASE * 2 ** (attempts - 1), BACKOFF_CAP)
        if attempt.delivered:
            state, next_at = "delivered", _text(now)
        elif now + delay - started > RETRY_WINDOW:
            state, next_at = "failed", _text(now)
        else:
            state, next_at = "pending", _text(now + delay)
        with self.db.transaction() as tx:
            # Only while still pending and ours: a delivery cancelled meanwhile (its subscription removed)
            # stays cancelled.
            tx.execute(
                "UPDATE webhook_deliveries SET state = ?, attempts = ?, last_status = ?, last_error = ?,"
                " last_attempt_at = ?, next_attempt_at = ?, delivered_at = ?, lease_owner = NULL,"
                " lease_until = NULL WHERE id = ? AND state = 'pending' AND lease_owner = ?",
                (
                    state,
                    attempts,
                    attempt.status,
                    attempt.error,
                    _text(now),
                    next_at,
                    _text(now) if attempt.delivered else delivery["delivered_at"],
                    delivery["id"],
                    delivery["lease_owner"],
                ),
            )
