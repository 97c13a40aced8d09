"""Command side of the notifications context."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError

from domain.notifications.notification import Notification
from domain.notifications.policy import STAFF, NoticeRegistry, notices
from domain.shared.actor import SYSTEM_ACTOR, Actor
from domain.shared.aggregate import Recorded
from domain.shared.application import ContextApplication, decided_afresh
from domain.shared.errors import Conflict, NotFound
from domain.shared.languages import DEFAULT


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
        self, event: Recorded, registry: NoticeRegistry = notices, staff_ids: Callable[[], list[str]] = list
    ) -> int | None:
        """Create the notifications an event calls for, once each: the position of the last one recorded,
        or None when it calls for none or they exist already. `staff_ids` names the admin accounts."""
        return self.notify_for_all([event], registry, staff_ids)

    def notify_for_all(
        self,
        events: Iterable[Recorded],
        registry: NoticeRegistry = notices,
        staff_ids: Callable[[], list[str]] = list,
        aggregates: Callable[[Any], Any] | None = None,
        staff_language: Callable[[str], str] = lambda _: DEFAULT,
    ) -> int | None:
        """`notify_for` over a batch of events: every new notification in one transaction (one durable
        commit, not one per notification). Their ids come from the event and the recipient, so the store
        refuses one that exists already; then (a batch applied again after a restart, or a concurrent run)
        they are recorded one at a time, each that exists skipped. `aggregates` reads an aggregate as it is
        now for the builders (default: `aggregate`, one at a time); `staff_language` the language a staff
        member reads their notices in."""
        events = list(events)
        context = _Context(aggregates or self.aggregate, staff_ids, staff_language)
        pending = self._pending(events, registry, context)
        if not pending:
            return None
        try:
            return self.record(*pending)
        except Conflict:
            pass
        position = None
        # A failed save took the new events out of those aggregates: build them again, one at a time.
        for notification in self._pending(events, registry, context):
            if self.exists(notification.id):
                continue
            try:
                position = self.record(notification)
            except Conflict:
                continue  # created by a concurrent run of the policy
        return position

    def _pending(
        self, events: Sequence[Recorded], registry: NoticeRegistry, context: _Context
    ) -> list[Notification]:
        pending: dict[UUID, Notification] = {}
        for event in events:
            for notification in self._notifications_for(event, registry, context):
                pending.setdefault(notification.id, notification)
        return list(pending.values())

    def _notifications_for(
        self, event: Recorded, registry: NoticeRegistry, context: _Context
    ) -> Iterator[Notification]:
        source_id = str(event.originator_id)
        source_version = int(event.originator_version)
        for notice in registry.build(event, context):
            several = notice.recipient == STAFF
            recipients = context.staff_ids() if several else [notice.recipient]
            for recipient in recipients:
                title, message = (
                    notice.in_language(context.staff_language(recipient)) if several else notice[1:3]
                )
                yield Notification.create(
                    source_id,
                    source_version,
                    recipient,
                    title,
                    message,
                    SYSTEM_ACTOR,
                    subject=notice.subject.as_dict() if notice.subject else None,
                    one_of_several=several,
                    translations=notice.translated,
                )

    @decided_afresh
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
    """What notice builders may read: aggregates of the store, and who the staff are (and their languages)."""

    def __init__(
        self,
        aggregates: Callable[[Any], Any],
        staff_ids: Callable[[], list[str]],
        staff_language: Callable[[str], str] = lambda _: DEFAULT,
    ) -> None:
        self.aggregate = aggregates
        self.staff_ids = staff_ids
        self.staff_language = staff_language
