"""The customer's view of the webhook deliveries: the log of a subscription, and resending one."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from infrastructure.read_db import ReadModelDB, Tx
from projections.history import utc_text


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
