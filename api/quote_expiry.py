"""Quotes expire by themselves: a scheduler finds quotes past their validity and expires them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from api.periodic import Periodic
from domain.shared.errors import Conflict, IllegalTransition, NotFound
from projections.booking.queries import due_quotes

if TYPE_CHECKING:
    from api.bootstrap import Services

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


def quote_expiry(services: Services, interval: float = INTERVAL_SECONDS) -> Periodic:
    return Periodic("quote-expiry", interval, lambda: expire_due_quotes(services))
