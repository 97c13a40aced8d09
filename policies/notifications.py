"""The notifications policy: the in-app notices of every context (domain/notifications/policy.py), for the
customer concerned and, for the staff's notices, every admin account.

It follows the store with its own tracking row (followers/follower.py). A batch that fails (a command
conflict) is not tracked and is applied again later; the name-based notification ids make the second run a
no-op for what the first run did already.
"""

from __future__ import annotations

from domain.notifications.application import NotificationsApplication
from domain.notifications.policy import load_notice_modules, notices
from domain.shared.languages import DEFAULT
from followers.follower import Batch, Follower
from infrastructure.aggregate_reader import AggregateReader
from infrastructure.event_store import SharedStore
from infrastructure.leases import Lease
from infrastructure.read_db import ReadModelDB, Tx
from infrastructure.wakeups import Wakeups
from projections.accounts import chosen_languages, staff_ids

NOTIFICATIONS_POLICY = "notifications_policy"


def notifications_follower(
    store: SharedStore,
    db: ReadModelDB,
    app: NotificationsApplication,
    lease: Lease | None = None,
    wakeups: Wakeups | None = None,
) -> Follower:
    load_notice_modules()
    reader = AggregateReader(store)

    def apply(tx: Tx, batch: Batch) -> None:
        events = [event for _position, event in batch]
        # The staff's notifications go to every admin account (read once, in the policy's own transaction).
        staff: list[str] | None = None

        languages: dict[str, str] | None = None

        def staff_of_batch() -> list[str]:
            nonlocal staff
            if staff is None:
                staff = staff_ids(tx)
            return staff

        def staff_language(account: str) -> str:
            # The staff's own choices, read once a batch; a staff member who chose none reads English.
            nonlocal languages
            if languages is None:
                languages = chosen_languages(tx, staff_of_batch())
            return languages.get(account, DEFAULT)

        # The aggregates the builders read, loaded in one statement (infrastructure/aggregate_reader.py).
        reader.begin(notices.aggregates_read(events))
        app.notify_for_all(events, staff_ids=staff_of_batch, aggregates=reader, staff_language=staff_language)

    handles = tuple(notices.event_classes)
    return Follower(NOTIFICATIONS_POLICY, store, db, apply, lease=lease, wakeups=wakeups, handles=handles)
