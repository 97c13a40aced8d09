"""/notification/api/v1/notifications: the caller's own notifications, paged newest first; mark as read."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query
from pydantic import BaseModel

from api.deps import CurrentUser, ServicesDep
from api.envelope import success
from domain.shared.errors import Forbidden
from projections import notifications

router = APIRouter(prefix="/notification/api/v1/notifications", tags=["notifications"])


class MarkBody(BaseModel):
    notificationId: str


@router.get("/{account_id}/paging", operation_id="notificationPage", response_model=None)
def notification_page(
    account_id: str,
    principal: CurrentUser,
    services: ServicesDep,
    pageSize: int = Query(10, ge=1, le=100),
    page: int = Query(1, ge=1),
) -> Any:
    if account_id != principal.account_id:
        raise Forbidden("These notifications belong to another account")
    with services.read_models.read() as tx:
        rows, total, unseen = notifications.page(tx, principal.account_id, page, pageSize)
    items = [
        {
            "id": r["id"],
            "title": r["title"],
            "message": r["message"],
            "isRead": bool(r["is_read"]),
            "createdAt": r["created_at"].replace("+00:00", "Z"),
            "subject": notifications.subject(r),
        }
        for r in rows
    ]
    # `costumerlNotificationDetails` is the specification's spelling.
    return success(
        {
            "data": {
                "costumerlNotificationDetails": {"list": items},
                "totalCount": total,
                "notSeenCount": unseen,
            }
        }
    )


@router.put("/mark-as-read", operation_id="markAsRead", response_model=None)
def mark_as_read(body: MarkBody, principal: CurrentUser, services: ServicesDep) -> Any:
    position = services.notifications.mark_read(body.notificationId, principal.actor)
    if position is not None:
        services.settle(position)
    return success({"id": body.notificationId, "isRead": True})
