"""/notification/api/v1/notifications: the caller's own notifications, paged newest first; mark as read."""

from __future__ import annotations

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from api.edge.deps import CommandDep, CurrentUser, ServicesDep
from api.edge.envelope import success
from api.edge.identity import company_account_id
from api.edge.security import Principal
from api.openapi import operation_ids
from api.schemas.envelope import Envelope, error_responses
from api.schemas.notifications import MarkBody, MarkedRead, NotificationPage
from domain.accounts.team import OWN, has_right
from domain.notifications.policy import read_by_colleague
from domain.shared.errors import Forbidden, NotFound
from domain.shared.languages import from_accept_language
from projections import notifications

router = APIRouter(
    prefix="/notification/api/v1/notifications",
    tags=["notifications"],
    generate_unique_id_function=operation_ids("notifications"),
)


def _read_about(principal: Principal) -> tuple[str, ...] | None:
    """What the caller reads of the notices of the account he acts for: a colleague some of the company's
    (by its team role, fresh on every request), the account's own login every one (None)."""
    if principal.account_id == company_account_id(principal):
        return None
    return read_by_colleague(has_right(principal.team_role, OWN))


@router.get("/{account_id}/paging", response_model=Envelope[NotificationPage])
def notification_page(
    account_id: str,
    request: Request,
    principal: CurrentUser,
    services: ServicesDep,
    pageSize: int = Query(10, ge=1, le=100),
    page: int = Query(1, ge=1),
) -> Response:
    """The account's notifications, newest first, with how many there are and how many are unread. Each is
    in the request's `Accept-Language` where it was worded in it (every notice told now is worded in every
    language the portal speaks), else as it was written: in the language the recipient had chosen then."""
    # A team member reads the company's notifications (they are about the company's bookings).
    if account_id not in (principal.account_id, company_account_id(principal)):
        raise Forbidden("These notifications belong to another account")
    with services.read_models.read() as tx:
        rows, total, unseen = notifications.page(
            tx,
            company_account_id(principal),
            principal.actor.recorded_id,
            page,
            pageSize,
            _read_about(principal),
        )
    # Each reader reads a notice in the language he reads the portal in (the web asks in the one it shows);
    # a request that names none reads it as written, in the language the recipient had chosen then.
    language = from_accept_language(request.headers.get("accept-language"))
    items = [
        {
            "id": r["id"],
            "title": title,
            "message": message,
            "isRead": bool(r["is_read"]),
            "createdAt": r["created_at"].replace("+00:00", "Z"),
            "subject": notifications.subject(r),
        }
        for r in rows
        for title, message in [notifications.worded(r, language)]
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


@router.put("/mark-as-read", response_model=Envelope[MarkedRead], responses=error_responses(404))
def mark_as_read(
    body: MarkBody, principal: CurrentUser, services: ServicesDep, command: CommandDep
) -> Response:
    about = _read_about(principal)
    if about is not None:
        # A colleague marks only what he reads (a notice not yet in the read model he has not seen either).
        with services.read_models.read() as tx:
            if notifications.about_of(tx, str(body.notification_id)) not in about:
                raise NotFound("Notification not found")
    command(services.notifications.mark_read, body.notification_id, principal.actor)
    return success({"id": body.notification_id, "isRead": True})
