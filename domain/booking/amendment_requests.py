"""Amendments of a confirmed booking: the customer asks for changed content; staff approve it (or quote a
new price the customer accepts) or decline it; or the customer withdraws it (`booking_amendment.json`).

A part of the rate request aggregate (`RateRequest` inherits it): its events are `RateRequest`'s own, so
their topics are those they were stored with (`domain.booking.rate_request:RateRequest.AmendmentRequested`).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from eventsourcing.domain import event

from domain.booking.amendments import (
    AMENDABLE_STATES,
    AMENDMENT,
    Amendment,
    changed_fields,
    changes_price,
    check_new_price,
)
from domain.booking.booking_changes import BookingChanges
from domain.booking.booking_content import BookingRequestContent
from domain.booking.charges import all_in, records
from domain.shared.actor import Actor
from domain.shared.aggregate import ActorEvent, audit_fields
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message


class Amendments(BookingChanges):
    """The rate request's amendments: one open at a time, numbered; `self.amendment` is the last one."""

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
        dest = self._change_next(
            "amendment",
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

    class AmendmentRequested(ActorEvent):
        number: int
        original: dict[str, Any]
        amended: dict[str, Any]
        changed: list[str]
        changes_price: bool
        state: str
        customer_id: str
        booking_content: dict[str, Any] | None = None
        asked: str | None = None

    @event(AmendmentRequested)
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
            raise ValidationFailed({"message": message("common.required")})
        dest = self._change_next(
            "amendment", "ask", actor, booking_confirmed=self.state in AMENDABLE_STATES, has_message=True
        )
        self._amendment_asked(
            number=(self.amendment.number + 1) if self.amendment else 1,
            original=dict(self.details),
            message=text,
            state=dest,
            customer_id=self.customer_id,
            **audit_fields(actor, text),
        )

    class AmendmentAsked(ActorEvent):
        number: int
        original: dict[str, Any]
        message: str
        state: str
        customer_id: str

    @event(AmendmentAsked)
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
        dest = self._change_next("amendment", "approve", actor, keeps_price=not amendment.changes_price)
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
        dest = self._change_next(
            "amendment",
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

    class AmendmentRequoted(ActorEvent):
        number: int
        price: Decimal
        valid_until: datetime
        state: str
        customer_id: str

    @event(AmendmentRequoted)
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
        dest = self._change_next("amendment", "accept_price", actor, before_validity=before)
        self._amendment_approved(
            number=amendment.number,
            details=dict(amendment.amended),
            state=dest,
            price=amendment.price,
            customer_id=self.customer_id,
            **audit_fields(actor),
            booking_content=amendment.content,
        )

    class AmendmentApproved(ActorEvent):
        number: int
        details: dict[str, Any]
        state: str
        price: Decimal | None
        customer_id: str
        booking_content: dict[str, Any] | None = None

    @event(AmendmentApproved)
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
        self._decline_change("amendment", message, actor, self._amendment_declined)

    class AmendmentDeclined(ActorEvent):
        number: int
        message: str
        state: str
        customer_id: str

    @event(AmendmentDeclined)
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
        self._withdraw_change("amendment", actor, self._amendment_withdrawn)

    class AmendmentWithdrawn(ActorEvent):
        number: int
        state: str
        customer_id: str

    @event(AmendmentWithdrawn)
    def _amendment_withdrawn(
        self, number: int, state: str, customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self._change_moved("amendment", state)

    def _open_amendment(self) -> Amendment:
        self._open_change("amendment")
        assert self.amendment is not None
        return self.amendment
