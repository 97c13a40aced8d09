"""/booking/api/v1: rate requests, shipping orders and their reference lookups (specification 001, s. 7)."""

from __future__ import annotations

from dataclasses import fields as declared_fields
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from api.mapping import CREATE_ORDER, ORDER, RATE_REQUEST
from api.schemas.sailings import SailingChoiceBody
from api.schemas.tariffs import QuoteCharge
from api.schemas.tracking import TrackingProgress
from api.schemas.wire_model import WireModel, wire_keys
from api.schemas.wire_types import PlainNumber, TypedDigits, Whole
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


class DocumentType(Choice, WireModel):
    template_url: str


# -- rate requests -------------------------------------------------------------------------------------------
class RateRequestBody(WireModel):
    # Shapes only; the rules and their messages live in domain/booking/values.py, which checks `draft()`.
    model_config = wire_keys(RATE_REQUEST)
    commodity: str | None = None
    hs_code: Annotated[str | int | None, TypedDigits] = None
    preferred_shipping_date: str | None = None
    is_swbl: bool | None = None
    is_swbl_as_specified: bool | None = None
    quantity: Annotated[int | float | str | None, PlainNumber] = None
    is_danger: bool | None = None
    msds: str | None = None
    additional_comment: str | None = None
    pol_id: Annotated[int | str | None, PlainNumber] = None
    pod_id: Annotated[int | str | None, PlainNumber] = None
    container_size_id: Annotated[int | str | None, PlainNumber] = None
    container_type_id: Annotated[int | str | None, PlainNumber] = None
    # The sailing the customer chose on the new-booking screen; the preferred date stays for
    # those who choose none.
    sailing: SailingChoiceBody | None = None

    def draft(self) -> RateRequestDraft:
        # The screens send `isSwbl`, the specification `isSWBL`: either is read.
        # Every other field is the draft's of the same name (a new one needs no line here).
        is_swbl = self.is_swbl if self.is_swbl is not None else self.is_swbl_as_specified
        plain = self.model_dump(by_alias=False, exclude={"is_swbl", "is_swbl_as_specified", "sailing"})
        return RateRequestDraft(**{**plain, "is_swbl": bool(is_swbl), "is_danger": bool(self.is_danger)})


WaitingFor = Literal["customer", "staff"] | None


class _RateRequestFacts(WireModel):
    # What a list's row and the detail both show of a rate request, first in both (one field list).
    id: str
    # The human booking reference, FB-<year>-<6 digits> (null only for history not yet given one).
    reference: str | None
    # Whose move it is, from the lifecycle files; null in final states.
    waiting_for: WaitingFor
    commodity: str
    hs_code: str
    quantity: int
    state: int
    state_name: str
    # The shipping order's code (the specification's, null without an order). Two states share code 0
    # (`submitted`, and `update_received` once the customer sent an update through /v3): the state's
    # name beside it says which, from state-machines/shipping_order.json.
    order_state: int | None
    order_state_name: str | None
    pol_title: str | None
    pod_title: str | None
    cargo_details: str
    price: float | None
    valid_until: str | None
    preferred_shipping_date: str | None


class RateRequestRow(_RateRequestFacts):
    """A rate request as the lists show it."""

    container_type: str | None
    container_size: str | None
    customer_name: str
    created_at: str
    # Made through the DCSA Booking API (/v2/bookings) rather than the screens.
    via_api: bool
    # Where the cargo is, from DCSA tracking events; null before any.
    progress: TrackingProgress | None = None


class BookingDocument(WireModel):
    document_type_id: int
    document_type: str | None
    file_id: str
    file_name: str | None


class BookingRequest(WireModel):
    documents: list[BookingDocument]


class OrderParty(WireModel):
    name: str
    address: str
    phone_number: str
    fax: str | None
    party_type: int | None
    is_for_swbl: bool


class Container(WireModel):
    container_id: int | None
    container_number: str | None
    seal: str
    count: int | None
    type: int | None
    gross_weight: float | None
    net_weight: float | None
    # The kind by its UN/ECE Recommendation 21 code (contract/package-kinds.json), as the shipper wrote it.
    package_code: str | None
    package_description: str | None


