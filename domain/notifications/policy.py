"""The notifications policy: which events tell someone something, and what.

Contexts register builders per event class; a builder is called with the event and a `NoticeContext` and
answers a `Notice` (recipient account id, title, message, and the subject it opens), several, or None. A
notice addressed to `STAFF` goes to every admin account. The policy follower creates one Notification per
(event, recipient) with an id name-based on the source event, so reprocessing a batch after a crash never
doubles a notification.

    from domain.notifications.policy import Notice, notices

    @notices.register(RateRequest.Quoted)
    def quoted(event, context) -> Notice | None:
        return Notice(event.customer_id, "Price quoted", f"Your booking {event.reference} ...")

A context's builders live in its `notices` module (domain/accounts/notices.py, domain/booking/notices.py); the
modules listed in NOTICE_MODULES are imported when the policy starts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, Protocol, TypeVar, overload

from domain.shared.languages import DEFAULT, LANGUAGES

# The recipient of a notice meant for the staff: one notification per admin account.
STAFF = "staff"


class Subject(NamedTuple):
    """What a notification opens: `rate_request` (by rate request id), `registration` or `edit_request`
    (by identity number, as the staff paths take it), with the booking reference where there is one."""

    kind: str
    id: str
    reference: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "id": self.id, "reference": self.reference}


def read_by_colleague(owns: bool) -> tuple[str, ...]:
    """The subjects a company's notices open that a colleague of its team reads: its bookings', and with the
    team's `own` right (who edits the company's profile) its profile edits'. A notice that opens nothing (the
    sign-up's welcome, which tells of a password link e-mailed to the company) is the company login's."""
    return ("rate_request", "edit_request") if owns else ("rate_request",)


class Notice(NamedTuple):
    recipient: str
    title: str  # in English, or in the one recipient's language
    message: str
    subject: Subject | None = None
    # The notice in each language (`{"fa": (title, message)}`): each reader reads it in his own, whatever
    # language the recipient chose when it was told (a staff member; a company's colleague; a switch later).
    translated: dict[str, tuple[str, str]] | None = None

    def in_language(self, language: str) -> tuple[str, str]:
        """The title and message in `language`, else as written."""
        return (self.translated or {}).get(language, (self.title, self.message))


def worded(
    recipient: str,
    words: Callable[[str], tuple[str, str]],
    language: str = DEFAULT,
    subject: Subject | None = None,
) -> Notice:
    """A notice worded by `words(language)` in every language the portal speaks, written in `language` (the
    one the recipient reads now)."""
    translated: dict[str, tuple[str, str]] = {each: words(each) for each in LANGUAGES}
    title, message = translated.get(language, translated[DEFAULT])
    return Notice(recipient, title, message, subject, translated)


class NoticeContext(Protocol):
    def aggregate(self, aggregate_id: Any) -> Any:
        """The aggregate as it is now (a builder reads what never changes: a reference, an identity)."""

    def staff_ids(self) -> list[str]: ...


class NoContext:
    """For builders that need nothing beyond their event (and for tests of such builders)."""

    def aggregate(self, aggregate_id: Any) -> Any:
        return None

    def staff_ids(self) -> list[str]:
        return []


Builder = Callable[[Any, NoticeContext], Any]
A = TypeVar("A")
B = TypeVar("B")
C = TypeVar("C")

NOTICE_MODULES = [
    "domain.accounts.notices",
    "domain.booking.notices",
    "domain.booking.sailing_notices",
    "domain.tracking.notices",
]


class NoticeRegistry:
    def __init__(self) -> None:
        self._builders: dict[type, list[Builder]] = {}
        self._reading: set[type] = set()

    @overload
    def register(self, a: type[A], /) -> Callable[[Callable[[A, NoticeContext], Any]], Builder]: ...
    @overload
    def register(
        self, a: type[A], b: type[B], /
    ) -> Callable[[Callable[[A | B, NoticeContext], Any]], Builder]: ...
    @overload
    def register(
        self, a: type[A], b: type[B], c: type[C], /
    ) -> Callable[[Callable[[A | B | C, NoticeContext], Any]], Builder]: ...
    @overload
    def register(self, *event_classes: type) -> Callable[[Builder], Builder]: ...

    def register(self, *event_classes: type) -> Callable[[Builder], Builder]:
        """Register the decorated builder for these event classes; mypy checks that it takes each of them."""

        def decorate(builder: Builder) -> Builder:
            for event_class in event_classes:
                known = self._builders.setdefault(event_class, [])
                # Re-registering the same function (a module imported again) replaces it.
                known[:] = [b for b in known if b.__qualname__ != builder.__qualname__] + [builder]
            return builder

        return decorate

    def reads_own_aggregate(self, *event_classes: type) -> None:
        """Declare that the builders of these events read the event's own aggregate, so a batch's policy
        loads those at once (`aggregates_read`); an undeclared read is still answered, one at a time."""
        self._reading.update(event_classes)

    def aggregates_read(self, events: Iterable[object]) -> list[Any]:
        """The ids of the aggregates the builders of these events are declared to read."""
        reading = self._reading
        return [
            getattr(event, "originator_id", None)
            for event in events
            if any(klass in reading for klass in type(event).__mro__)
        ]

    def builders_for(self, event: object) -> list[Builder]:
        for klass in type(event).__mro__:
            builders = self._builders.get(klass)
            if builders:
                return builders
        return []

    def build(self, event: object, context: NoticeContext | None = None) -> list[Notice]:
        """Every notice the event calls for (none for most events)."""
        found: list[Notice] = []
        for builder in self.builders_for(event):
            built = builder(event, context or NoContext())
            if built is None:
                continue
            if isinstance(built, Notice | tuple) and built and isinstance(built[0], str):
                built = [built]
            for notice in built:
                recipient, title, message, *rest = notice
                subject = rest[0] if rest else None
                translated = rest[1] if len(rest) > 1 else None
                found.append(Notice(str(recipient), str(title), str(message), subject, translated))
        return found

    @property
    def event_classes(self) -> list[type]:
        return list(self._builders)


notices = NoticeRegistry()


def load_notice_modules(modules: list[str] | None = None) -> None:
    """Import every context's notices module that exists (a context not built yet is skipped)."""
    for name in modules or NOTICE_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                raise
