"""What the scheduled policies (quote expiry, cut-off watch) need of the running services.

A protocol, so that a policy names no adapter: `api/bootstrap.py`'s `Services` satisfies it and starts the
policies; the policies never import it back (that was an import cycle).
"""

from __future__ import annotations

from typing import Protocol

from domain.accounts.messages import Delivery
from domain.booking.application import BookingApplication
from domain.notifications.application import NotificationsApplication
from domain.shared.links import Links
from infrastructure.read_db import ReadModelDB


class ScheduledServices(Protocol):
    @property
    def read_models(self) -> ReadModelDB: ...

    @property
    def booking(self) -> BookingApplication: ...

    @property
    def notifications(self) -> NotificationsApplication: ...

    @property
    def delivery(self) -> Delivery: ...

    @property
    def links(self) -> Links:
        """The portal's pages, for the links in e-mails."""
        ...

    def shows(self, position: int) -> bool:
        """Whether the read models show `position` (waiting a while for it)."""
        ...
