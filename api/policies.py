"""Policy followers of the accounts and notifications contexts: notifications, and outgoing messages.

Each follows the store with its own tracking row (projections/follower.py). A batch that fails (a command
conflict, an SMTP error) is not tracked and is applied again later; the name-based notification ids and the
message ids make the second run a no-op for what the first run did already.
"""

from __future__ import annotations

from typing import Any

from domain.accounts.messages import Delivery, messages_for
from domain.notifications.application import NotificationsApplication
from domain.notifications.policy import load_notice_modules
from infrastructure.event_store import SharedStore
from infrastructure.read_db import ReadModelDB, Tx
from projections.accounts import staff_ids
from projections.follower import Batch, Follower

NOTIFICATIONS_POLICY = "notifications_policy"
MESSAGING_POLICY = "messaging_policy"


def notifications_follower(store: SharedStore, db: ReadModelDB, app: NotificationsApplication) -> Follower:
    load_notice_modules()

    def apply(tx: Tx, batch: Batch) -> None:
        # The staff's notifications go to every admin account (read in the policy's own transaction).
        def staff() -> list[str]:
            return staff_ids(tx)

        for _position, event in batch:
            app.notify_for(event, staff_ids=staff)

    return Follower(NOTIFICATIONS_POLICY, store, db, apply)


def messaging_follower(
    store: SharedStore, db: ReadModelDB, delivery: Delivery, secret: str, site_url: str
) -> Follower:
    def apply(_: Tx, batch: Batch) -> None:
        for _position, event in batch:
            for message in messages_for(event, secret, site_url):
                delivery.send(message)

    return Follower(MESSAGING_POLICY, store, db, apply)


def site_url(settings: Any) -> str:
    return f"http://{settings.HOST}:{settings.PORT}"
