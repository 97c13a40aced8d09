"""The booking reads the routers share: a rate request's detail as its customer (or staff) may see it."""

from __future__ import annotations

from typing import Any

from api.bootstrap import Services
from api.edge.identity import company_account_id
from api.edge.security import Principal
from api.presenters import booking as present
from api.presenters.tracking import progress, tracked
from domain.shared.errors import NotFound
from projections.booking import queries as read


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
    return {**present.detail(record), "progress": found}
