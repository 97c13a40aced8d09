"""The RateRequest aggregate: a customer's request for a container rate, from quote to completion.

State names and codes come from `state-machines/rate_request.json`; requested and quoted share
code 0 and differ by `price` (null until quoted).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from eventsourcing.domain import Aggregate, event

from domain.shared.actor import Actor
from domain.shared.aggregate import LifecycleAggregate, audit_fields
from domain.shared.errors import ValidationFailed
from domain.shared.messages import message

REQUIRED = message("common.required")
MAX_PRICE = Decimal("1000000")


class RateRequest(LifecycleAggregate):
    machine = "rate_request"

    class Created(Aggregate.Created):
        """Version 2 carries the human booking reference (`FB-2026-000123`).

        Version 1 events (written before references existed) read with `reference` None; such a rate request
        is given its reference later by `ReferenceAssigned` (see `BookingApplication.assign_references`).
        """

        class_version = 2
        customer_id: str
        customer_username: str
        details: dict[str, Any]
        reference: str | None
        state: str
        actor_id: str
        actor_role: str
        reason: str | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["reference"] = None

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
    ) -> None:
        self.customer_id = customer_id
        self.customer_username = customer_username
        self.reference = reference
        self.details = dict(details)
        self.state = state
        self.price: Decimal | None = None
        self.valid_until: datetime | None = None
        self.revision_message: str | None = None
        self.rejection_message: str | None = None
        self.booking_documents: list[dict[str, Any]] = []

    @classmethod
    def create(
        cls, customer_id: str, customer_username: str, details: dict[str, Any], reference: str, actor: Actor
    ) -> RateRequest:
        state = cls._first("create", actor)
        return cls(
            customer_id=customer_id,
            customer_username=customer_username,
            details=details,
            reference=reference,
            state=state,
            **audit_fields(actor),
        )

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

    # -- customer ----------------------------------------------------------------------------------------
    def edit(self, details: dict[str, Any], actor: Actor) -> None:
        dest = self._next("edit", actor)
        self._edited(details=details, state=dest, **audit_fields(actor))

    @event("Edited")
    def _edited(
        self, details: dict[str, Any], state: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.details = dict(details)
        self.state = state
        self.price = None
        self.valid_until = None
        self.revision_message = None

    def accept_price(self, now: datetime, actor: Actor) -> None:
        before = self.valid_until is not None and now < self.valid_until
        dest = self._next("accept_price", actor, before_validity=before)
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
    def quote(self, price: Decimal, valid_until: datetime, now: datetime, actor: Actor) -> None:
        self._may("quote", actor)
        errors = {}
        if not price.is_finite() or price <= 0:
            errors["price"] = message("booking.price.positive")
        elif price > MAX_PRICE or price != price.quantize(Decimal("0.01")):
            errors["price"] = message("booking.price.max")
        if valid_until <= now:
            errors["validUntil"] = message("booking.validUntil.future")
        if errors:
            raise ValidationFailed(errors)
        dest = self._next("quote", actor, price_positive=True, validity_in_future=True)
        self._quoted(
            price=price,
            valid_until=valid_until,
            state=dest,
            customer_id=self.customer_id,
            **audit_fields(actor),
        )

    @event("Quoted")
    def _quoted(
        self,
        price: Decimal,
        valid_until: datetime,
        state: str,
        customer_id: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.price = price
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

    @event("BookingConfirmed")
    def _booking_confirmed(
        self, state: str, customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.state = state

    # -- system ------------------------------------------------------------------------------------------
    def expire(self, now: datetime, actor: Actor) -> None:
        passed = self.valid_until is not None and now >= self.valid_until
        dest = self._next("expire", actor, validity_passed=passed)
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

    @event("Completed")
    def _completed(
        self, state: str, customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.state = state


def _same_documents(one: list[dict[str, Any]], other: list[dict[str, Any]]) -> bool:
    def key(documents: list[dict[str, Any]]) -> list[tuple[Any, Any]]:
        return sorted((d["document_type_id"], str(d["file_id"])) for d in documents)

    return key(one) == key(other)


# The events that record the customer's decision on a quote (the concurrency rule counts them).
DECISIONS = (RateRequest.PriceAccepted, RateRequest.PriceCancelled)  # type: ignore[attr-defined]
