"""The customer's view of the webhook deliveries: the log of a subscription, and resending one."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from domain.integrations.notification_types import DELIVERY_KINDS
from infrastructure.read_db import ReadModelDB, Tx
from projections.history import utc_text

NOT_FOUND, WAITING, QUEUED = "not_found", "waiting", "queued"

# Deliveries recorded before tracking deliveries named their event type.
_DEFAULT_EVENT_TYPES = {"tracking": "tracking.event"}


def _row(r: dict[str, Any]) -> dict[str, Any]:
    body = json.loads(r["body"])
    # A type not named reads as `other`, so a new kind never breaks the log.
    kind = DELIVERY_KINDS.get(body.get("type", "") if isinstance(body, dict) else "", "other")
    if isinstance(body, dict) and "events" in body and "specversion" not in body:
        kind = "tracking"  # TNT 3.0's consumer body: the events alone
    data = body.get("data") if isinstance(body, dict) else None
    request_reference = data.get("carrierBookingRequestReference") if isinstance(data, dict) else None
    return {
        "id": r["id"],
        "kind": kind,
        "eventId": r["event_id"],
        "eventType": r["event_type"] or _DEFAULT_EVENT_TYPES.get(kind),
        "bookingStatus": r["booking_status"],
        "carrierBookingRequestReference": request_reference,
        "bookingReference": r["booking_reference"] or request_reference,
        "state": r["state"],
        "attempts": r["attempts"],
        "lastStatusCode": r["last_status"],
        "lastError": r["last_error"],
        "lastAttemptAt": r["last_attempt_at"],
        "nextAttemptAt": r["next_attempt_at"] if r["state"] == "pending" else None,
        "deliveredAt": r["delivered_at"],
        "createdAt": r["created_at"],
    }


def deliveries_page(tx: Tx, subscription_id: str, page: int, limit: int) -> tuple[list[dict[str, Any]], int]:
    """One page of a subscription's deliveries, newest first, and how many there are in all."""
    total = int(
        tx.scalar("SELECT COUNT(*) FROM webhook_deliveries WHERE subscription_id = ?", (subscription_id,))
        or 0
    )
    rows = tx.all(
        "SELECT d.*, b.reference AS booking_reference FROM webhook_deliveries d"
        " LEFT JOIN webhook_policy_bookings b ON b.id = d.rate_request_id WHERE d.subscription_id = ?"
        " ORDER BY d.created_at DESC, d.position DESC, d.id LIMIT ? OFFSET ?",
        (subscription_id, limit, (page - 1) * limit),
    )
    return [_row(r) for r in rows], total


def resend(db: ReadModelDB, delivery_id: str, customer_id: str, now: datetime | None = None) -> str:
    """Send a delivered or failed delivery again now, with a fresh retry window: `QUEUED`; `WAITING` when it
    is still pending (a resend would only send it twice) or its subscription was removed; `NOT_FOUND`
    when it is not this customer's."""
    moment = utc_text(now or datetime.now(UTC))
    with db.transaction() as tx:
        found = tx.one(
            "SELECT d.state, s.active FROM webhook_deliveries d"
            " JOIN webhook_policy_subscriptions s ON s.id = d.subscription_id"
            " WHERE d.id = ? AND d.customer_id = ?",
            (delivery_id, customer_id),
        )
        if found is None:
            return NOT_FOUND
        if found["state"] not in ("delivered", "failed") or not found["active"]:
            return WAITING
        tx.execute(
            "UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = ?, window_started_at = ?,"
            " lease_owner = NULL, lease_until = NULL WHERE id = ? AND state IN ('delivered', 'failed')",
            (moment, moment, delivery_id),
        )
    return QUEUED
