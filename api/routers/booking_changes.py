"""Changes to a confirmed booking: the customer asks (amendment, cancellation), staff decide.

`/booking/api/v1/client/rate-requests/{id}/...` for the customer, `/booking/api/v1/admin/...` for staff. Each
command answers the booking's changes as they stand after it ({amendment, cancellation}, each the latest
request with the original beside the amended content), which is also what the two GETs answer.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Depends
from fastapi.responses import Response

from api.booking_reads import own_detail
from api.bootstrap import Services
from api.dcsa.booking.status import amended_booking_status
from api.edge.customer_acts import (
    ACCEPTS_AMENDED_PRICE,
    WITHDRAWS_AMENDMENT,
    WITHDRAWS_CANCELLATION,
    RequestsAmendment,
    RequestsCancellation,
)
from api.edge.deps import AdminUser, CommandDep, ServicesDep, admin, customer, read_answer
from api.edge.envelope import success
from api.edge.security import Principal
from api.openapi import operation_ids
from api.presenters import booking_changes as present_changes
from api.schemas.booking import AcceptPriceBody, RateRequestBody
from api.schemas.booking_admin import AmendmentApprovalBody, MessageBody, QuoteBody, valid_until
from api.schemas.booking_changes import AmendmentDecided, BookingChanges, CancellationBody, OpenChange
from api.schemas.envelope import Envelope, Lookup
from api.schemas.tariffs import ChargeBody
from domain.booking.charges import ChargeDraft
from projections.booking import changes as read_changes
from projections.departures import booking_departure

client = APIRouter(
    prefix="/booking/api/v1/client/rate-requests",
    tags=["booking-changes"],
    generate_unique_id_function=operation_ids("booking_changes"),
)
staff = APIRouter(
    prefix="/booking/api/v1/admin",
    tags=["booking-changes-admin"],
    generate_unique_id_function=operation_ids("booking_changes_admin"),
)


def _changes(services: Services, rate_request_id: str, principal: Principal) -> dict[str, Any]:
    own_detail(services, rate_request_id, principal)  # 404 unless the caller may see the booking
    with services.read_models.read() as tx:
        latest = read_changes.latest_changes(tx, rate_request_id)
        names = present_changes.reference_names(tx, [row for row in latest.values() if row is not None])
        # Its customer reads only what reached the booking before it ended (decision 3831).
        _, left = booking_departure(tx, rate_request_id, until_end=not principal.is_admin)
        return {
            "amendment": present_changes.change(names, latest[read_changes.AMENDMENT]),
            "cancellation": present_changes.change(names, latest[read_changes.CANCELLATION]),
            "cargoSailedAt": None if left is None else left.at,
        }


def _answer(services: Services, rate_request_id: str, principal: Principal) -> Response:
    return success(_changes(services, rate_request_id, principal))


CHANGES = Envelope[BookingChanges]


# -- the customer ---------------------------------------------------------------------------------------
def _changes_read(who: Callable[..., Awaitable[Principal]]) -> Callable[..., Awaitable[Response]]:
    """The booking's changes, for the customer whose booking it is or for staff (the role check `who`)."""

    async def read(id: str, principal: Principal = Depends(who), *, services: ServicesDep) -> Response:
        return await read_answer(_changes, services, id, principal)

    return read


client.add_api_route(
    "/{id}/changes", _changes_read(customer), methods=["GET"], response_model=CHANGES, name="booking_changes"
)


@client.post("/{id}/amendments", response_model=CHANGES)
def request_amendment(
    id: str, body: RateRequestBody, principal: RequestsAmendment, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.booking.request_amendment, id, principal.actor, body.draft())
    return _answer(services, id, principal)


@client.post("/{id}/cancellation-request", response_model=CHANGES)
def request_cancellation(
    id: str,
    body: CancellationBody,
    principal: RequestsCancellation,
    services: ServicesDep,
    command: CommandDep,
) -> Response:
    command(services.booking.request_cancellation, id, principal.actor, body.reason)
    return _answer(services, id, principal)


# The steps that take no body, the customer's and staff's: each runs the booking command of its name as the
# principal the role check `who` lets through, the route keeping that name (and so its operation id).
def _bodiless_step(name: str, who: Callable[..., Awaitable[Principal]]) -> Callable[..., Response]:
    def step(
        id: str, principal: Principal = Depends(who), *, services: ServicesDep, command: CommandDep
    ) -> Response:
        command(getattr(services.booking, name), id, principal.actor)
        return _answer(services, id, principal)

    return step


