"""What the two kinds of change to a confirmed booking share: amendments (`amendment_requests.py`) and
cancellation requests (`cancellation_requests.py`) are parts of the rate request aggregate, each under a
lifecycle of its own; `kind` names the aggregate's attribute (and the machine) of each."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any, ClassVar

from domain.booking.amendments import AMENDMENT, CANCELLATION, Amendment, CancellationRequest
from domain.booking.booking_content import BookingRequestContent
from domain.booking.decided import staff_decision
from domain.booking.read_as_seen import ContentMarks, check_booking_unchanged
from domain.shared.actor import Actor
from domain.shared.aggregate import ActorEvent, AggregatePart, audit_fields
from domain.shared.errors import DecidedFirst, IllegalTransition, ValidationFailed, decided_first
from domain.shared.lifecycle import lifecycle
from domain.shared.messages import message
from domain.shared.refusal_words import refused


# An amendment and a cancellation request end alike when declined or withdrawn: each kind's event is a class
# of its own (its topic: `RateRequest.AmendmentDeclined`), declared as one of these with its `kind`.
class ChangeDeclined(ActorEvent):
    kind: ClassVar[str]
    number: int
    message: str
    state: str
    customer_id: str

    def apply(self, aggregate: BookingChanges) -> None:
        aggregate._change_moved(self.kind, self.state, self, message=self.message)


class ChangeEnded(ActorEvent):
    """A change ended without a decision on it: withdrawn by the customer, or its new price lapsed."""

    kind: ClassVar[str]
    number: int
    state: str
    customer_id: str

    def apply(self, aggregate: BookingChanges) -> None:
        aggregate._change_moved(self.kind, self.state, self)


class ChangeWithdrawn(ChangeEnded):
    pass


class BookingChanges(AggregatePart):
    if TYPE_CHECKING:  # what the parts read and write of the rate request (set by its `__init__`)
        state: str
        customer_id: str
        details: dict[str, Any]
        booking_content: dict[str, Any] | None
        price: Decimal | None
        charges: list[dict[str, Any]]
        tariff_version: int | None
        # The one amendment or cancellation request of a confirmed booking that is (or was last) open.
        amendment: Amendment | None
        cancellation: CancellationRequest | None

        @property
        def content(self) -> BookingRequestContent | None: ...

        @property
        def firm_request(self) -> bool: ...

        def withdraw_amendment(self, actor: Actor, for_cancellation: bool = False) -> None: ...

        def _moved_by(self, event: ActorEvent, state: str) -> None: ...

    def _change_next(self, kind: str, trigger: str, actor: Actor, **guards: bool) -> str:
        machine = AMENDMENT if kind == "amendment" else CANCELLATION
        state = self._change_state(kind)
        try:
            return machine.decide(trigger, state, actor.lifecycle_role, guards)
        except IllegalTransition as refusal:
            change: Amendment | CancellationRequest | None = getattr(self, kind)
            decided = change is not None and change.state == state and change.decided_by is not None
            if decided and not machine.may(trigger, state, actor.lifecycle_role, machine.every_guard):
                # Where the state refuses it (not a guard): a colleague's decision left it there (3916).
                assert change is not None and change.decided_by is not None and change.decided_at
                raise DecidedFirst(refusal, change.decided_by, change.decided_at) from None
            if guards.get("booking_confirmed", True):
                raise
            # Refused for the booking's state, not the change's (which has none yet): the refusal says it.
            raise self.not_while_unconfirmed(f"{trigger}_{kind}") from None

    def not_while_unconfirmed(self, act: str) -> IllegalTransition:
        """The refusal of a change asked of a booking not (or no longer) confirmed, naming its state:
        "Cannot ask for an amendment of a rate request in state completed (5)"; `act` is the change's act
        as contract/refusal-words.json names it for the rate request (`request_amendment`)."""
        return refused("rate_request", self.state, act, lifecycle("rate_request").codes.get(self.state))

    def _change_state(self, kind: str) -> str:
        """Where the change of this kind stands in its lifecycle: the live one's state, else the initial."""
        machine = AMENDMENT if kind == "amendment" else CANCELLATION
        change: Amendment | CancellationRequest | None = getattr(self, kind)
        live = change is not None and (
            change.open or (isinstance(change, Amendment) and change.awaiting_answer)
        )
        return change.state if change and live else machine.initial

    def _open_change(self, kind: str, trigger: str) -> Amendment | CancellationRequest:
        """The open change of `kind` that `trigger` is asked of. One already decided (approved, declined,
        withdrawn, its price lapsed) is refused as its lifecycle refuses `trigger` in its final state, so a
        stale screen is told what happened: "Cannot withdraw a booking amendment in state approved (2)"."""
        change: Amendment | CancellationRequest | None = getattr(self, kind)
        machine = AMENDMENT if kind == "amendment" else CANCELLATION
        if change is not None and machine.fact(change.state, "final"):
            code = machine.codes.get(change.state)
            action = machine.action(trigger)
            refusal = IllegalTransition(machine.id, change.state, trigger, code, action=action)
            with decided_first(change.decided_by, change.decided_at):  # named to staff (decision 3916)
                raise refusal
        if not (change and change.open):
            none = (
                message("booking.amendment.none")
                if kind == "amendment"
                else message("booking.cancellation.none")
            )
            raise ValidationFailed({kind: none})
        return change

    def _change_moved(self, kind: str, state: str, event: ActorEvent, **changes: Any) -> None:
        """The change of `kind` moved to `state` by `event`: staff's decision is kept with who and when."""
        change = getattr(self, kind)
        assert change is not None
        decided_by, decided_at = staff_decision(event)
        setattr(self, kind, change.moved(state, decided_by=decided_by, decided_at=decided_at, **changes))

    def _decline_change(
        self,
        declined: type[ChangeDeclined],
        message_text: str,
        actor: Actor,
        changed_at: ContentMarks | datetime | None = None,
        read_at: datetime | None = None,
    ) -> None:
        """Staff decline the open amendment or cancellation request with a message; the booking stands.
        Refused (409) when what staff read (`read_at`) has changed since, as `changed_at` says: the booking's
        content marks (an amendment), or when the customer asked it (a cancellation request)."""
        number = self._open_change(declined.kind, "decline").number
        text = message_text.strip()
        dest = self._change_next(declined.kind, "decline", actor, has_message=bool(text))
        check_booking_unchanged(changed_at, read_at)
        self._record(
            declined,
            audit_fields(actor, text),
            number=number,
            message=text,
            state=dest,
            customer_id=self.customer_id,
        )

    def _withdraw_change(self, withdrawn: type[ChangeWithdrawn], actor: Actor, **extra: Any) -> None:
        """The customer withdraws its open amendment or cancellation request."""
        self._end_change(withdrawn, "withdraw", actor, None, {}, **extra)

    def _end_change(
        self,
        ended: type[ChangeEnded],
        trigger: str,
        actor: Actor,
        reason: str | None,
        guards: dict[str, bool],
        **extra: Any,
    ) -> None:
        """The open change of `ended.kind` ends by `trigger` (its lifecycle deciding with `guards`)."""
        number = self._open_change(ended.kind, trigger).number
        dest = self._change_next(ended.kind, trigger, actor, **guards)
        fields = audit_fields(actor, reason)
        self._record(ended, fields, number=number, state=dest, customer_id=self.customer_id, **extra)

    @property
    def change_pending(self) -> bool:
        return bool(self.amendment and self.amendment.open) or bool(
            self.cancellation and self.cancellation.open
        )
