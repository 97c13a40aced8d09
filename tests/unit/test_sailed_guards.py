"""Every move a lifecycle file guards with `cargo_not_sailed` (or, for an amendment, with
`loading_port_kept_once_sailed`) is refused in words of its own (decision 3858): a guard added to a file
without its words would be refused with a KeyError."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from domain.booking.sailed import GUARD, PORT_GUARD, REFUSALS, cargo_not_sailed
from domain.shared.actor import ADMIN, CUSTOMER, Actor
from domain.shared.errors import ValidationFailed

ROOT = Path(__file__).resolve().parents[2]
MACHINES = sorted((ROOT / "state-machines").glob("*.json"))


def _guarded() -> list[tuple[str, str, str, str, str]]:
    found: list[tuple[str, str, str, str, str]] = []
    for path in MACHINES:
        spec = json.loads(path.read_text(encoding="utf-8"))
        for t in spec["transitions"]:
            for guard in {GUARD, PORT_GUARD} & set(t.get("guards", [])):
                found.extend((spec["id"], t["trigger"], source, t["actor"], guard) for source in t["source"])
    return found


def test_the_guard_stands_on_the_moves_that_call_a_booking_off() -> None:
    moves = {(machine, trigger, guard) for machine, trigger, _, _, guard in _guarded()}
    assert moves == {
        ("booking_cancellation", "request", GUARD),
        ("booking_cancellation", "confirm", GUARD),
        ("rate_request", "reject", GUARD),
        ("shipping_order", "cancel", GUARD),
        ("shipping_order", "decline", GUARD),
        # An amendment may still be asked and take effect, but not move the port of loading.
        ("booking_amendment", "request", PORT_GUARD),
        ("booking_amendment", "approve", PORT_GUARD),
        ("booking_amendment", "approve_priced", PORT_GUARD),
        ("booking_amendment", "accept_price", PORT_GUARD),
    }


def test_every_guarded_move_has_its_words_and_no_other_move_has_any() -> None:
    moves = {(machine, trigger) for machine, trigger, _, _, _ in _guarded()}
    assert set(REFUSALS) == moves
    for move in moves:
        assert "2026-03-01" in REFUSALS[move]("2026-03-01"), move


@pytest.mark.parametrize(("machine", "trigger", "state", "role", "guard"), _guarded())
def test_a_guarded_move_is_refused_once_the_cargo_sailed_naming_the_port_s_day(
    machine: str, trigger: str, state: str, role: str, guard: str
) -> None:
    actor = Actor("someone", ADMIN if role == "staff" else CUSTOMER)
    assert cargo_not_sailed(machine, trigger, state, actor, None, "thing", guard) is True
    with pytest.raises(ValidationFailed) as refused:
        cargo_not_sailed(machine, trigger, state, actor, "2026-03-01T23:30:00-05:00", "thing", guard)
    assert "2026-03-01" in refused.value.fields["thing"]


def test_a_move_that_does_not_hang_on_it_is_not_refused_for_it() -> None:
    """Staff's revision of an order is theirs after the cargo sailed: the guard is simply not its."""
    staff = Actor("staff-1", ADMIN)
    assert (
        cargo_not_sailed("shipping_order", "request_revision", "submitted", staff, "2026-03-01T10:00Z", "x")
        is False
    )
