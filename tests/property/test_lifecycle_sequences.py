"""Random trigger sequences: the transitions-backed lifecycle agrees with a plain reading of the JSON."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.shared.errors import Forbidden, IllegalTransition
from domain.shared.lifecycle import MACHINES_DIR, lifecycle

SPECS = {path.stem: json.loads(path.read_text()) for path in sorted(MACHINES_DIR.glob("*.json"))}


def reference_next(
    spec: dict[str, Any], state: str, trigger: str, actor: str, guards: dict[str, bool]
) -> str | None:
    """The JSON read literally: the first listed transition whose trigger, source, actor and guards match."""
    for transition in spec["transitions"]:
        if (
            transition["trigger"] == trigger
            and state in transition["source"]
            and transition["actor"] == actor
            and all(guards.get(g, False) for g in transition.get("guards", []))
        ):
            return str(transition["dest"])
    return None


@st.composite
def journeys(draw: st.DrawFn) -> tuple[str, list[tuple[str, str, dict[str, bool]]]]:
    machine = draw(st.sampled_from(sorted(SPECS)))
    spec = SPECS[machine]
    triggers = sorted({t["trigger"] for t in spec["transitions"]})
    actors = sorted({t["actor"] for t in spec["transitions"]} | {"customer", "staff"})
    guard_names = sorted({g for t in spec["transitions"] for g in t.get("guards", [])})
    steps = draw(
        st.lists(
            st.tuples(
                st.sampled_from(triggers),
                st.sampled_from(actors),
                st.fixed_dictionaries({g: st.booleans() for g in guard_names}),
            ),
            max_size=25,
        )
    )
    return machine, steps


@settings(max_examples=300, deadline=None)
@given(journeys())
def test_random_sequences_follow_the_json(
    journey: tuple[str, list[tuple[str, str, dict[str, bool]]]],
) -> None:
    machine, steps = journey
    spec = SPECS[machine]
    subject = lifecycle(machine)
    declared = {spec["initial"], *(s["name"] for s in spec["states"])}
    finals = {s["name"] for s in spec["states"] if s.get("final")}
    state = spec["initial"]
    for trigger, actor, guards in steps:
        expected = reference_next(spec, state, trigger, actor, guards)
        try:
            actual: str | None = subject.decide(trigger, state, actor, guards)
        except (IllegalTransition, Forbidden):
            actual = None
        assert actual == expected, (machine, state, trigger, actor, guards)
        if state in finals:
            assert actual is None, f"{machine}: final state {state} left by {trigger}"
        if actual is not None:
            state = actual
        assert state in declared
