"""/v3: the provider side of DCSA Bill of Lading 3.0.3, a second door onto the shipping order.

The shipping instructions are the booking's shipping order (one per booking, as on the screens), named
`SI-<booking reference>`; the transport document it produces once staff accept it is `BL-<booking
reference>`. The door's edges (ErrorResponse, API-Version, rate limits, media types) are the booking door's
(`DcsaRoute`), speaking version 3.0.3 here.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Request, Response
from fastapi.responses import JSONResponse
from pydantic import TypeAdapter, ValidationError

from api.bootstrap import Services
from api.dcsa.booking.reference import rate_request_id_for
from api.dcsa.booking.routes import (
    DOOR_STATUSES,
    ApiVersion,
    BookingContentRefused,
    DcsaRoute,
    IdempotencyKey,
    major_version,
    owned_booking,
)
from api.dcsa.door import door_router
from api.dcsa.ebl import documents
from api.dcsa.ebl.models import (
    ApproveTransportDocument,
    CancelShippingInstructionsUpdate,
    CreateShippingInstructions,
    CreateShippingInstructionsResponse,
    EblDangerousGoods,
    EblErrorResponse,
    ShippingInstructions,
    TransportDocument,
    UpdateShippingInstructions,
)
from api.dcsa.errors import EBL_VERSION, DetailedError, error_response, schema_errors
from api.edge.deps import ServicesDep, off_loop
from api.edge.integration_auth import IntegrationCustomer
from api.edge.security import Principal
from api.transport_documents import booking_and_order, container_numbers, transport_document_of
from domain.booking.document_references import (
    booking_reference_of,
    shipping_instructions_reference,
    transport_document_status,
)
from domain.shared.errors import Conflict, NotFound, ValidationFailed


class EblRoute(DcsaRoute):
    api_version = EBL_VERSION


router = door_router(
    prefix="/v3",
    tag="dcsa-ebl",
    route_class=EblRoute,
    error_model=EblErrorResponse,
    statuses=DOOR_STATUSES,
    operations="dcsa",
)

_ACCEPTED: dict[int | str, dict[str, Any]] = {
    202: {"description": "Accepted; the document now awaits the provider's action", "content": None}
}
_NOT_BUILT: dict[int | str, dict[str, Any]] = {
    501: {"model": EblErrorResponse, "description": "Not implemented"}
}


def _major_version(value: str | None) -> None:
    major_version(value, EBL_VERSION)


def _order_of(
    services: Services, document_reference: str, principal: Principal
) -> tuple[dict[str, Any], dict[str, Any]]:
    booking_reference = booking_reference_of(document_reference)
    if booking_reference is None:
        raise NotFound(f"No document {document_reference}")
    booking = owned_booking(services, booking_reference, principal)
    with services.read_models.read() as tx:
        _, order = booking_and_order(tx, booking["id"])
    if order is None:
        raise NotFound(f"No document {document_reference}")
    return booking, order


def _no_transport_document(reference: str, order: dict[str, Any]) -> NotFound:
    """A transport document exists only while its order's state has one: say which state the instructions
    are in instead (before staff accept them, back with the shipper for an update, cancelled, declined)."""
    instructions = shipping_instructions_reference(str(booking_reference_of(reference)))
    status = documents.state_fact(str(order["status_name"]), "dcsa")
    return NotFound(
        f"No transport document {reference} while its shipping instructions {instructions} are {status}"
    )


def _container_ids(services: Services, document: dict[str, Any]) -> dict[str, int]:
    numbers = [
        str((u.get("equipment") or {}).get("equipmentReference") or u.get("equipmentReference"))
        for u in document.get("utilizedTransportEquipments") or []
    ]
    if not numbers:
        return {}
    marks = ", ".join("?" for _ in numbers)
    with services.read_models.read() as tx:
        rows = tx.all(f"SELECT id, number FROM booking_containers WHERE number IN ({marks})", tuple(numbers))
    return {str(r["number"]): int(r["id"]) for r in rows}


def _booking_named(document: dict[str, Any]) -> str:
    named = {str(item["carrierBookingReference"]) for item in document.get("consignmentItems") or []}
    if len(named) != 1:
        raise BookingContentRefused(
            [DetailedError(7004, "Name one booking in every consignment item", "$.consignmentItems")]
        )
    return named.pop()


def _names_its_booking(services: Services, document: dict[str, Any], booking: dict[str, Any]) -> None:
    """An update is of one booking's instructions: its consignment items name that booking, as a new
    submission's name the booking it is for (another's, or none known, is refused and nothing changes)."""
    named = _booking_named(document)
    with services.read_models.read() as tx:
        if rate_request_id_for(tx, named) == booking["id"]:
            return
    reference = booking.get("reference") or booking["id"]
    raise BookingContentRefused(
        [
            DetailedError(
                7004,
                f"These instructions are for booking {reference}: name it in every consignment item",
                "$.consignmentItems",
            )
        ]
    )


async def _sent(request: Request) -> Any:
    """The body as the client sent it (Starlette keeps it, so the model's parse and this read agree)."""
    try:
        return await request.json()
    except ValueError:
        return None


Sent = Annotated[Any, Depends(_sent)]
_DANGEROUS_GOODS = TypeAdapter(list[EblDangerousGoods])


def _dangerous_goods(document: dict[str, Any], sent: Any) -> None:
    """The standard's own request example declares dangerous goods in a cargo item's outer packaging
    (`dangerousGoods`, as its answers do), while its shipper's schema of the packaging leaves the property
    out: the door reads them from the body as sent, checked against the standard's `DangerousGoods`."""
    items = sent.get("consignmentItems") if isinstance(sent, dict) else None
    for i, item in enumerate(items if isinstance(items, list) else []):
        cargo_items = item.get("cargoItems") if isinstance(item, dict) else None
        for j, cargo in enumerate(cargo_items if isinstance(cargo_items, list) else []):
            packaging = cargo.get("outerPackaging") if isinstance(cargo, dict) else None
            goods = packaging.get("dangerousGoods") if isinstance(packaging, dict) else None
            if goods is None:
                continue
            at = ("consignmentItems", i, "cargoItems", j, "outerPackaging", "dangerousGoods")
            try:
                valid = _DANGEROUS_GOODS.validate_python(goods)
            except ValidationError as error:
                raise BookingContentRefused(schema_errors(_nearest_member(error, at))) from None
            kept = document["consignmentItems"][i]["cargoItems"][j]["outerPackaging"]
            kept["dangerousGoods"] = [g.model_dump(mode="json", exclude_unset=True) for g in valid]


def _nearest_member(error: ValidationError, at: tuple[Any, ...]) -> list[dict[str, Any]]:
    """The faults of the `oneOf` member the sender most likely meant (the fewest), located in the body."""
    members: dict[str, list[dict[str, Any]]] = {}
    for fault in error.errors():
        member = next((p for p in fault["loc"] if isinstance(p, str) and p.startswith("EblDangerous")), "")
        where = (*at, *(p for p in fault["loc"] if p != member))
        members.setdefault(member, []).append({**fault, "loc": where})
    return min(members.values(), key=len)


def _as_sent(body: CreateShippingInstructions | UpdateShippingInstructions, sent: Any) -> dict[str, Any]:
    document = body.model_dump(mode="json", by_alias=True, exclude_unset=True)
    # The references are the provider's to give; an update's copy of them is not content.
    document.pop("shippingInstructionsReference", None)
    document.pop("transportDocumentReference", None)
    _dangerous_goods(document, sent)
    return document


def _draft(services: Services, as_sent: dict[str, Any]) -> Any:
    draft, errors = documents.order_draft(as_sent, _container_ids(services, as_sent))
    if errors:
        raise BookingContentRefused(errors)
    return draft


@router.post("/shipping-instructions", status_code=202, response_model=CreateShippingInstructionsResponse)
def create_shipping_instructions(
    body: CreateShippingInstructions,
    principal: IntegrationCustomer,
    services: ServicesDep,
    sent: Sent,
    api_version: ApiVersion = None,
    idempotency_key: IdempotencyKey = None,
) -> Any:
    """The shipper's instructions for its own confirmed booking (`carrierBookingReference` in each
    consignment item): they become the booking's shipping order, as if filled on the screens."""
    _major_version(api_version)
    as_sent = _as_sent(body, sent)
    booking = owned_booking(services, _booking_named(as_sent), principal)
    draft = _draft(services, as_sent)
    try:
        _, position = services.booking.create_shipping_order(
            principal.actor, booking["id"], draft, retried=idempotency_key is not None, as_sent=as_sent
        )
    except ValidationFailed as error:
        if not error.fields:
            raise
        raise BookingContentRefused(documents.order_errors(error.fields)) from error
    services.settle(position)
    reference = shipping_instructions_reference(str(booking.get("reference") or booking["id"]))
    return JSONResponse({"shippingInstructionsReference": reference}, status_code=202)


@router.get("/shipping-instructions/{documentReference}", response_model=ShippingInstructions)
async def get_shipping_instructions(
    documentReference: str,
    principal: IntegrationCustomer,
    services: ServicesDep,
    api_version: ApiVersion = None,
) -> Any:
    """The instructions by their reference or by their transport document's; made on the screens or here."""
    _major_version(api_version)
    booking, order = await off_loop(_order_of, services, documentReference, principal)
    numbers = await off_loop(container_numbers, services, order)
    return JSONResponse(documents.instructions(order, booking, numbers))


@router.put(
    "/shipping-instructions/{documentReference}",
    status_code=202,
    response_class=Response,
    responses=_ACCEPTED,
)
def update_shipping_instructions(
    documentReference: str,
    body: UpdateShippingInstructions,
    principal: IntegrationCustomer,
    services: ServicesDep,
    sent: Sent,
    api_version: ApiVersion = None,
) -> Any:
    """The shipper's updated instructions, until staff accept them (UPDATE_RECEIVED until staff decide;
    answering staff's revision request, too)."""
    _major_version(api_version)
    booking, order = _order_of(services, documentReference, principal)
    as_sent = _as_sent(body, sent)
    _names_its_booking(services, as_sent, booking)
    draft = _draft(services, as_sent)
    try:
        position = services.booking.update_shipping_order(order["id"], principal.actor, draft, as_sent)
    except ValidationFailed as error:
        if not error.fields:
            raise
        raise BookingContentRefused(documents.order_errors(error.fields)) from error
    services.settle(position)
    return Response(status_code=202)


_CANCEL = {"updatedShippingInstructionsStatus": "UPDATE_CANCELLED", "shippingInstructionsStatus": "CANCELLED"}


@router.patch(
    "/shipping-instructions/{documentReference}",
    status_code=202,
    response_class=Response,
    responses=_ACCEPTED,
)
def cancel_shipping_instructions(
    documentReference: str,
    body: CancelShippingInstructionsUpdate,
    principal: IntegrationCustomer,
    services: ServicesDep,
    api_version: ApiVersion = None,
) -> Any:
    """`updatedShippingInstructionsStatus: UPDATE_CANCELLED` withdraws the update awaiting staff (the
    instructions before it stand again); `shippingInstructionsStatus: CANCELLED` cancels the instructions
    before staff accept them (409 after)."""
    _major_version(api_version)
    _, order = _order_of(services, documentReference, principal)
    request = body.root
    name = next(key for key in _CANCEL if key in request.model_fields_set)
    if getattr(request, name) != _CANCEL[name]:
        raise ValidationFailed({name: f"Only {_CANCEL[name]} may be set"})
    if name == "updatedShippingInstructionsStatus":
        position = services.booking.cancel_order_update(order["id"], principal.actor)
    else:
        try:
            position = services.booking.cancel_shipping_order(order["id"], principal.actor, None)
        except ValidationFailed as error:  # the cargo has sailed: the instructions stand
            raise Conflict("; ".join(error.fields.values())) from None
    services.settle(position)
    return Response(status_code=202)


@router.get("/transport-documents/{transportDocumentReference}", response_model=TransportDocument)
async def get_transport_document(
    transportDocumentReference: str,
    principal: IntegrationCustomer,
    services: ServicesDep,
    api_version: ApiVersion = None,
) -> Any:
    """The bill of lading staff's acceptance of the instructions produced: DRAFT, APPROVED, ISSUED."""
    _major_version(api_version)
    booking, order = await off_loop(_order_of, services, transportDocumentReference, principal)
    document = await off_loop(transport_document_of, services, booking, order)
    if document is None:
        raise _no_transport_document(transportDocumentReference, order)
    return JSONResponse(document)


@router.patch(
    "/transport-documents/{transportDocumentReference}",
    status_code=202,
    response_class=Response,
    responses=_ACCEPTED,
)
def approve_transport_document(
    transportDocumentReference: str,
    body: ApproveTransportDocument,
    principal: IntegrationCustomer,
    services: ServicesDep,
    api_version: ApiVersion = None,
) -> Any:
    """The shipper approves the draft (the screens' final approval): APPROVED; the booking completes."""
    _major_version(api_version)
    if body.transportDocumentStatus != "APPROVED":
        raise ValidationFailed({"transportDocumentStatus": "Only APPROVED may be set"})
    _, order = _order_of(services, transportDocumentReference, principal)
    if not transport_document_status(str(order["status_name"])):
        raise _no_transport_document(transportDocumentReference, order)
    position = services.booking.approve_shipping_order(order["id"], principal.actor)
    services.settle(position)
    return Response(status_code=202)


@router.get("/transport-documents/{transportDocumentReference}/amendment", responses=_NOT_BUILT)
def get_transport_document_amendment(transportDocumentReference: str, principal: IntegrationCustomer) -> Any:
    """Direct transport document amendments (optional in the standard) are not offered: 501."""
    return _unsupported("GET", transportDocumentReference)


@router.put("/transport-documents/{transportDocumentReference}/amendment", responses=_NOT_BUILT)
def put_transport_document_amendment(transportDocumentReference: str, principal: IntegrationCustomer) -> Any:
    """Direct transport document amendments (optional in the standard) are not offered: 501."""
    return _unsupported("PUT", transportDocumentReference)


@router.delete("/transport-documents/{transportDocumentReference}/amendment", responses=_NOT_BUILT)
def delete_transport_document_amendment(
    transportDocumentReference: str, principal: IntegrationCustomer
) -> Any:
    """Direct transport document amendments (optional in the standard) are not offered: 501."""
    return _unsupported("DELETE", transportDocumentReference)


def _unsupported(method: str, reference: str) -> Any:
    text = "Direct transport document amendments are not offered by this provider"
    return error_response(
        method,
        f"/v3/transport-documents/{reference}/amendment",
        501,
        [DetailedError(7099, text)],
        text,
    )
