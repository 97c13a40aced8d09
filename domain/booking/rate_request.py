"""The RateRequest aggregate: a customer's request for a container rate, from quote to completion.

State names and codes come from `state-machines/rate_request.json`; requested and quoted share
code 0 and differ by `price` (null until quoted). The changes to a confirmed booking are parts of it in
modules of their own, each under its own lifecycle: `amendment_requests.Amendments` and
`cancellation_requests.CancellationRequests`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from types import EllipsisType
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate, event

from domain.booking.amendment_requests import Amendments
from domain.booking.amendments import Amendment, CancellationRequest, check_new_price, check_price_seen
from domain.booking.booking_content import CONTENT_PERSONAL, BookingRequestContent
from domain.booking.cancellation_requests import CancellationRequests
from domain.booking.charges import Charge, all_in, from_records, records, repriced
from domain.booking.decided import StaffDecided
from domain.booking.read_as_seen import ContentAsRead, check_booking_unchanged
from domain.booking.sailed import cargo_not_sailed
from domain.booking.schedules import Sailing
from domain.booking.staff_actions import staff_action
from domain.booking.state_facts import confirmed_states, sailing_open_to, sailing_states
from domain.booking.tariff import TariffRow, citation
from domain.shared.actor import Actor
from domain.shared.aggregate import (
    ActorCreated,
    ActorEvent,
    Audit,
    LifecycleAggregate,
    StateMoved,
    audit_fields,
)
from domain.shared.errors import ValidationFailed
from domain.shared.lifecycle import lifecycle
from domain.shared.messages import message
from domain.shared.moments import parse_instant
from domain.shared.reasons import system_reason

REQUIRED = message("common.required")


def _sailing_open_to(actor: Actor, state: str) -> bool:
    """Who may still choose the sailing is the state's `sailing` fact in rate_request.json (customers until
    the booking is confirmed, staff until it is complete)."""
    return sailing_open_to(state, "staff" if actor.is_staff else "customer")


def _instructions_due(minutes_left: int) -> str:
    """The audit's reason for a cut-off reminder: the time left when it went, as the reminder says it
    (minutes under an hour and a half, else hours rounded), not the lead it was scheduled at."""
    if minutes_left < 90:
        return system_reason("instructionsDueSoon", minutes=max(minutes_left, 1))
    return system_reason("instructionsDue", hours=round(minutes_left / 60))


def reminder_due(sent: list[str], cut_off: str, hours: int) -> bool:
    """Whether a reminder `hours` before `cut_off` may go, given the reminders `sent` ("cut-off/hours"):
    not when one as near or nearer to this cut-off went already."""
    return not any(
        was == cut_off and int(lead) <= hours for was, lead in (key.rsplit("/", 1) for key in sent)
    )


class StaffSaid(ActorEvent):
    """Staff's decision told to the customer with its reason (`message`), moving the request to `state`."""

    message: str
    state: str
    customer_id: str
    # The booking was confirmed when staff decided (the lifecycle's `confirmed` fact of the state it left):
    # a confirmed booking rejected is told so. False in events recorded before it was kept.
    was_confirmed: bool = False


class SailingMoved(ActorEvent):
    """The booking's sailing became another (`previous`: the one it had), its customer told at `email`."""

    personal_fields = ("email",)

    sailing: dict[str, Any]
    previous: dict[str, Any]
    reference: str | None
    email: str | None
    customer_id: str

    def apply(self, aggregate: RateRequest) -> None:
        aggregate.sailing = self.sailing


class CustomerMoved(StateMoved):
    """A move of a booking its customer is told of (the event names whose booking it is)."""

    customer_id: str


