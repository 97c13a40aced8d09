"""Quotes expire by themselves: a scheduler finds quotes past their validity and expires them."""

from __future__ import annotations

import logging
import threading
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from domain.shared.errors import Conflict, IllegalTransition, NotFound
from projections.booking.queries import due_quotes

if TYPE_CHECKING:
    from api.bootstrap import Services

log = logging.getLogger(__name__)

INTERVAL_SECONDS = 1.0


def expire_due_quotes(services: Services, now: datetime | None = None) -> list[str]:
    """Expire every quote whose validity has passed at `now`; answers the ids expired by this call.

    The aggregate decides again with its own validity, so a quote renewed meanwhile stays; somebody acting
    first (accept, cancel, another scheduler) is not an error.
    """
    moment = now or datetime.now(UTC)
    with services.read_models.read() as tx:
        candidates = due_quotes(tx, moment)
    expired: list[str] = []
    last = 0
    for rate_request_id in candidates:
        try:
            last = services.booking.expire_quote(rate_request_id, moment)
        except (IllegalTransition, Conflict, NotFound):
            continue
        expired.append(rate_request_id)
    if last:
        services.shows(last)  # a scheduler answers nobody: wait as a command would, never fail for it
    return expired


class QuoteExpiry:
    def __init__(self, services: Services, interval: float = INTERVAL_SECONDS) -> None:
        self.services = services
        self.interval = interval
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name="quote-expiry", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None

    def _run(self) -> None:
        while not self._stopping.wait(self.interval):
            try:
                expire_due_quotes(self.services)
            except Exception:
                log.exception("quote expiry failed; trying again")
