"""Amendments of a confirmed booking: the customer asks for changed content; staff approve it (or quote a
new price the customer accepts) or decline it; or the customer withdraws it (`booking_amendment.json`).

A part of the rate request aggregate (`RateRequest` inherits it): its events are `RateRequest`'s own, so
their topics are those they were stored with (`domain.booking.rate_request:RateRequest.AmendmentRequested`).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from types import EllipsisType
from typing import TYPE_CHECKING, Any

from domain.booking.amendments import (
    AMENDABLE_STATES,
    AMENDMENT,
    Amendment,
    changed_fields,
    changes_price,
    check_new_price,
    check_price_seen,
)
from domain.booking.booking_changes import BookingChanges, ChangeDeclined, ChangeEnded, ChangeWithdrawn
from domain.booking.booking_content import CONTENT_PERSONAL, BookingRequestContent
from domain.booking.charges import Cargo, Charge, all_in, from_records, per_container_total, records, repriced
from domain.booking.decided import staff_decision
from domain.booking.read_as_seen import ContentMarks, check_booking_unchanged
from domain.booking.sailed import PORT_GUARD, cargo_not_sailed
from domain.shared.actor import Actor
from domain.shared.aggregate import ActorEvent, audit_fields
from domain.shared.errors import ValidationFailed, decided_first
from domain.shared.messages import message
from domain.shared.reasons import system_reason


def new_charges(approved: Amendments.AmendmentApproved) -> list[dict[str, Any]]:
    """The breakdown an approved amendment's new price takes effect with."""
    assert approved.price is not None
    return [dict(c) for c in approved.charges] if approved.charges else records(all_in(approved.price))


def amended_containers(details: dict[str, Any]) -> int | None:
    """The containers an amendment's amended details name (None when it does not name them)."""
    quantity = details.get("quantity")
    return None if quantity is None else int(quantity)


def requoted_containers(requoted: Amendments.AmendmentRequoted, booking: Any) -> int | None:
    """The amended containers an amendment's new price is for: as its requote recorded them, else (a requote
    recorded before it kept them) its amendment's, as the booking (`booking`, the aggregate as it is now)
    holds it and its /v2 read says them; None when the booking has moved on to another amendment since."""
    if requoted.quantity is not None:
        return requoted.quantity
    amendment = getattr(booking, "amendment", None)
    if amendment is None or amendment.number != requoted.number:
        return None
    return amended_containers(amendment.amended)