@client.put("/{id}/amendments/accept-price", response_model=CHANGES)
def accept_amended_price(
    id: str,
    principal: Principal = Depends(ACCEPTS_AMENDED_PRICE),
    *,
    services: ServicesDep,
    command: CommandDep,
    body: AcceptPriceBody | None = None,
) -> Response:
    """Accept the amendment's new price; `price` (optional): the one per container the customer was shown,
    refused (409, naming the price now) when staff priced it again meanwhile."""
    command(services.booking.accept_amended_price, id, principal.actor, body.price if body else None)
    return _answer(services, id, principal)


for path, name, act in (
    ("/{id}/amendments/withdraw", "withdraw_amendment", WITHDRAWS_AMENDMENT),
    ("/{id}/cancellation-request/withdraw", "withdraw_cancellation", WITHDRAWS_CANCELLATION),
):
    client.add_api_route(path, _bodiless_step(name, act), methods=["PUT"], response_model=CHANGES, name=name)


# -- staff ----------------------------------------------------------------------------------------------
def _open(services: Services) -> dict[str, Any]:
    with services.read_models.read() as tx:
        return present_changes.open_queue(tx)


@staff.get("/booking-changes", response_model=Envelope[Lookup[OpenChange]])
async def open_booking_changes(_: AdminUser, services: ServicesDep) -> Response:
    return await read_answer(_open, services)


staff.add_api_route(
    "/rate-requests/{id}/changes",
    _changes_read(admin),
    methods=["GET"],
    response_model=CHANGES,
    name="staff_booking_changes",
)


@staff.put("/rate-requests/{id}/amendments/requote", response_model=CHANGES)
def requote_amendment(
    id: str, body: QuoteBody, principal: AdminUser, services: ServicesDep, command: CommandDep
) -> Response:
    """A new price for the open amendment; `charges` (optional) give its breakdown line by line, else the
    booking's surcharges and per-booking fees stay and the ocean freight takes the difference."""
    command(
        services.booking.requote_amendment,
        id,
        principal.actor,
        body.price,
        valid_until(body.valid_until),
        None,
        _drafts(body.charges),
        body.seen(),
    )
    return _answer(services, id, principal)


def _drafts(charges: list[ChargeBody] | None) -> list[ChargeDraft]:
    return [ChargeDraft(c.code, c.amount) for c in charges or []]


@staff.put("/rate-requests/{id}/amendments/approve", response_model=Envelope[AmendmentDecided])
def approve_amendment(
    id: str,
    principal: AdminUser,
    services: ServicesDep,
    command: CommandDep,
    body: AmendmentApprovalBody | None = None,
) -> Response:
    """Approve the open amendment (a change that keeps the price); a firm booking's that moves the price
    is confirmed at the new `price` in the same act (400 naming `price` without one). A booking made on
    the screens keeps its customer's acceptance of a new price (`requote`)."""
    given = body or AmendmentApprovalBody()
    command(
        services.booking.approve_amendment,
        id,
        principal.actor,
        given.price,
        _drafts(given.charges),
        given.seen_updated_at,
    )
    changes = _changes(services, id, principal)
    amendment = changes["amendment"]
    return success(
        {
            **changes,
            "amendedBookingStatus": amended_booking_status(amendment["stateName"]) if amendment else None,
            "booking": own_detail(services, id, principal),
        }
    )


# Staff's decisions: without a body (approve, confirm) or with a message to the customer (decline, ask),
# which names what the screen read (`seenUpdatedAt`: the amendment's, the cancellation request's or the
# booking's `updatedAt`; a customer's change since is refused, decision 3910).
def _staff_decision(name: str) -> Callable[..., Response]:
    return _bodiless_step(name, admin)


def _staff_decline(name: str) -> Callable[..., Response]:
    def decline(
        id: str, body: MessageBody, principal: AdminUser, services: ServicesDep, command: CommandDep
    ) -> Response:
        command(getattr(services.booking, name), id, principal.actor, body.message, body.seen_updated_at)
        return _answer(services, id, principal)

    return decline


for path, name, handler in (
    ("/rate-requests/{id}/amendments/decline", "decline_amendment", _staff_decline),
    # The carrier asks the customer to amend the booking, saying why (DCSA use case 6).
    ("/rate-requests/{id}/amendments/ask", "ask_for_amendment", _staff_decline),
    ("/rate-requests/{id}/cancellation-request/confirm", "confirm_cancellation", _staff_decision),
    ("/rate-requests/{id}/cancellation-request/decline", "decline_cancellation", _staff_decline),
):
    staff.add_api_route(path, handler(name), methods=["PUT"], response_model=CHANGES, name=name)
