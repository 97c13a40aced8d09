"""Command side of the notifications context."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from domain.notifications.notification import Notification, notification_id
from domain.notifications.policy import STAFF, NoticeRegistry, notices
from domain.shared.actor import SYSTEM_ACTOR, Actor
from domain.shared.application import ContextApplication
from domain.shared.errors import Conflict, NotFound


class NotificationsApplication(ContextApplication):
    name = "notifications"

    def exists(self, aggregate_id: UUID) -> bool:
        return bool(self.recorder.select_events(aggregate_id, limit=1))

    def aggregate(self, aggregate_id: Any) -> Any:
        """Any aggregate of the shared store as it is now (what a notice builder may read), or None."""
        try:
            return self.repository.get(UUID(str(aggregate_id)))
        except (AggregateNotFoundError, ValueError):
            return None

    def notify_for(
        self, event: object, registry: NoticeRegistry = notices, staff_ids: Callable[[], list[str]] = list
    ) -> int | None:
        """Create the notifications an event calls for, once each: the position of the last one recorded,
        or None when it calls for none or they exist already. `staff_ids` names the admin accounts."""
        source_id = str(event.originator_id)  # type: ignore[attr-defined]
        source_version = int(event.originator_version)  # type: ignore[attr-defined]
        position = None
        for notice in registry.build(event, _Context(self, staff_ids)):
            several = notice.recipient == STAFF
            recipients = staff_ids() if several else [notice.recipient]
            for recipient in recipients:
                if self.exists(notification_id(source_id, source_version, recipient if several else None)):
                    continue
                notification = Notification.create(
                    source_id,
                    source_version,
                    recipient,
                    notice.title,
                    notice.message,
                    SYSTEM_ACTOR,
                    subject=notice.subject.as_dict() if notice.subject else None,
                    one_of_several=several,
                )
                try:
                    position = self.record(notification)
                except Conflict:
                    continue  # created by a concurrent run of the policy
        return position

    def mark_read(self, notification: UUID | str, actor: Actor) -> int | None:
        try:
            loaded: object = self.repository.get(UUID(str(notification)))
        except (AggregateNotFoundError, ValueError) as error:
            raise NotFound("Notification not found") from error
        if not isinstance(loaded, Notification):
            raise NotFound("Notification not found")
        if not loaded.mark_read(actor):
            return None
        return self.record(loaded)


class _Context:
    """What notice builders may read: aggregates of the store, and who the staff are."""

    def __init__(self, app: NotificationsApplication, staff_ids: Callable[[], list[str]]) -> None:
        self.aggregate = app.aggregate
        self.staff_ids = staff_ids
