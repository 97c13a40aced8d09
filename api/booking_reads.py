"""The booking reads the routers share: a rate request's detail as its customer (or staff) may see it."""

from __future__ import annotations

import re
from typing import Any

from api.bootstrap import Services
from api.edge.identity import company_account_id
from api.edge.security import Principal
from api.presenters import booking as present
from api.presenters.keys import keys_of
from api.presenters.tracking import progress, tracked
from api.schemas.booking import DraftsSent, SentBy
from domain.shared.errors import NotFound
from domain.shared.personal import is_erased
from infrastructure.read_db import Tx
from projections import event_log
from projections.booking import queries as read

SENT = keys_of(SentBy)
DRAFTS = keys_of(DraftsSent)
# Each shared draft's sends, as the audit log names them: (the aggregate, its event types).
_DRAFTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "request": ("rate_request", ("Created", "Edited")),
    "documents": ("rate_request", ("BookingRequestSubmitted",)),
    "order": ("order", ("Created", "Edited", "Updated", "Resubmitted")),
}
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.IGNORECASE)


def drafts_sent(tx: Tx, rate_request_id: str, order_id: str | None, person_id: str) -> dict[str, Any]:
    """Who of the customer's side last sent each shared draft, and when (decision 3886): read from the audit
    log, which names every actor already; `person_id` is the caller's own login (a colleague's, not the
    company's)."""
    aggregates = {"rate_request": rate_request_id, "order": order_id}
    wanted = {
        draft: (aggregate_id, types)
        for draft, (aggregate, types) in _DRAFTS.items()
        if (aggregate_id := aggregates[aggregate]) is not None
    }
    found = event_log.latest_by_role(tx, wanted, "customer")
    # Names only of sends by someone else: a person working alone costs one query.
    others = [last.position for last in found.values() if last is not None and last.actor_id != person_id]
    names = {logged.position: logged.actor_name for logged in event_log.events_at(tx, others)}
    sent: dict[str, Any] = {}
    for draft in _DRAFTS:
        last = found.get(draft)
        name = None if last is None else names.get(last.position)
        sent[DRAFTS[draft]] = (
            None
            if last is None
            else {
                # An erased person's name is gone: the log names him by the marker, or by his id where it has
                # no row of him; neither says anything to a reader.
                SENT["name"]: None if name is None or _UUID.match(name) or is_erased(name) else name,
                SENT["by_you"]: last.actor_id == person_id,
                SENT["at"]: last.recorded_at,
            }
        )
    return sent


def own_detail(services: Services, rate_request_id: str, principal: Principal) -> dict[str, Any]:
    """One connection for the detail and its progress; the progress asked only where tracking events
    reached the booking (the detail's statement says whether they did)."""
    with services.read_models.read() as tx:
        record = read.rate_request_detail(tx, rate_request_id)
        if record is None or (record.customer_id != company_account_id(principal) and not principal.is_admin):
            raise NotFound("Rate request not found")
        found = (
            progress(tx, rate_request_id, customer=not principal.is_admin) if tracked(record.row) else None
        )
        order_id = None if record.order is None else record.order.id
        sent = drafts_sent(tx, rate_request_id, order_id, principal.account_id)
    return {**present.detail(record), "progress": found, "sent": sent}
