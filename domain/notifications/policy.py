"""The notifications policy: which events tell a customer something, and what.

Contexts register a builder per event class; the builder answers a `Notice` (recipient account id, title,
message) or None. The policy follower creates one Notification per (event, builder) with an id name-based on
the source event, so reprocessing a batch after a crash never doubles a notification.

    from domain.notifications.policy import Notice, notices

    @notices.register(RateRequest.Quoted)
    def quoted(event) -> Notice | None:
        return Notice(event.customer_id, "Price quoted", f"Your rate request {event.originator_id} ...")

A context's builders live in its `notices` module (domain/accounts/notices.py, domain/booking/notices.py); the
modules listed in NOTICE_MODULES are imported when the policy starts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, NamedTuple


class Notice(NamedTuple):
    recipient: str
    title: str
    message: str


Builder = Callable[[Any], "Notice | tuple[str, str, str] | None"]

NOTICE_MODULES = ["domain.accounts.notices", "domain.booking.notices", "domain.booking.change_notices"]


class NoticeRegistry:
    def __init__(self) -> None:
        self._builders: dict[type, Builder] = {}

    def register(self, *event_classes: type) -> Callable[[Builder], Builder]:
        def decorate(builder: Builder) -> Builder:
            for event_class in event_classes:
                self._builders[event_class] = builder
            return builder

        return decorate

    def builder_for(self, event: Any) -> Builder | None:
        for klass in type(event).__mro__:
            builder = self._builders.get(klass)
            if builder is not None:
                return builder
        return None

    def build(self, event: Any) -> Notice | None:
        builder = self.builder_for(event)
        if builder is None:
            return None
        built = builder(event)
        if built is None:
            return None
        recipient, title, message = built
        return Notice(str(recipient), str(title), str(message))

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
