"""The ShippingOrder aggregate: one per rate request (name-based id); staff review, customer approves, staff
issue the transport document it produces. The same order is the DCSA shipping instructions (/v3): an update
sent there replaces the content at once and keeps what it replaced, so that withdrawing it restores that."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast
from uuid import UUID

from eventsourcing.domain import event

from domain.booking.booking_content import as_sent_personal
from domain.booking.decided import StaffDecided
from domain.booking.read_as_seen import ContentAsRead, check_order_unchanged
from domain.booking.sailed import cargo_not_sailed
from domain.shared.actor import SYSTEM_ACTOR, Actor
from domain.shared.aggregate import ActorCreated, ActorEvent, LifecycleAggregate, StateMoved, audit_fields
from domain.shared.errors import ValidationFailed
from domain.shared.ids import name_based_id
from domain.shared.lifecycle import lifecycle
from domain.shared.messages import message as validation_message
from domain.shared.reasons import system_reason

REQUIRED = validation_message("common.required")


def shipping_order_id(rate_request_id: UUID | str) -> UUID:
    return name_based_id("shipping-order", str(rate_request_id))


class ShippingOrder(StaffDecided, ContentAsRead, LifecycleAggregate):
    machine = "shipping_order"

    @staticmethod
    def create_id(rate_request_id: str, **_: Any) -> UUID:
        return shipping_order_id(rate_request_id)

    class Created(ActorCreated):
        personal_fields = ("details.parties", *as_sent_personal("details"))
        personal_owner = "customer_id"

        rate_request_id: str
        customer_id: str
        details: dict[str, Any]
        state: str

    @event(Created)
    def __init__(
        self,
        rate_request_id: str,
        customer_id: str,
        details: dict[str, Any],
        state: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.rate_request_id = rate_request_id
        self.customer_id = customer_id
        self.details = dict(details)
        self.state = state
        self.revise: dict[str, str] = {}
        self.edited_order: dict[str, Any] | None = None
        # While an update awaits staff: the content it replaced and whether staff had asked for it.
        self.replaced: dict[str, Any] | None = None
        self.revision_was_requested = False
        # Closed because its booking ended (`close_with_booking`): never submitted again (decision 3824).
        self.closed_with_booking = False
        self._content_created()

    def read_content(self) -> object:
        """What staff read and decide on (decision 3918): the order's content as it stands (an update while
        it awaits staff, the content before it once withdrawn); not its state nor staff's requests."""
        return self.details

    @classmethod
    def create(
        cls,
        rate_request_id: str,
        customer_id: str,
        details: dict[str, Any],
        actor: Actor,
        *,
        rate_request_in_shipping_order: bool,
        exact_container_count: bool,
        parties_present: bool,
    ) -> ShippingOrder:
        state = cls._first(
            "create",
            actor,
            rate_request_in_shipping_order=rate_request_in_shipping_order,
            exact_container_count=exact_container_count,
            parties_present=parties_present,
        )
        return cls(
            rate_request_id=rate_request_id,
            customer_id=customer_id,
            details=details,
            state=state,
            **audit_fields(actor),
        )

    def request_revision(
        self,
        revise: dict[str, str],
        edited_order: dict[str, Any] | None,
        actor: Actor,
        read_at: datetime | None = None,
    ) -> None:
        """`read_at`: the order's `updatedAt` staff read; a customer's change since is refused (409): staff
        do not ask her to fix what she may have fixed already (decision 3910)."""
        self._may_decide("request_revision", actor)
        dest = self._next("request_revision", actor, has_revise_messages=bool(revise))
        check_order_unchanged(self.content_marks, read_at)
        self._record(
            self.RevisionRequested,
            audit_fields(actor, "; ".join(revise.values())),
            revise=revise,
            edited_order=edited_order,
            state=dest,
            customer_id=self.customer_id,
        )

    class RevisionRequested(ActorEvent):
        personal_fields = ("edited_order.parties", *as_sent_personal("edited_order"))

        revise: dict[str, str]
        edited_order: dict[str, Any] | None
        state: str
        customer_id: str

        def apply(self, aggregate: ShippingOrder) -> None:
            aggregate.replaced = None
            aggregate.revision_was_requested = False
            aggregate.revise = dict(self.revise)
            aggregate.edited_order = dict(self.edited_order) if self.edited_order is not None else None
            aggregate.state = self.state
            aggregate._moved_by(self, self.state)

    def edit(self, changes: dict[str, Any], actor: Actor) -> None:
        dest = self._next("edit", actor)
        self._record(self.Edited, audit_fields(actor), changes=changes, state=dest)

    class Edited(ActorEvent):
        personal_fields = ("changes.parties", *as_sent_personal("changes"))

        changes: dict[str, Any]
        state: str

        def apply(self, aggregate: ShippingOrder) -> None:
            aggregate.details = {**aggregate.details, **self.changes}
            aggregate.revise = {}
            aggregate.edited_order = None
            aggregate.state = self.state

    def accept(self, actor: Actor, read_at: datetime | None = None) -> None:
        """`read_at`: the order's `updatedAt` staff read; a customer's change since is refused (409)."""
        self._may_decide("accept", actor)
        dest = self._next("accept", actor)
        check_order_unchanged(self.content_marks, read_at)
        self._record(self.Accepted, audit_fields(actor), state=dest, customer_id=self.customer_id)

    class Accepted(StateMoved):
        customer_id: str

    def approve(self, actor: Actor) -> None:
        dest = self._next("approve", actor)
        self._record(self.Approved, audit_fields(actor), state=dest)

    class Approved(StateMoved):
        pass

    def update(self, changes: dict[str, Any], actor: Actor) -> None:
        """The shipper's update (the standard's PUT): it stands until staff decide or the shipper withdraws
        it; a newer update replaces it and keeps the content before the first."""
        dest = self._next("update", actor)
        replaced = self.replaced if self.state == "update_received" else dict(self.details)
        answered = (
            self.revision_was_requested
            if self.state == "update_received"
            else self.state == "revision_requested"
        )
        self._record(
            self.Updated,
            audit_fields(actor),
            changes=changes,
            replaced=replaced,
            revision_was_requested=answered,
            state=dest,
            customer_id=self.customer_id,
        )

    class Updated(ActorEvent):
        personal_fields = (
            "changes.parties",
            "replaced.parties",
            *as_sent_personal("changes"),
            *as_sent_personal("replaced"),
        )

        changes: dict[str, Any]
        replaced: dict[str, Any] | None
        revision_was_requested: bool
        state: str
        customer_id: str

        def apply(self, aggregate: ShippingOrder) -> None:
            aggregate.details = {**aggregate.details, **self.changes}
            aggregate.replaced = dict(self.replaced) if self.replaced is not None else None
            aggregate.revision_was_requested = self.revision_was_requested
            aggregate.state = self.state

    def cancel_update(self, actor: Actor) -> None:
        asked = self.revision_was_requested
        dest = self._next(
            "cancel_update", actor, revision_was_requested=asked, no_revision_was_requested=not asked
        )
        self._record(
            self.UpdateCancelled,
            audit_fields(actor),
            restored=dict(self.replaced or self.details),
            state=dest,
            customer_id=self.customer_id,
        )

    class UpdateCancelled(ActorEvent):
        personal_fields = ("restored.parties", *as_sent_personal("restored"))

        restored: dict[str, Any]
        state: str
        customer_id: str

        def apply(self, aggregate: ShippingOrder) -> None:
            aggregate.details = dict(self.restored)
            aggregate.replaced = None
            aggregate.revision_was_requested = False
            aggregate.state = self.state

    def cancel(self, reason: str | None, actor: Actor, *, sailed: str | None = None) -> None:
        """The customer cancels her order before staff accept it, saying why or not (blank: no reason);
        `sailed`: when tracking saw the vessel leave with the booking's cargo (the order then stands)."""
        dest = self._next("cancel", actor, cargo_not_sailed=self._cargo_not_sailed("cancel", actor, sailed))
        said = (reason or "").strip() or None
        self._record(self.Cancelled, audit_fields(actor, said), state=dest, customer_id=self.customer_id)

    class Cancelled(StateMoved):
        customer_id: str
        # Closed because its booking was cancelled (`close_with_booking`; False in events recorded before).
        with_booking: bool = False

        def apply(self, aggregate: LifecycleAggregate) -> None:
            super().apply(aggregate)
            cast("ShippingOrder", aggregate).closed_with_booking = self.with_booking

    def _cargo_not_sailed(self, trigger: str, actor: Actor, sailed: str | None) -> bool:
        return cargo_not_sailed(self.machine, trigger, self.state, actor, sailed, "shipping_order")

    def may_close(self, closed_as: str) -> bool:
        """Whether the order is still open to close with its booking (not approved, issued or closed)."""
        guards = {"booking_cancelled": closed_as == "cancelled", "booking_declined": closed_as == "declined"}
        return lifecycle(self.machine).may("close", self.state, SYSTEM_ACTOR.lifecycle_role, guards)

    def close_with_booking(self, closed_as: str, message: str) -> None:
        """The booking was cancelled or rejected (`closed_as`: its `orderClosedAs` fact): the order goes no
        further, its instructions cancelled or declined with it (`message`: why the booking was rejected)."""
        dest = self._next(
            "close",
            SYSTEM_ACTOR,
            booking_cancelled=closed_as == "cancelled",
            booking_declined=closed_as == "declined",
        )
        if dest == "cancelled":
            reason = system_reason("bookingCancelled")
            self._record(
                self.Cancelled,
                audit_fields(SYSTEM_ACTOR, reason),
                state=dest,
                customer_id=self.customer_id,
                with_booking=True,
            )
            return
        reason = system_reason("bookingRejected")
        self._record(
            self.Declined,
            audit_fields(SYSTEM_ACTOR, reason),
            message=message,
            state=dest,
            customer_id=self.customer_id,
            with_booking=True,
        )

    def decline(
        self, message: str, actor: Actor, *, sailed: str | None = None, read_at: datetime | None = None
    ) -> None:
        """Staff's decline, which must say why (`has_message`): refused early when the state or the actor
        forbids it or the cargo has sailed, then without a message, naming it (as the rate request's
        reasons are); then, as its revision request, when the customer changed the order since `read_at`."""
        self._may_decide("decline", actor)
        not_sailed = self._cargo_not_sailed("decline", actor, sailed)
        text = message.strip()
        if not text:
            raise ValidationFailed({"message": REQUIRED})
        dest = self._next("decline", actor, has_message=True, cargo_not_sailed=not_sailed)
        check_order_unchanged(self.content_marks, read_at)
        self._record(
            self.Declined,
            audit_fields(actor, text),
            message=text,
            state=dest,
            customer_id=self.customer_id,
        )

    class Declined(StateMoved):
        message: str
        customer_id: str
        # Declined because its booking was rejected (`close_with_booking`; False in events recorded before).
        with_booking: bool = False

        def apply(self, aggregate: LifecycleAggregate) -> None:
            super().apply(aggregate)
            cast("ShippingOrder", aggregate).closed_with_booking = self.with_booking

    def resubmit(
        self,
        details: dict[str, Any],
        actor: Actor,
        *,
        booking_live: bool,
        exact_container_count: bool,
        parties_present: bool,
    ) -> None:
        """The customer fills the order again after cancelling it or staff declining it (decision 3824):
        `details` (checked as a first submission's) replace the content; staff review it as a new order. Not
        once the order closed with its booking, nor when the booking is no longer live."""
        dest = self._next(
            "resubmit",
            actor,
            booking_live=booking_live,
            not_closed_with_booking=not self.closed_with_booking,
            exact_container_count=exact_container_count,
            parties_present=parties_present,
        )
        self._record(
            self.Resubmitted,
            audit_fields(actor),
            details=details,
            state=dest,
            rate_request_id=self.rate_request_id,
            customer_id=self.customer_id,
        )

    class Resubmitted(ActorEvent):
        """The order submitted again: its whole content, as a `Created` carries it."""

        personal_fields = ("details.parties", *as_sent_personal("details"))

        details: dict[str, Any]
        state: str
        rate_request_id: str
        customer_id: str

        def apply(self, aggregate: ShippingOrder) -> None:
            aggregate.details = dict(self.details)
            aggregate.revise = {}
            aggregate.edited_order = None
            aggregate.replaced = None
            aggregate.revision_was_requested = False
            aggregate.closed_with_booking = False
            aggregate.state = self.state

    def issue(self, actor: Actor) -> None:
        self._may_decide("issue", actor)
        dest = self._next("issue", actor)
        self._record(self.Issued, audit_fields(actor), state=dest, customer_id=self.customer_id)

    class Issued(StateMoved):
        customer_id: str
