"""/booking/api/v1/client: the customer's booking calls (specification 001, section 7; DESIGN section 6).

Payload keys are the specification's, misspellings included (`frightType`, `temprature`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query
from fastapi.responses import Response

from api.booking_reads import own_detail
from api.bootstrap import Services
from api.edge.customer_acts import (
    AcceptsPrice,
    ApprovesOrder,
    CancelsOrder,
    CreatesOrder,
    DeclinesPrice,
    EditsOrder,
    EditsRateRequest,
    RequestsRate,
    ResubmitsOrder,
    SubmitsBookingRequest,
    WithdrawsOrderUpdate,
    WithdrawsRateRequest,
)
from api.edge.deps import CommandDep, CustomerUser, ServicesDep, read_answer
from api.edge.downloads import Download
from api.edge.envelope import success
from api.edge.identity import company_account_id, customer_username
from api.edge.security import Principal
from api.fresh_answers import rate_request_answer, rate_request_step
from api.mapping import CREATE_ORDER, wire_fields
from api.openapi import operation_ids
from api.presenters import booking as present
from api.presenters.tracking import rows_with_progress
from api.schemas.bill_of_lading import BillOfLading, bill_of_lading
from api.schemas.booking import (
    AcceptPriceBody,
    BookingRequestBody,
    Choice,
    ContainerChoice,
    DocumentType,
    Port,
    RateRequestBody,
    RateRequestDetail,
    RateRequestRow,
    ShippingOrder,
    ShippingOrderBody,
    ShippingOrderCancelBody,
    ShippingOrderEditBody,
    ShippingOrderResubmitBody,
    WithdrawBody,
)
from api.schemas.envelope import Envelope, Lookup, error_responses
from api.transport_documents import booking_and_order, transport_document_in
from domain.booking.reference import TEMPLATES_DIR
from domain.shared.errors import NotFound, ValidationFailed
from projections.booking import queries as read
from projections.booking import reference

router = APIRouter(
    prefix="/booking/api/v1/client", tags=["booking"], generate_unique_id_function=operation_ids("booking")
)


def lookup(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The lookup shape the client reads: response.list.list and response.list.totalCount."""
    return {"list": {"list": rows, "totalCount": len(rows)}}


# -- lookups (the client's paths lack the leading slash; served here with it) ---------------------------
# Read endpoints are `async def` and do their blocking part through `read_answer` (api/edge/deps.py): one
# light thread hop per request instead of FastAPI's anyio hop per `def` endpoint.
def _lookup_of(services: Services, query: Callable[[Any], list[dict[str, Any]]]) -> dict[str, Any]:
    with services.read_models.read() as tx:
        return lookup(query(tx))


@router.get("/rate-request/general/container/types", response_model=Envelope[Lookup[Choice]])
async def container_types(_: CustomerUser, services: ServicesDep) -> Response:
    return await read_answer(
        _lookup_of, services, lambda tx: reference.choices(tx, "booking_container_types")
    )


@router.get("/rate-request/general/container/sizes", response_model=Envelope[Lookup[Choice]])
async def container_sizes(_: CustomerUser, services: ServicesDep) -> Response:
    return await read_answer(
        _lookup_of, services, lambda tx: reference.choices(tx, "booking_container_sizes")
    )


@router.get("/rate-request/general/port/loadings", response_model=Envelope[Lookup[Port]])
async def ports(
    _: CustomerUser,
    services: ServicesDep,
    search: Annotated[
        str,
        Query(
            max_length=60,
            description="Part of a UN/LOCODE, a port's name or its country: finds any port of UN/LOCODE."
            " Without it, the ports we serve (the specification's list).",
        ),
    ] = "",
    limit: Annotated[int, Query(ge=1, le=200, description="At most this many ports when searching")] = 50,
) -> Response:
    if not search.strip():
        return await read_answer(_lookup_of, services, reference.ports)
    return await read_answer(_lookup_of, services, lambda tx: reference.search_ports(tx, search, limit))


