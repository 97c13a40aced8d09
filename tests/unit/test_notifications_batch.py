"""The notifications policy records a batch's notifications together, and never one twice."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from uuid import UUID, uuid4

from domain.notifications.application import NotificationsApplication
from domain.notifications.notification import notification_id
from domain.notifications.policy import NoticeRegistry
from infrastructure.event_store import SharedStore


@dataclass
class Shipped:
    originator_id: UUID
    originator_version: int
    customer: str
    timestamp: datetime = field(default_factory=lambda: datetime.now(UTC))


def registry() -> NoticeRegistry:
    notices = NoticeRegistry()

    @notices.register(Shipped)
    def shipped(event: Shipped, _context: object) -> tuple[str, str, str]:
        return (event.customer, "Shipped", "Your containers are on board")

    return notices


def test_a_batch_is_recorded_at_once_and_again_adds_only_what_is_new() -> None:
    store = SharedStore({})  # in memory
    app = NotificationsApplication(store)
    notices = registry()
    first, second, third = (Shipped(uuid4(), 1, f"customer-{i}") for i in range(3))
    head = store.head()
    position = app.notify_for_all([first, second], notices)
    assert position == store.head() == head + 2
    # The same events again (a batch applied again after a restart) and one new: only the new one.
    position = app.notify_for_all([first, second, third], notices)
    assert position == store.head() == head + 3
    for event in (first, second, third):
        assert app.exists(notification_id(str(event.originator_id), 1, None))
    # Nothing new: nothing recorded, no position.
    assert app.notify_for_all([first, third], notices) is None
    assert app.notify_for(second, notices) is None
    assert store.head() == head + 3


def test_one_event_calling_for_the_same_notification_twice_records_it_once() -> None:
    store = SharedStore({})
    app = NotificationsApplication(store)
    event = Shipped(uuid4(), 1, "customer-x")
    head = store.head()
    app.notify_for_all([event, event], registry())
    assert store.head() == head + 1
