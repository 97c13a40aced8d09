"""Every fact about a booking's state is read from its lifecycle file: a state added to a copy of
rate_request.json shows up in every list the server keeps (sailings, confirmation, cargo expected, amendments,
the DCSA status, whose move, staff's actions), and a state that does not declare a fact is refused at load,
naming the state and the fact."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from api.dcsa.booking.status import _statuses
from domain.booking import state_facts
from domain.shared.lifecycle import Lifecycle, StateFactsMissing, build, lifecycle

MACHINES = Path(__file__).resolve().parents[2] / "state-machines"
SERVER_READS = {
    "final",
    "screen",
    "step",
    "sailing",
    "confirmed",
    "amendable",
    "dcsa",
    "dcsaUpdated",
    "dcsaOnceConfirmed",
    "orderClosedAs",
}


def rate_request_file() -> dict[str, Any]:
    spec: dict[str, Any] = json.loads((MACHINES / "rate_request.json").read_text(encoding="utf-8"))
    return spec


STATES = [s["name"] for s in rate_request_file()["states"]]
ON_HOLD = {
    "name": "on_hold",
    "code": 9,
    "label": "On Hold",
    "final": False,
    "dcsa": "CONFIRMED",
    "screen": "shipping_order",
    "step": 2,
    "sailing": ["staff"],
    "confirmed": True,
    "amendable": True,
    "dcsaUpdated": None,
    "dcsaOnceConfirmed": None,
    "orderClosedAs": None,
}


def with_on_hold(state: dict[str, Any]) -> dict[str, Any]:
    """A copy of rate_request.json with a confirmed booking staff may put on hold and release again."""
    spec = copy.deepcopy(rate_request_file())
    spec["states"].append(state)
    spec["transitions"] += [
        {"trigger": "hold", "source": ["shipping_order"], "dest": "on_hold", "actor": "staff"},
        {"trigger": "release", "source": ["on_hold"], "dest": "shipping_order", "actor": "staff"},
    ]
    spec["triggers"].update(
        hold={"label": "put on hold", "labelFa": "نگه داشتن"},
        release={"label": "release", "labelFa": "آزاد کردن"},
    )
    return spec


def test_the_rate_request_file_lists_every_fact_the_server_reads() -> None:
    assert set(rate_request_file()["stateFacts"]) == SERVER_READS
    assert lifecycle("rate_request").fact("cancelled", "final") is True


def test_a_state_added_with_its_facts_is_in_every_list() -> None:
    machine = build(with_on_hold(ON_HOLD))
    assert "on_hold" in state_facts.sailing_states(machine)
    assert state_facts.sailing_open_to("on_hold", "staff", machine)
    assert not state_facts.sailing_open_to("on_hold", "customer", machine)
    assert "on_hold" in state_facts.confirmed_states(machine)
    assert "on_hold" in state_facts.cargo_expected_states(machine)
    assert "on_hold" in state_facts.amendable_states(machine)
    assert "on_hold" in state_facts.order_due_states(machine)
    assert "on_hold" not in state_facts.update_awaiting_states(machine)
    assert state_facts.order_closed_as("on_hold", machine) is None
    assert _statuses("rate_request", states=machine.spec["states"])["on_hold"] == "CONFIRMED"
    # Whose move and what staff may do come from the transitions the copy gave it.
    assert machine.waiting_for("on_hold") == "staff"
    assert machine.may("release", "on_hold", "staff")
    assert not machine.may("reject", "on_hold", "staff")


def _keeps(found: tuple[str, ...], known: tuple[str, ...]) -> bool:
    """`found` holds the `known` states in their order (a state added to the file may join it anywhere)."""
    return [state for state in found if state in known] == list(known)


def test_the_lists_of_the_real_file() -> None:
    """What the lists were when they were written by hand: the facts in the file give them still (a floor,
    so a state added to the file costs no edit here; a fact lost from a known state fails)."""
    assert _keeps(
        state_facts.sailing_states(),
        ("requested", "quoted", "revision_requested", "loi_pending", "shipping_order"),
    )
    assert _keeps(state_facts.confirmed_states(), ("shipping_order", "completed", "cancelled"))
    assert _keeps(state_facts.cargo_expected_states(), ("shipping_order", "completed"))
    assert _keeps(state_facts.amendable_states(), ("shipping_order",))
    assert _keeps(state_facts.update_awaiting_states(), ("requested", "quoted"))
    # Known states that are in none of a list stay out of it.
    assert not {"completed", "cancelled", "price_expired"} & set(state_facts.sailing_states())
    assert not {"requested", "quoted", "price_expired"} & set(state_facts.confirmed_states())
    assert not {"completed", "cancelled"} & set(state_facts.amendable_states())
    assert not state_facts.sailing_open_to("shipping_order", "customer")
    assert state_facts.sailing_open_to("loi_pending", "customer")


def test_the_order_states_filled_again_are_the_resubmit_transition_s_sources() -> None:
    """Where the customer may fill her order again (decision 3824) is read from shipping_order.json: its
    cancelled and declined orders, and a state a copy lets her resubmit from; never one staff hold."""
    assert state_facts.order_refill_states() == ("cancelled", "declined")
    spec = json.loads((MACHINES / "shipping_order.json").read_text(encoding="utf-8"))
    cancelled = next(s for s in spec["states"] if s["name"] == "cancelled")
    spec["states"].append({**cancelled, "name": "withdrawn", "code": 7})
    for transition in spec["transitions"]:
        if transition["trigger"] == "resubmit":
            transition["source"] = [*transition["source"], "withdrawn"]
    found = state_facts.order_refill_states(build(spec))
    assert found == ("cancelled", "declined", "withdrawn")
    assert not {"submitted", "revision_requested", "update_received", "ready_for_approval"} & set(found)


def test_a_state_added_without_its_facts_is_refused_naming_each_missing_fact() -> None:
    bare = {"name": "on_hold", "code": 9, "label": "On Hold", "dcsa": "CONFIRMED"}
    with pytest.raises(StateFactsMissing) as refused:
        build(with_on_hold(bare))
    said = str(refused.value)
    assert said.startswith("state-machines/rate_request.json: state on_hold does not declare ")
    for fact in SERVER_READS - {"dcsa"}:
        assert fact in said
    assert "dcsa," not in said and not said.endswith("dcsa")


def test_a_booking_that_ends_says_what_its_shipping_order_becomes() -> None:
    machine = lifecycle("rate_request")
    order = lifecycle("shipping_order")
    for state in machine.codes:  # every state but the initial one
        closed_as = state_facts.order_closed_as(state)
        assert (closed_as is not None) == bool(machine.fact(state, "final")), state
        # ... the state an open order reaches by closing with its booking (not final since decision 3824:
        # a customer may fill it again while the booking is live, never once closed with it).
        if closed_as is not None:
            guards = {f"booking_{closed_as}": True}
            assert order.decide("close", "submitted", "system", guards) == closed_as, state


def test_one_forgotten_fact_is_named() -> None:
    partial = {k: v for k, v in ON_HOLD.items() if k != "sailing"}
    with pytest.raises(StateFactsMissing, match=r"state on_hold does not declare sailing$"):
        build(with_on_hold(partial))


def test_a_fact_the_file_does_not_list_is_a_mistake_of_the_code() -> None:
    machine: Lifecycle = lifecycle("rate_request")
    with pytest.raises(KeyError, match="lists no state fact 'colour'"):
        machine.fact("quoted", "colour")


@pytest.mark.parametrize("machine_id", ["booking_amendment", "booking_cancellation", "rate_request"])
def test_every_state_of_the_files_declares_every_fact(machine_id: str) -> None:
    spec = json.loads((MACHINES / f"{machine_id}.json").read_text(encoding="utf-8"))
    assert spec["stateFacts"]
    for state in spec["states"]:
        assert set(spec["stateFacts"]) <= set(state), state["name"]
