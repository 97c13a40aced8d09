"""The Notification aggregate: unread -> read. Its id is name-based on the event that caused it."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.shared.actor import Actor
from domain.shared.aggregate import LifecycleAggregate, audit_fields
from domain.shared.errors import Forbidden
from domain.shared.ids import name_based_id


def notification_id(source_id: UUID | str, source_version: int) -> UUID:
    return name_based_id("notification", f"{source_id}:{source_version}")


class Notification(LifecycleAggregate):
    machine = "notification"

    @staticmethod
    def create_id(source_id: str, source_version: int, **_: Any) -> UUID:
        return notification_id(source_id, source_version)

    @event("Created")
    def __init__(
        self,
        source_id: str,
        source_version: int,
        recipient: str,
        title: str,
        message: str,
        state: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.recipient = recipient
        self.title = title
        self.message = message
        self.state = state

    @classmethod
    def create(
        cls, source_id: str, source_version: int, recipient: str, title: str, message: str, actor: Actor
    ) -> Notification:
        dest = cls._first("create", actor)
        return cls(
            source_id=source_id,
            source_version=source_version,
            recipient=recipient,
            title=title,
            message=message,
            state=dest,
            **audit_fields(actor),
        )

    @property
    def is_read(self) -> bool:
        return bool(self.state == "read")

    @event("MarkedRead")
    def _marked_read(self, state: str, actor_id: str, actor_role: str, reason: str | None) -> None:
        self.state = state

    def mark_read(self, actor: Actor) -> bool:
        """Only the recipient reads it; False (no event) when it is read already."""
        if actor.id != self.recipient:
            raise Forbidden("This notification belongs to another account")
        if self.is_read:
            return False
        dest = self._next("mark_read", actor)
        self._marked_read(state=dest, **audit_fields(actor))
        return True
