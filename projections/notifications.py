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
        " position BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS notifications_by_recipient ON notifications (recipient,"
        " created_position)",
        "CREATE INDEX IF NOT EXISTS notifications_unread ON notifications (recipient, is_read)",
    ],
)


@projection.on(Notification.Created)
def created(tx: BatchTx, event: Any, position: int) -> None:
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
        },
    )


@projection.on(Notification.MarkedRead)
def marked_read(tx: BatchTx, event: Any, position: int) -> None:
    tx.update(
        "notifications",
        str(event.originator_id),
        {"is_read": 1, "read_at": event.timestamp.isoformat(), "position": position},
    )


def page(tx: Tx, recipient: str, page_number: int, size: int) -> tuple[list[dict[str, Any]], int, int]:
    rows = tx.all(
        "SELECT id, title, message, is_read, created_at FROM notifications WHERE recipient = ?"
        " ORDER BY created_position DESC LIMIT ? OFFSET ?",
        (recipient, size, (page_number - 1) * size),
    )
    total = int(tx.scalar("SELECT COUNT(*) FROM notifications WHERE recipient = ?", (recipient,)) or 0)
    unseen = int(
        tx.scalar("SELECT COUNT(*) FROM notifications WHERE recipient = ? AND is_read = 0", (recipient,)) or 0
    )
    return rows, total, unseen
