"""Base of every aggregate: lifecycle-guarded commands that record who, when and why."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Concatenate,
    ParamSpec,
    Protocol,
    TypedDict,
    cast,
    dataclass_transform,
)
from uuid import UUID

from eventsourcing.domain import Aggregate, CanMutateAggregate, CommandMethodDecorator, MetaDomainEvent

from domain.shared.actor import Actor
from domain.shared.lifecycle import lifecycle

_PART_OWNERS: dict[type, type] = {}
_Fields = ParamSpec("_Fields")


class DomainAggregate(Aggregate):
    """Base of the domain's aggregates: each event is declared once, as a class with its fields and the
    `apply` that changes the aggregate, and recorded by `_record` (the library's `trigger_event`, typed).
    A first event is applied by the aggregate's `__init__` (`@event(Created)`), the library's way."""

    def _record(
        self,
        event_class: Callable[Concatenate[UUID, int, datetime, str, str, str | None, _Fields], ActorEvent],
        audit: Audit,
        /,
        *args: _Fields.args,
        **fields: _Fields.kwargs,
    ) -> None:
        """Record the next event of `event_class`, by whom and why (`audit_fields`), with its own `fields`,
        and apply it. mypy checks `fields` against the class's declared fields (`_EventFields`): a missing,
        unknown or ill-typed field fails the check (when the class is named, `self.Quoted`; a `type[...]`
        variable is checked at run time only), and the event's constructor refuses it at run time. The
        library fills id, version and time."""
        if args:
            raise TypeError("an event is recorded with named fields")
        self.trigger_event(cast("type[ActorEvent]", event_class), **audit, **fields)


class LifecycleAggregate(DomainAggregate):
    """An aggregate whose `state` follows one `state-machines/` file.

    Commands call `self._next(trigger, actor, guards)` before recording an event; events set the aggregate's
    `state` themselves (`apply`), so replay never consults the machine and never fires a side effect.
    """

    # No annotated instance attributes here: the library would turn them into constructor arguments.
    machine: ClassVar[str]
    if TYPE_CHECKING:  # set by every event method, so declared for the type checker only
        state: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The events of the aggregate's parts (`AggregatePart`, modules of their own)
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

    def _moved_by(self, event: ActorEvent, state: str) -> None:
        """`event` moved the lifecycle to `state` (a `StateMoved` applied): nothing more here; an aggregate
        that keeps who decided last says so (domain/booking/decided.py)."""

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
    """A part of a lifecycle aggregate kept in a module of its own: its events (nested classes, each applying
    itself) and its commands. The aggregate inherits from its parts; their events
    are declared on the aggregate itself (see `LifecycleAggregate.__init_subclass__`), so events stored
    before the part was split out keep their topics. A part belongs to one aggregate only."""


@dataclass_transform(frozen_default=True)
class _EventFields(MetaDomainEvent):
    """The library's metaclass makes every event class a frozen dataclass; saying so lets mypy see each
    event's constructor, so the fields an event is recorded with (`DomainAggregate._record`) are checked."""


class ActorEvent(Aggregate.Event, metaclass=_EventFields):
    """An event with the fields every event carries besides its own (`audit_fields`): who and why.

    They come first in the fields (a dataclass puts a base's fields first), so an event stored since this
    base lists them first in its stored JSON; a stored event is read by name, so older ones load the same."""

    actor_id: str
    actor_role: str
    reason: str | None


class ActorCreated(ActorEvent, Aggregate.Created):
    """The first event of an aggregate, with who and why (`ActorEvent`)."""


class StateMoved(ActorEvent):
    """An event that moves its aggregate's lifecycle to `state` and changes nothing else (its subclasses
    may carry more for the read models and notices, such as the customer it concerns)."""

    state: str

    def apply(self, aggregate: LifecycleAggregate) -> None:
        aggregate.state = self.state
        aggregate._moved_by(self, self.state)


class Audit(TypedDict):
    """Who and why: `ActorEvent`'s fields, as `DomainAggregate._record` takes them (`audit_fields`)."""

    actor_id: str
    actor_role: str
    reason: str | None


def audit_fields(actor: Actor, reason: str | None = None) -> Audit:
    """The fields every event carries besides its own: who and why (the library adds when)."""
    return {"actor_id": actor.recorded_id, "actor_role": actor.role, "reason": reason}


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
