"""The Notification aggregate: unread -> read. Its id is name-based on the event that caused it."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, LifecycleAggregate, StateMoved, audit_fields
from domain.shared.errors import Forbidden
from domain.shared.ids import name_based_id
from domain.shared.languages import LANGUAGES

# Each language's message may name the person, as the message does.
TRANSLATED_MESSAGES = tuple(f"translations.{language}.message" for language in LANGUAGES)


def notification_id(source_id: UUID | str, source_version: int, recipient: str | None = None) -> UUID:
    """One notification per source event, and per recipient where an event tells several people (staff).

    A customer's notification keeps the id without the recipient, as before staff were notified.
    """
    if recipient is None:
        return name_based_id("notification", f"{source_id}:{source_version}")
    return name_based_id("notification", f"{source_id}:{source_version}:{recipient}")


class Notification(LifecycleAggregate):
    machine = "notification"

    @staticmethod
    def create_id(source_id: str, source_version: int, id_recipient: str | None = None, **_: Any) -> UUID:
        return notification_id(source_id, source_version, id_recipient)

    class Created(ActorCreated):
        # The message may name the person it is about; it goes with the aggregate whose event caused it (a
        # sign-up, an edit request, a booking). A sign-up or an edit request is opened by identity number.
        personal_fields = ("message",)
        personal_owner = "source_id"

        @staticmethod
        def personal_paths(state: dict[str, Any]) -> tuple[str, ...]:
            subject = state.get("subject")
            kind = subject.get("kind") if isinstance(subject, dict) else None
            opened = ("subject.id",) if kind in ("registration", "edit_request") else ()
            return opened + TRANSLATED_MESSAGES

        """Version 2 names what the notification opens (`subject`: kind, id, booking reference) and, for a
        notification one event sent to several people, the recipient its id is made from (`id_recipient`).
        Version 1 notifications open nothing and were one per event. Version 3 words the notice in the
        other languages too (`translations`: language -> title and message, but for the one it is written
        in), so each reader reads it in his own; earlier ones are read as they were written."""

        class_version = 3
        source_id: str
        source_version: int
        id_recipient: str | None
        recipient: str
        title: str
        message: str
        subject: dict[str, Any] | None
        translations: dict[str, dict[str, str]] | None
        state: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["id_recipient"] = None
            state["subject"] = None

        @staticmethod
        def upcast_v2_v3(state: dict[str, Any]) -> None:
            state["translations"] = None

    @event(Created)
    def __init__(
        self,
        source_id: str,
        source_version: int,
        id_recipient: str | None,
        recipient: str,
        title: str,
        message: str,
        subject: dict[str, Any] | None,
        translations: dict[str, dict[str, str]] | None,
        state: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.recipient = recipient
        self.title = title
        self.message = message
        self.subject = subject
        self.translations = translations
        self.state = state
        # Who read it: a company's notice is read by each colleague for himself.
        self.readers: set[str] = set()

    @classmethod
    def create(
        cls,
        source_id: str,
        source_version: int,
        recipient: str,
        title: str,
        message: str,
        actor: Actor,
        *,
        subject: dict[str, Any] | None = None,
        one_of_several: bool = False,
        translations: dict[str, tuple[str, str]] | None = None,
    ) -> Notification:
        dest = cls._first("create", actor)
        return cls(
            source_id=source_id,
            source_version=source_version,
            id_recipient=recipient if one_of_several else None,
            recipient=recipient,
            title=title,
            message=message,
            subject=subject,
            translations=_other_wordings(title, message, translations),
            state=dest,
            **audit_fields(actor),
        )

    @property
    def is_read(self) -> bool:
        return bool(self.state == "read")

    class MarkedRead(StateMoved):
        """Read by the event's actor (a company's colleague for himself; the recipient's own login)."""

        def apply(self, aggregate: LifecycleAggregate) -> None:
            aggregate.state = self.state
            if isinstance(aggregate, Notification):
                aggregate.readers.add(self.actor_id)

    def mark_read(self, actor: Actor) -> bool:
        """Only the recipient reads it (a company's colleague, the company's); each reader marks it read for
        himself. False (no event) when this reader read it already."""
        if actor.id != self.recipient:
            raise Forbidden("This notification belongs to another account")
        if actor.recorded_id in self.readers:
            return False
        dest = self._next("mark_read", actor)
        self._record(self.MarkedRead, audit_fields(actor), state=dest)
        return True


def _other_wordings(
    title: str, message: str, translations: dict[str, tuple[str, str]] | None
) -> dict[str, dict[str, str]] | None:
    """The notice's words in the languages it is not written in (what it is written in is its title and
    message): each language's message is one more sealed field to store and open."""
    other = {
        language: {"title": t, "message": m}
        for language, (t, m) in (translations or {}).items()
        if (t, m) != (title, message)
    }
    return other or None
