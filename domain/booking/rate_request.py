"""The RateRequest aggregate: a customer's request for a container rate, from quote to completion.

State names and codes come from `state-machines/rate_request.json`; requested and quoted share
code 0 and differ by `price` (null until quoted).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate, event

from domain.booking.amendments import (
    AMENDABLE_STATES,
    AMENDMENT,
    CANCELLATION,
    Amendment,
    CancellationRequest,
    changed_fields,
    changes_price,
    check_new_price,
)
from domain.booking.booking_content import BookingRequestContent
from domain.booking.charges import Charge, all_in, records
from domain.booking.schedules import Sailing
from domain.booking.tariff import TariffRow, citation
from domain.shared.actor import Actor
from domain.shared.aggregate import LifecycleAggregate, audit_fields
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message

REQUIRED = message("common.required")


# Customers choose their sailing until the booking is confirmed; staff until it is complete.
CUSTOMER_SAILING_STATES = ("requested", "quoted", "revision_requested", "loi_pending")


def _sailing_open_to(actor: Actor, state: str) -> bool:
    if actor.is_staff:
        return state in CUSTOMER_SAILING_STATES or state in AMENDABLE_STATES
    return state in CUSTOMER_SAILING_STATES


class RateRequest(LifecycleAggregate):
    machine = "rate_request"

    class Created(Aggregate.Created):
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
        actor_id: str
        actor_role: str
        reason: str | None
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
        fields = {
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
        record = getattr(self, "booking_content", None)
        return None if record is None else BookingRequestContent.from_record(record)

    def assign_reference(self, reference: str, actor: Actor) -> None:
        """A rate request created before references existed gets one, once (no lifecycle move)."""
        if self.reference is None:
            self._reference_assigned(reference=reference, **audit_fields(actor, "booking reference assigned"))

    @event("ReferenceAssigned")
    def _reference_assigned(self, reference: str, actor_id: str, actor_role: str, reason: str | None) -> None:
        self.reference = reference

    # -- helpers -----------------------------------------------------------------------------------------
    @property
    def quantity(self) -> int:
        return int(self.details["quantity"])

    @property
    def firm_request(self) -> bool:
        """A booking request made through the DCSA standard is firm: the carrier's decision confirms it with
        its price (no price acceptance or documents from the customer). One made on the screens is a
        request for a price the customer accepts first (`portal_request`)."""
        return getattr(self, "booking_content", None) is not None

    # -- customer ----------------------------------------------------------------------------------------
    def edit(
        self, details: dict[str, Any], actor: Actor, content: BookingRequestContent | None = None
    ) -> None:
        dest = self._next("edit", actor)
        self._edited(
            details=details,
            state=dest,
            **audit_fields(actor),
            booking_content=None if content is None else content.to_record(),
        )

    @event("Edited")
    def _edited(
        self,
        details: dict[str, Any],
        state: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
        booking_content: dict[str, Any] | None = None,
    ) -> None:
        self.details = dict(details)
        if booking_content is not None:
            self.booking_content = booking_content
        self.state = state
        self.price = None
        self.charges = []
        self.tariff_version = None
        self.valid_until = None
        self.revision_message = None

    def accept_price(self, now: datetime, actor: Actor) -> None:
        before = self.valid_until is not None and now < self.valid_until
        dest = self._next("accept_price", actor, before_validity=before, portal_request=not self.firm_request)
        self._price_accepted(state=dest, **audit_fields(actor))

    @event("PriceAccepted")
    def _price_accepted(self, state: str, actor_id: str, actor_role: str, reason: str | None) -> None:
        self.state = state

    def cancel_price(self, actor: Actor) -> None:
        dest = self._next("cancel_price", actor)
        self._price_cancelled(state=dest, **audit_fields(actor))

    @event("PriceCancelled")
    def _price_cancelled(self, state: str, actor_id: str, actor_role: str, reason: str | None) -> None:
        self.state = state

    def cancel_request(self, actor: Actor, reason: str | None = None) -> None:
        """The shipper calls the booking off before confirmation: a quoted one by declining the price, any
        other (requested, revision requested, price accepted) by withdrawing it."""
        if self.state == "quoted":
            self.cancel_price(actor)
            return
        dest = self._next("withdraw", actor)
        self._withdrawn(state=dest, **audit_fields(actor, (reason or "").strip() or None))

    @event("Withdrawn")
    def _withdrawn(self, state: str, actor_id: str, actor_role: str, reason: str | None) -> None:
        self.state = state

    def submit_booking_request(self, documents: list[dict[str, Any]], actor: Actor) -> bool:
        """Record the signed documents; False (no event) when exactly these documents are in already, so a
        repeated submission (a double click, a retry after a lost answer) records nothing."""
        dest = self._next("submit_booking_request", actor, has_documents=bool(documents))
        if _same_documents(documents, self.booking_documents):
            return False
        self._booking_requested(documents=documents, state=dest, **audit_fields(actor))
        return True

    @event("BookingRequestSubmitted")
    def _booking_requested(
        self, documents: list[dict[str, Any]], state: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.booking_documents = [dict(d) for d in documents]
        self.state = state

    # -- staff -------------------------------------------------------------------------------------------
    def quote(
        self,
        price: Decimal,
        valid_until: datetime,
        now: datetime,
        actor: Actor,
        charges: list[Charge] | None = None,
        tariff: TariffRow | None = None,
    ) -> None:
        """Staff's price (with the breakdown they gave, else one all-in charge) or the system's instant
        quote from a tariff row (`tariff`, cited in the event and its reason)."""
        self._may("quote", actor)
        check_new_price(price, valid_until, now)
        dest = self._next("quote", actor, price_positive=True, validity_in_future=True)
        self._quoted(
            price=price,
            valid_until=valid_until,
            state=dest,
            customer_id=self.customer_id,
            charges=records(charges or all_in(price)),
            tariff_version=None if tariff is None else tariff.version,
            tariff_row=None if tariff is None else tariff.row,
            **audit_fields(actor, None if tariff is None else citation(tariff)),
        )

    class Quoted(Aggregate.Event):
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
        actor_id: str
        actor_role: str
        reason: str | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["charges"] = records(all_in(Decimal(str(state["price"]))))
            state["tariff_version"] = None
            state["tariff_row"] = None

    @event(Quoted)
    def _quoted(
        self,
        price: Decimal,
        valid_until: datetime,
        state: str,
        customer_id: str,
        charges: list[dict[str, Any]],
        tariff_version: int | None,
        tariff_row: int | None,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.price = price
        self.charges = [dict(c) for c in charges]
        # The tariff version of an instant quote (None for staff's price).
        self.tariff_version = tariff_version
        self.valid_until = valid_until
        self.revision_message = None
        self.state = state

    def request_revision(self, message: str, actor: Actor) -> None:
        self._may("request_revision", actor)
        text = message.strip()
        if not text:
            raise ValidationFailed({"message": REQUIRED})
        dest = self._next("request_revision", actor, has_message=True)
        self._revision_requested(
            message=text, state=dest, customer_id=self.customer_id, **audit_fields(actor, text)
        )

    @event("RevisionRequested")
    def _revision_requested(
        self, message: str, state: str, customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.revision_message = message
        self.price = None
        self.charges = []
        self.tariff_version = None
        self.valid_until = None
        self.state = state

    def reject(self, message: str, actor: Actor) -> None:
        self._may("reject", actor)
        text = message.strip()
        if not text:
            raise ValidationFailed({"message": REQUIRED})
        dest = self._next("reject", actor, has_message=True)
        self._rejected(message=text, state=dest, customer_id=self.customer_id, **audit_fields(actor, text))

    @event("Rejected")
    def _rejected(
        self, message: str, state: str, customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.rejection_message = message
        self.state = state

    def confirm_booking(self, actor: Actor) -> None:
        dest = self._next("confirm_booking", actor, has_booking_request=bool(self.booking_documents))
        self._booking_confirmed(state=dest, customer_id=self.customer_id, **audit_fields(actor))

    def confirm_request(
        self,
        actor: Actor,
        price: Decimal | None = None,
        valid_until: datetime | None = None,
        now: datetime | None = None,
    ) -> None:
        """Staff confirm a firm booking request with its charges: the price already quoted, or `price`
        (valid until `valid_until`) quoted in the same act. The standard has no customer step between."""
        if price is not None:  # quoted first (the confirmation is from `quoted`), in the same transaction
            assert valid_until is not None and now is not None
            if not self.firm_request:
                self._next("confirm_request", actor, firm_request=False, has_price=True)  # refuses
            self.quote(price, valid_until, now, actor)
        dest = self._next(
            "confirm_request", actor, firm_request=self.firm_request, has_price=self.price is not None
        )
        self._booking_confirmed(state=dest, customer_id=self.customer_id, **audit_fields(actor))

    @event("BookingConfirmed")
    def _booking_confirmed(
        self, state: str, customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.state = state

    # -- the sailing ------------------------------------------------------------------------------------
    def choose_sailing(self, sailing: Sailing, actor: Actor) -> bool:
        """Record the sailing chosen for this booking; False (nothing recorded) when it is the one it has."""
        if not _sailing_open_to(actor, self.state):
            raise ValidationFailed({"sailing": message("booking.sailing.closed")})
        record = sailing.to_record()
        if record == getattr(self, "sailing", None):
            return False
        self._sailing_chosen(sailing=record, customer_id=self.customer_id, **audit_fields(actor))
        return True

    def reschedule_sailing(self, now_published: Sailing, actor: Actor, email: str | None = None) -> bool:
        """The schedule moved this booking's sailing: record old and new times (False when nothing moved)."""
        current = getattr(self, "sailing", None)
        if current is None or self.state not in (*CUSTOMER_SAILING_STATES, *AMENDABLE_STATES):
            return False
        before = Sailing.from_record(current)
        if not before.same_voyage(now_published) or before.to_record() == now_published.to_record():
            return False
        self._sailing_rescheduled(
            sailing=now_published.to_record(),
            previous=current,
            reference=self.reference,
            email=email,
            customer_id=self.customer_id,
            **audit_fields(actor, "the carrier republished the schedule"),
        )
        return True

    def remind_cut_off(self, hours: int, email: str | None, actor: Actor) -> bool:
        """Remind the customer `hours` before the shipping-instruction cut-off, once per cut-off and lead."""
        current = getattr(self, "sailing", None)
        cut_off = None if current is None else Sailing.from_record(current).shipping_instructions_cut_off
        if cut_off is None:
            return False
        key = f"{cut_off}/{hours}"
        if key in getattr(self, "cut_off_reminders", []):
            return False
        self._cut_off_reminded(
            hours=hours,
            cut_off=cut_off,
            reference=self.reference,
            email=email,
            customer_id=self.customer_id,
            **audit_fields(actor, f"shipping instructions due in {hours} h"),
        )
        return True

    @event("SailingChosen")
    def _sailing_chosen(
        self, sailing: dict[str, Any], customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.sailing = sailing

    @event("SailingRescheduled")
    def _sailing_rescheduled(
        self,
        sailing: dict[str, Any],
        previous: dict[str, Any],
        reference: str | None,
        email: str | None,
        customer_id: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.sailing = sailing

    @event("CutOffReminded")
    def _cut_off_reminded(
        self,
        hours: int,
        cut_off: str,
        reference: str | None,
        email: str | None,
        customer_id: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.cut_off_reminders = [*getattr(self, "cut_off_reminders", []), f"{cut_off}/{hours}"]

    # -- system ------------------------------------------------------------------------------------------
    def expire(self, now: datetime, actor: Actor) -> None:
        passed = self.valid_until is not None and now >= self.valid_until
        # A firm request's price is the carrier's, awaiting no acceptance: it does not expire.
        dest = self._next("expire", actor, validity_passed=passed, portal_request=not self.firm_request)
        self._expired(
            state=dest, customer_id=self.customer_id, **audit_fields(actor, "quote validity passed")
        )

    @event("QuoteExpired")
    def _expired(
        self, state: str, customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.state = state

    def complete(self, order_approved: bool, actor: Actor) -> None:
        dest = self._next("complete", actor, order_approved=order_approved)
        self._completed(
            state=dest, customer_id=self.customer_id, **audit_fields(actor, "shipping order approved")
        )

    def confirm_completed(self, has_shipping_order: bool, actor: Actor) -> None:
        """Staff confirm a firm booking completed (the standard's use case 12: its transport document was
        surrendered), when its shipper sent no shipping order on the portal (one that did completes with
        that order's approval)."""
        dest = self._next(
            "confirm_completed",
            actor,
            firm_request=self.firm_request,
            no_shipping_order=not has_shipping_order,
            no_change_pending=not self.change_pending,
            transport_document_surrendered=True,
        )
        self._completed(
            state=dest, customer_id=self.customer_id, **audit_fields(actor, "transport document surrendered")
        )

    @event("Completed")
    def _completed(
        self, state: str, customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.state = state

    # -- changes after confirmation (amendments and cancellation requests) -------------------------------
    # The two kinds of change share their steps: `kind` names the attribute (and the machine) of each.
    def _change_next(self, kind: str, trigger: str, actor: Actor, **guards: bool) -> str:
        machine = AMENDMENT if kind == "amendment" else CANCELLATION
        change: Amendment | CancellationRequest | None = getattr(self, kind)
        live = change is not None and (
            change.open or (isinstance(change, Amendment) and change.awaiting_answer)
        )
        current = change.state if change and live else machine.initial
        return machine.decide(trigger, current, actor.lifecycle_role, guards)

    def _amendment_next(self, trigger: str, actor: Actor, **guards: bool) -> str:
        return self._change_next("amendment", trigger, actor, **guards)

    def _cancellation_next(self, trigger: str, actor: Actor, **guards: bool) -> str:
        return self._change_next("cancellation", trigger, actor, **guards)

    def _open_change(self, kind: str) -> Amendment | CancellationRequest:
        change: Amendment | CancellationRequest | None = getattr(self, kind)
        if not (change and change.open):
            none = (
                message("booking.amendment.none")
                if kind == "amendment"
                else message("booking.cancellation.none")
            )
            raise ValidationFailed({kind: none})
        return change

    def _change_moved(self, kind: str, state: str, **changes: Any) -> None:
        change = getattr(self, kind)
        assert change is not None
        setattr(self, kind, change.moved(state, **changes))

    def _decline_change(self, kind: str, message_text: str, actor: Actor) -> None:
        """Staff decline the open amendment or cancellation request with a message; the booking stands."""
        number = self._open_change(kind).number
        text = message_text.strip()
        dest = self._change_next(kind, "decline", actor, has_message=bool(text))
        declined = self._amendment_declined if kind == "amendment" else self._cancellation_declined
        declined(
            number=number, message=text, state=dest, customer_id=self.customer_id, **audit_fields(actor, text)
        )

    def _withdraw_change(self, kind: str, actor: Actor) -> None:
        """The customer withdraws its open amendment or cancellation request."""
        number = self._open_change(kind).number
        dest = self._change_next(kind, "withdraw", actor)
        withdrawn = self._amendment_withdrawn if kind == "amendment" else self._cancellation_withdrawn
        withdrawn(number=number, state=dest, customer_id=self.customer_id, **audit_fields(actor))

    @property
    def change_pending(self) -> bool:
        return bool(self.amendment and self.amendment.open) or bool(
            self.cancellation and self.cancellation.open
        )

    def request_amendment(
        self,
        amended: dict[str, Any],
        actor: Actor,
        content: BookingRequestContent | None = None,
        asked: str | None = None,
    ) -> None:
        """The customer asks to change a confirmed booking; the original stands until staff approve.

        `content`: the standard's content of an amendment sent through the DCSA door (its details are
        derived from it); a change of that content alone (parties, references) is a change too. An
        amendment sent while staff's ask awaits it answers that ask; `asked`: the ask an amendment it
        replaces was answering (the standard's newer amendment replaces the open one)."""
        if self.change_pending:
            raise ValidationFailed({"amendment": message("booking.amendment.pending")})
        changed = changed_fields(self.details, amended)
        record = None if content is None else content.to_record()
        dest = self._amendment_next(
            "request",
            actor,
            booking_confirmed=self.state in AMENDABLE_STATES,
            changes_something=bool(changed) or (content is not None and content != self.content),
        )
        answering = self.amendment is not None and self.amendment.awaiting_answer
        self._amendment_requested(
            # The answer to staff's ask is that amendment itself (its number, its reason).
            number=self.amendment.number + (0 if answering else 1) if self.amendment else 1,
            original=dict(self.details),
            amended=dict(amended),
            changed=changed,
            changes_price=changes_price(changed),
            state=dest,
            customer_id=self.customer_id,
            **audit_fields(actor),
            booking_content=record,
            asked=asked
            if asked is not None
            else self.amendment.asked
            if answering and self.amendment
            else None,
        )

    @event("AmendmentRequested")
    def _amendment_requested(
        self,
        number: int,
        original: dict[str, Any],
        amended: dict[str, Any],
        changed: list[str],
        changes_price: bool,
        state: str,
        customer_id: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
        # The DCSA door's amended content (None for the screens; events written before it load with None).
        booking_content: dict[str, Any] | None = None,
        # Staff's reason, when the amendment answers their ask (use case 6; None otherwise and before it).
        asked: str | None = None,
    ) -> None:
        self.amendment = Amendment(
            number,
            state,
            dict(original),
            dict(amended),
            list(changed),
            changes_price,
            content=booking_content,
            asked=asked,
        )

    def ask_for_amendment(self, reason: str, actor: Actor) -> None:
        """Staff ask the customer to amend a confirmed booking, saying why (the standard's use case 6: the
        booking is PENDING_AMENDMENT until the customer's amendment is decided)."""
        if self.change_pending or (self.amendment is not None and self.amendment.awaiting_answer):
            raise ValidationFailed({"amendment": message("booking.amendment.pending")})
        text = reason.strip()
        if not text:
            raise ValidationFailed({"message": REQUIRED})
        dest = self._amendment_next(
            "ask", actor, booking_confirmed=self.state in AMENDABLE_STATES, has_message=True
        )
        self._amendment_asked(
            number=(self.amendment.number + 1) if self.amendment else 1,
            original=dict(self.details),
            message=text,
            state=dest,
            customer_id=self.customer_id,
            **audit_fields(actor, text),
        )

    @event("AmendmentAsked")
    def _amendment_asked(
        self,
        number: int,
        original: dict[str, Any],
        message: str,
        state: str,
        customer_id: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.amendment = Amendment(number, state, dict(original), {}, [], False, asked=message)

    def approve_amendment(self, actor: Actor) -> None:
        amendment = self._open_amendment()
        dest = self._amendment_next("approve", actor, keeps_price=not amendment.changes_price)
        self._amendment_approved(
            number=amendment.number,
            details=dict(amendment.amended),
            state=dest,
            price=None,
            customer_id=self.customer_id,
            **audit_fields(actor),
            booking_content=amendment.content,
        )

    def requote_amendment(self, price: Decimal, valid_until: datetime, now: datetime, actor: Actor) -> None:
        amendment = self._open_amendment()
        AMENDMENT.decide("requote", amendment.state, actor.lifecycle_role, AMENDMENT.every_guard)
        check_new_price(price, valid_until, now)
        dest = self._amendment_next(
            "requote",
            actor,
            changes_price=amendment.changes_price,
            price_positive=True,
            validity_in_future=True,
        )
        self._amendment_requoted(
            number=self._open_amendment().number,
            price=price,
            valid_until=valid_until,
            state=dest,
            customer_id=self.customer_id,
            **audit_fields(actor),
        )

    @event("AmendmentRequoted")
    def _amendment_requoted(
        self,
        number: int,
        price: Decimal,
        valid_until: datetime,
        state: str,
        customer_id: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self._change_moved("amendment", state, price=price, valid_until=valid_until)

    def accept_amended_price(self, now: datetime, actor: Actor) -> None:
        amendment = self._open_amendment()
        before = amendment.valid_until is not None and now < amendment.valid_until
        dest = self._amendment_next("accept_price", actor, before_validity=before)
        self._amendment_approved(
            number=amendment.number,
            details=dict(amendment.amended),
            state=dest,
            price=amendment.price,
            customer_id=self.customer_id,
            **audit_fields(actor),
            booking_content=amendment.content,
        )

    @event("AmendmentApproved")
    def _amendment_approved(
        self,
        number: int,
        details: dict[str, Any],
        state: str,
        price: Decimal | None,
        customer_id: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
        # The standard's content that took effect, for an amendment sent through the DCSA door.
        booking_content: dict[str, Any] | None = None,
    ) -> None:
        self._change_moved("amendment", state)
        # The booking takes the amended content (and the new price, where one was agreed).
        self.details = dict(details)
        if booking_content is not None:
            self.booking_content = booking_content
        if price is not None:
            self.price = price
            self.charges = records(all_in(price))
            self.tariff_version = None

    def decline_amendment(self, message: str, actor: Actor) -> None:
        self._decline_change("amendment", message, actor)

    @event("AmendmentDeclined")
    def _amendment_declined(
        self,
        number: int,
        message: str,
        state: str,
        customer_id: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self._change_moved("amendment", state, message=message)

    def withdraw_amendment(self, actor: Actor) -> None:
        self._withdraw_change("amendment", actor)

    @event("AmendmentWithdrawn")
    def _amendment_withdrawn(
        self, number: int, state: str, customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self._change_moved("amendment", state)

    def _open_amendment(self) -> Amendment:
        self._open_change("amendment")
        assert self.amendment is not None
        return self.amendment

    def request_cancellation(self, reason_text: str, actor: Actor) -> None:
        """After confirmation a customer's cancel is a request staff decide on; before, it is immediate."""
        if self.change_pending:
            raise ValidationFailed({"cancellation": message("booking.amendment.pending")})
        text = reason_text.strip()
        dest = self._cancellation_next("request", actor, booking_confirmed=self.state in AMENDABLE_STATES)
        self._cancellation_requested(
            number=(self.cancellation.number + 1) if self.cancellation else 1,
            state=dest,
            customer_id=self.customer_id,
            **audit_fields(actor, text or None),
        )

    @event("CancellationRequested")
    def _cancellation_requested(
        self, number: int, state: str, customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.cancellation = CancellationRequest(number, state, reason)

    def confirm_cancellation(self, actor: Actor) -> None:
        self._open_cancellation()
        cancellation_state = self._cancellation_next("confirm", actor)
        dest = self._next("cancel_booking", actor, cancellation_requested=True)
        self._cancellation_confirmed(
            number=self._open_cancellation().number,
            cancellation_state=cancellation_state,
            state=dest,
            customer_id=self.customer_id,
            **audit_fields(actor),
        )

    @event("CancellationConfirmed")
    def _cancellation_confirmed(
        self,
        number: int,
        cancellation_state: str,
        state: str,
        customer_id: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self._change_moved("cancellation", cancellation_state)
        self.state = state

    def decline_cancellation(self, message: str, actor: Actor) -> None:
        self._decline_change("cancellation", message, actor)

    @event("CancellationDeclined")
    def _cancellation_declined(
        self,
        number: int,
        message: str,
        state: str,
        customer_id: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self._change_moved("cancellation", state, message=message)

    def withdraw_cancellation(self, actor: Actor) -> None:
        self._withdraw_change("cancellation", actor)

    @event("CancellationWithdrawn")
    def _cancellation_withdrawn(
        self, number: int, state: str, customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self._change_moved("cancellation", state)

    def _open_cancellation(self) -> CancellationRequest:
        self._open_change("cancellation")
        assert self.cancellation is not None
        return self.cancellation


def _same_documents(one: list[dict[str, Any]], other: list[dict[str, Any]]) -> bool:
    def key(documents: list[dict[str, Any]]) -> list[tuple[Any, Any]]:
        return sorted((d["document_type_id"], str(d["file_id"])) for d in documents)

    return key(one) == key(other)


# The events that record the customer's decision on a quote (the concurrency rule counts them).
DECISIONS = (RateRequest.PriceAccepted, RateRequest.PriceCancelled)  # type: ignore[attr-defined]
