"""Cancellation requests of a confirmed booking: the customer asks, staff confirm (the booking is cancelled)
or decline, or the customer withdraws (`state-machines/booking_cancellation.json`). Before confirmation a
customer's cancel is immediate (`RateRequest.cancel_request`).

A part of the rate request aggregate (`RateRequest` inherits it): its events are `RateRequest`'s own, so
their topics are those they were stored with (`domain.booking.rate_request:RateRequest.Cancellation...`).
"""

from __future__ import annotations

from datetime import datetime

from domain.booking.amendments import AMENDABLE_STATES, CANCELLATION, CancellationRequest
from domain.booking.booking_changes import BookingChanges, ChangeDeclined, ChangeWithdrawn
from domain.booking.sailed import cargo_not_sailed
from domain.shared.actor import Actor
from domain.shared.aggregate import ActorEvent, audit_fields
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message


class CancellationRequests(BookingChanges):
    """The rate request's cancellation requests: one open at a time, numbered; `self.cancellation` is the
    last one. Confirming one cancels the booking (the rate request's own lifecycle moves too)."""

    def request_cancellation(self, reason_text: str, actor: Actor, *, sailed: str | None = None) -> None:
        """After confirmation a customer's cancel is a request staff decide on; before, it is immediate. An
        amendment still open is withdrawn by it, in the same write: a booking to be cancelled has no
        change left to decide (and both moves are told). `sailed`: when tracking saw the vessel leave with
        the booking's cargo (a booking whose cargo sailed is not cancelled), None while it has not."""
        if self.cancellation is not None and self.cancellation.open:
            raise ValidationFailed({"cancellation": message("booking.amendment.pending")})
        text = reason_text.strip()
        dest = self._change_next(
            "cancellation",
            "request",
            actor,
            booking_confirmed=self.state in AMENDABLE_STATES,
            cargo_not_sailed=self._cargo_not_sailed("request", actor, sailed),
        )
        if self.amendment is not None and self.amendment.open:
            self.withdraw_amendment(actor, for_cancellation=True)
        self._record(
            self.CancellationRequested,
            audit_fields(actor, text or None),
            number=(self.cancellation.number + 1) if self.cancellation else 1,
            state=dest,
            customer_id=self.customer_id,
        )

    class CancellationRequested(ActorEvent):
        number: int
        state: str
        customer_id: str

        def apply(self, aggregate: CancellationRequests) -> None:
            aggregate.cancellation = CancellationRequest(
                self.number, self.state, self.reason, requested_at=self.timestamp
            )

    def confirm_cancellation(self, actor: Actor, *, sailed: str | None = None) -> None:
        """Staff cancel the booking as asked, unless its cargo sailed meanwhile (`sailed`, as asking
        takes it): then the request can only be declined."""
        self._open_cancellation("confirm")
        cancellation_state = self._change_next(
            "cancellation",
            "confirm",
            actor,
            cargo_not_sailed=self._cargo_not_sailed("confirm", actor, sailed),
        )
        dest = self._next("cancel_booking", actor, cancellation_requested=True)
        self._record(
            self.CancellationConfirmed,
            audit_fields(actor),
            number=self._open_cancellation("confirm").number,
            cancellation_state=cancellation_state,
            state=dest,
            customer_id=self.customer_id,
        )

    class CancellationConfirmed(ActorEvent):
        number: int
        cancellation_state: str
        state: str
        customer_id: str

        def apply(self, aggregate: CancellationRequests) -> None:
            aggregate._change_moved("cancellation", self.cancellation_state, self)
            aggregate.state = self.state
            aggregate._moved_by(self, self.state)

    def decline_cancellation(self, message: str, actor: Actor, read_at: datetime | None = None) -> None:
        """`read_at`: the cancellation request's `updatedAt` staff read: one asked for again since (another
        reason) is refused (409, decision 3910)."""
        asked = self.cancellation.requested_at if self.cancellation is not None else None
        self._decline_change(self.CancellationDeclined, message, actor, asked, read_at)

    class CancellationDeclined(ChangeDeclined):
        kind = "cancellation"

    def withdraw_cancellation(self, actor: Actor) -> None:
        self._withdraw_change(self.CancellationWithdrawn, actor)

    class CancellationWithdrawn(ChangeWithdrawn):
        kind = "cancellation"

    def _cargo_not_sailed(self, trigger: str, actor: Actor, sailed: str | None) -> bool:
        state = self._change_state("cancellation")
        return cargo_not_sailed(CANCELLATION.id, trigger, state, actor, sailed, "cancellation")

    def _open_cancellation(self, trigger: str) -> CancellationRequest:
        self._open_change("cancellation", trigger)
        assert self.cancellation is not None
        return self.cancellation
