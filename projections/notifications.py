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
# Who read which notification, and how many of a recipient's each reader read: a company's notices are read
# by each colleague for himself (the recipient's own login is a reader like any).
READS = "notification_reads"
READ_COUNTS = "notification_reader_counts"
# The same counts by what the notices open (`about`: a subject's kind, '' for none): a company's colleague
# reads only some kinds of its notices (`page`'s `about`), and his bell counts only those.
ABOUT_COUNTS = "notification_about_counts"
READ_ABOUT_COUNTS = "notification_reader_about_counts"

projection = Projection(
    name="notifications",
    tables={
        "notifications": ("id",),
        COUNTS: ("recipient",),
        READS: ("notification_id", "reader"),
        READ_COUNTS: ("recipient", "reader"),
        ABOUT_COUNTS: ("recipient", "about"),
        READ_ABOUT_COUNTS: ("recipient", "reader", "about"),
    },
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
        f"CREATE TABLE IF NOT EXISTS {READS} ("
        " notification_id TEXT NOT NULL, reader TEXT NOT NULL, position BIGINT NOT NULL,"
        " PRIMARY KEY (notification_id, reader))",
        f"CREATE TABLE IF NOT EXISTS {READ_COUNTS} ("
        " recipient TEXT NOT NULL, reader TEXT NOT NULL, read BIGINT NOT NULL,"
        " PRIMARY KEY (recipient, reader))",
        f"CREATE TABLE IF NOT EXISTS {ABOUT_COUNTS} ("
        " recipient TEXT NOT NULL, about TEXT NOT NULL, total BIGINT NOT NULL,"
        " PRIMARY KEY (recipient, about))",
        f"CREATE TABLE IF NOT EXISTS {READ_ABOUT_COUNTS} ("
        " recipient TEXT NOT NULL, reader TEXT NOT NULL, about TEXT NOT NULL, read BIGINT NOT NULL,"
        " PRIMARY KEY (recipient, reader, about))",
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
    about = (event.subject or {}).get("kind") or ""
    tx.add(ABOUT_COUNTS, {"recipient": event.recipient, "about": about, "total": 1}, "total")


@projection.on(Notification.MarkedRead)
def marked_read(tx: BatchTx, event: Notification.MarkedRead, position: int) -> None:
    """Read by its reader (anyone's first read marks the row read for staff's and the audit's views)."""
    key = str(event.originator_id)
    before = tx.get("notifications", key)
    if before is None:
        return
    if not before["is_read"]:
        tx.add(COUNTS, {"recipient": before["recipient"], "total": 0, "unread": -1}, "total", "unread")
    tx.update(
        "notifications", key, {"is_read": 1, "read_at": event.timestamp.isoformat(), "position": position}
    )
    if tx.get(READS, (key, event.actor_id)) is None:
        tx.insert(READS, {"notification_id": key, "reader": event.actor_id, "position": position})
        tx.add(READ_COUNTS, {"recipient": before["recipient"], "reader": event.actor_id, "read": 1}, "read")
        about = before["subject_kind"] or ""
        read = {"recipient": before["recipient"], "reader": event.actor_id, "about": about, "read": 1}
        tx.add(READ_ABOUT_COUNTS, read, "read")


def page(
    tx: Tx,
    recipient: str,
    reader: str,
    page_number: int,
    size: int,
    about: tuple[str, ...] | None = None,
) -> tuple[list[dict[str, Any]], int, int]:
    """A page of `recipient`'s notifications, newest first, each `is_read` by `reader` (a company's colleague
    reads its notices for himself), with how many there are and how many `reader` has not read. `about`: the
    kinds of subject `reader` reads ('' for a notice that opens nothing); None: every notice."""
    # A booking's reference is read from the booking (a notification older than references gets it too).
    kinds = "" if about is None else f" AND COALESCE(n.subject_kind, '') IN ({', '.join('?' * len(about))})"
    rows = tx.all(
        "SELECT n.id, n.title, n.message, n.translations, n.created_at, n.subject_kind, n.subject_id,"
        f" CASE WHEN EXISTS (SELECT 1 FROM {READS} r WHERE r.notification_id = n.id AND r.reader = ?)"
        " THEN 1 ELSE 0 END AS is_read,"
        " COALESCE(b.reference, n.subject_reference) AS subject_reference FROM notifications n"
        " LEFT JOIN booking_rate_requests b ON n.subject_kind = 'rate_request' AND b.id = n.subject_id"
        f" WHERE n.recipient = ?{kinds} ORDER BY n.created_position DESC LIMIT ? OFFSET ?",
        (reader, recipient, *(about or ()), size, (page_number - 1) * size),
    )
    if about is None:
        counted = tx.scalar(f"SELECT total FROM {COUNTS} WHERE recipient = ?", (recipient,))
        read = tx.scalar(
            f"SELECT read FROM {READ_COUNTS} WHERE recipient = ? AND reader = ?", (recipient, reader)
        )
    else:
        # One row per kind: counting them is bounded by the kinds, not by the recipient's history.
        among = f"about IN ({', '.join('?' * len(about))})"
        counted = tx.scalar(
            f"SELECT SUM(total) FROM {ABOUT_COUNTS} WHERE recipient = ? AND {among}", (recipient, *about)
        )
        read = tx.scalar(
            f"SELECT SUM(read) FROM {READ_ABOUT_COUNTS} WHERE recipient = ? AND reader = ? AND {among}",
            (recipient, reader, *about),
        )
    total = int(counted or 0)
    return rows, total, total - int(read or 0)


def about_of(tx: Tx, notification_id: str) -> str | None:
    """What a notification opens (its subject's kind, '' for nothing); None when there is no such notice."""
    row = tx.one("SELECT subject_kind FROM notifications WHERE id = ?", (notification_id,))
    return None if row is None else str(row["subject_kind"] or "")


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
