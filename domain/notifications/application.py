"""Command side of the notifications context."""

from __future__ import annotations

from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from domain.notifications.notification import Notification, notification_id
from domain.notifications.policy import NoticeRegistry, notices
from domain.shared.actor import SYSTEM_ACTOR, Actor
from domain.shared.application import ContextApplication
from domain.shared.errors import Conflict, NotFound


class NotificationsApplication(ContextApplication):
    name = "notifications"

    def exists(self, aggregate_id: UUID) -> bool:
        return bool(self.recorder.select_events(aggregate_id, limit=1))

    def notify_for(self, event: object, registry: NoticeRegistry = notices) -> int | None:
        """Create the notification an event calls for, once: None when it calls for none or exists already."""
        notice = registry.build(event)
        if notice is None:
            return None
        source_id = str(event.originator_id)  # type: ignore[attr-defined]
        source_version = int(event.originator_version)  # type: ignore[attr-defined]
        if self.exists(notification_id(source_id, source_version)):
            return None
        notification = Notification.create(
            source_id, source_version, notice.recipient, notice.title, notice.message, SYSTEM_ACTOR
        )
        try:
            return self.record(notification)
        except Conflict:
            return None  # created by a concurrent run of the policy

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
