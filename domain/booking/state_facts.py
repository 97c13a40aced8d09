"""What each state of a booking means beyond its moves, read from the facts `state-machines/rate_request.json`
declares per state (its `stateFacts`): never a list of state names written in the code.

Every function takes the lifecycle to read (by default the file's), so a test can give it a changed copy and
see each answer follow. Whose move it is and what each side may do are read from the file's transitions
(`domain/booking/whose_move.py`, `Lifecycle.may`); the screens read the same facts
(`web/src/lib/lifecycle.ts`).
"""

from __future__ import annotations

from domain.shared.lifecycle import Lifecycle, lifecycle


def _machine(machine: Lifecycle | None) -> Lifecycle:
    return machine if machine is not None else lifecycle("rate_request")


def sailing_open_to(state: str, role: str, machine: Lifecycle | None = None) -> bool:
    """Whether `role` (customer, staff) may still choose or change the sailing of a booking in `state`."""
    return role in _machine(machine).fact(state, "sailing")


def sailing_states(machine: Lifecycle | None = None) -> tuple[str, ...]:
    """The states whose sailing someone may still change: a published schedule moves these bookings."""
    return _machine(machine).states_where("sailing")


def amendable_states(machine: Lifecycle | None = None) -> tuple[str, ...]:
    """The states of a confirmed booking under way, open to amendment and cancellation requests."""
    return _machine(machine).states_where("amendable")


def confirmed_states(machine: Lifecycle | None = None) -> tuple[str, ...]:
    """The states of a booking the carrier confirmed (it has a carrierBookingReference)."""
    return _machine(machine).states_where("confirmed")


def cargo_expected_states(machine: Lifecycle | None = None) -> tuple[str, ...]:
    """Confirmed and not closed: the containers are expected at the terminal."""
    found = _machine(machine)
    return tuple(s for s in confirmed_states(found) if not found.fact(s, "final"))


def order_closed_as(state: str, machine: Lifecycle | None = None) -> str | None:
    """What the booking's open shipping order becomes when the booking comes to `state` (None: it stays
    open): a booking cancelled or rejected closes its order in the same write."""
    value = _machine(machine).fact(state, "orderClosedAs")
    return None if value is None else str(value)


def updated_status(state: str, machine: Lifecycle | None = None) -> str | None:
    """The DCSA bookingStatus of `state` once the shipper updated the request (None: as without update)."""
    value = _machine(machine).fact(state, "dcsaUpdated")
    return None if value is None else str(value)


def once_confirmed_status(state: str, machine: Lifecycle | None = None) -> str | None:
    """The DCSA bookingStatus of `state` when the booking had been confirmed before (None: as otherwise)."""
    value = _machine(machine).fact(state, "dcsaOnceConfirmed")
    return None if value is None else str(value)


def update_awaiting_states(machine: Lifecycle | None = None) -> tuple[str, ...]:
    """The states in which a shipper's update awaits the carrier's decision."""
    return _machine(machine).states_where("dcsaUpdated")


def order_due_states(machine: Lifecycle | None = None) -> tuple[str, ...]:
    """The states whose customer screen is the shipping order: the order is due (before its cut-off)."""
    return _machine(machine).states_where("screen", lambda screen: screen == "shipping_order")


def order_refill_states(machine: Lifecycle | None = None) -> tuple[str, ...]:
    """The shipping order's states from which the customer may fill it again (`resubmit` in
    state-machines/shipping_order.json, decision 3824): cancelled or declined, nothing with staff. `machine`:
    the shipping order's lifecycle (by default the file's). Whether the booking is live is its own state's
    fact (`order_due_states`): an order closed with its booking belongs to a booking that ended."""
    found = machine if machine is not None else lifecycle("shipping_order")
    guards = found.every_guard
    return tuple(s for s in found.codes if found.may("resubmit", s, "customer", guards))


def expiring_states(machine: Lifecycle | None = None) -> tuple[str, ...]:
    """The states whose quote may still expire: where the file's `expire` transitions start."""
    found = _machine(machine)
    starts = {s for t in found.spec["transitions"] if t["trigger"] == "expire" for s in t["source"]}
    return tuple(s for s in found.codes if s in starts)
