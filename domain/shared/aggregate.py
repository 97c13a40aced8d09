"""Base of every aggregate: lifecycle-guarded commands that record who, when and why."""

from __future__ import annotations

from typing import Any, ClassVar

from eventsourcing.domain import Aggregate

from domain.shared.actor import Actor
from domain.shared.lifecycle import lifecycle


class LifecycleAggregate(Aggregate):
    """An aggregate whose `state` follows one `state-machines/` file.

    Commands call `self._next(trigger, actor, guards)` before recording an event; event methods set
    `self.state` themselves, so replay never consults the machine and never fires a side effect.
    """

    # No annotated instance attributes here: the library would turn them into constructor arguments.
    machine: ClassVar[str]

    def _next(self, trigger: str, actor: Actor, **guards: bool) -> str:
        return lifecycle(self.machine).decide(trigger, self.state, actor.lifecycle_role, guards)  # type: ignore[attr-defined]

    def _may(self, trigger: str, actor: Actor) -> None:
        """Refuse early when the state or the actor forbids the trigger, before looking at the input.

        Guards are assumed to hold here; the command checks them on its input and then calls `_next`.
        """
        machine = lifecycle(self.machine)
        machine.decide(trigger, self.state, actor.lifecycle_role, machine.every_guard)  # type: ignore[attr-defined]

    @property
    def state_code(self) -> int:
        return lifecycle(self.machine).code(self.state)  # type: ignore[attr-defined]

    @classmethod
    def _first(cls, trigger: str, actor: Actor, **guards: bool) -> str:
        machine = lifecycle(cls.machine)
        return machine.decide(trigger, machine.initial, actor.lifecycle_role, guards)


def audit_fields(actor: Actor, reason: str | None = None) -> dict[str, Any]:
    """The fields every event carries besides its own: who and why (the library adds when)."""
    return {"actor_id": actor.id, "actor_role": actor.role, "reason": reason}
