"""Who made a booking's last staff decision, and when (decision 3916): a colleague's later decision from the
state it left is refused naming them, as a sign-up's is (decision 3911).

Each staff decision's event carries its actor and its time; applied, it is kept with the state it led to
(`decided_state`). Any other move of the same lifecycle (the customer's, the system's) leaves another state,
or says its own actor: a refusal names the colleague only while the thing is still where their decision left
it. The domain keeps the id; the edge names the person, to staff only.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from datetime import datetime
from typing import TYPE_CHECKING

from domain.shared.actor import ADMIN, Actor
from domain.shared.aggregate import ActorEvent, LifecycleAggregate
from domain.shared.errors import decided_first

if TYPE_CHECKING:  # a mixin of a lifecycle aggregate: checked as one
    _Base = LifecycleAggregate
else:
    _Base = object


def staff_decision(event: ActorEvent) -> tuple[str | None, datetime | None]:
    """Who decided and when, where `event` is staff's; (None, None) for anyone else's move."""
    if event.actor_role != ADMIN:
        return None, None
    return event.actor_id, event.timestamp


class StaffDecided(_Base):
    """A lifecycle aggregate that keeps its last staff decision (the rate request, the shipping order)."""

    decided_by: str | None = None
    decided_at: datetime | None = None
    decided_state: str | None = None

    def _moved_by(self, event: ActorEvent, state: str) -> None:
        """`event` moved the lifecycle to `state`: staff's decision is kept; anyone else's clears it."""
        self.decided_by, self.decided_at = staff_decision(event)
        self.decided_state = state if self.decided_by is not None else None

    def _decided_here(self, meanwhile: str | None = None) -> AbstractContextManager[None]:
        """Refusals inside are said with who decided and when, while the thing is where that decision left
        it. `meanwhile`: the trigger a `Conflict` inside refuses (a price quoted since)."""
        here = self.decided_state is not None and self.decided_state == self.state
        by, at = (self.decided_by, self.decided_at) if here else (None, None)
        said = None if meanwhile is None else (self.machine, self.state, meanwhile)
        return decided_first(by, at, said)

    def _may_decide(self, trigger: str, actor: Actor) -> None:
        """`_may` for a staff decision: refused where the state forbids it, naming the colleague whose
        decision left it there."""
        with self._decided_here():
            self._may(trigger, actor)
