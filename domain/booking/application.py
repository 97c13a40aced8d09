"""Command side of the booking context: rate requests, shipping orders and uploaded files."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from types import EllipsisType
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, project_aggregate

from domain.booking import booking_content, values
from domain.booking.address_book import AddressBookEntry, PartyEntryDraft
from domain.booking.amendments import AMENDABLE_STATES, order_quantity_mismatch
from domain.booking.booking_content import BookingRequestContent
from domain.booking.booking_reference import (
    ReferenceClaim,
    ReferenceNumbers,
    SharedCounter,
    reference_claim_id,
)
from domain.booking.charges import Cargo, Charge, ChargeDraft, per_container_total, staff_charges
from domain.booking.containers import is_valid
from domain.booking.estimated_sailing import SailingEstimates, earliest_departure_day, estimated_sailing
from domain.booking.files import Assembled, StoredFile, stored_file_id
from domain.booking.rate_request import RateRequest
from domain.booking.read_as_seen import check_booking_unchanged
from domain.booking.reference import (
    REFRIGERATED,
    InventoryContainer,
    Port,
    ReferenceCatalog,
    SeedCatalog,
)
from domain.booking.schedules import (
    CargoDepartures,
    NoDepartures,
    NoSailings,
    Sailing,
    SailingChoice,
    SailingFinder,
    ServiceSchedule,
    ServiceScheduleValues,
    find_sailing,
    rescheduled_sailings,
)
from domain.booking.shipping_order import ShippingOrder, shipping_order_id
from domain.booking.state_facts import confirmed_states, order_closed_as
from domain.booking.tariff import (
    TARIFF_ID,
    Equipment,
    Shipment,
    Tariff,
    TariffRates,
    TariffRow,
    instant_validity,
    matching_row,
    nearest_row,
    read_tariff,
    row_charges,
)
from domain.booking.values import DocumentDraft, OrderDraft, RateRequestDraft
from domain.shared.actor import SYSTEM_ACTOR, Actor
from domain.shared.application import ContextApplication, EventStore, decided_afresh
from domain.shared.errors import (
    AlreadyExists,
    Conflict,
    Forbidden,
    KeyReused,
    NotFound,
    ValidationFailed,
)
from domain.shared.ids import name_based_id
from domain.shared.messages import message
from domain.shared.moments import days_now
from domain.shared.refusal_words import not_found, refused

T = TypeVar("T")
# A create that loses the race for a reference number takes the next free one; this bounds the retries.
MAX_REFERENCE_TRIES = 50
# How long a price given in the same act as a firm request's confirmation is said to hold.
FIRM_QUOTE_VALIDITY = timedelta(days=30)


def copied_draft(details: Mapping[str, Any], preferred_shipping_date: str | None) -> RateRequestDraft:
    """A new request's draft from a stored request's details: every field the draft has, the date aside."""
    copied: dict[str, Any] = {f.name: details[f.name] for f in fields(RateRequestDraft) if f.name in details}
    copied["is_swbl"] = bool(details.get("is_swbl"))
    copied["is_danger"] = bool(details.get("is_danger"))
    if preferred_shipping_date is not None:
        copied["preferred_shipping_date"] = preferred_shipping_date
    return RateRequestDraft(**copied)


def _uuid(value: str | UUID, what: str) -> UUID:
    if isinstance(value, UUID):
        return value
    try:
        return UUID(str(value))
    except ValueError as error:
        raise NotFound(f"{what} not found") from error


class _KeyTaken(Exception):
    """A create with an idempotency key lost the race to another call with the same key."""


class BookingApplication(ContextApplication):
    name = "booking"

    def __init__(
        self,
        store: EventStore,
        catalog: ReferenceCatalog | None = None,
        reference_counter: SharedCounter | None = None,
        sailings: SailingFinder | None = None,
        tariffs: TariffRates | None = None,
        estimates: SailingEstimates | None = None,
        departures: CargoDepartures | None = None,
    ) -> None:
        super().__init__(store)
        self.catalog: ReferenceCatalog = catalog or SeedCatalog()
        self.sailings: SailingFinder = sailings or NoSailings()
        # What tracking saw of a booking's cargo sailing: a booking whose cargo sailed is not cancelled.
        self.departures: CargoDepartures = departures or NoDepartures()
        # How a booking confirmed without a sailing is given an estimated one (transit time, cut-offs).
        self.estimates = estimates or SailingEstimates()
        # The tariff rows in force (a read model); None: no request is quoted instantly.
        self.tariffs = tariffs
        self.references = ReferenceNumbers(
            lambda reference: self._exists(reference_claim_id(reference)), reference_counter
        )

    # -- loading with ownership --------------------------------------------------------------------------
    def rate_request(self, rate_request_id: str | UUID, actor: Actor) -> RateRequest:
        """The rate request, if this actor may see it: its customer, staff or the system (404 otherwise)."""
        found = self._visible(_uuid(rate_request_id, "Rate request"), RateRequest, actor)
        if found is None:
            raise NotFound("Rate request not found")
        return found

    def shipping_order(self, order_or_rate_request_id: str | UUID, actor: Actor) -> ShippingOrder:
        """The order by its own id, or by the id of its rate request (one order per request)."""
        key = _uuid(order_or_rate_request_id, "Shipping order")
        for candidate in (key, shipping_order_id(key)):
            found = self._visible(candidate, ShippingOrder, actor)
            if found is not None:
                return found
        raise NotFound("Shipping order not found")

    def _visible(self, aggregate_id: UUID, kind: type[T], actor: Actor) -> T | None:
        """The aggregate of that kind if it exists and this actor may see it; otherwise None (a 404, never a
        403, so that ids of other customers' things are not confirmed)."""
        try:
            aggregate: Any = self.repository.get(aggregate_id)
        except AggregateNotFoundError:
            return None
        if not isinstance(aggregate, kind):
            return None
        owner = str(getattr(aggregate, "owner_id", None) or getattr(aggregate, "customer_id", ""))
        return aggregate if self._may_see(owner, actor) else None

    def stored_file(self, file_id: str | UUID, actor: Actor, fresh: bool = False) -> StoredFile:
        """The file's record, if this actor may see it. `fresh`: built from its events as the store opens
        them now, never from the repository's cache (which keeps what was read before an erasure: the
        erasure records nothing on the file, so a cached copy would keep its owner's name in clear)."""
        key = _uuid(file_id, "File")
        if fresh:
            found = project_aggregate(None, self.events.get(key))
            if not isinstance(found, StoredFile) or not self._may_see(found.owner_id, actor):
                raise NotFound("File not found")
            return found
        visible = self._visible(key, StoredFile, actor)
        if visible is None:
            raise NotFound("File not found")
        return visible

    @staticmethod
    def _may_see(owner_id: str, actor: Actor) -> bool:
        return actor.is_staff or actor == SYSTEM_ACTOR or owner_id == actor.id

    def owns_file(self, actor: Actor, file_id: str) -> bool:
        try:
            return self.stored_file(file_id, actor).owner_id == actor.id
        except NotFound:
            return False

    # -- rate requests: customer -------------------------------------------------------------------------
    def create_rate_request(
        self,
        actor: Actor,
        username: str,
        draft: RateRequestDraft,
        now: datetime | None = None,
        request_key: str | None = None,
        sailing: SailingChoice | None = None,
    ) -> tuple[UUID, int]:
        """Record a new rate request; answer its id and position.

        `request_key` (a client's idempotency key) makes the id name-based on the customer and the key, so
        a retried create finds the request the first call made and records nothing (its answer then carries
        the store's head as position). The same key with another request is refused (`KeyReused`)."""

        def create(key_id: UUID | None) -> tuple[UUID, int]:
            details = self._rate_request_details(actor, draft, now)
            chosen = self._sailing_of_details(details, sailing)
            return self._create(
                actor, username, details, now, key_id=key_id, sailing=chosen, instant_quote=True
            )

        return self._create_once(
            actor, request_key, create, lambda key_id: self._same_request(key_id, actor, draft)
        )

    def _create_once(
        self,
        actor: Actor,
        request_key: str | None,
        create: Callable[[UUID | None], tuple[UUID, int]],
        same: Callable[[UUID], None],
    ) -> tuple[UUID, int]:
        """`create` under the id that `request_key` (an idempotency key) names, if any: when that id exists
        (a retry, or the same key's concurrent call that won the race) it stands if `same` finds it is this
        request (else `same` raises `KeyReused`), and the answer carries the store's head."""
        key_id = name_based_id("rate-request", f"{actor.id}:{request_key}") if request_key else None
        if key_id is not None and self._exists(key_id):
            same(key_id)
            return key_id, self.store.head()
        try:
            return create(key_id)
        except _KeyTaken:
            assert key_id is not None
            same(key_id)
            return key_id, self.store.head()

    def _same_request(self, key_id: UUID, actor: Actor, draft: RateRequestDraft) -> None:
        """Raise `KeyReused` unless `draft` is the request the key's rate request was created from: the
        same details, checked as they were checked then (on the day of the first call)."""
        first = self._created_by(key_id, actor)
        try:
            details = self._rate_request_details(actor, draft, first.timestamp)
        except ValidationFailed:
            details = None
        if details != first.details:
            raise KeyReused("This idempotency key was used with another request body; use a new key")

    def _create(
        self,
        actor: Actor,
        username: str,
        details: dict[str, Any],
        now: datetime | None,
        key_id: UUID | None = None,
        content: BookingRequestContent | None = None,
        sailing: Sailing | None = None,
        instant_quote: bool = False,
    ) -> tuple[UUID, int]:
        """A new rate request with the next free booking reference (claimed in the same transaction);
        `instant_quote`: quoted by the system in the same transaction when a tariff row matches it."""
        year = (now or datetime.now(UTC)).year
        row = self._matching_row(details) if instant_quote else None
        for _ in range(MAX_REFERENCE_TRIES):
            reference = self.references.next(year)
            try:
                rate_request = RateRequest.create(
                    actor.id, username, details, reference, actor, content=content, id=key_id
                )
                if sailing is not None:
                    rate_request.choose_sailing(sailing, actor, with_request=True)
                if row is not None:  # quoted by the system in the same transaction
                    self._quote_from(rate_request, row, now)
                return rate_request.id, self._record_with_claim(rate_request, reference, actor)
            except Conflict as error:
                if key_id is not None and self._exists(key_id):
                    raise _KeyTaken from error  # the same key's other call won the race
                self.references.lost(reference)
            except BaseException:
                self.references.unused(reference)  # nothing stored: no failure consumes a reference
                raise
        raise Conflict("Too many bookings are being created at once; try again")

    def _record_with_claim(self, rate_request: RateRequest, reference: str, actor: Actor) -> int:
        """The rate request and its reference claim in one transaction: a taken reference fails both."""
        return self.record(ReferenceClaim.claim(reference, rate_request.id, actor), rate_request)

    def assign_references(self, rate_request_ids: Sequence[str], now: datetime | None = None) -> list[int]:
        """Give rate requests created before references existed a reference each (the year of `now`).

        Safe to run from several processes at once: a request that got its reference meanwhile records
        nothing, and a lost race on a number or on the request records nothing of that attempt.
        """
        year = (now or datetime.now(UTC)).year
        positions = []
        for rate_request_id in rate_request_ids:
            for _ in range(MAX_REFERENCE_TRIES):
                rate_request = self.rate_request(rate_request_id, SYSTEM_ACTOR)
                if rate_request.reference is not None:
                    break
                reference = self.references.next(year)
                rate_request.assign_reference(reference, SYSTEM_ACTOR)
                try:
                    positions.append(self._record_with_claim(rate_request, reference, SYSTEM_ACTOR))
                    break
                except Conflict:
                    self.references.lost(reference)
        return positions

    @decided_afresh
    def edit_rate_request(
        self, rate_request_id: str, actor: Actor, draft: RateRequestDraft, now: datetime | None = None
    ) -> int:
        rate_request = self.rate_request(rate_request_id, actor)
        rate_request._may("edit", actor)
        before = dict(rate_request.details)
        rate_request.edit(self._rate_request_details(actor, draft, now), actor)
        self._sailing_follows(rate_request, before, actor)
        self._priced_again(rate_request, now)
        return self.record(rate_request)

    def _priced_again(self, rate_request: RateRequest, now: datetime | None) -> None:
        """An edited request a tariff prices is quoted again at once; a firm request (made through the
        standard) is priced by staff, who confirm it, never instantly, whichever door edited it."""
        row = None if rate_request.firm_request else self._matching_row(rate_request.details)
        if row is not None:
            self._quote_from(rate_request, row, now)

    def create_booking_request(
        self,
        actor: Actor,
        username: str,
        content: BookingRequestContent,
        now: datetime | None = None,
        request_key: str | None = None,
        sailing: SailingChoice | None = None,
    ) -> tuple[UUID, int]:
        """A booking request made through the DCSA standard: a rate request in `requested` whose details
        are derived from the standard's content, which it keeps.

        `request_key` (an idempotency key) works as for `create_rate_request`: a retry finds the booking the
        first call made; the same key with another body is refused (`KeyReused`)."""

        def create(key_id: UUID | None) -> tuple[UUID, int]:
            routed, details, chosen = self._booking_request_details(content, now, sailing)
            return self._create(actor, username, details, now, key_id=key_id, content=routed, sailing=chosen)

        return self._create_once(
            actor, request_key, create, lambda key_id: self._same_booking_request(key_id, actor, content)
        )

    def _booking_request_details(
        self,
        content: BookingRequestContent,
        now: datetime | None,
        sailing: SailingChoice | None,
        kept: dict[str, Any] | None = None,
    ) -> tuple[BookingRequestContent, dict[str, Any], Sailing | None]:
        """A booking request's content (with its route's ports when it names a route instead of ports),
        the rate request's details derived from it, and the published sailing it names (`kept`: the
        booking's own, which an update may name again after its cut-off)."""
        first, last = days_now(now or datetime.now(UTC))
        if sailing is not None and sailing.routing_reference and content.location("POL", "PRE") is None:
            content = self._with_route_ports(content, sailing.routing_reference)
        details = booking_content.rate_request_details(content, first, self.catalog, last)
        return content, details, self._sailing_of_details(details, sailing, kept)

    def _created_by(self, key_id: UUID, actor: Actor) -> RateRequest.Created:
        """The creation of the key's rate request, which must be `actor`'s (else `KeyReused`)."""
        first = next(iter(self.events.get(key_id, limit=1)), None)
        if not isinstance(first, RateRequest.Created) or first.customer_id != actor.id:
            raise KeyReused("This idempotency key was used for another request")
        return first

    def _same_booking_request(self, key_id: UUID, actor: Actor, content: BookingRequestContent) -> None:
        first = self._created_by(key_id, actor)
        sent = getattr(first, "booking_content", None) or {}
        if sent.get("as_sent") != dict(content.as_sent):
            raise KeyReused("This idempotency key was used with another request body; use a new key")

    def _with_route_ports(
        self, content: BookingRequestContent, routing_reference: str
    ) -> BookingRequestContent:
        """A booking that names a point-to-point route instead of its ports takes the route's ports."""
        route = self.sailings.route(routing_reference)
        if route is None:
            raise ValidationFailed({"sailing.routing_reference": "No published route has this reference"})
        return replace(
            content,
            locations=(
                *content.locations,
                booking_content.ShipmentLocation("POL", route.load_port),
                booking_content.ShipmentLocation("POD", route.discharge_port),
            ),
        )

    def _sailing_of_details(
        self, details: dict[str, Any], choice: SailingChoice | None, kept: dict[str, Any] | None = None
    ) -> Sailing | None:
        """The published sailing a new booking names (None when it names none: the preferred date stands),
        still open to booking (decision 3869), unless it is the sailing `kept` the booking has already."""
        if choice is None or not choice.names_a_sailing:
            return None
        ports = self._port_codes(details)
        if kept is not None:
            found = find_sailing(choice, *ports, self.sailings)
            if found.to_record() == kept:
                return found
        return find_sailing(choice, *ports, self.sailings, datetime.now(UTC))

    @decided_afresh
    def update_booking_request(
        self,
        rate_request_id: str,
        actor: Actor,
        content: BookingRequestContent,
        now: datetime | None = None,
        sailing: SailingChoice | None = None,
    ) -> int:
        """The standard's PUT: an update of a booking request not yet confirmed (the portal's edit), or,
        once confirmed, a request to amend it (`request_booking_amendment`)."""
        rate_request = self.rate_request(rate_request_id, actor)
        if rate_request.state in AMENDABLE_STATES:
            _sails_as_confirmed(rate_request, sailing)
            return self.request_booking_amendment(rate_request_id, actor, content, now)
        rate_request._may("edit", actor)
        content, details, chosen = self._booking_request_details(content, now, sailing, rate_request.sailing)
        before = dict(rate_request.details)
        if rate_request.firm_request:
            rate_request.edit(details, actor, content)
        else:
            # A request made on the screens stays theirs (its customer accepts the price and sends the
            # booking letter): the standard's update edits its details as the screens' edit does.
            rate_request.edit(_keeping_screens_fields(details, before, content.sea_waybill), actor)
        if chosen is not None:  # the updated request names a sailing: the same write
            rate_request.choose_sailing(chosen, actor)
        else:
            self._sailing_follows(rate_request, before, actor)
        self._priced_again(rate_request, now)
        return self.record(rate_request)

    @decided_afresh
    def request_booking_amendment(
        self, rate_request_id: str, actor: Actor, content: BookingRequestContent, now: datetime | None = None
    ) -> int:
        """An amendment of a confirmed booking sent in the standard's terms: its details are derived from
        the content as a booking request's are; what the standard does not carry (the MSDS file of
        dangerous goods, the comment, a sea-waybill choice it does not name) keeps the booking's value. The
        amended content rides on the amendment and becomes the booking's when approved."""
        rate_request = self.rate_request(rate_request_id, actor)
        if rate_request.cancellation is not None and rate_request.cancellation.open:
            raise Conflict(
                "This booking has a cancellation request awaiting a decision; withdraw it or wait for it"
            )
        first, last = days_now(now or datetime.now(UTC))
        details = booking_content.rate_request_details(content, first, self.catalog, last)
        # A booking made through the standard is its content: the amendment asks for the document it names.
        sea_waybill = bool(content.sea_waybill) if rate_request.firm_request else content.sea_waybill
        details = _keeping_screens_fields(details, rate_request.details, sea_waybill)
        asked = None
        if rate_request.amendment is not None and rate_request.amendment.open:
            # The standard: a newer amendment replaces the one still awaiting a decision (and answers the
            # ask that one answered).
            asked = rate_request.amendment.asked
            rate_request.withdraw_amendment(actor)
        # A booking made on the screens stays one (its amended content is its details, as the screens'
        # amendment's is); a firm booking's amendment carries the standard's content.
        firm_content = content if rate_request.firm_request else None
        rate_request.request_amendment(
            details, actor, firm_content, asked=asked, sailed=self._sailed(rate_request)
        )
        return self.record(rate_request)

    @decided_afresh
    def cancel_request(self, rate_request_id: str, actor: Actor, reason: str | None = None) -> int:
        rate_request = self.rate_request(rate_request_id, actor)
        if actor.id != rate_request.customer_id:
            raise Forbidden("Only the customer of this booking may cancel it")
        rate_request.cancel_request(actor, reason)
        return self.record(rate_request)

    def _rate_request_details(
        self, actor: Actor, draft: RateRequestDraft, now: datetime | None
    ) -> dict[str, Any]:
        # The person's zone is not known: "today" is any day it is on Earth (a shipper in Honolulu books her
        # today after UTC midnight).
        first, last = days_now(now or datetime.now(UTC))
        return values.rate_request_details(
            draft, first, self.catalog, lambda f: self.owns_file(actor, f), last_today=last
        )

    def accept_price(
        self, rate_request_id: str, actor: Actor, seen: Decimal | None = None, now: datetime | None = None
    ) -> int:
        """`seen`: the price per container the customer was shown (None: not named, not checked)."""
        return self._step(
            rate_request_id,
            actor,
            lambda booking: booking.accept_price(now or datetime.now(UTC), actor, seen),
        )

    def cancel_price(self, rate_request_id: str, actor: Actor) -> int:
        return self._step(rate_request_id, actor, lambda booking: booking.cancel_price(actor))

    @decided_afresh
    def submit_booking_request(
        self, rate_request_id: str, actor: Actor, documents: Sequence[DocumentDraft]
    ) -> int:
        rate_request = self.rate_request(rate_request_id, actor)
        rate_request._may("submit_booking_request", actor)
        cleaned = values.booking_documents(documents, self.catalog, lambda f: self.owns_file(actor, f))
        rate_request.submit_booking_request(cleaned, actor)
        return self.record(rate_request)

    # -- rate requests: staff and system -----------------------------------------------------------------
    @decided_afresh
    def quote(
        self,
        rate_request_id: str,
        actor: Actor,
        price: Decimal,
        valid_until: datetime,
        now: datetime | None = None,
        sailing: SailingChoice | None = None,
        charges: Sequence[ChargeDraft] | None = None,
        seen: Decimal | EllipsisType | None = ...,
        read_at: datetime | None = None,
    ) -> int:
        """Staff's quote; `charges` (the breakdown editor's lines) must add up to `price` per container;
        `seen`: the price the staff member was shown (None: none yet; `...`: not named, not checked);
        `read_at`: the booking's `updatedAt` their screen read (a customer's change since: 409, 3908)."""
        self._staff(actor)
        rate_request = self.rate_request(rate_request_id, actor)
        rate_request._may_decide("quote", actor)
        check_booking_unchanged(rate_request.content_marks, read_at)
        given = _breakdown(charges, price, self.cargo(rate_request.details))
        if sailing is not None:  # staff set or change the sailing as they quote: one write
            rate_request.choose_sailing(self._sailing_for(rate_request, sailing), actor)
        at = now or datetime.now(UTC)
        rate_request.quote(price, valid_until.astimezone(UTC), at, actor, given, seen=seen)
        return self.record(rate_request)

    # -- tariffs -----------------------------------------------------------------------------------------
    @decided_afresh
    def publish_tariff(self, actor: Actor, text: str, sha256: str, equipment: Equipment) -> tuple[int, int]:
        """Publish an uploaded tariff (CSV text): its rows replace those of the lanes it names. Answers the
        version and the position; any bad row refuses the whole upload (`ValidationFailed`), recording
        nothing."""
        self._staff(actor)
        rows = read_tariff(text, self.catalog.port_id, equipment)
        try:
            tariff: Tariff = self.repository.get(TARIFF_ID)
        except AggregateNotFoundError:
            tariff = Tariff.open(actor)
        version = tariff.publish(rows, sha256, actor)
        return version, self.record(tariff)

    def tariff_suggestion(self, details: Mapping[str, Any]) -> tuple[TariffRow | None, list[Charge], bool]:
        """For staff quoting by hand (`details`: the rate request's, as its read model holds them): the row
        in force that matches it, else the nearest on its lane, that row's charges for this request, and
        whether it matches."""
        shipment = self._shipment(details)
        if shipment is None or self.tariffs is None:
            return None, [], False
        rows = self.tariffs.lane_rows(shipment.pol_id, shipment.pod_id)
        row = matching_row(rows, shipment)
        matched = row is not None
        row = row or nearest_row(rows, shipment)
        return row, ([] if row is None else row_charges(row, shipment)), matched

    def cargo(self, details: Mapping[str, Any]) -> Cargo:
        """Which surcharges a booking of these details may carry (dangerous goods, a refrigerated box)."""
        reefer = self.catalog.container_type_value(int(details["container_type_id"])) == REFRIGERATED
        return Cargo(dangerous=bool(details.get("is_danger")), reefer=reefer)

    def _amended_cargo(self, booking: RateRequest) -> Cargo:
        """The cargo of the booking as its open amendment would have it (its own without one)."""
        amended = booking.amendment.amended if booking.amendment is not None else {}
        return self.cargo({**booking.details, **amended})

    def _shipment(self, details: Mapping[str, Any]) -> Shipment | None:
        day = details.get("preferred_shipping_date")
        if not day:
            return None
        cargo = self.cargo(details)
        return Shipment(
            pol_id=int(details["pol_id"]),
            pod_id=int(details["pod_id"]),
            container_size_id=int(details["container_size_id"]),
            container_type_id=int(details["container_type_id"]),
            dangerous=cargo.dangerous,
            reefer=cargo.reefer,
            day=values.calendar_date(str(day)),
        )

    def _matching_row(self, details: Mapping[str, Any]) -> TariffRow | None:
        shipment = self._shipment(details)
        if shipment is None or self.tariffs is None:
            return None
        return matching_row(self.tariffs.lane_rows(shipment.pol_id, shipment.pod_id), shipment)

    def _quote_from(self, rate_request: RateRequest, row: TariffRow, now: datetime | None) -> None:
        """The system's instant quote: the row's charges for this request, valid until the earlier of the
        row's last day and a week from now, citing the tariff version and row."""
        shipment = self._shipment(rate_request.details)
        assert shipment is not None
        charges = row_charges(row, shipment)
        moment = now or datetime.now(UTC)
        rate_request.quote(
            per_container_total(charges),
            instant_validity(row, moment),
            moment,
            SYSTEM_ACTOR,
            charges,
            tariff=row,
        )

    def request_revision(
        self, rate_request_id: str, actor: Actor, message: str, read_at: datetime | None = None
    ) -> int:
        return self._staff_with_reason(rate_request_id, actor, RateRequest.request_revision, message, read_at)

    def reject(
        self, rate_request_id: str, actor: Actor, message: str, read_at: datetime | None = None
    ) -> int:
        return self.staff_said(rate_request_id, actor, "reject", message, read_at)

    def staff_said(
        self, rate_request_id: str, actor: Actor, trigger: str, reason: str, read_at: datetime | None = None
    ) -> int:
        """A staff decision with a reason, by its row in contract/staff-actions.json (the rate request
        records the row's event): what a new such action runs, with no method of its own here. `read_at`:
        the booking's `updatedAt` staff read (a customer's change since: 409, decision 3910)."""
        return self._step(
            rate_request_id,
            actor,
            lambda booking: booking.staff_said(
                trigger, reason, actor, sailed=self._sailed(booking), read_at=read_at
            ),
            staff=True,
        )

    @decided_afresh
    def confirm_booking(
        self,
        rate_request_id: str,
        actor: Actor,
        sailing: SailingChoice | None = None,
        read_at: datetime | None = None,
    ) -> int:
        """`read_at`: the booking's `updatedAt` staff read: documents sent since are refused (3908)."""
        self._staff(actor)
        rate_request = self.rate_request(rate_request_id, actor)
        rate_request._may_decide("confirm_booking", actor)
        check_booking_unchanged(rate_request.content_marks, read_at)
        estimate = self._sail_on_confirmation(rate_request, sailing, actor)
        rate_request.confirm_booking(actor, estimate)
        return self.record(rate_request)

    @decided_afresh
    def confirm_request(
        self,
        rate_request_id: str,
        actor: Actor,
        price: Decimal | None = None,
        valid_until: datetime | None = None,
        now: datetime | None = None,
        sailing: SailingChoice | None = None,
        charges: Sequence[ChargeDraft] | None = None,
        read_at: datetime | None = None,
    ) -> int:
        """Confirm a firm booking request (one made through the DCSA standard) with its quoted price, or
        quote `price` (`charges`: its breakdown, as for `quote`) and confirm in one act (`valid_until`
        defaults to `FIRM_QUOTE_VALIDITY` from now); `sailing` sets or changes its sailing in the same act;
        `read_at`: the booking's `updatedAt` staff read (a change the customer made since: 409, 3908)."""
        self._staff(actor)
        moment = now or datetime.now(UTC)
        rate_request = self.rate_request(rate_request_id, actor)
        unpriced = rate_request.price is None and rate_request.firm_request
        if price is None and (unpriced or charges):
            # A confirmation needs the price it confirms, and a breakdown the price it breaks down (named,
            # not a state's refusal).
            rate_request._may_decide("quote" if unpriced else "confirm_request", actor)
            raise ValidationFailed({"price": message("common.required")})
        given = _breakdown(charges, price, self.cargo(rate_request.details)) if price is not None else None
        # Refused by state before a sailing is looked at (quoting first, when a price is given).
        rate_request._may_decide("quote" if price is not None else "confirm_request", actor)
        check_booking_unchanged(rate_request.content_marks, read_at)
        until = None
        if price is not None:
            until = (valid_until or moment + FIRM_QUOTE_VALIDITY).astimezone(UTC)
        estimate = self._sail_on_confirmation(rate_request, sailing, actor)
        rate_request.confirm_request(actor, price, until, moment, estimate, given)
        return self.record(rate_request)

    def _sail_on_confirmation(
        self, rate_request: RateRequest, choice: SailingChoice | None, actor: Actor
    ) -> Sailing | None:
        """A booking is confirmed with a sailing: the one staff name (chosen here), else the one it has,
        else one estimated from its ports, shipping date and lane (answered, recorded with the
        confirmation: no published sailing is known yet)."""
        if choice is not None:
            rate_request.choose_sailing(self._sailing_for(rate_request, choice), actor)
            return None
        if rate_request.sailing is None:
            return self._estimated_sailing(rate_request)
        # Nor is a booking confirmed on a sailing whose documentation closed since it was chosen (decision
        # 3869): staff name a later one in the confirmation.
        current = Sailing.from_record(rate_request.sailing)
        if not current.estimated and not current.open_to_booking(datetime.now(UTC)):
            raise ValidationFailed({"sailing": message("booking.sailing.cutOffPassed")})
        return None

    def _estimated_sailing(self, rate_request: RateRequest) -> Sailing | None:
        """On the shipping date asked for, or the first day every cut-off is still ahead when that is
        earlier or none was asked (a booking through the standard may name no date)."""
        details = rate_request.details
        load, discharge = self._port_codes(details)
        if not load or not discharge:
            return None
        hours = self.estimates.cut_off_hours
        earliest = earliest_departure_day(datetime.now(UTC), hours)
        day = details.get("preferred_shipping_date")
        asked = values.calendar_date(str(day)) if day else earliest
        return estimated_sailing(load, discharge, max(asked, earliest), self._transit_days(details), hours)

    def _transit_days(self, details: Mapping[str, Any]) -> int:
        """The lane's transit time: the tariff row that prices the booking, else any row of its lane that
        gives one, else the carrier's default."""
        if self.tariffs is not None:
            matching = self._matching_row(details)
            rows = [matching] if matching is not None else []
            rows += self.tariffs.lane_rows(int(details["pol_id"]), int(details["pod_id"]))
            for row in rows:
                if row.transit_days is not None:
                    return row.transit_days
        return self.estimates.transit_days

    # -- sailings: the booking's chosen sailing, the published schedules ---------------------------------
    def _sailing_follows(self, rate_request: RateRequest, before: Mapping[str, Any], actor: Actor) -> None:
        """A booking's sailing runs between its own ports, as a new booking's must (decision 3821): once an
        edit or an amendment moved them (`before`: its details before), the same voyage between the new
        ports where it calls at both, else, for a confirmed booking, one estimated as at confirmation, else
        none. An estimated sailing is estimated again when the ports or the shipping date moved; a
        published one stands when only the date moved (the customer chose it)."""
        if rate_request.sailing is None:
            return
        details = rate_request.details
        ports_moved = self._port_codes(before) != self._port_codes(details)
        date_moved = before.get("preferred_shipping_date") != details.get("preferred_shipping_date")
        current = Sailing.from_record(rate_request.sailing)
        if current.estimated and (ports_moved or date_moved):
            rate_request.replan_sailing(self._estimated_sailing(rate_request), actor)
        elif ports_moved and not current.estimated:
            sailing = self._same_voyage(current, details)
            if sailing is None and rate_request.state in confirmed_states():
                sailing = self._estimated_sailing(rate_request)
            rate_request.replan_sailing(sailing, actor)

    def _same_voyage(self, sailing: Sailing, details: Mapping[str, Any]) -> Sailing | None:
        """The published voyage `sailing` is part of, between the ports of `details`, if it calls at both."""
        choice = SailingChoice(
            vessel_imo_number=sailing.vessel_imo_number,
            export_voyage=sailing.export_voyage,
            service_code=sailing.service_code,
        )
        try:
            return find_sailing(choice, *self._port_codes(details), self.sailings)
        except ValidationFailed:
            return None

    def _port_codes(self, details: Mapping[str, Any]) -> tuple[str | None, str | None]:
        return self.catalog.port_code(int(details["pol_id"])), self.catalog.port_code(int(details["pod_id"]))

    def _sailing_for(self, rate_request: RateRequest, choice: SailingChoice) -> Sailing:
        """The published sailing chosen or named for the booking: one still open to booking (3869)."""
        load, discharge = self._port_codes(rate_request.details)
        return find_sailing(choice, load, discharge, self.sailings, datetime.now(UTC))

    @decided_afresh
    def choose_sailing(self, rate_request_id: str, actor: Actor, choice: SailingChoice) -> int | None:
        """The customer (until confirmation) or staff (until completion) choose the booking's sailing;
        None when it is the sailing it has already (nothing recorded)."""
        rate_request = self.rate_request(rate_request_id, actor)
        if not actor.is_staff and actor.id != rate_request.customer_id:
            raise Forbidden("Only the customer of this booking may choose its sailing")
        if not rate_request.choose_sailing(self._sailing_for(rate_request, choice), actor):
            return None
        return self.record(rate_request)

    @decided_afresh
    def name_sailing(
        self, rate_request_id: str, actor: Actor, choice: SailingChoice, email: str | None = None
    ) -> int | None:
        """Staff name a booking's published sailing (replacing an estimated one, its customer told at
        `email`); None when it is the sailing it has."""
        self._staff(actor)
        rate_request = self.rate_request(rate_request_id, actor)
        if not rate_request.name_sailing(self._sailing_for(rate_request, choice), actor, email):
            return None
        return self.record(rate_request)

    @decided_afresh
    def publish_schedules(
        self,
        actor: Actor,
        schedules: Sequence[ServiceScheduleValues],
        booked: Mapping[str, Sailing] | None = None,
        email_of: Callable[[str], str | None] = lambda _customer_id: None,
    ) -> int | None:
        """Staff publish the carrier's schedules: each named service's schedule is replaced whole, and each
        booking of `booked` ({booking id: its sailing}, as the read models know them) whose sailing the
        publication moves records the move (the customer told at `email_of` their id). All in one
        transaction: one bad service stores none, and no publication is stored without its bookings' moves,
        so publishing the same again records what an earlier publication's moves missed. None when nothing
        changed."""
        self._staff(actor)
        changed: list[ServiceSchedule | RateRequest] = []
        for published in schedules:
            key = ServiceSchedule.id_for(published.service_code)
            try:
                schedule: ServiceSchedule = self.repository.get(key)
            except AggregateNotFoundError:
                schedule = ServiceSchedule.open(published.service_code)
            if schedule.publish(published, actor):
                changed.append(schedule)
        # Each booking decides from its own events whether the move is news (the read rows may be behind).
        for rate_request_id, sailing in rescheduled_sailings(booked or {}, list(schedules)).items():
            rate_request = self.rate_request(rate_request_id, SYSTEM_ACTOR)
            if rate_request.reschedule_sailing(sailing, SYSTEM_ACTOR, email_of(rate_request.customer_id)):
                changed.append(rate_request)
        return self.record(*changed) if changed else None

    @decided_afresh
    def withdraw_schedule(self, actor: Actor, service_code: str) -> int | None:
        """Staff take a service off the published schedules (its sailings are offered no more; the bookings
        made for them keep their sailing as recorded, for staff to name another); NotFound when it is not
        published, None when it was withdrawn already."""
        self._staff(actor)
        try:
            schedule: ServiceSchedule = self.repository.get(ServiceSchedule.id_for(service_code))
        except AggregateNotFoundError as error:
            raise NotFound("No schedule is published for this service") from error
        if not schedule.withdraw(actor):
            return None
        return self.record(schedule)

    # -- reference data staff extend (kept in the reference tables, not as events) -------------------------
    def add_port(self, actor: Actor, code: str, name: str, country: str) -> Port:
        """A port staff add by its UN/LOCODE (two letters of country, three of place)."""
        self._staff(actor)
        code = code.upper()
        if not code.isalnum() or not code[:2].isalpha():
            raise ValidationFailed({"code": message("booking.port.locode")})
        name, country = name.strip(), country.strip()
        return Port(self.catalog.add_port(code, name, country), code, name, country)

    def add_container(self, actor: Actor, number: str, type_id: int, size_id: int) -> InventoryContainer:
        """A container staff add to the inventory, its number's check digit and its type and size checked."""
        self._staff(actor)
        number = number.strip().upper()
        errors = {}
        if not is_valid(number):
            errors["number"] = message("booking.container.numberInvalid")
        if not self.catalog.has_container_type(type_id):
            errors["type_id"] = message("booking.containerType.notFound")
        if not self.catalog.has_container_size(size_id):
            errors["size_id"] = message("booking.containerSize.notFound")
        if errors:
            raise ValidationFailed(errors)
        return InventoryContainer(
            self.catalog.add_container(number, type_id, size_id), number, type_id, size_id
        )

    def published_schedule(self, service_code: str) -> ServiceScheduleValues | None:
        try:
            schedule: ServiceSchedule = self.repository.get(ServiceSchedule.id_for(service_code))
        except AggregateNotFoundError:
            return None
        return schedule.values

    def remind_cut_off(
        self, rate_request_id: str, hours: int, email: str | None, now: datetime | None = None
    ) -> int | None:
        """The system reminds the customer of the shipping-instruction cut-off (once per lead time, never a
        longer lead after a shorter one), saying how long is left at `now`."""
        rate_request = self.rate_request(rate_request_id, SYSTEM_ACTOR)
        if not rate_request.remind_cut_off(hours, email, SYSTEM_ACTOR, now):
            return None
        return self.record(rate_request)

    def expire_quote(self, rate_request_id: str, now: datetime | None = None) -> int:
        rate_request = self.rate_request(rate_request_id, SYSTEM_ACTOR)
        rate_request.expire(now or datetime.now(UTC), SYSTEM_ACTOR)
        return self.record(rate_request)

    # -- changes after confirmation: amendments and cancellation requests ---------------------------------
    def expire_amended_price(self, rate_request_id: str, now: datetime | None = None) -> int:
        moment = now or datetime.now(UTC)
        return self._step(
            rate_request_id, SYSTEM_ACTOR, lambda booking: booking.expire_amended_price(moment, SYSTEM_ACTOR)
        )

    def request_amendment(
        self, rate_request_id: str, actor: Actor, draft: RateRequestDraft, now: datetime | None = None
    ) -> int:
        return self._step(
            rate_request_id,
            actor,
            lambda booking: booking.request_amendment(
                self._rate_request_details(actor, draft, now), actor, sailed=self._sailed(booking)
            ),
        )

    def approve_amendment(
        self,
        rate_request_id: str,
        actor: Actor,
        price: Decimal | None = None,
        charges: Sequence[ChargeDraft] | None = None,
        read_at: datetime | None = None,
    ) -> int:
        """Staff approve the open amendment; with `price` (a firm booking's), confirm it at that price,
        with the breakdown `charges` (the editor's lines) when given; `read_at`: the booking's `updatedAt`
        their screen read (another amendment asked for since is refused, decision 3908)."""
        return self._step(
            rate_request_id,
            actor,
            lambda booking: booking.approve_amendment(
                actor,
                price,
                staff_charges(charges, self._amended_cargo(booking)) if charges else None,
                sailed=self._sailed(booking),
                cargo=self._amended_cargo(booking),
                read_at=read_at,
            ),
            staff=True,
        )

    def requote_amendment(
        self,
        rate_request_id: str,
        actor: Actor,
        price: Decimal,
        valid_until: datetime,
        now: datetime | None = None,
        charges: Sequence[ChargeDraft] | None = None,
        seen: Decimal | EllipsisType | None = ...,
    ) -> int:
        """Staff's new price for an amendment; `charges` (the editor's lines) must add up to it per
        container, else the booking's breakdown is kept with the freight taking the difference."""
        return self._step(
            rate_request_id,
            actor,
            lambda booking: booking.requote_amendment(
                price,
                valid_until.astimezone(UTC),
                now or datetime.now(UTC),
                actor,
                staff_charges(charges, self._amended_cargo(booking)) if charges else None,
                self._amended_cargo(booking),
                seen,
            ),
            staff=True,
        )

    def accept_amended_price(
        self, rate_request_id: str, actor: Actor, seen: Decimal | None = None, now: datetime | None = None
    ) -> int:
        """`seen`: the new price per container the customer was shown (None: not named, not checked)."""
        return self._step(
            rate_request_id,
            actor,
            lambda booking: booking.accept_amended_price(
                now or datetime.now(UTC), actor, sailed=self._sailed(booking), seen=seen
            ),
        )

    def decline_amendment(
        self, rate_request_id: str, actor: Actor, message: str, read_at: datetime | None = None
    ) -> int:
        return self._staff_with_reason(
            rate_request_id, actor, RateRequest.decline_amendment, message, read_at
        )

    def ask_for_amendment(
        self, rate_request_id: str, actor: Actor, reason: str, read_at: datetime | None = None
    ) -> int:
        return self._staff_with_reason(rate_request_id, actor, RateRequest.ask_for_amendment, reason, read_at)

    def withdraw_amendment(self, rate_request_id: str, actor: Actor) -> int:
        return self._step(rate_request_id, actor, lambda booking: booking.withdraw_amendment(actor))

    def request_cancellation(self, rate_request_id: str, actor: Actor, reason: str = "") -> int:
        return self._step(
            rate_request_id,
            actor,
            lambda booking: booking.request_cancellation(reason, actor, sailed=self._sailed(booking)),
        )

    @decided_afresh
    def request_confirmed_cancellation(self, rate_request_id: str, actor: Actor, reason: str = "") -> int:
        """The standard's request to cancel a confirmed booking (its use case 13): `IllegalTransition` before
        confirmation, where the shipper cancels the booking request itself instead."""
        rate_request = self.rate_request(rate_request_id, actor)
        if rate_request.state not in AMENDABLE_STATES:
            raise rate_request.not_while_unconfirmed("request_cancellation")
        rate_request.request_cancellation(reason, actor, sailed=self._sailed(rate_request))
        return self.record(rate_request)

    def confirm_cancellation(self, rate_request_id: str, actor: Actor) -> int:
        return self._step(
            rate_request_id,
            actor,
            lambda booking: booking.confirm_cancellation(actor, sailed=self._sailed(booking)),
            staff=True,
        )

    def decline_cancellation(
        self, rate_request_id: str, actor: Actor, message: str, read_at: datetime | None = None
    ) -> int:
        return self._staff_with_reason(
            rate_request_id, actor, RateRequest.decline_cancellation, message, read_at
        )

    def withdraw_cancellation(self, rate_request_id: str, actor: Actor) -> int:
        return self._step(rate_request_id, actor, lambda booking: booking.withdraw_cancellation(actor))

    def _sailed(self, rate_request: RateRequest) -> str | None:
        return self.departures.sailed(str(rate_request.id))

    def _order_sailed(self, order: ShippingOrder) -> str | None:
        return self.departures.sailed(str(order.rate_request_id))

    @staticmethod
    def _check_order_against_booking(order: ShippingOrder, rate_request: RateRequest) -> None:
        """An order filled before an amendment must match the amended booking before it goes on."""
        if rate_request.change_pending:
            raise ValidationFailed({"rate_request": message("booking.change.decideFirst")})
        mismatch = order_quantity_mismatch(len(order.details.get("containers", [])), rate_request.quantity)
        if mismatch:
            raise ValidationFailed({"containers": mismatch})

    @staticmethod
    def _staff(actor: Actor) -> None:
        if not actor.is_staff:
            raise Forbidden("Staff only")

    @decided_afresh
    def _step(
        self,
        rate_request_id: str,
        actor: Actor,
        step: Callable[[RateRequest], object],
        *,
        staff: bool = False,
    ) -> int:
        """One step on a booking as `actor` sees it, recorded: a staff step checks the role before loading."""
        if staff:
            self._staff(actor)
        rate_request = self.rate_request(rate_request_id, actor)
        before = dict(rate_request.details)
        step(rate_request)
        self._sailing_follows(rate_request, before, actor)  # an amendment that took effect moves them
        return self.record(rate_request, *self._closed_with(rate_request))

    def _closed_with(self, rate_request: RateRequest) -> list[ShippingOrder]:
        """The booking's shipping order, closed in the same write when the booking is cancelled or rejected
        (its `orderClosedAs` fact), so that no one acts on instructions of a booking that will not sail;
        nothing when the booking stays open or its order is decided already."""
        closed_as = order_closed_as(rate_request.state)
        if closed_as is None or not self._exists(shipping_order_id(rate_request.id)):
            return []
        order: Any = self.repository.get(shipping_order_id(rate_request.id))
        assert isinstance(order, ShippingOrder)
        if not order.may_close(closed_as):
            return []
        order.close_with_booking(closed_as, rate_request.rejection_message or "")
        return [order]

    def _staff_with_reason(
        self,
        rate_request_id: str,
        actor: Actor,
        step: Callable[[RateRequest, str, Actor, datetime | None], object],
        text: str,
        read_at: datetime | None = None,
    ) -> int:
        """A staff decision on a booking that says why (`text`), as `_step` records it; `read_at`: the
        `updatedAt` staff read (a customer's change since is refused, decision 3910)."""
        return self._step(
            rate_request_id, actor, lambda booking: step(booking, text, actor, read_at), staff=True
        )

    @decided_afresh
    def _order_step(self, order_id: str, actor: Actor, step: Callable[[ShippingOrder], object]) -> int:
        """One step on a shipping order as `actor` sees it, recorded."""
        order = self.shipping_order(order_id, actor)
        step(order)
        return self.record(order)

    # -- shipping orders ---------------------------------------------------------------------------------
    def create_shipping_order(
        self,
        actor: Actor,
        rate_request_id: str,
        draft: OrderDraft,
        retried: bool = False,
        as_sent: Mapping[str, Any] | None = None,
    ) -> tuple[UUID, int]:
        """Record a rate request's one shipping order. `retried` (the client sent an idempotency key): an
        order that exists already is the answer, since a rate request has one order and it is the caller's.
        `as_sent`: the standard's shipping instructions the order was made from, kept beside its values."""
        if not rate_request_id:
            raise ValidationFailed({"rate_request_id": values.REQUIRED})
        rate_request = self.rate_request(rate_request_id, actor)
        if actor.id != rate_request.customer_id:
            raise Forbidden("Only the customer of this rate request may create its shipping order")
        if self._exists(shipping_order_id(rate_request.id)):
            if retried:
                self._same_order(rate_request, draft, as_sent)
                return shipping_order_id(rate_request.id), self.store.head()
            raise AlreadyExists("This rate request already has a shipping order")
        if not _takes_orders(rate_request):
            # Not a trigger of the rate request's lifecycle: its words are contract/refusal-words.json's.
            state, code = rate_request.state, rate_request.state_code
            raise refused("rate_request", state, "create_shipping_order", code)
        details = self._sent_order_details(rate_request, draft, as_sent)
        order = ShippingOrder.create(
            str(rate_request.id),
            rate_request.customer_id,
            details,
            actor,
            rate_request_in_shipping_order=_takes_orders(rate_request),
            **_submission_guards(rate_request, details),
        )
        try:
            return order.id, self.record(order)
        except Conflict as error:
            if retried:  # the same create's other try won the race: that order stands, if it is this one
                self._same_order(rate_request, draft, as_sent)
                return order.id, self.store.head()
            raise AlreadyExists("This rate request already has a shipping order") from error

    def _same_order(
        self, rate_request: RateRequest, draft: OrderDraft, as_sent: Mapping[str, Any] | None = None
    ) -> None:
        """Raise `KeyReused` unless `draft` is the order the rate request's shipping order was created
        from (a retry with an idempotency key must repeat its request)."""
        first = next(iter(self.events.get(shipping_order_id(rate_request.id), limit=1)), None)
        try:
            details: dict[str, Any] | None = self._sent_order_details(rate_request, draft, as_sent)
        except ValidationFailed:
            details = None
        if first is None or details != getattr(first, "details", None):
            raise KeyReused("This idempotency key was used with another request body; use a new key")

    @decided_afresh
    def resubmit_shipping_order(self, order_id: str, actor: Actor, draft: OrderDraft) -> int:
        """The customer submits its cancelled or declined order again, while the booking is live (decision
        3824): the content is checked exactly as a first submission's and replaces the order's. An order
        closed with its booking stays closed."""
        order = self.shipping_order(order_id, actor)
        order._may("resubmit", actor)
        if order.closed_with_booking:
            raise Conflict(CLOSED_WITH_BOOKING)
        rate_request = self.rate_request(order.rate_request_id, actor)
        if not _takes_orders(rate_request):
            raise Conflict(BOOKING_NOT_LIVE)
        details = self._sent_order_details(rate_request, draft, None)
        live = _takes_orders(rate_request)
        order.resubmit(details, actor, booking_live=live, **_submission_guards(rate_request, details))
        return self.record(order)

    @decided_afresh
    def edit_shipping_order(self, order_id: str, actor: Actor, draft: OrderDraft) -> int:
        order = self.shipping_order(order_id, actor)
        order._may("edit", actor)
        rate_request = self.rate_request(order.rate_request_id, actor)
        changes = self._order_details(rate_request, draft, require_lists=False)
        if changes["is_swbl"] != order.details.get("is_swbl") and "parties" not in changes:
            # Turning SWBL on or off changes which parties are required: check the stored ones again.
            stored = draft.with_parties(order.details["parties"])
            self._order_details(rate_request, stored, require_lists=False)
        # An edit on the screens leaves the standard's copy behind: the order then reads from its values.
        order.edit({**changes, "as_sent": None}, actor)
        return self.record(order)

    @decided_afresh
    def request_order_revision(
        self,
        order_id: str,
        actor: Actor,
        revise: Mapping[str, Any],
        edited_order: Mapping[str, Any] | None,
        read_at: datetime | None = None,
    ) -> int:
        """`read_at`: the order's `updatedAt` staff read (a customer's change since: 409, decision 3910)."""
        self._staff(actor)
        order = self.shipping_order(order_id, actor)
        order._may_decide("request_revision", actor)
        messages = values.revise_messages(revise)
        order.request_revision(messages, dict(edited_order) if edited_order else None, actor, read_at)
        return self.record(order)

    @decided_afresh
    def accept_shipping_order(self, order_id: str, actor: Actor, read_at: datetime | None = None) -> int:
        """`read_at`: the order's `updatedAt` staff's screen read (decision 3908); None: nothing compared."""
        self._staff(actor)
        order = self.shipping_order(order_id, actor)
        # A colleague's acceptance (or decline) first is named before the customer's change since (3916).
        order._may_decide("accept", actor)
        self._check_order_against_booking(order, self.rate_request(order.rate_request_id, actor))
        order.accept(actor, read_at)
        return self.record(order)

    @decided_afresh
    def update_shipping_order(
        self, order_id: str, actor: Actor, draft: OrderDraft, as_sent: Mapping[str, Any] | None = None
    ) -> int:
        """The shipper's update of its instructions (the standard's PUT): before staff accept them, or
        answering staff's revision request; it reads UPDATE_RECEIVED until staff decide."""
        order = self.shipping_order(order_id, actor)
        order._may("update", actor)
        rate_request = self.rate_request(order.rate_request_id, actor)
        changes = {**self._order_details(rate_request, draft), "as_sent": dict(as_sent) if as_sent else None}
        order.update(changes, actor)
        return self.record(order)

    def cancel_order_update(self, order_id: str, actor: Actor) -> int:
        """The shipper withdraws its update awaiting staff: the content before it stands again."""
        return self._order_step(order_id, actor, lambda order: order.cancel_update(actor))

    def cancel_shipping_order(self, order_id: str, actor: Actor, reason: str | None) -> int:
        return self._order_step(
            order_id, actor, lambda order: order.cancel(reason, actor, sailed=self._order_sailed(order))
        )

    def decline_shipping_order(
        self, order_id: str, actor: Actor, message: str, read_at: datetime | None = None
    ) -> int:
        """`read_at`: the order's `updatedAt` staff read (a customer's change since: 409, decision 3910)."""
        self._staff(actor)
        return self._order_step(
            order_id,
            actor,
            lambda order: order.decline(message, actor, sailed=self._order_sailed(order), read_at=read_at),
        )

    @decided_afresh
    def issue_transport_document(self, rate_request_id: str, actor: Actor) -> int:
        """Staff issue the bill of lading of the booking's approved order."""
        self._staff(actor)
        rate_request = self.rate_request(rate_request_id, actor)
        if not self._exists(shipping_order_id(rate_request.id)):
            raise NotFound("This booking has no shipping order")
        order = self.shipping_order(str(rate_request.id), actor)
        order.issue(actor)
        return self.record(order)

    @decided_afresh
    def confirm_completed(self, rate_request_id: str, actor: Actor) -> int:
        """Staff confirm a firm booking completed (DCSA use case 12) when it has no shipping order."""
        self._staff(actor)
        rate_request = self.rate_request(rate_request_id, actor)
        rate_request.confirm_completed(self._exists(shipping_order_id(rate_request.id)), actor)
        return self.record(rate_request)

    @decided_afresh
    def approve_shipping_order(self, order_id: str, actor: Actor) -> int:
        """The customer's final approval; the rate request completes in the same atomic write."""
        order = self.shipping_order(order_id, actor)
        rate_request = self.rate_request(order.rate_request_id, actor)
        self._check_order_against_booking(order, rate_request)
        order.approve(actor)
        rate_request.complete(order.state == "approved", SYSTEM_ACTOR)
        return self.record(order, rate_request)

    # -- book again ----------------------------------------------------------------------------------------
    def copy_rate_request(
        self,
        rate_request_id: str,
        actor: Actor,
        username: str,
        preferred_shipping_date: str | None = None,
        request_key: str | None = None,
    ) -> tuple[UUID, int]:
        """A new rate request with the lane, containers and cargo of one of the customer's own (404 for
        anyone else's), made by the create path itself so that every check of a new request applies. The
        sailing is not copied (it has usually left); the preferred date is the given one, else the
        original's, which the create refuses once it has passed."""
        original = self.rate_request(rate_request_id, actor)
        if original.customer_id != actor.id:
            raise NotFound("Rate request not found")
        draft = copied_draft(original.details, preferred_shipping_date)
        return self.create_rate_request(actor, username, draft, request_key=request_key)

    # -- address book --------------------------------------------------------------------------------------
    def save_party(self, account_id: str, draft: PartyEntryDraft, actor: Actor) -> tuple[UUID, int]:
        entry = AddressBookEntry.save(account_id, draft, actor)
        return entry.id, self.record(entry)

    @decided_afresh
    def change_party(self, entry_id: str, account_id: str, draft: PartyEntryDraft, actor: Actor) -> int:
        entry = self.party_entry(entry_id, account_id)
        entry.change(draft, actor)
        return self.record(entry)

    @decided_afresh
    def remove_party(self, entry_id: str, account_id: str, actor: Actor) -> int:
        entry = self.party_entry(entry_id, account_id)
        entry.remove(actor)
        return self.record(entry)

    def party_entry(self, entry_id: str, account_id: str) -> AddressBookEntry:
        """The account's own live entry; another account's, a removed one or no such id: 404 alike."""
        try:
            found: Any = self.repository.get(UUID(str(entry_id)))
        except (ValueError, AggregateNotFoundError) as error:
            raise not_found("address_book_entry") from error
        if not isinstance(found, AddressBookEntry) or found.account_id != account_id or found.removed:
            raise not_found("address_book_entry")
        return found

    # -- files -------------------------------------------------------------------------------------------
    def store_file(self, actor: Actor, upload_key: str, upload: Assembled) -> tuple[UUID, int | None]:
        """Record an upload; the same bytes under the same upload key answer the file already recorded."""
        existing = stored_file_id(actor.id, upload_key, upload.sha256)
        if self._exists(existing):
            return existing, None
        stored = StoredFile.store(actor, upload_key, upload)
        try:
            return stored.id, self.record(stored)
        except Conflict:
            return stored.id, None

    def _order_details(
        self, rate_request: RateRequest, draft: OrderDraft, require_lists: bool = True
    ) -> dict[str, Any]:
        """The order's values checked against what its rate request says (quantity, danger, reefer)."""
        return values.shipping_order_details(
            draft,
            quantity=rate_request.quantity,
            is_danger=bool(rate_request.details.get("is_danger")),
            container_type_value=self.catalog.container_type_value(
                int(rate_request.details["container_type_id"])
            ),
            catalog=self.catalog,
            require_lists=require_lists,
        )

    def _sent_order_details(
        self, rate_request: RateRequest, draft: OrderDraft, as_sent: Mapping[str, Any] | None
    ) -> dict[str, Any]:
        """A new order's values, with the standard's shipping instructions it was made from (`as_sent`)."""
        details = self._order_details(rate_request, draft)
        if as_sent is not None:
            details["as_sent"] = dict(as_sent)
        return details

    def _exists(self, aggregate_id: UUID) -> bool:
        return bool(self.recorder.select_events(aggregate_id, limit=1))


# Why an order cancelled or declined may not be submitted again (decision 3824).
CLOSED_WITH_BOOKING = "This shipping order was closed with its booking; it cannot be submitted again"
BOOKING_NOT_LIVE = "This booking has ended; its shipping order cannot be submitted again"


def _takes_orders(rate_request: RateRequest) -> bool:
    """Whether the booking is live for its shipping order: confirmed and not ended (an order is submitted,
    first or again, only then)."""
    return rate_request.state == "shipping_order"


def _submission_guards(rate_request: RateRequest, details: Mapping[str, Any]) -> dict[str, bool]:
    """The lifecycle's guards of a submission, first or again, on its checked `details`."""
    return {
        "exact_container_count": len(details["containers"]) == rate_request.quantity,
        "parties_present": True,
    }


def _breakdown(charges: Sequence[ChargeDraft] | None, price: Decimal, cargo: Cargo) -> list[Charge] | None:
    """Staff's breakdown of `price` (the editor's lines, each applying to the `cargo`), which must add up to
    it per container; None when there is none (the tariff's or the standing lines apply)."""
    if not charges:
        return None
    given = staff_charges(charges, cargo)
    if per_container_total(given) != price:
        raise ValidationFailed({"price": message("booking.charge.sum")})
    return given


def _sails_as_confirmed(rate_request: RateRequest, choice: SailingChoice | None) -> None:
    """A confirmed booking's sailing is the carrier's to change (the `sailing` state fact): an amendment
    that names another than the one it sails on is refused, not taken and left unapplied."""
    if choice is None or not choice.names_a_sailing:
        return
    current = None if rate_request.sailing is None else Sailing.from_record(rate_request.sailing)
    if current is not None and not current.estimated and choice.matches(current):
        return
    key = "sailing.routing_reference" if choice.routing_reference else "sailing"
    raise ValidationFailed({key: message("booking.sailing.closed")})


def _keeping_screens_fields(
    details: dict[str, Any], current: Mapping[str, Any], sea_waybill: bool | None
) -> dict[str, Any]:
    """The details the standard's content means, with what it does not carry (the comment, the MSDS file of
    dangerous goods, and the sea-waybill choice when the content does not name a document) kept from the
    booking's."""
    return {
        **details,
        "is_swbl": current.get("is_swbl", False) if sea_waybill is None else sea_waybill,
        "additional_comment": current.get("additional_comment"),
        "msds": current.get("msds") if details["is_danger"] else None,
    }
