"""Read model `notifications`: each customer's notifications, newest first, with the unread count.

How many each recipient has, and how many unread, is kept beside them (`notification_counts`): the bell asks
on every page and poll, and counting every notification a customer ever had grows with their history."""

from __future__ import annotations

import json
from typing import Any

import orjson

from domain.notifications.notification import Notification
from domain.shared.languages import DEFAULT
from domain.shared.personal import is_erased, person_in
from followers.batch import BatchTx
from infrastructure.read_db import Tx
from projections.projection import Projection

COUNTS = "notification_counts"

projection = Projection(
    name="notifications",
    tables={"notifications": ("id",), "notification_counts": ("recipient",)},
    # Marking one read reads its row (whose it is, whether it was unread): loaded for a whole batch at once.
    reads_own=("notifications",),
    schema=[
        "CREATE TABLE IF NOT EXISTS notifications ("
        " id TEXT PRIMARY KEY, recipient TEXT NOT NULL, title TEXT NOT NULL, message TEXT NOT NULL,"
        " is_read INTEGER NOT NULL, created_at TEXT NOT NULL, read_at TEXT, created_position BIGINT NOT NULL,"
        " position BIGINT NOT NULL, subject_kind TEXT, subject_id TEXT, subject_reference TEXT,"
        " translations TEXT)",
        "CREATE INDEX IF NOT EXISTS notifications_position ON notifications (position)",
        "CREATE INDEX IF NOT EXISTS notifications_by_recipient ON notifications (recipient,"
        " created_position)",
        "CREATE INDEX IF NOT EXISTS notifications_unread ON notifications (recipient, is_read)",
        "CREATE TABLE IF NOT EXISTS notification_counts ("
        " recipient TEXT PRIMARY KEY, total BIGINT NOT NULL, unread BIGINT NOT NULL)",
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
            "translations": None if not event.translations else orjson.dumps(event.translations).decode(),
        },
    )
    tx.add(COUNTS, {"recipient": event.recipient, "total": 1, "unread": 1}, "total", "unread")


@projection.on(Notification.MarkedRead)
def marked_read(tx: BatchTx, event: Notification.MarkedRead, position: int) -> None:
    before = tx.get("notifications", str(event.originator_id))
    if before is not None and not before["is_read"]:
        tx.add(COUNTS, {"recipient": before["recipient"], "total": 0, "unread": -1}, "total", "unread")
    tx.update(
        "notifications",
        str(event.originator_id),
        {"is_read": 1, "read_at": event.timestamp.isoformat(), "position": position},
    )


def page(tx: Tx, recipient: str, page_number: int, size: int) -> tuple[list[dict[str, Any]], int, int]:
    # A booking's reference is read from the booking (a notification older than references gets it too).
    rows = tx.all(
        "SELECT n.id, n.title, n.message, n.translations, n.is_read, n.created_at, n.subject_kind,"
        " n.subject_id,"
        " COALESCE(b.reference, n.subject_reference) AS subject_reference FROM notifications n"
        " LEFT JOIN booking_rate_requests b ON n.subject_kind = 'rate_request' AND b.id = n.subject_id"
        " WHERE n.recipient = ? ORDER BY n.created_position DESC LIMIT ? OFFSET ?",
        (recipient, size, (page_number - 1) * size),
    )
    counted = tx.one("SELECT total, unread FROM notification_counts WHERE recipient = ?", (recipient,))
    return rows, int(counted["total"]) if counted else 0, int(counted["unread"]) if counted else 0


def worded(row: dict[str, Any], language: str | None) -> tuple[str, str]:
    """A notification's title and message in `language` where it was worded in it, else as it was written
    (no language asked for; a notification from before every notice was worded in every language). A
    message that named a person since erased says so in the reader's words, not the store's marker."""
    said = json.loads(row["translations"]).get(language) if language and row.get("translations") else None
    title, message = (said["title"], said["message"]) if said else (row["title"], row["message"])
    return title, person_in(message, language or DEFAULT)


def subject(row: dict[str, Any]) -> dict[str, Any] | None:
    """What a notification row opens, as the wire has it."""
    if not row.get("subject_kind") or is_erased(row["subject_id"]):
        return None  # an erased person's sign-up or edit request is opened by an identity number no more
    return {"kind": row["subject_kind"], "id": row["subject_id"], "reference": row["subject_reference"]}