class RateRequest(Amendments, CancellationRequests, StaffDecided, ContentAsRead, LifecycleAggregate):
    machine = "rate_request"

    class Created(ActorCreated):
        personal_fields = ("customer_username", *CONTENT_PERSONAL)
        personal_identifiers = ("customer_username",)
        personal_owner = "customer_id"

        """Version 2 carries the human booking reference (`FB-2026-000123`).

        Version 1 events (written before references existed) read with `reference` None; such a rate request
        is given its reference later by `ReferenceAssigned` (see `BookingApplication.assign_references`).
        Version 3 carries `booking_content` (the DCSA door's content); older ones read with None.
        """

        class_version = 3
        customer_id: str
        customer_username: str
        details: dict[str, Any]
        reference: str | None
        state: str
        # Version 3: what a booking request made through the DCSA door said (None for the screens).
        booking_content: dict[str, Any] | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["reference"] = None

        @staticmethod
        def upcast_v2_v3(state: dict[str, Any]) -> None:
            state["booking_content"] = None

    @event(Created)
    def __init__(
        self,
        customer_id: str,
        customer_username: str,
        details: dict[str, Any],
        reference: str | None,
        state: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
        booking_content: dict[str, Any] | None = None,
    ) -> None:
        self.customer_id = customer_id
        self.customer_username = customer_username
        self.reference = reference
        self.details = dict(details)
        # What a booking request made through the DCSA standard said (record form); None for one made on
        # the screens. Events written before this field existed load with None.
        self.booking_content = booking_content
        self.state = state
        self.price: Decimal | None = None
        self.charges: list[dict[str, Any]] = []
        self.tariff_version: int | None = None
        self.valid_until: datetime | None = None
        self.revision_message: str | None = None
        self.rejection_message: str | None = None
        self.booking_documents: list[dict[str, Any]] = []
        # The one amendment or cancellation request of a confirmed booking that is (or was last) open.
        self.amendment: Amendment | None = None
        self.cancellation: CancellationRequest | None = None
        # The sailing the booking is made for (record form of `schedules.Sailing`), once one is chosen.
        self.sailing: dict[str, Any] | None = None
        self.cut_off_reminders: list[str] = []
        self._content_created()

    def read_content(self) -> object:
        """What staff read and decide on (decision 3918): the booking's content, its signed documents and the
        customer's open amendment; not its state, its price (3879 compares that) nor staff's own words."""
        amendment = self.amendment
        asked_for = (
            [amendment.amended, amendment.content] if amendment is not None and amendment.open else None
        )
        return [self.details, self.booking_content, self.booking_documents, asked_for]

    @classmethod
    def create(
        cls,
        customer_id: str,
        customer_username: str,
        details: dict[str, Any],
        reference: str,
        actor: Actor,
        content: BookingRequestContent | None = None,
        id: UUID | None = None,
    ) -> RateRequest:
        """A new rate request; `id` given (a client's idempotency key made into an id) or a random one."""
        state = cls._first("create", actor)
        fields: dict[str, Any] = {
            "customer_id": customer_id,
            "customer_username": customer_username,
            "details": details,
            "reference": reference,
            "state": state,
            **audit_fields(actor),
            "booking_content": None if content is None else content.to_record(),
        }
        if id is not None:
            return cls._create(cls.Created, id=id, **fields)
        return cls(**fields)

    @property
    def content(self) -> BookingRequestContent | None:
        record = self.booking_content
        return None if record is None else BookingRequestContent.from_record(record)

    def assign_reference(self, reference: str, actor: Actor) -> None:
        """A rate request created before references existed gets one, once (no lifecycle move)."""
        if self.reference is None:
            self._record(
                self.ReferenceAssigned,
                audit_fields(actor, system_reason("bookingReferenceAssigned")),
                reference=reference,
            )

    class ReferenceAssigned(ActorEvent):
        reference: str

        def apply(self, aggregate: RateRequest) -> None:
            aggregate.reference = self.reference

    # -- helpers -----------------------------------------------------------------------------------------
    @property
    def quantity(self) -> int:
        return int(self.details["quantity"])

    @property
    def firm_request(self) -> bool:
        """A booking request made through the DCSA standard is firm: the carrier's decision confirms it with
        its price (no price acceptance or documents from the customer). One made on the screens is a
        request for a price the customer accepts first (`portal_request`)."""
        return self.booking_content is not None

    # -- customer ----------------------------------------------------------------------------------------
    def edit(
        self, details: dict[str, Any], actor: Actor, content: BookingRequestContent | None = None
    ) -> None:
        dest = self._next("edit", actor)
        self._record(
            self.Edited,
            audit_fields(actor),
            details=details,
            state=dest,
            booking_content=None if content is None else content.to_record(),
            revision_was_requested=self.revision_message is not None,
        )

    class Edited(ActorEvent):
        personal_fields = CONTENT_PERSONAL
        details: dict[str, Any]
        state: str
        booking_content: dict[str, Any] | None = None
        # It answers staff's request to revise the request (staff are told); False in events recorded before.
        revision_was_requested: bool = False

        def apply(self, aggregate: RateRequest) -> None:
            aggregate.details = dict(self.details)
            if self.booking_content is not None:
                aggregate.booking_content = self.booking_content
            aggregate.state = self.state
            aggregate.price = None
            aggregate.charges = []
            aggregate.tariff_version = None
            aggregate.valid_until = None
            aggregate.revision_message = None

    def accept_price(self, now: datetime, actor: Actor, seen: Decimal | None = None) -> None:
        """The customer accepts the quoted price; `seen` (the price per container her dialog showed, None
        when the call names none) must still be the price, else staff quoted again meanwhile (409)."""
        before = self.valid_until is not None and now < self.valid_until
        dest = self._next("accept_price", actor, before_validity=before, portal_request=not self.firm_request)
        if seen is not None:
            check_price_seen(self.price, seen)
        self._record(self.PriceAccepted, audit_fields(actor), state=dest)

    class PriceAccepted(StateMoved):
        pass

    def cancel_price(self, actor: Actor) -> None:
        dest = self._next("cancel_price", actor)
        self._record(self.PriceCancelled, audit_fields(actor), state=dest)

    class PriceCancelled(StateMoved):
        pass

    def cancel_request(self, actor: Actor, reason: str | None = None) -> None:
        """The shipper calls the booking off before confirmation: a quoted one by declining the price, any
        other (requested, revision requested, price accepted) by withdrawing it."""
        if self.state == "quoted":
            self.cancel_price(actor)
            return
        dest = self._next("withdraw", actor)
        self._record(self.Withdrawn, audit_fields(actor, (reason or "").strip() or None), state=dest)

    class Withdrawn(StateMoved):
        pass

    def submit_booking_request(self, documents: list[dict[str, Any]], actor: Actor) -> bool:
        """Record the signed documents; False (no event) when exactly these documents are in already, so a
        repeated submission (a double click, a retry after a lost answer) records nothing."""
        dest = self._next("submit_booking_request", actor, has_documents=bool(documents))
        if _same_documents(documents, self.booking_documents):
            return False
        self._record(self.BookingRequestSubmitted, audit_fields(actor), documents=documents, state=dest)
        return True

    class BookingRequestSubmitted(ActorEvent):
        documents: list[dict[str, Any]]
        state: str

        def apply(self, aggregate: RateRequest) -> None:
            aggregate.booking_documents = [dict(d) for d in self.documents]
            aggregate.state = self.state

    # -- staff -------------------------------------------------------------------------------------------
    def quote(
        self,
        price: Decimal,
        valid_until: datetime,
        now: datetime,
        actor: Actor,
        charges: list[Charge] | None = None,
        tariff: TariffRow | None = None,
        seen: Decimal | EllipsisType | None = ...,
    ) -> None:
        """`seen`: the price staff's dialog was opened on (None: not quoted yet; `...`: the call names none,
        and nothing is checked); another one now means a colleague quoted meanwhile (409, nothing recorded).

        Staff's price (with the breakdown they gave; else, on a booking already priced line by line, that
        breakdown at the new price: surcharges and per-booking fees stay, the ocean freight takes the
        difference; else one all-in charge) or the system's instant quote from a tariff row (`tariff`,
        cited in the event and its reason)."""
        self._may_decide("quote", actor)
        check_new_price(price, valid_until, now)
        dest = self._next("quote", actor, price_positive=True, validity_in_future=True)
        if seen is not ...:
            with self._decided_here(meanwhile="quote"):  # a colleague's price since: named to staff
                check_price_seen(self.price, seen, quoted_meanwhile=True)
        if charges is None and tariff is None and self.charges:
            charges = repriced(from_records(self.charges), price)
        self._record(
            self.Quoted,
            audit_fields(actor, None if tariff is None else citation(tariff)),
            price=price,
            valid_until=valid_until,
            state=dest,
            customer_id=self.customer_id,
            charges=records(charges or all_in(price)),
            tariff_version=None if tariff is None else tariff.version,
            tariff_row=None if tariff is None else tariff.row,
        )

    class Quoted(ActorEvent):
        """Version 2 holds the charges the price was given with and, for an instant quote, the tariff
        version and row that priced it. Version 1 quotes read as one all-in charge of their price (what
        they were: a number typed by staff), quoted by no tariff: replay never prices anything again."""

        class_version = 2
        price: Decimal
        valid_until: datetime
        state: str
        customer_id: str
        charges: list[dict[str, Any]]
        tariff_version: int | None
        tariff_row: int | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["charges"] = records(all_in(Decimal(str(state["price"]))))
            state["tariff_version"] = None
            state["tariff_row"] = None

        def apply(self, aggregate: RateRequest) -> None:
            aggregate.price = self.price
            aggregate.charges = [dict(c) for c in self.charges]
            # The tariff version of an instant quote (None for staff's price).
            aggregate.tariff_version = self.tariff_version
            aggregate.valid_until = self.valid_until
            aggregate.revision_message = None
            aggregate.state = self.state
            aggregate._moved_by(self, self.state)

    def request_revision(self, message: str, actor: Actor, read_at: datetime | None = None) -> None:
        self._said("request_revision", self.RevisionRequested, message, actor, read_at=read_at)

    class RevisionRequested(StaffSaid):
        def apply(self, aggregate: RateRequest) -> None:
            aggregate.revision_message = self.message
            aggregate.price = None
            aggregate.charges = []
            aggregate.tariff_version = None
            aggregate.valid_until = None
            aggregate.state = self.state
            aggregate._moved_by(self, self.state)

    def reject(
        self, message: str, actor: Actor, *, sailed: str | None = None, read_at: datetime | None = None
    ) -> None:
        self._said("reject", self.Rejected, message, actor, sailed=sailed, read_at=read_at)

    class Rejected(StaffSaid):
        def apply(self, aggregate: RateRequest) -> None:
            aggregate.rejection_message = self.message
            aggregate.state = self.state
            aggregate._moved_by(self, self.state)

    def staff_said(
        self,
        trigger: str,
        reason: str,
        actor: Actor,
        *,
        sailed: str | None = None,
        read_at: datetime | None = None,
    ) -> None:
        """A staff decision with a reason whose row in contract/staff-actions.json names its event;
        `sailed`: when tracking saw the vessel leave with the booking's cargo, None while it has not;
        `read_at`: the booking's `updatedAt` staff read (a customer's change since: 409, decision 3910)."""
        event_class = getattr(type(self), staff_action(self.machine, trigger).event_name)
        if not (isinstance(event_class, type) and issubclass(event_class, StaffSaid)):
            raise TypeError(f"{trigger}: {event_class!r} is not a StaffSaid event of the rate request")
        self._said(trigger, event_class, reason, actor, sailed=sailed, read_at=read_at)

    def _said(
        self,
        trigger: str,
        event_class: type[StaffSaid],
        message_text: str,
        actor: Actor,
        *,
        sailed: str | None = None,
        read_at: datetime | None = None,
    ) -> None:
        """Staff's decision that must say why (`has_message`): refused early when the state or the actor
        forbids it or the cargo has sailed, then without a message, then when the customer changed the
        booking since `read_at` (staff do not ask her to fix what they did not read, decision 3910);
        recorded with the message and the state it leads to."""
        self._may_decide(trigger, actor)
        self._no_change_open(trigger, actor)
        not_sailed = cargo_not_sailed(self.machine, trigger, self.state, actor, sailed, "rate_request")
        text = message_text.strip()
        if not text:
            raise ValidationFailed({"message": REQUIRED})
        dest = self._next(
            trigger,
            actor,
            has_message=True,
            no_change_pending=not self.change_pending,
            cargo_not_sailed=not_sailed,
        )
        check_booking_unchanged(self.content_marks, read_at)
        self._record(
            event_class,
            audit_fields(actor, text),
            message=text,
            state=dest,
            customer_id=self.customer_id,
            was_confirmed=self.state in confirmed_states(),
        )

    def _no_change_open(self, trigger: str, actor: Actor) -> None:
        """Refuse, naming it, a decision that waits for the open amendment or cancellation to be decided
        first (`no_change_pending`): a rejected booking with a change still open would leave staff a
        decision on a closed booking."""
        if not self.change_pending:
            return
        machine = lifecycle(self.machine)
        guards = {**machine.every_guard, "no_change_pending": False}
        if not machine.may(trigger, self.state, actor.lifecycle_role, guards):
            open_one = "amendment" if self.amendment is not None and self.amendment.open else "cancellation"
            raise ValidationFailed({open_one: message("booking.change.decideFirst")})

    def confirm_booking(self, actor: Actor, estimate: Sailing | None = None) -> None:
        """Staff confirm the booking; `estimate`: the sailing it is confirmed on when it has none (an
        estimated one, recorded with the confirmation: one step, told once)."""
        self._may_decide("confirm_booking", actor)
        dest = self._next("confirm_booking", actor, has_booking_request=bool(self.booking_documents))
        self._confirmed(actor, dest, estimate)

    def _confirmed(self, actor: Actor, dest: str, estimate: Sailing | None) -> None:
        sailing = None if estimate is None or self.sailing is not None else estimate.to_record()
        self._record(
            self.BookingConfirmed,
            audit_fields(actor),
            state=dest,
            customer_id=self.customer_id,
            sailing=sailing,
        )

    def confirm_request(
        self,
        actor: Actor,
        price: Decimal | None = None,
        valid_until: datetime | None = None,
        now: datetime | None = None,
        estimate: Sailing | None = None,
        charges: list[Charge] | None = None,
    ) -> None:
        """Staff confirm a firm booking request with its charges: the price already quoted, or `price`
        (valid until `valid_until`, broken down as `charges` where given) quoted in the same act. The
        standard has no customer step between. `estimate`: as for `confirm_booking`."""
        # A colleague's confirmation (or rejection) first is named; priced here, its quote names it.
        self._may_decide("quote" if price is not None else "confirm_request", actor)
        if price is not None:  # quoted first (the confirmation is from `quoted`), in the same transaction
            assert valid_until is not None and now is not None
            if not self.firm_request:
                self._next("confirm_request", actor, firm_request=False, has_price=True)  # refuses
            self.quote(price, valid_until, now, actor, charges)
        dest = self._next(
            "confirm_request", actor, firm_request=self.firm_request, has_price=self.price is not None
        )
        self._confirmed(actor, dest, estimate)

    def _customer_move(self, event_class: type[CustomerMoved], audit: Audit, dest: str) -> None:
        self._record(event_class, audit, state=dest, customer_id=self.customer_id)

    class BookingConfirmed(CustomerMoved):
        # The estimated sailing the booking was confirmed on, when it had none (absent from older events).
        sailing: dict[str, Any] | None = None

        def apply(self, aggregate: LifecycleAggregate) -> None:
            super().apply(aggregate)
            if self.sailing is not None and isinstance(aggregate, RateRequest):
                aggregate.sailing = self.sailing

    # -- the sailing ------------------------------------------------------------------------------------
    def choose_sailing(self, sailing: Sailing, actor: Actor, with_request: bool = False) -> bool:
        """Record the sailing chosen for this booking; False (nothing recorded) when it is the one it has.
        `with_request`: chosen in the act that creates the request."""
        if not _sailing_open_to(actor, self.state):
            raise ValidationFailed({"sailing": message("booking.sailing.closed")})
        record = sailing.to_record()
        if record == self.sailing:
            return False
        self._record(
            self.SailingChosen,
            audit_fields(actor),
            sailing=record,
            customer_id=self.customer_id,
            with_request=with_request,
        )
        return True

    class SailingReplanned(ActorEvent):
        """The booking's ports or shipping date changed under its sailing (an edit, an amendment taking
        effect): `previous` is the sailing it had, `sailing` the one it has now (the same voyage between the
        new ports, a new estimate, or None: none chosen any more)."""

        sailing: dict[str, Any] | None
        previous: dict[str, Any]
        customer_id: str

        def apply(self, aggregate: RateRequest) -> None:
            aggregate.sailing = self.sailing

    def replan_sailing(self, sailing: Sailing | None, actor: Actor) -> bool:
        """The booking's sailing follows its changed ports or date (`sailing`: the one it sails on now, or
        None); in the act that changed them, by whoever changed them. False when it is the one it has."""
        record = None if sailing is None else sailing.to_record()
        if self.sailing is None or record == self.sailing:
            return False
        reason = system_reason("sailingReplanned")
        self._record(
            self.SailingReplanned,
            audit_fields(actor, reason),
            sailing=record,
            previous=self.sailing,
            customer_id=self.customer_id,
        )
        return True

    def name_sailing(self, sailing: Sailing, actor: Actor, email: str | None = None) -> bool:
        """Staff name a published sailing. A booking confirmed on an estimated one has it replaced and its
        customer told (at `email`), with the estimate it replaces; any other is chosen as `choose_sailing`
        does. False when it is the sailing it has."""
        current = self.sailing
        if current is None or not Sailing.from_record(current).estimated:
            return self.choose_sailing(sailing, actor)
        if not _sailing_open_to(actor, self.state):
            raise ValidationFailed({"sailing": message("booking.sailing.closed")})
        self._sailing_moved(
            self.EstimatedSailingReplaced,
            audit_fields(actor, system_reason("carrierNamedSailing")),
            sailing,
            current,
            email,
        )
        return True

    def reschedule_sailing(self, now_published: Sailing, actor: Actor, email: str | None = None) -> bool:
        """The schedule moved this booking's sailing: record old and new times (False when nothing moved)."""
        current = self.sailing
        if current is None or self.state not in sailing_states():
            return False
        before = Sailing.from_record(current)
        if not before.same_voyage(now_published) or before.to_record() == now_published.to_record():
            return False
        self._sailing_moved(
            self.SailingRescheduled,
            audit_fields(actor, system_reason("carrierRepublished")),
            now_published,
            current,
            email,
        )
        return True

    def _sailing_moved(
        self,
        event_class: type[SailingMoved],
        audit: Audit,
        sailing: Sailing,
        previous: dict[str, Any],
        email: str | None,
    ) -> None:
        self._record(
            event_class,
            audit,
            sailing=sailing.to_record(),
            previous=previous,
            reference=self.reference,
            email=email,
            customer_id=self.customer_id,
        )

    def remind_cut_off(
        self, hours: int, email: str | None, actor: Actor, now: datetime | None = None
    ) -> bool:
        """Remind the customer `hours` before the shipping-instruction cut-off, once per cut-off and lead,
        and never a longer lead after a shorter one: once the 24 h reminder went, a 48 h one would say more
        time is left than the last one did."""
        current = None if self.sailing is None else Sailing.from_record(self.sailing)
        cut_off = None if current is None else current.shipping_instructions_cut_off
        if current is None or cut_off is None:
            return False
        if not reminder_due(self.cut_off_reminders, cut_off, hours):
            return False
        # The reminder says the time actually left (a booking confirmed 5 minutes before its cut-off is
        # not told "24 hours"); none once the cut-off has passed.
        left = parse_instant(cut_off) - (now or datetime.now(UTC))
        if left.total_seconds() <= 0:
            return False
        minutes_left = int(left.total_seconds() // 60)
        self._record(
            self.CutOffReminded,
            audit_fields(actor, _instructions_due(minutes_left)),
            hours=hours,
            cut_off=cut_off,
            minutes_left=minutes_left,
            reference=self.reference,
            email=email,
            customer_id=self.customer_id,
            load_port=current.load_port,
        )
        return True

    class SailingChosen(ActorEvent):
        sailing: dict[str, Any]
        customer_id: str
        # Chosen in the act that made the request (a create naming its sailing): part of what was received,
        # not a change after it. False for a later choice and for events written before it.
        with_request: bool = False

        def apply(self, aggregate: RateRequest) -> None:
            aggregate.sailing = self.sailing

    class SailingRescheduled(SailingMoved):
        pass

    class EstimatedSailingReplaced(SailingMoved):
        pass

    class CutOffReminded(ActorEvent):
        personal_fields = ("email",)

        hours: int
        cut_off: str
        reference: str | None
        email: str | None
        customer_id: str
        # Where the cut-off is (its time is written in that port's local time); absent from older events.
        load_port: str | None = None
        # How long was left until the cut-off when it was sent, in whole minutes; absent from older events.
        minutes_left: int | None = None

        def apply(self, aggregate: RateRequest) -> None:
            aggregate.cut_off_reminders = [*aggregate.cut_off_reminders, f"{self.cut_off}/{self.hours}"]

    # -- system ------------------------------------------------------------------------------------------
    def expire(self, now: datetime, actor: Actor) -> None:
        passed = self.valid_until is not None and now >= self.valid_until
        # A firm request's price is the carrier's, awaiting no acceptance: it does not expire.
        dest = self._next("expire", actor, validity_passed=passed, portal_request=not self.firm_request)
        self._customer_move(self.QuoteExpired, audit_fields(actor, system_reason("quoteExpired")), dest)

    class QuoteExpired(CustomerMoved):
        pass

    def complete(self, order_approved: bool, actor: Actor) -> None:
        dest = self._next("complete", actor, order_approved=order_approved)
        self._customer_move(self.Completed, audit_fields(actor, system_reason("shippingOrderApproved")), dest)

    def confirm_completed(self, has_shipping_order: bool, actor: Actor) -> None:
        """Staff confirm a firm booking completed (the standard's use case 12: its transport document was
        surrendered), when its shipper sent no shipping order on the portal (one that did completes with
        that order's approval)."""
        self._may_decide("confirm_completed", actor)
        dest = self._next(
            "confirm_completed",
            actor,
            firm_request=self.firm_request,
            no_shipping_order=not has_shipping_order,
            no_change_pending=not self.change_pending,
            transport_document_surrendered=True,
        )
        self._customer_move(self.Completed, audit_fields(actor, system_reason("documentSurrendered")), dest)

    class Completed(CustomerMoved):
        pass


def _same_documents(one: list[dict[str, Any]], other: list[dict[str, Any]]) -> bool:
    def key(documents: list[dict[str, Any]]) -> list[tuple[Any, Any]]:
        return sorted((d["document_type_id"], str(d["file_id"])) for d in documents)

    return key(one) == key(other)


# The events that record the customer's decision on a quote (the concurrency rule counts them).
DECISIONS = (RateRequest.PriceAccepted, RateRequest.PriceCancelled)


def lifecycle_moves() -> tuple[type[Aggregate.Event], ...]:
    """The request's own lifecycle moves: each of its event classes that carries the request's `state` (the
    events of its parts, amendments and cancellation requests, carry their own machine's state). Read models
    and the webhook policy move a booking by these without naming each, so a new trigger's event is moved
    everywhere by being declared."""
    parts = {
        v for part in (Amendments, CancellationRequests) for v in vars(part).values() if isinstance(v, type)
    }
    return tuple(
        value
        for name, value in vars(RateRequest).items()
        if isinstance(value, type)
        and issubclass(value, Aggregate.Event)
        and name != "Event"
        and "state" in getattr(value, "__dataclass_fields__", {})
        and not parts.intersection(value.__mro__)
    )
