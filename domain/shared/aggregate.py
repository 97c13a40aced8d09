"""Base of every aggregate: lifecycle-guarded commands that record who, when and why."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar, Protocol
from uuid import UUID

from eventsourcing.domain import Aggregate, CanMutateAggregate, CommandMethodDecorator

from domain.shared.actor import Actor
from domain.shared.lifecycle import lifecycle

_PART_OWNERS: dict[type, type] = {}


class LifecycleAggregate(Aggregate):
    """An aggregate whose `state` follows one `state-machines/` file.

    Commands call `self._next(trigger, actor, guards)` before recording an event; event methods set
    `self.state` themselves, so replay never consults the machine and never fires a side effect.
    """

    # No annotated instance attributes here: the library would turn them into constructor arguments.
    machine: ClassVar[str]
    if TYPE_CHECKING:  # set by every event method, so declared for the type checker only
        state: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The events and event methods of the aggregate's parts (`AggregatePart`, modules of their own)
        # become the aggregate's own before the library looks at the class: it then declares them exactly as
        # if they were written in its body, so their topics are the aggregate's (`module:Aggregate.Event`).
        for part in reversed(cls.__mro__):
            if part is AggregatePart or not issubclass(part, AggregatePart) or issubclass(part, Aggregate):
                continue
            # The library remembers one event class per event method: a part shared by two aggregates would
            # record one aggregate's events under the other's topic.
            owner = _PART_OWNERS.setdefault(part, cls)
            if owner is not cls:
                raise TypeError(f"{part.__qualname__} is a part of {owner.__qualname__} already")
            for name, value in vars(part).items():
                is_event = isinstance(value, type) and issubclass(value, CanMutateAggregate)
                if (is_event or isinstance(value, CommandMethodDecorator)) and name not in cls.__dict__:
                    setattr(cls, name, value)
        super().__init_subclass__(**kwargs)

    def _next(self, trigger: str, actor: Actor, **guards: bool) -> str:
        return lifecycle(self.machine).decide(trigger, self.state, actor.lifecycle_role, guards)

    def _may(self, trigger: str, actor: Actor) -> None:
        """Refuse early when the state or the actor forbids the trigger, before looking at the input.

        Guards are assumed to hold here; the command checks them on its input and then calls `_next`.
        """
        machine = lifecycle(self.machine)
        machine.decide(trigger, self.state, actor.lifecycle_role, machine.every_guard)

    # How an event that only moves the lifecycle applies (`_x = event(X)(LifecycleAggregate._moved)`): the
    # events stay classes of their own, the one line that applies them is written once.
    def _moved(self, state: str, actor_id: str, actor_role: str, reason: str | None) -> None:
        self.state = state

    def _moved_for(
        self, state: str, customer_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        """`_moved` for an event that names the customer it concerns (their notices read it)."""
        self.state = state

    @property
    def state_code(self) -> int:
        return lifecycle(self.machine).code(self.state)

    @classmethod
    def _first(cls, trigger: str, actor: Actor, **guards: bool) -> str:
        machine = lifecycle(cls.machine)
        return machine.decide(trigger, machine.initial, actor.lifecycle_role, guards)


if TYPE_CHECKING:  # a part is checked as the aggregate it belongs to; at run time it is a plain class
    _Part = LifecycleAggregate
else:
    _Part = object


class AggregatePart(_Part):
    """A part of a lifecycle aggregate kept in a module of its own: its events (nested classes), the methods
    that apply them (`@event(...)`) and its commands. The aggregate inherits from its parts; their events
    are declared on the aggregate itself (see `LifecycleAggregate.__init_subclass__`), so events stored
    before the part was split out keep their topics. A part belongs to one aggregate only."""


class ActorEvent(Aggregate.Event):
    """An event with the fields every event carries besides its own (`audit_fields`): who and why.

    They come first in the fields (a dataclass puts a base's fields first), so an event stored since this
    base lists them first in its stored JSON; a stored event is read by name, so older ones load the same."""

    actor_id: str
    actor_role: str
    reason: str | None


class ActorCreated(ActorEvent, Aggregate.Created):
    """The first event of an aggregate, with who and why (`ActorEvent`)."""


def audit_fields(actor: Actor, reason: str | None = None) -> dict[str, Any]:
    """The fields every event carries besides its own: who and why (the library adds when)."""
    return {"actor_id": actor.id, "actor_role": actor.role, "reason": reason}


class Recorded(Protocol):
    """What every stored event says of itself (the library's fields), for code reading events of any kind."""

    @property
    def originator_id(self) -> UUID: ...
    @property
    def originator_version(self) -> int: ...
    @property
    def timestamp(self) -> datetime: ...


class Moved(Recorded, Protocol):
    """An event that moves its aggregate's (or its part's) lifecycle to `state`."""

    @property
    def state(self) -> str: ...
