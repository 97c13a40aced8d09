"""/booking/api/v1: rate requests, shipping orders and their reference lookups (specification 001, s. 7)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from api.schemas.sailings import SailingChoiceBody
from api.schemas.tariffs import QuoteCharge
from api.schemas.tracking import TrackingProgress
from api.schemas.wire_types import PlainNumber, Whole
from domain.booking.values import ContainerDraft, DocumentDraft, OrderDraft, PartyDraft, RateRequestDraft


# -- lookups -------------------------------------------------------------------------------------------------
class Choice(BaseModel):
    id: int
    name: str | None
    value: int


class Port(Choice):
    code: str
    country: str


class ContainerChoice(BaseModel):
    name: str
    value: int


class DocumentType(Choice):
    templateUrl: str


# -- rate requests -------------------------------------------------------------------------------------------
class RateRequestBody(BaseModel):
    # Shapes only; the rules and their messages live in domain/booking/values.py, which checks `draft()`.
    commodity: str | None = None
    hsCode: Annotated[str | int | None, PlainNumber] = None
    preferredShippingDate: str | None = None
    isSwbl: bool | None = None
    isSWBL: bool | None = None
    quantity: Annotated[int | float | str | None, PlainNumber] = None
    isDanger: bool | None = None
    msds: str | None = None
    additionalComment: str | None = None
    polId: Annotated[int | str | None, PlainNumber] = None
    podId: Annotated[int | str | None, PlainNumber] = None
    containerSizeId: Annotated[int | str | None, PlainNumber] = None
    containerTypeId: Annotated[int | str | None, PlainNumber] = None
    # The sailing the customer chose on the new-booking screen (issue 27); the preferred date stays for
    # those who choose none.
    sailing: SailingChoiceBody | None = None

    def draft(self) -> RateRequestDraft:
        # The screens send `isSwbl`, the specification `isSWBL`: either is read.
        is_swbl = self.isSwbl if self.isSwbl is not None else self.isSWBL
        return RateRequestDraft(
            commodity=self.commodity,
            hs_code=self.hsCode,
            preferred_shipping_date=self.preferredShippingDate,
            is_swbl=bool(is_swbl),
            quantity=self.quantity,
            is_danger=bool(self.isDanger),
            msds=self.msds,
            additional_comment=self.additionalComment,
            pol_id=self.polId,
            pod_id=self.podId,
            container_type_id=self.containerTypeId,
            container_size_id=self.containerSizeId,
        )


WaitingFor = Literal["customer", "staff"] | None


class RateRequestRow(BaseModel):
    """A rate request as the lists show it."""

    id: str
    # The human booking reference, FB-<year>-<6 digits> (null only for history not yet given one).
    reference: str | None
    # Whose move it is, from the lifecycle files; null in final states.
    waitingFor: WaitingFor
    commodity: str
    hsCode: str
    quantity: int
    state: int
    stateName: str
    orderState: int | None
    polTitle: str | None
    podTitle: str | None
    cargoDetails: str
    price: float | None
    validUntil: str | None
    preferredShippingDate: str | None
    containerType: str | None
    containerSize: str | None
    customerName: str
    createdAt: str
    # Made through the DCSA Booking API (/v2/bookings) rather than the screens.
    viaApi: bool


class BookingDocument(BaseModel):
    documentTypeId: int
    documentType: str | None
    fileId: str
    fileName: str | None


class BookingRequest(BaseModel):
    documents: list[BookingDocument]


class OrderParty(BaseModel):
    name: str
    address: str
    phoneNumber: str
    fax: str | None
    partyType: int | None
    isForSwbl: bool


class Container(BaseModel):
    containerId: int | None
    containerNumber: str | None
    seal: str
    count: int | None
    type: int | None
    grossWeight: float | None
    netWeight: float | None


class ShippingOrder(BaseModel):
    # `temprature` is the specification's spelling of the wire key.
    id: str
    rateRequestId: str
    status: int
    statusName: str
    statusLabel: str
    isSWBL: bool | None
    freightType: int | None
    cargoDescription: str | None
    imcoClass: str | None
    unNumber: str | None
    temprature: float | None
    humidity: float | None
    hasVentilation: bool | None
    parties: list[OrderParty]
    containers: list[Container]
    revise: dict[str, str]
    editedOrder: dict[str, Any] | None
    createdAt: str
    updatedAt: str


class RateRequestDetail(BaseModel):
    """A rate request with everything its screens show: reference names, documents and its order."""

    id: str
    reference: str | None
    waitingFor: WaitingFor
    commodity: str
    hsCode: str
    quantity: int
    state: int
    stateName: str
    orderState: int | None
    polTitle: str | None
    podTitle: str | None
    cargoDetails: str
    price: float | None
    validUntil: str | None
    preferredShippingDate: str | None
    customerName: str
    createdAt: str
    # Made through the DCSA Booking API (/v2/bookings) rather than the screens.
    viaApi: bool
    customerId: str
    pol: Choice
    pod: Choice
    containerType: Choice
    containerSize: Choice
    isSwbl: bool
    isSWBL: bool
    isDanger: bool
    msds: str | None
    msdsFileName: str | None
    additionalComment: str | None
    revisionMessage: str | None
    rejectionMessage: str | None
    bookingRequest: BookingRequest | None
    order: ShippingOrder | None
    updatedAt: str
    # Issue 28: what `price` (the total per container) is made of, the whole booking's total, who quoted
    # (`system`: instantly, from the tariff version and row cited) — all null/empty while unquoted.
    charges: list[QuoteCharge]
    totalPrice: float | None
    quotedBy: Literal["system", "staff"] | None
    tariffVersion: int | None
    tariffRow: int | None
    # After confirmation: where the cargo is, from DCSA tracking events (issue 29); null before any.
    progress: TrackingProgress | None = None


class DocumentBody(BaseModel):
    documentTypeId: Whole
    fileId: str


class WithdrawBody(BaseModel):
    """Why the customer calls the request off (optional, kept in the audit trail)."""

    reason: str | None = Field(default=None, max_length=500)


class BookingRequestBody(BaseModel):
    documents: list[DocumentBody]

    def drafts(self) -> list[DocumentDraft]:
        return [DocumentDraft(document_type_id=d.documentTypeId, file_id=d.fileId) for d in self.documents]


# -- shipping orders -----------------------------------------------------------------------------------------
class PartyBody(BaseModel):
    name: str | None = None
    address: str | None = None
    phoneNumber: Annotated[str | int | None, PlainNumber] = None
    fax: Annotated[str | int | None, PlainNumber] = None
    partyType: Whole | None = None
    isForSwbl: bool | None = None

    def draft(self) -> PartyDraft:
        return PartyDraft(
            name=self.name,
            address=self.address,
            phone_number=self.phoneNumber,
            fax=self.fax,
            party_type=self.partyType,
            is_for_swbl=bool(self.isForSwbl),
        )


class ContainerBody(BaseModel):
    containerId: Annotated[int | str | None, PlainNumber] = None
    seal: str | int | None = None
    count: Annotated[int | float | str | None, PlainNumber] = None
    type: Annotated[int | str | None, PlainNumber] = None
    grossWeight: Annotated[float | str | None, PlainNumber] = None
    netWeight: Annotated[float | str | None, PlainNumber] = None

    def draft(self) -> ContainerDraft:
        return ContainerDraft(
            container_id=self.containerId,
            seal=self.seal,
            count=self.count,
            type=self.type,
            gross_weight=self.grossWeight,
            net_weight=self.netWeight,
        )


class ShippingOrderBody(BaseModel):
    # `frightType` and `temprature` are the specification's spellings.
    rateRequestId: str
    isSWBL: bool | None = None
    frightType: Whole | None = None
    cargoDescription: str | None = None
    imcoClass: Annotated[str | int | float | None, PlainNumber] = None
    unNumber: Annotated[str | int | None, PlainNumber] = None
    temprature: Annotated[float | str | None, PlainNumber] = None
    humidity: Annotated[float | str | None, PlainNumber] = None
    hasVentilation: bool | None = None
    parties: list[PartyBody] = []
    containers: list[ContainerBody] = []

    def draft(self) -> OrderDraft:
        return _order_draft(self, self.frightType)


class ShippingOrderEditBody(BaseModel):
    # On edit the specification spells it `freightType`; parties and containers may be sent too.
    isSWBL: bool | None = None
    freightType: Whole | None = None
    cargoDescription: str | None = None
    imcoClass: Annotated[str | int | float | None, PlainNumber] = None
    unNumber: Annotated[str | int | None, PlainNumber] = None
    temprature: Annotated[float | str | None, PlainNumber] = None
    humidity: Annotated[float | str | None, PlainNumber] = None
    hasVentilation: bool | None = None
    parties: list[PartyBody] | None = None
    containers: list[ContainerBody] | None = None

    def draft(self) -> OrderDraft:
        """Lists left out (None) keep the stored ones."""
        return _order_draft(self, self.freightType)


def _order_draft(body: ShippingOrderBody | ShippingOrderEditBody, freight_type: int | None) -> OrderDraft:
    return OrderDraft(
        is_swbl=bool(body.isSWBL),
        freight_type=freight_type,
        cargo_description=body.cargoDescription,
        imco_class=body.imcoClass,
        un_number=body.unNumber,
        temperature=body.temprature,
        humidity=body.humidity,
        has_ventilation=bool(body.hasVentilation),
        parties=None if body.parties is None else tuple(p.draft() for p in body.parties),
        containers=None if body.containers is None else tuple(c.draft() for c in body.containers),
    )
