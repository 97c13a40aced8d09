"""Read model `notifications`: each customer's notifications, newest first, with the unread count."""

from __future__ import annotations

from typing import Any

from domain.notifications.notification import Notification
from infrastructure.read_db import Tx
from projections.batch import BatchTx
from projections.projection import Projection

projection = Projection(
    name="notifications",
    tables={"notifications": ("id",)},
    schema=[
        "CREATE TABLE IF NOT EXISTS notifications ("
        " id TEXT PRIMARY KEY, recipient TEXT NOT NULL, title TEXT NOT NULL, message TEXT NOT NULL,"
        " is_read INTEGER NOT NULL, created_at TEXT NOT NULL, read_at TEXT, created_position BIGINT NOT NULL,"
        " position BIGINT NOT NULL, subject_kind TEXT, subject_id TEXT, subject_reference TEXT)",
        "CREATE INDEX IF NOT EXISTS notifications_position ON notifications (position)",
        "CREATE INDEX IF NOT EXISTS notifications_by_recipient ON notifications (recipient,"
        " created_position)",
        "CREATE INDEX IF NOT EXISTS notifications_unread ON notifications (recipient, is_read)",
    ],
)


@projection.on(Notification.Created)
def created(tx: BatchTx, event: Notification.Created, position: int) -> None:
    tx.insert(
        "notifications",
        {
            "id": str(event.originator_id),
            "recipient": event.recipient,
            "title": event.title,
            "message": event.message,
            "is_read": 0,
            "created_at": event.timestamp.isoformat(),
            "read_at": None,
            "created_position": position,
            "position": position,
            "subject_kind": (event.subject or {}).get("kind"),
            "subject_id": (event.subject or {}).get("id"),
            "subject_reference": (event.subject or {}).get("reference"),
        },
    )


@projection.on(Notification.MarkedRead)
def marked_read(tx: BatchTx, event: Notification.MarkedRead, position: int) -> None:
    tx.update(
        "notifications",
        str(event.originator_id),
        {"is_read": 1, "read_at": event.timestamp.isoformat(), "position": position},
    )


def page(tx: Tx, recipient: str, page_number: int, size: int) -> tuple[list[dict[str, Any]], int, int]:
    # A booking's reference is read from the booking (a notification older than references gets it too).
    rows = tx.all(
        "SELECT n.id, n.title, n.message, n.is_read, n.created_at, n.subject_kind, n.subject_id,"
        " COALESCE(b.reference, n.subject_reference) AS subject_reference FROM notifications n"
        " LEFT JOIN booking_rate_requests b ON n.subject_kind = 'rate_request' AND b.id = n.subject_id"
        " WHERE n.recipient = ? ORDER BY n.created_position DESC LIMIT ? OFFSET ?",
        (recipient, size, (page_number - 1) * size),
    )
    total = int(tx.scalar("SELECT COUNT(*) FROM notifications WHERE recipient = ?", (recipient,)) or 0)
    unseen = int(
        tx.scalar("SELECT COUNT(*) FROM notifications WHERE recipient = ? AND is_read = 0", (recipient,)) or 0
    )
    return rows, total, unseen


def subject(row: dict[str, Any]) -> dict[str, Any] | None:
    """What a notification row opens, as the wire has it."""
    if not row.get("subject_kind"):
        return None
    return {"kind": row["subject_kind"], "id": row["subject_id"], "reference": row["subject_reference"]}
