"""Cancellation requests of a confirmed booking: the customer asks, staff confirm (the booking is cancelled)
or decline, or the customer withdraws (`state-machines/booking_cancellation.json`). Before confirmation a
customer's cancel is immediate (`RateRequest.cancel_request`).

A part of the rate request aggregate (`RateRequest` inherits it): its events are `RateRequest`'s own, so
their topics are those they were stored with (`domain.booking.rate_request:RateRequest.Cancellation...`).
"""

from __future__ import annotations

from eventsourcing.domain import event

from domain.booking.amendments import AMENDABLE_STATES, CancellationRequest
from domain.booking.booking_changes import BookingChanges
from domain.shared.actor import Actor
from domain.shared.aggregate import ActorEvent, audit_fields
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message


class CancellationRequests(BookingChanges):
    """The rate request's cancellation requests: one open at a time, numbered; `self.cancellation` is the
    last one. Confirming one cancels the booking (the rate request's own lifecycle moves too)."""

    def request_cancellation(self, reason_text: str, actor: Actor) -> None:
        """After confirmation a customer's cancel is a request staff decide on; before, it is immediate."""
        if self.change_pending:
            raise ValidationFailed({"cancellation": message("booking.amendment.pending")})
        text = reason_text.strip()
        dest = self._change_next(
            "cancellation", "request", actor, booking_confirmed=self.state in AMENDABLE_STATES
        )
        self._cancellation_requested(
            number=(self.cancellation.number + 1) if self.cancellation else 1,
            state=dest,
            customer_id=self.customer_id,
            **audit_fields(actor, text or None),
        )

    class CancellationRequested(ActorEvent):
        number: int
        state: str
        customer_id: str

    @event(CancellationRequested)
    def _cancellation_requested(
        self, number: int, state: str, customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.cancellation = CancellationRequest(number, state, reason)

    def confirm_cancellation(self, actor: Actor) -> None:
        self._open_cancellation()
        cancellation_state = self._change_next("cancellation", "confirm", actor)
        dest = self._next("cancel_booking", actor, cancellation_requested=True)
        self._cancellation_confirmed(
            number=self._open_cancellation().number,
            cancellation_state=cancellation_state,
            state=dest,
            customer_id=self.customer_id,
            **audit_fields(actor),
        )

    class CancellationConfirmed(ActorEvent):
        number: int
        cancellation_state: str
        state: str
        customer_id: str

    @event(CancellationConfirmed)
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
        self._decline_change("cancellation", message, actor, self._cancellation_declined)

    class CancellationDeclined(ActorEvent):
        number: int
        message: str
        state: str
        customer_id: str

    @event(CancellationDeclined)
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
        self._withdraw_change("cancellation", actor, self._cancellation_withdrawn)

    class CancellationWithdrawn(ActorEvent):
        number: int
        state: str
        customer_id: str

    @event(CancellationWithdrawn)
    def _cancellation_withdrawn(
        self, number: int, state: str, customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self._change_moved("cancellation", state)

    def _open_cancellation(self) -> CancellationRequest:
        self._open_change("cancellation")
        assert self.cancellation is not None
        return self.cancellation
