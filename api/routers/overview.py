"""What to do next: the customer's overview and the staff work queue."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from api.bootstrap import Services
from api.edge.deps import AdminUser, CustomerUser, ServicesDep, read_answer
from api.edge.identity import company_account_id
from api.openapi import operation_ids
from api.presenters import booking as present
from api.presenters.overview import work_queues
from api.presenters.tracking import rows_with_progress, underway_rows
from api.schemas.envelope import Envelope
from api.schemas.overview import CustomerOverview, WorkQueues
from projections import overview

router = APIRouter(tags=["overview"], generate_unique_id_function=operation_ids("overview"))


def _customer_overview(services: Services, customer_id: str) -> dict[str, Any]:
    with services.read_models.read() as tx:
        answer = overview.customer_overview(tx, customer_id)
        waiting = rows_with_progress(tx, answer["waiting"], customer=True)
        underway = rows_with_progress(tx, underway_rows(tx, customer_id), customer=True)
    return {
        **answer,
        "waiting": [present.waiting_row(r) for r in waiting],
        "underway": [present.waiting_row(r) for r in underway],
    }


def _work_queue(services: Services) -> dict[str, Any]:
    with services.read_models.read() as tx:
        return work_queues(overview.work_queue(tx))


@router.get("/booking/api/v1/client/overview", response_model=Envelope[CustomerOverview])
async def customer_overview(principal: CustomerUser, services: ServicesDep) -> Response:
    return await read_answer(_customer_overview, services, company_account_id(principal))


@router.get("/booking/api/v1/admin/work-queue", response_model=Envelope[WorkQueues])
async def work_queue(_: AdminUser, services: ServicesDep) -> Response:
    return await read_answer(_work_queue, services)