class ShippingOrder(WireModel):
    model_config = wire_keys(ORDER)
    id: str
    rate_request_id: str
    status: int
    status_name: str
    status_label: str
    is_swbl: bool | None
    freight_type: int | None
    cargo_description: str | None
    imco_class: str | None
    un_number: str | None
    temperature: float | None
    humidity: float | None
    has_ventilation: bool | None
    parties: list[OrderParty]
    containers: list[Container]
    revise: dict[str, str]
    edited_order: dict[str, Any] | None
    # Why staff declined the order, as they wrote it, while it stands declined (null otherwise): the customer
    # reads it where she may fill the order again (decision 3824).
    decline_message: str | None
    created_at: str
    updated_at: str


class SentBy(WireModel):
    """Who of the company last sent one of the booking's shared drafts, and when (decision 3886)."""

    # The person by name as the audit trail names him: null for the caller's own sends (`by_you`) and where
    # the name is no longer known (erased).
    name: str | None
    # The caller himself (another screen of his): a colleague is told only of a send not his own.
    by_you: bool
    # When it was recorded (UTC, ISO 8601).
    at: str


class DraftsSent(WireModel):
    """The last send of each draft a colleague may be typing while another sends it (decision 3886)."""

    # The rate request as created or last edited.
    request: SentBy | None
    # The booking request's signed documents (booking letter, LOIs) as last sent.
    documents: SentBy | None
    # The shipping order's content as last sent (created, edited, updated or submitted again).
    order: SentBy | None


class RateRequestDetail(_RateRequestFacts):
    """A rate request with everything its screens show: reference names, documents and its order."""

    model_config = wire_keys(RATE_REQUEST)
    customer_name: str
    created_at: str
    # Made through the DCSA Booking API (/v2/bookings) rather than the screens.
    via_api: bool
    customer_id: str
    # The booking party's (the customer's; a colleague's company's) address and postal code as its profile
    # gives them now, known since sign-up: the sender of the letters it signs (decision 3885).
    customer_address: str | None
    customer_postal_code: str | None
    pol: Choice
    pod: Choice
    container_type: Choice
    container_size: Choice
    is_swbl: bool
    is_swbl_as_specified: bool
    is_danger: bool
    msds: str | None
    msds_file_name: str | None
    additional_comment: str | None
    revision_message: str | None
    rejection_message: str | None
    booking_request: BookingRequest | None
    order: ShippingOrder | None
    # When the booking itself last changed (its own events; its order has its own `updatedAt`): what staff
    # decisions name as `seenUpdatedAt` (decisions 3908, 3920).
    updated_at: str
    # What `price` (the total per container) is made of, the whole booking's total, who quoted
    # (`system`: instantly, from the tariff version and row cited) — all null/empty while unquoted.
    charges: list[QuoteCharge]
    total_price: float | None
    quoted_by: Literal["system", "staff"] | None
    tariff_version: int | None
    tariff_row: int | None
    # After confirmation: where the cargo is, from DCSA tracking events; null before any.
    progress: TrackingProgress | None = None
    # Who sent each shared draft last and when, read from the audit log (a read's answer; null in a command's
    # answer built from its own events).
    sent: DraftsSent | None = None


class DocumentBody(WireModel):
    document_type_id: Whole
    file_id: str


class AcceptPriceBody(WireModel):
    """The price per container the customer was shown as she accepts (optional: a call without it accepts
    the price as it stands); another price now (staff priced it again meanwhile) is refused, 409."""

    price: Annotated[Decimal | None, PlainNumber] = None


class WithdrawBody(WireModel):
    """Why the customer calls the request off (optional, kept in the audit trail)."""

    reason: str | None = Field(default=None, max_length=500)


class BookingRequestBody(WireModel):
    documents: list[DocumentBody]

    def drafts(self) -> list[DocumentDraft]:
        return [DocumentDraft(document_type_id=d.document_type_id, file_id=d.file_id) for d in self.documents]


# -- shipping orders -----------------------------------------------------------------------------------------
class PartyBody(WireModel):
    name: str | None = None
    address: str | None = None
    phone_number: Annotated[str | int | None, TypedDigits] = None
    fax: Annotated[str | int | None, TypedDigits] = None
    party_type: Whole | None = None
    is_for_swbl: bool | None = None

    def draft(self) -> PartyDraft:
        # Every field is the draft's of the same name (a new one needs no line here).
        return PartyDraft(**{**dict(self), "is_for_swbl": bool(self.is_for_swbl)})