@router.get("/rate-request/general/containers", response_model=Envelope[Lookup[ContainerChoice]])
async def containers(
    _: CustomerUser, services: ServicesDep, number: str = Query("", max_length=20)
) -> Response:
    if not number.strip():
        return success(lookup([]))
    return await read_answer(_lookup_of, services, lambda tx: reference.search_containers(tx, number))


def _documents(services: Services) -> dict[str, Any]:
    with services.read_models.read() as tx:
        rows = reference.document_types(tx)
    listed = [
        {
            "id": r["id"],
            "name": r["name"],
            "value": r["id"],
            "templateUrl": f"/booking/api/v1/client/rate-requests/documents/{r['id']}/template",
        }
        for r in rows
    ]
    return lookup(listed)


@router.get("/rate-requests/documents", response_model=Envelope[Lookup[DocumentType]])
async def documents(_: CustomerUser, services: ServicesDep) -> Response:
    return await read_answer(_documents, services)


@router.get(
    "/rate-requests/documents/{documentTypeId}/template",
    response_class=Download,
    responses={200: {"content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}}},
)
def document_template(documentTypeId: int, _: CustomerUser, services: ServicesDep) -> Response:
    with services.read_models.read() as tx:
        row = next((r for r in reference.document_types(tx) if r["id"] == documentTypeId), None)
    path = TEMPLATES_DIR / row["template"] if row else None
    if row is None or path is None or not path.is_file():
        raise NotFound("Document type not found")
    filename = f"{row['name'].replace(' ', '-')}.pdf"
    return Download(path, media_type="application/pdf", filename=filename)


# -- rate requests --------------------------------------------------------------------------


def customer_page(
    services: Services,
    customer_id: str,
    limit: int,
    offset: int,
    search: str | None,
    sort: read.ListOrder = "newest",
    waiting: read.WaitingFor = "anyone",
) -> dict[str, Any]:
    with services.read_models.read() as tx:
        rows, total = read.customer_rate_requests(tx, customer_id, limit, offset, search, sort, waiting)
        return present.page(rows_with_progress(tx, rows, customer=True), total)


@router.get("/rate-requests", response_model=Envelope[Lookup[RateRequestRow]])
async def list_rate_requests(
    principal: CustomerUser,
    services: ServicesDep,
    limit: int = Query(10, ge=1, le=100),
    offset: int = Query(1, ge=1),
    search: str | None = Query(None, max_length=100),
    # Not in the specification's call (`limit` and `offset`): its list is newest first, and its sort menu,
    # which did nothing, offered oldest first and by type too. Pages are read in the order shown, so the
    # server sorts; without `sort` the call is the specification's.
    sort: read.ListOrder = Query(
        "newest",
        description="The order of the pages: newest first, oldest first, or by container type (in the"
        " types' order, as the container types lookup lists them), newest first within a type.",
    ),
    # Not in the specification's call either (decision 3909): the overview's "waiting for you" list shows
    # the latest few, and its link opens all of them here.
    waiting: read.WaitingFor = Query(
        "anyone",
        description="`customer`: only the bookings waiting for the customer, the ones the overview's"
        " `waitingCount` counts.",
    ),
) -> Response:
    return await read_answer(
        customer_page, services, company_account_id(principal), limit, offset, search, sort, waiting
    )


# A client that lost a create's answer retries with the same `Idempotency-Key` and gets the one booking.
IdempotencyKey = Annotated[str | None, Header(alias="Idempotency-Key", max_length=200)]


@router.post("/rate-requests", response_model=Envelope[RateRequestDetail], status_code=201)
def create_rate_request(
    body: RateRequestBody,
    principal: RequestsRate,
    services: ServicesDep,
    command: CommandDep,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    rate_request_id, position = command.answering_created(
        services.booking.create_rate_request,
        principal.actor,
        customer_username(services, principal),
        body.draft(),
        request_key=idempotency_key,
        sailing=body.sailing.choice() if body.sailing else None,
    )
    answer = rate_request_answer(services, str(rate_request_id), principal, position, created=True)
    return success(answer, status_code=201)


@router.get("/rate-requests/{id}", response_model=Envelope[RateRequestDetail])
async def rate_request_detail(id: str, principal: CustomerUser, services: ServicesDep) -> Response:
    return await read_answer(own_detail, services, id, principal)


def _bill_of_lading(services: Services, rate_request_id: str, principal: Principal) -> BillOfLading | None:
    with services.read_models.read() as tx:
        booking, order = booking_and_order(tx, rate_request_id)
        if booking is None or booking["customer_id"] != company_account_id(principal):
            raise NotFound("Rate request not found")
        document = None if order is None else transport_document_in(tx, booking, order)
    return None if document is None else bill_of_lading(document)


@router.get("/rate-requests/{id}/bill-of-lading", response_model=Envelope[BillOfLading | None])
async def booking_bill_of_lading(id: str, principal: CustomerUser, services: ServicesDep) -> Response:
    """The booking's bill of lading (null until staff accept its shipping order): what the standard's
    transport document of `/v3` says of its status, its vessel and, once issued, its dates."""
    return await read_answer(_bill_of_lading, services, id, principal)


@router.put("/rate-requests/{id}", response_model=Envelope[RateRequestDetail])
def edit_rate_request(
    id: str, body: RateRequestBody, principal: EditsRateRequest, services: ServicesDep, command: CommandDep
) -> Response:
    return rate_request_step(
        command, services.booking.edit_rate_request, services, id, principal, body.draft()
    )


@router.put("/rate-requests/{id}/approve", response_model=Envelope[RateRequestDetail])
def accept_price(
    id: str,
    principal: AcceptsPrice,
    services: ServicesDep,
    command: CommandDep,
    body: AcceptPriceBody | None = None,
) -> Response:
    """Accept the quoted price; `price` (optional): the one per container the customer was shown, refused
    (409, naming the price now) when staff quoted again meanwhile."""
    seen = body.price if body else None
    return rate_request_step(command, services.booking.accept_price, services, id, principal, seen)


@router.put("/rate-requests/{id}/cancel", response_model=Envelope[RateRequestDetail])
def cancel_price(id: str, principal: DeclinesPrice, services: ServicesDep, command: CommandDep) -> Response:
    return rate_request_step(command, services.booking.cancel_price, services, id, principal)


@router.put("/rate-requests/{id}/withdraw", response_model=Envelope[RateRequestDetail])
def withdraw_rate_request(
    id: str,
    principal: WithdrawsRateRequest,
    services: ServicesDep,
    command: CommandDep,
    body: WithdrawBody | None = None,
) -> Response:
    """The customer calls the request off before it is confirmed (the lifecycle's `withdraw`: while it waits
    for a price, for a revision or for the booking letter); a quoted one is declined instead."""
    reason = body.reason if body else None
    return rate_request_step(command, services.booking.cancel_request, services, id, principal, reason)


@router.put("/rate-requests/{id}/booking-request", response_model=Envelope[RateRequestDetail])
def submit_booking_request(
    id: str,
    body: BookingRequestBody,
    principal: SubmitsBookingRequest,
    services: ServicesDep,
    command: CommandDep,
) -> Response:
    return rate_request_step(
        command, services.booking.submit_booking_request, services, id, principal, body.drafts()
    )


# -- shipping orders --------------------------------------------------------------------------


@router.post(
    "/shipping-orders",
    response_model=Envelope[ShippingOrder],
    status_code=201,
    responses=error_responses(404),  # the rate request it names may not exist (or not be the caller's)
)
def create_shipping_order(
    body: ShippingOrderBody,
    principal: CreatesOrder,
    services: ServicesDep,
    command: CommandDep,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    try:
        command.creating(
            services.booking.create_shipping_order,
            principal.actor,
            body.rate_request_id,
            body.draft(),
            retried=bool(idempotency_key),
        )
    except ValidationFailed as error:
        raise wire_fields(error, CREATE_ORDER) from error  # a new order's body spells it `frightType`
    return success(own_detail(services, body.rate_request_id, principal)["order"], status_code=201)


def _order_answer(services: Services, order_id: str, principal: Principal) -> dict[str, Any]:
    order = services.booking.shipping_order(order_id, principal.actor)
    answer: dict[str, Any] = own_detail(services, order.rate_request_id, principal)["order"]
    return answer


@router.put("/shipping-orders/{id}/edit", response_model=Envelope[ShippingOrder])
def edit_shipping_order(
    id: str, body: ShippingOrderEditBody, principal: EditsOrder, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.booking.edit_shipping_order, id, principal.actor, body.draft())
    return success(_order_answer(services, id, principal))


@router.put(
    "/shipping-orders/{id}/resubmit",
    response_model=Envelope[ShippingOrder],
    # 404: not the caller's order; 409: not cancelled or declined, closed with its booking, or its booking
    # ended.
    responses=error_responses(400, 404, 409),
)
def resubmit_shipping_order(
    id: str,
    body: ShippingOrderResubmitBody,
    principal: ResubmitsOrder,
    services: ServicesDep,
    command: CommandDep,
) -> Response:
    """Submit a cancelled or declined shipping order again while its booking is live: the whole order, filled
    and checked as a first submission (400 naming the field, nothing changed). Staff review it as a new
    order. An order closed with its booking (cancelled or rejected) is not submitted again (409 saying so)."""
    try:
        command(services.booking.resubmit_shipping_order, id, principal.actor, body.draft())
    except ValidationFailed as error:
        raise wire_fields(error, CREATE_ORDER) from error  # spelt as a new order's body: `frightType`
    return success(_order_answer(services, id, principal))


@router.put(
    "/shipping-orders/{id}/cancel",
    response_model=Envelope[ShippingOrder],
    # 400: a reason over 500 characters; 404: not the caller's order; 409: its lifecycle has no cancel from
    # its state (staff accepted it already, or it is cancelled or declined).
    responses=error_responses(400, 404, 409),
)
def cancel_shipping_order(
    id: str,
    principal: CancelsOrder,
    services: ServicesDep,
    command: CommandDep,
    body: ShippingOrderCancelBody | None = None,
) -> Response:
    """Cancel the shipping order before staff accept it (submitted, returned for changes or updated), saying
    why if she likes: the standard's `shippingInstructionsStatus: CANCELLED` on `/v3`, by the same command.
    While the booking is live the order may then be filled again (`resubmit`)."""
    reason = body.reason if body else None
    command(services.booking.cancel_shipping_order, id, principal.actor, reason)
    return success(_order_answer(services, id, principal))


@router.put(
    "/shipping-orders/{id}/cancel-update",
    response_model=Envelope[ShippingOrder],
    # 404: not the caller's order; 409: no update of hers awaits staff (its lifecycle has no cancel_update
    # from its state).
    responses=error_responses(404, 409),
)
def cancel_shipping_order_update(
    id: str, principal: WithdrawsOrderUpdate, services: ServicesDep, command: CommandDep
) -> Response:
    """Withdraw the update of the shipping order awaiting staff (state `update_received`): the order as it was
    before the update stands again, submitted, or returned for changes when the update answered staff's
    request. The standard's `updatedShippingInstructionsStatus: UPDATE_CANCELLED` on `/v3`, by the same
    command."""
    command(services.booking.cancel_order_update, id, principal.actor)
    return success(_order_answer(services, id, principal))


@router.put("/shipping-orders/{id}/approve", response_model=Envelope[ShippingOrder])
def approve_shipping_order(
    id: str, principal: ApprovesOrder, services: ServicesDep, command: CommandDep
) -> Response:
    command(services.booking.approve_shipping_order, id, principal.actor)
    return success(_order_answer(services, id, principal))
