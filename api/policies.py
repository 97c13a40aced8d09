"""Policy followers of the accounts and notifications contexts: notifications, and outgoing messages.

Each follows the store with its own tracking row (projections/follower.py). A batch that fails (a command
conflict, an SMTP error) is not tracked and is applied again later; the name-based notification ids and the
message ids make the second run a no-op for what the first run did already.

Messages go to the delivery port exactly once per id across processes, restarts and takeovers: the id is
claimed in `sent_messages` (in the shared store, beside the tracking row) in the batch's own transaction,
just before the message is handed over, and a claimed id is never handed over again. The one window left
is a crash or lost commit after the hand-over and before the commit; the adapters close it themselves
(the outbox skips an id it holds, SMTP records its attempt first and reuses the Message-ID).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.accounts.messages import MESSAGE_EVENTS, Delivery, Message, messages_for
from domain.booking.emails import EMAIL_EVENTS, emails_for
from domain.booking.sailing_notices import SAILING_MESSAGE_EVENTS, sailing_messages
from domain.notifications.application import NotificationsApplication
from domain.notifications.policy import load_notice_modules, notices
from domain.tracking.emails import TRACKING_EMAIL_EVENTS, tracking_emails
from infrastructure.event_store import SharedStore
from infrastructure.leases import Lease
from infrastructure.read_db import ReadModelDB, Tx
from infrastructure.wakeups import Wakeups
from projections.accounts import staff_ids
from projections.follower import Batch, Follower

NOTIFICATIONS_POLICY = "notifications_policy"
MESSAGING_POLICY = "messaging_policy"

SENT_MESSAGES_DDL = (
    "CREATE TABLE IF NOT EXISTS sent_messages"
    " (id TEXT PRIMARY KEY, channel TEXT NOT NULL, position BIGINT NOT NULL)"
)


def claim_message(tx: Tx, message: Message, position: int) -> bool:
    """Record that `message` is handed to the port now; False when it was handed over before."""
    claimed = tx.scalar(
        "INSERT INTO sent_messages (id, channel, position) VALUES (?, ?, ?)"
        " ON CONFLICT (id) DO NOTHING RETURNING id",
        (message.id, message.channel, position),
    )
    return claimed is not None


def notifications_follower(
    store: SharedStore,
    db: ReadModelDB,
    app: NotificationsApplication,
    lease: Lease | None = None,
    wakeups: Wakeups | None = None,
) -> Follower:
    load_notice_modules()

    def apply(tx: Tx, batch: Batch) -> None:
        # The staff's notifications go to every admin account (read in the policy's own transaction).
        def staff() -> list[str]:
            return staff_ids(tx)

        app.notify_for_all((event for _position, event in batch), staff_ids=staff)

    handles = tuple(notices.event_classes)
    return Follower(NOTIFICATIONS_POLICY, store, db, apply, lease=lease, wakeups=wakeups, handles=handles)


def messaging_follower(
    store: SharedStore,
    db: ReadModelDB,
    delivery: Delivery,
    secret: str,
    site_url: str,
    lease: Lease | None = None,
    wakeups: Wakeups | None = None,
    reader: Callable[[Any], Any] | None = None,
) -> Follower:
    """Sign-up and password messages, and (given `reader`, which loads an aggregate as it is now) the
    booking e-mails a customer has not turned off (domain/booking/emails.py)."""
    with db.transaction() as tx:
        tx.execute(SENT_MESSAGES_DDL)

    def apply(tx: Tx, batch: Batch) -> None:
        for position, event in batch:
            messages = [*messages_for(event, secret, site_url), *sailing_messages(event)]
            if reader is not None:
                messages += emails_for(event, reader, site_url)
                messages += tracking_emails(event, reader, site_url)
            for message in messages:
                if claim_message(tx, message, position):
                    delivery.send(message)

    handles = (*MESSAGE_EVENTS, *SAILING_MESSAGE_EVENTS, *EMAIL_EVENTS, *TRACKING_EMAIL_EVENTS)
    return Follower(MESSAGING_POLICY, store, db, apply, lease=lease, wakeups=wakeups, handles=handles)


def site_url(settings: Any) -> str:
    return f"http://{settings.HOST}:{settings.PORT}"