class ShippingOrderContainer(WireModel):
    """One container line of a shipping order."""

    container_id: Annotated[int | str | None, PlainNumber] = None
    seal: str | int | None = None
    count: Annotated[int | float | str | None, PlainNumber] = None
    type: Annotated[int | str | None, PlainNumber] = None
    gross_weight: Annotated[float | str | None, PlainNumber] = None
    net_weight: Annotated[float | str | None, PlainNumber] = None
    # A line read back keeps the kind its shipper declared (a line chosen on the screens sends `type` alone).
    package_code: str | None = None
    package_description: str | None = None

    def draft(self) -> ContainerDraft:
        return ContainerDraft(**dict(self))  # every field is the draft's of the same name


class OrderFields(WireModel):
    """The fields a customer fills in a shipping order, created or edited (a new field goes here once)."""

    model_config = wire_keys(ORDER)
    is_swbl: bool | None = None
    freight_type: Whole | None = None
    cargo_description: str | None = None
    imco_class: Annotated[str | int | float | None, PlainNumber] = None
    un_number: Annotated[str | int | None, TypedDigits] = None
    temperature: Annotated[float | str | None, PlainNumber] = None
    humidity: Annotated[float | str | None, PlainNumber] = None
    has_ventilation: bool | None = None
    parties: list[PartyBody] | None = None
    containers: list[ShippingOrderContainer] | None = None

    def draft(self) -> OrderDraft:
        """Each field is the draft's of the same name (a new one needs no line here); flags left out are
        false; lists left out (None) keep the stored ones (on edit; a new order starts with none)."""
        plain = self.model_dump(
            by_alias=False, include=set(OrderFields.model_fields) - {"parties", "containers"}
        )
        return OrderDraft(
            **{**plain, "is_swbl": bool(self.is_swbl), "has_ventilation": bool(self.has_ventilation)},
            parties=None if self.parties is None else tuple(p.draft() for p in self.parties),
            containers=None if self.containers is None else tuple(c.draft() for c in self.containers),
        )


# A field on the order is written in three places, each checked against the others at import: the body
# (`OrderFields`, lenient: numbers may come as text), the answer (`ShippingOrder`, strict types) and the
# domain's draft (domain/booking/values.py). The first two are the wire's two contracts, so they stay two.
def order_shapes_agree(body: type[OrderFields], answer: type[ShippingOrder], draft: type[OrderDraft]) -> None:
    """Raises, naming the field, when the three places do not hold the same fields of the order."""
    unmatched = set(body.model_fields) ^ {f.name for f in declared_fields(draft)}
    if unmatched:
        raise TypeError(f"OrderFields and OrderDraft differ in {sorted(unmatched)}")
    unanswered = set(body.model_fields) - set(answer.model_fields)
    if unanswered:
        raise TypeError(f"ShippingOrder does not answer the order's fields {sorted(unanswered)}")


order_shapes_agree(OrderFields, ShippingOrder, OrderDraft)


class ShippingOrderBody(OrderFields):
    # The specification spells a new order's freight type `frightType` (api/mapping.py's CREATE_ORDER).
    model_config = wire_keys(CREATE_ORDER)
    rate_request_id: str
    parties: list[PartyBody] = []
    containers: list[ShippingOrderContainer] = []


class ShippingOrderResubmitBody(OrderFields):
    """A cancelled or declined order filled again: the whole order, as a first submission's body (its freight
    type spelt `frightType`) without the rate request, which the order names already."""

    model_config = wire_keys(CREATE_ORDER)
    parties: list[PartyBody] = []
    containers: list[ShippingOrderContainer] = []


class ShippingOrderCancelBody(WireModel):
    """Why the customer cancels her shipping order (optional, kept in the audit trail)."""

    reason: str | None = Field(default=None, max_length=500)


class ShippingOrderEditBody(OrderFields):
    # On edit the specification spells it `freightType`; parties and containers may be sent too.
    pass