class Amendments(BookingChanges):
    """The rate request's amendments: one open at a time, numbered; `self.amendment` is the last one."""

    if TYPE_CHECKING:  # what staff read of the booking, as of each change (the rate request's, 3918)

        @property
        def content_marks(self) -> ContentMarks: ...

    def request_amendment(
        self,
        amended: dict[str, Any],
        actor: Actor,
        content: BookingRequestContent | None = None,
        asked: str | None = None,
        *,
        sailed: str | None = None,
    ) -> None:
        """The customer asks to change a confirmed booking; the original stands until staff approve.

        `content`: the standard's content of an amendment sent through the DCSA door (its details are
        derived from it); a change of that content alone (parties, references) is a change too. An
        amendment sent while staff's ask awaits it answers that ask; `asked`: the ask an amendment it
        replaces was answering (the standard's newer amendment replaces the open one). `sailed`: when
        tracking saw the vessel leave with the booking's cargo (its port of loading is then kept)."""
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
            loading_port_kept_once_sailed=self._port_kept("request", actor, sailed, changed),
        )
        answering = self.amendment is not None and self.amendment.awaiting_answer
        self._record(
            self.AmendmentRequested,
            audit_fields(actor),
            # The answer to staff's ask is that amendment itself (its number, its reason).
            number=self.amendment.number + (0 if answering else 1) if self.amendment else 1,
            original=dict(self.details),
            amended=dict(amended),
            changed=changed,
            changes_price=changes_price(changed),
            state=dest,
            customer_id=self.customer_id,
            booking_content=record,
            asked=asked
            if asked is not None
            else self.amendment.asked
            if answering and self.amendment
            else None,
        )

    class AmendmentRequested(ActorEvent):
        personal_fields = CONTENT_PERSONAL
        number: int
        original: dict[str, Any]
        amended: dict[str, Any]
        changed: list[str]
        changes_price: bool
        state: str
        customer_id: str
        # The DCSA door's amended content (None for the screens; events written before it load with None).
        booking_content: dict[str, Any] | None = None
        # Staff's reason, when the amendment answers their ask (use case 6; None otherwise and before it).
        asked: str | None = None

        def apply(self, aggregate: Amendments) -> None:
            aggregate.amendment = Amendment(
                self.number,
                self.state,
                dict(self.original),
                dict(self.amended),
                list(self.changed),
                self.changes_price,
                content=self.booking_content,
                asked=self.asked,
            )

    def ask_for_amendment(self, reason: str, actor: Actor, read_at: datetime | None = None) -> None:
        """Staff ask the customer to amend a confirmed booking, saying why (the standard's use case 6: the
        booking is PENDING_AMENDMENT until the customer's amendment is decided). `read_at`: the booking's
        `updatedAt` staff read: an amendment she asked for since is refused (decision 3910). Asked already
        (staff's alone): the lifecycle refuses it, naming the colleague who asked to staff (decision 3921)."""
        if self.change_pending:  # the customer's amendment or cancellation request, open
            raise ValidationFailed({"amendment": message("booking.amendment.pending")})
        text = reason.strip()
        if not text:
            raise ValidationFailed({"message": message("common.required")})
        dest = self._change_next(
            "amendment", "ask", actor, booking_confirmed=self.state in AMENDABLE_STATES, has_message=True
        )
        check_booking_unchanged(self.content_marks, read_at)
        self._record(
            self.AmendmentAsked,
            audit_fields(actor, text),
            number=(self.amendment.number + 1) if self.amendment else 1,
            original=dict(self.details),
            message=text,
            state=dest,
            customer_id=self.customer_id,
        )

    class AmendmentAsked(ActorEvent):
        number: int
        original: dict[str, Any]
        message: str
        state: str
        customer_id: str

        def apply(self, aggregate: Amendments) -> None:
            decided_by, decided_at = staff_decision(self)  # who asked: a colleague's ask is refused (3921)
            aggregate.amendment = Amendment(
                self.number,
                self.state,
                dict(self.original),
                {},
                [],
                False,
                asked=self.message,
                decided_by=decided_by,
                decided_at=decided_at,
            )

    def approve_amendment(
        self,
        actor: Actor,
        price: Decimal | None = None,
        charges: list[Charge] | None = None,
        *,
        sailed: str | None = None,
        cargo: Cargo | None = None,
        read_at: datetime | None = None,
    ) -> None:
        """Staff approve the open amendment as it is; or, for a firm booking (made through the standard,
        whose shipper has no price to accept), confirm it with its new `price` in the same act (its
        breakdown `charges` if given, else the booking's with the freight taking the difference). A firm
        booking's change of quantity or equipment needs that price (`price` required). `read_at`: the
        booking's `updatedAt` staff's screen read: an amendment asked for since is refused (3908)."""
        amendment = self._open_amendment("approve" if price is None else "approve_priced")
        check_booking_unchanged(self.content_marks, read_at)
        if price is None:
            if amendment.changes_price and self.firm_request:
                raise ValidationFailed({"price": message("booking.amendment.priceNeeded")})
            dest = self._change_next(
                "amendment",
                "approve",
                actor,
                keeps_price=not amendment.changes_price,
                loading_port_kept_once_sailed=self._port_kept("approve", actor, sailed, amendment.changed),
            )
            self._approved(amendment, dest, None, None, actor)
            return
        AMENDMENT.decide("approve_priced", amendment.state, actor.lifecycle_role, AMENDMENT.every_guard)
        check_new_price(price, None, None)
        breakdown = self._new_breakdown(price, charges, cargo)
        dest = self._change_next(
            "amendment",
            "approve_priced",
            actor,
            firm_request=self.firm_request,
            price_positive=True,
            loading_port_kept_once_sailed=self._port_kept("approve_priced", actor, sailed, amendment.changed),
        )
        self._approved(amendment, dest, price, breakdown, actor)

    def _port_kept(self, trigger: str, actor: Actor, sailed: str | None, changed: list[str]) -> bool:
        """`loading_port_kept_once_sailed`: an amendment that moves the port of loading of a booking whose
        cargo sailed is refused, naming the field and the day; any other amendment is not held by it."""
        moved = sailed if "pol_id" in changed else None
        state = self._change_state("amendment")
        return cargo_not_sailed(AMENDMENT.id, trigger, state, actor, moved, "pol_id", PORT_GUARD)

    def _new_breakdown(
        self, price: Decimal, charges: list[Charge] | None, cargo: Cargo | None = None
    ) -> list[dict[str, Any]]:
        """The charges at an amendment's new price: those staff gave line by line (adding up to it), else
        the booking's own, the surcharges its amended `cargo` still carries and the per-booking fees kept
        and the freight taking the difference."""
        if charges:
            if per_container_total(charges) != price:
                raise ValidationFailed({"price": message("booking.charge.sum")})
            return records(charges)
        return records(repriced(from_records(self.charges) or all_in(price), price, cargo))

    def _approved(
        self,
        amendment: Amendment,
        dest: str,
        price: Decimal | None,
        charges: list[dict[str, Any]] | None,
        actor: Actor,
    ) -> None:
        """The amendment takes effect: approved by staff as it was, or at its new `price` (with `charges`,
        its breakdown) accepted by the customer or confirmed by staff for a firm booking."""
        self._record(
            self.AmendmentApproved,
            audit_fields(actor),
            number=amendment.number,
            details=dict(amendment.amended),
            state=dest,
            price=price,
            customer_id=self.customer_id,
            booking_content=amendment.content,
            charges=charges,
        )

    def requote_amendment(
        self,
        price: Decimal,
        valid_until: datetime,
        now: datetime,
        actor: Actor,
        charges: list[Charge] | None = None,
        cargo: Cargo | None = None,
        seen: Decimal | EllipsisType | None = ...,
    ) -> None:
        """Staff's new price for a change of quantity or equipment, with its breakdown: `charges` as staff
        gave them line by line, else the booking's own at the new price (`_new_breakdown`). `seen`: the new
        price staff's dialog was opened on (None: none yet; `...`: not named), as for a booking's quote."""
        amendment = self._open_amendment("requote")
        AMENDMENT.decide("requote", amendment.state, actor.lifecycle_role, AMENDMENT.every_guard)
        check_new_price(price, valid_until, now)
        if seen is not ...:  # a colleague's new price since: named to staff (decision 3916)
            meanwhile = (AMENDMENT.id, amendment.state, "requote")
            with decided_first(amendment.decided_by, amendment.decided_at, meanwhile):
                check_price_seen(amendment.price, seen, quoted_meanwhile=True)
        breakdown = self._new_breakdown(price, charges, cargo)
        dest = self._change_next(
            "amendment",
            "requote",
            actor,
            changes_price=amendment.changes_price,
            price_positive=True,
            validity_in_future=True,
        )
        self._record(
            self.AmendmentRequoted,
            audit_fields(actor),
            number=self._open_amendment("requote").number,
            price=price,
            valid_until=valid_until,
            state=dest,
            customer_id=self.customer_id,
            charges=breakdown,
            quantity=amended_containers(amendment.amended),
        )

    class AmendmentRequoted(ActorEvent):
        number: int
        price: Decimal
        valid_until: datetime
        state: str
        customer_id: str
        # The new price's breakdown (None in requotes recorded before breakdowns rode on them).
        charges: list[dict[str, Any]] | None = None
        # The amended containers the new price is for: its total is said for them (None in requotes
        # recorded before it rode on them).
        quantity: int | None = None

        def apply(self, aggregate: Amendments) -> None:
            aggregate._change_moved(
                "amendment",
                self.state,
                self,
                price=self.price,
                valid_until=self.valid_until,
                charges=None if self.charges is None else [dict(c) for c in self.charges],
            )

    def accept_amended_price(
        self, now: datetime, actor: Actor, *, sailed: str | None = None, seen: Decimal | None = None
    ) -> None:
        """The customer accepts the amendment's new price; `seen` (the price her dialog showed, None when the
        call names none) must still be it, else staff priced it again meanwhile (409)."""
        amendment = self._open_amendment("accept_price")
        before = amendment.valid_until is not None and now < amendment.valid_until
        dest = self._change_next(
            "amendment",
            "accept_price",
            actor,
            before_validity=before,
            loading_port_kept_once_sailed=self._port_kept("accept_price", actor, sailed, amendment.changed),
        )
        assert amendment.price is not None
        if seen is not None:
            check_price_seen(amendment.price, seen)
        breakdown = amendment.charges or self._new_breakdown(amendment.price, None)
        self._approved(amendment, dest, amendment.price, breakdown, actor)

    def expire_amended_price(self, now: datetime, actor: Actor) -> None:
        """The open amendment's new price passed its validity unaccepted: the amendment ends and the booking
        stands as it was (the customer may ask again, staff price it anew)."""
        amendment = self._open_amendment("expire")
        passed = amendment.valid_until is not None and now >= amendment.valid_until
        reason = system_reason("amendmentPriceExpired")
        self._end_change(self.AmendmentPriceExpired, "expire", actor, reason, {"validity_passed": passed})

    class AmendmentPriceExpired(ChangeEnded):
        kind = "amendment"

    class AmendmentApproved(ActorEvent):
        personal_fields = CONTENT_PERSONAL
        number: int
        details: dict[str, Any]
        state: str
        price: Decimal | None
        customer_id: str
        # The standard's content that took effect, for an amendment sent through the DCSA door.
        booking_content: dict[str, Any] | None = None
        # The new price's breakdown; None without a new price, and in approvals recorded before breakdowns
        # rode on them (those read as one all-in charge, what they said then).
        charges: list[dict[str, Any]] | None = None

        def apply(self, aggregate: Amendments) -> None:
            aggregate._change_moved("amendment", self.state, self)
            # The booking takes the amended content (and the new price, where one was agreed).
            aggregate.details = dict(self.details)
            if self.booking_content is not None:
                aggregate.booking_content = self.booking_content
            if self.price is not None:
                aggregate.price = self.price
                aggregate.charges = new_charges(self)
                aggregate.tariff_version = None

    def decline_amendment(self, message: str, actor: Actor, read_at: datetime | None = None) -> None:
        """`read_at`: the booking's or the amendment's `updatedAt` staff read (another one asked for since:
        409, decision 3910)."""
        self._decline_change(self.AmendmentDeclined, message, actor, self.content_marks, read_at)

    class AmendmentDeclined(ChangeDeclined):
        kind = "amendment"

    def withdraw_amendment(self, actor: Actor, for_cancellation: bool = False) -> None:
        """The customer withdraws its open amendment; `for_cancellation`: by asking to cancel the booking
        (the amendment is then moot, and the customer is told it was withdrawn)."""
        self._withdraw_change(self.AmendmentWithdrawn, actor, for_cancellation=for_cancellation)

    class AmendmentWithdrawn(ChangeWithdrawn):
        kind = "amendment"
        # Withdrawn by the customer's request to cancel the booking (False in events recorded before).
        for_cancellation: bool = False

    def _open_amendment(self, trigger: str) -> Amendment:
        self._open_change("amendment", trigger)
        assert self.amendment is not None
        return self.amendment
