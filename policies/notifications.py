"""The notifications policy: the in-app notices of every context (domain/notifications/policy.py), for the
customer concerned and, for the staff's notices, every admin account.

It follows the store with its own tracking row (projections/follower.py). A batch that fails (a command
conflict) is not tracked and is applied again later; the name-based notification ids make the second run a
no-op for what the first run did already.
"""

from __future__ import annotations

from domain.notifications.application import NotificationsApplication
from domain.notifications.policy import load_notice_modules, notices
from infrastructure.event_store import SharedStore
from infrastructure.leases import Lease
from infrastructure.read_db import ReadModelDB, Tx
from infrastructure.wakeups import Wakeups
from projections.accounts import staff_ids
from projections.follower import Batch, Follower

NOTIFICATIONS_POLICY = "notifications_policy"


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
