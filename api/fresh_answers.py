"""A command's answer where the read models are applied in another process: built from its own result.

In one process a command waits for the in-process follower (a hand-over between threads) and answers from
the read models. In the compose topology that wait crossed two more processes and two more PostgreSQL round
trips per command (measured 2-3x the single process's p50; docs/decisions/0003). There a rate-request
command answers at once with the detail built from the aggregate's own events
(`Services.fresh_rate_request`, the booking projection's own handlers in memory), and read-your-writes moves
to the caller's next read: `Services.wrote` remembers the position for the account (and tells the other
workers), and that account's next read waits until the read models show it (api/edge/deps.py `off_loop`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from fastapi.responses import Response

from api.booking_reads import own_detail
from api.bootstrap import Services
from api.edge.deps import Command
from api.edge.envelope import success
from api.edge.identity import company_account_id
from api.edge.security import Principal
from api.presenters import booking as present
from api.presenters.tracking import with_progress
from domain.shared.errors import NotFound

log = logging.getLogger(__name__)


def rate_request_answer(
    services: Services,
    rate_request_id: str,
    principal: Principal,
    position: int | None,
    *,
    created: bool = False,
) -> dict[str, Any]:
    """The rate request's detail after a command recorded `position` (None: it recorded nothing)."""
    if position is not None and not services.shown_now(position):
        try:
            record = services.fresh_rate_request(rate_request_id)
        except Exception:  # the store stored it; an outage now must not answer it 503 (below: 202)
            log.warning("could not build the answer of position %s from its events", position, exc_info=True)
            record = None
        if record is not None:
            if record.customer_id != company_account_id(principal) and not principal.is_admin:
                raise NotFound("Rate request not found")
            services.wrote(principal.account_id, position)
            return with_progress(services, present.detail(record), customer=not principal.is_admin)
        # Not buildable from the events: wait for the read models as before (202 when they stay late).
        services.settle(position, created=rate_request_id if created else None)
    # As a detail read answers it: one read transaction, the progress asked only where tracking events
    # reached the booking (a create, quote or accept: never), not a second transaction for it every time.
    return own_detail(services, rate_request_id, principal)


def rate_request_step(
    command: Command,
    step: Callable[..., int | None],
    services: Services,
    rate_request_id: str,
    principal: Principal,
    *args: Any,
    **kwargs: Any,
) -> Response:
    """Runs a rate request's command (`step(id, actor, *args, **kwargs)`) as `principal` and answers the
    request's detail as the command left it."""
    position = command.answering(step, rate_request_id, principal.actor, *args, **kwargs)
    return success(rate_request_answer(services, rate_request_id, principal, position))
