"""The ShippingOrder aggregate: one per rate request (name-based id); staff review, customer approves."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, ActorEvent, LifecycleAggregate, audit_fields
from domain.shared.ids import name_based_id


def shipping_order_id(rate_request_id: UUID | str) -> UUID:
    return name_based_id("shipping-order", str(rate_request_id))


class ShippingOrder(LifecycleAggregate):
    machine = "shipping_order"

    @staticmethod
    def create_id(rate_request_id: str, **_: Any) -> UUID:
        return shipping_order_id(rate_request_id)

    class Created(ActorCreated):
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
        self, revise: dict[str, str], edited_order: dict[str, Any] | None, actor: Actor
    ) -> None:
        dest = self._next("request_revision", actor, has_revise_messages=bool(revise))
        self._revision_requested(
            revise=revise,
            edited_order=edited_order,
            state=dest,
            customer_id=self.customer_id,
            **audit_fields(actor, "; ".join(revise.values())),
        )

    class RevisionRequested(ActorEvent):
        revise: dict[str, str]
        edited_order: dict[str, Any] | None
        state: str
        customer_id: str

    @event(RevisionRequested)
    def _revision_requested(
        self,
        revise: dict[str, str],
        edited_order: dict[str, Any] | None,
        state: str,
        customer_id: str,
        actor_id: str,
        actor_role: str,
        reason: str | None,
    ) -> None:
        self.revise = dict(revise)
        self.edited_order = dict(edited_order) if edited_order is not None else None
        self.state = state

    def edit(self, changes: dict[str, Any], actor: Actor) -> None:
        dest = self._next("edit", actor)
        self._edited(changes=changes, state=dest, **audit_fields(actor))

    class Edited(ActorEvent):
        changes: dict[str, Any]
        state: str

    @event(Edited)
    def _edited(
        self, changes: dict[str, Any], state: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.details = {**self.details, **changes}
        self.revise = {}
        self.edited_order = None
        self.state = state

    def accept(self, actor: Actor) -> None:
        dest = self._next("accept", actor)
        self._accepted(state=dest, customer_id=self.customer_id, **audit_fields(actor))

    class Accepted(ActorEvent):
        state: str
        customer_id: str

    _accepted = event(Accepted)(LifecycleAggregate._moved_for)

    def approve(self, actor: Actor) -> None:
        dest = self._next("approve", actor)
        self._approved(state=dest, **audit_fields(actor))

    class Approved(ActorEvent):
        state: str

    _approved = event(Approved)(LifecycleAggregate._moved)
