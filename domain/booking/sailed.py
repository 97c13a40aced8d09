"""What a booking whose cargo sailed may no longer do (decision 3858): the lifecycle files guard those moves
with `cargo_not_sailed`, and each is refused in words of its own (`REFUSALS`) that name the day the vessel
left."""

from __future__ import annotations

from collections.abc import Callable

from domain.shared.actor import Actor
from domain.shared.errors import ValidationFailed
from domain.shared.lifecycle import lifecycle
from domain.shared.messages import message

GUARD = "cargo_not_sailed"
# An amendment's moves: only a change of the port of loading hangs on the cargo having sailed.
PORT_GUARD = "loading_port_kept_once_sailed"
# Each guarded move's refusal, by (machine, trigger), given the day the vessel left.
REFUSALS: dict[tuple[str, str], Callable[[str], str]] = {
    ("booking_cancellation", "request"): lambda day: message("booking.sailed.cancel", day=day),
    ("booking_cancellation", "confirm"): lambda day: message("booking.sailed.confirmCancellation", day=day),
    ("rate_request", "reject"): lambda day: message("booking.sailed.reject", day=day),
    ("shipping_order", "cancel"): lambda day: message("booking.sailed.cancelOrder", day=day),
    ("shipping_order", "decline"): lambda day: message("booking.sailed.declineOrder", day=day),
    **{
        ("booking_amendment", trigger): lambda day: message("booking.sailed.loadingPort", day=day)
        for trigger in ("request", "approve", "approve_priced", "accept_price")
    },
}


def cargo_not_sailed(
    machine_id: str,
    trigger: str,
    state: str,
    actor: Actor,
    sailed: str | None,
    field: str,
    guard: str = GUARD,
) -> bool:
    """The guard for `trigger` from `state`: True while the cargo has not sailed (`sailed`: when tracking saw
    the vessel leave with it, the standard's date-time text). A move that hangs on it is refused, naming
    `field` and the day as the port's clock showed it; any other move's guard is simply False."""
    if sailed is None:
        return True
    machine, role = lifecycle(machine_id), actor.lifecycle_role
    every = machine.every_guard
    hangs_on_it = not machine.may(trigger, state, role, {**every, guard: False})
    if hangs_on_it and machine.may(trigger, state, role, every):
        raise ValidationFailed({field: REFUSALS[machine_id, trigger](sailed[:10])})
    return False
