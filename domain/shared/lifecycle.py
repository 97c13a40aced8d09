"""Lifecycles loaded from `state-machines/*.json` with `transitions`.

The machine only answers "may this trigger fire from this state, for this actor, and where does it lead?".
Aggregates set their own state in their event methods, so replaying history never runs a callback.

Each file's `triggers` gives every trigger its `label`: the words of the act with the machine's thing as
their object ("withdraw the update of" a shipping order), which the refusals read, and its `labelFa`, the
Persian the edge answers them in with the file's `labelFa`, its thing's Persian name (decision 3841).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from transitions import Machine

from domain.shared.errors import Forbidden, IllegalTransition, a_thing

MACHINES_DIR = Path(__file__).resolve().parents[2] / "state-machines"
_ACTOR = "actor:"
# The lifecycle actors who are people (the system and a visitor before sign-up never "owe" a move).
PEOPLE = ("customer", "staff")


@dataclass(frozen=True)
class Lifecycle:
    id: str
    initial: str
    codes: Mapping[str, int]
    labels: Mapping[str, str]
    machine: Machine
    spec: Mapping[str, Any]

    @property
    def states(self) -> list[str]:
        return [self.initial, *self.codes]

    @property
    def triggers(self) -> list[str]:
        return list(dict.fromkeys(t["trigger"] for t in self.spec["transitions"]))

    @property
    def actors(self) -> list[str]:
        return list(dict.fromkeys(t["actor"] for t in self.spec["transitions"]))

    @property
    def every_guard(self) -> dict[str, bool]:
        """Every guard of the machine set true: asks only "may this fire from here, for this actor?"."""
        return {g: True for t in self.spec["transitions"] for g in t.get("guards", [])}

    def code(self, state: str) -> int:
        return self.codes[state]

    @property
    def thing(self) -> str:
        """What the machine's refusals call its thing ("shipping order"); the file's `labelFa` says it in
        Persian."""
        return self.id.replace("_", " ")

    def action(self, trigger: str) -> str:
        """The words of `trigger` (its label in the file), as a refusal says them: "Cannot {action} a ...".
        A trigger the file does not have is named as it is (a mistake of the code that asks)."""
        return str(self.spec["triggers"].get(trigger, {}).get("label") or trigger)

    def fact(self, state: str, name: str) -> Any:
        """What the file says of `state` under `name`, one of its `stateFacts` (the loader checked that every
        state declares every one). A name the file does not list is a mistake in the code that asks."""
        if name not in self.spec.get("stateFacts", {}):
            raise KeyError(f"state-machines/{self.id}.json lists no state fact {name!r}")
        return next(s[name] for s in self.spec["states"] if s["name"] == state)

    def states_where(self, name: str, holds: Callable[[Any], bool] = bool) -> tuple[str, ...]:
        """The states, in file order, whose fact `name` `holds` (by default: is true, or a non-empty list)."""
        return tuple(s["name"] for s in self.spec["states"] if holds(self.fact(s["name"], name)))

    def decide(
        self, trigger: str, state: str, actor_role: str, guards: Mapping[str, bool] | None = None
    ) -> str:
        """The destination of `trigger` from `state`, or an error naming why it may not fire."""
        event = self.machine.events.get(trigger)
        candidates = event.transitions.get(state, []) if event else []
        code = self.codes.get(state)
        action = self.action(trigger)
        if not candidates:
            raise IllegalTransition(self.id, state, trigger, code, action=action)
        allowed_for_actor = [t for t in candidates if _ACTOR + actor_role in _condition_names(t)]
        if not allowed_for_actor:
            raise self.not_for(actor_role, trigger)
        given = guards or {}
        for transition in allowed_for_actor:
            names = [n for n in _condition_names(transition) if not n.startswith(_ACTOR)]
            if all(given.get(name, False) for name in names):
                return str(transition.dest)
        raise IllegalTransition(self.id, state, trigger, code, action=action)

    def not_for(self, actor_role: str, trigger: str) -> Forbidden:
        """The refusal of an actor whose role `trigger` is not for, in the file's words: "Staff may not
        withdraw the update of a shipping order" (contract/error-messages.json's `mayNot`)."""
        who = a_thing(actor_role)
        return Forbidden(f"{who[:1].upper()}{who[1:]} may not {self.action(trigger)} {a_thing(self.thing)}")

    def is_for(self, actor_role: str, trigger: str) -> bool:
        """Whether any transition of `trigger` is `actor_role`'s, from whichever state."""
        return any(t["trigger"] == trigger and t["actor"] == actor_role for t in self.spec["transitions"])

    def may(
        self, trigger: str, state: str, actor_role: str, guards: Mapping[str, bool] | None = None
    ) -> bool:
        try:
            self.decide(trigger, state, actor_role, guards)
        except (IllegalTransition, Forbidden):
            return False
        return True

    @property
    def depths(self) -> dict[str, int]:
        """Each state's distance from the initial state along the transitions (breadth first)."""
        depth = {self.initial: 0}
        frontier = [self.initial]
        while frontier:
            following = []
            for state in frontier:
                for transition in self.spec["transitions"]:
                    if state in transition["source"] and transition["dest"] not in depth:
                        depth[transition["dest"]] = depth[state] + 1
                        following.append(transition["dest"])
            frontier = following
        return depth

    def waiting_for(self, state: str, facts: Mapping[str, bool] | None = None) -> str | None:
        """Whose move it is in `state`: `customer`, `staff`, or None (nobody's: a final state, or only the
        system moves on).

        From the transitions a person may fire from `state` (guards named in `facts` as given, every other
        guard taken as met, since it speaks of input the person brings), the ones that matter most decide:
        first those that move the booking on (to a state further from the start), else those that lead
        elsewhere short of an end, else those that stay (a step within the state, such as sending documents).
        """
        guards = {**self.every_guard, **(facts or {})}
        depth = self.depths
        finals = {s["name"] for s in self.spec["states"] if s.get("final")}
        here = depth.get(state, 0)
        onward: list[str] = []
        aside: list[str] = []
        staying: list[str] = []
        for transition in self.spec["transitions"]:
            actor = transition["actor"]
            if state not in transition["source"] or actor not in PEOPLE:
                continue
            if not self.may(transition["trigger"], state, actor, guards):
                continue
            dest = transition["dest"]
            if dest == state:
                staying.append(actor)
            elif depth.get(dest, 0) > here:
                onward.append(actor)
            elif dest not in finals:
                aside.append(actor)
        for actors in (onward, aside, staying):
            if actors:
                return actors[0]
        return None

    def turn_after(self, state: str) -> str | None:
        """Whose turn it is in `state` of an exchange between the two sides (an amendment: asked, re-quoted,
        answered): the side that did not bring the matter into `state`, when it may move from there; else
        the side that did. None in a final state or where no person moves.

        The breadth-first rule of `waiting_for` cannot tell a re-quote apart: from `requoted` staff may quote
        again (a step within the state) and the customer's accepting leads to a state no further from the
        start than `requoted` is; yet the staff have just moved and it is the customer's turn.
        """
        guards = self.every_guard

        def movers(transitions: list[dict[str, Any]]) -> list[str]:
            return [t["actor"] for t in transitions if t["actor"] in PEOPLE]

        leaving = [
            t
            for t in self.spec["transitions"]
            if state in t["source"] and self.may(t["trigger"], state, t["actor"], guards)
        ]
        able = movers(leaving)
        if not able:
            return None
        entering = [t for t in self.spec["transitions"] if t["dest"] == state and t["source"] != [state]]
        brought = set(movers(entering))
        others = [actor for actor in able if actor not in brought]
        return (others or able)[0]

    def table(self) -> list[list[str]]:
        """Every (state, trigger, actor) that may fire with all guards true, and where it leads.

        The web build computes the same table from the same files; a test compares the two.
        """
        every_guard = self.every_guard
        rows = []
        for state in self.states:
            for trigger in self.triggers:
                for actor in self.actors:
                    if self.may(trigger, state, actor, every_guard):
                        rows.append(
                            [self.id, state, trigger, actor, self.decide(trigger, state, actor, every_guard)]
                        )
        return sorted(rows)


def _condition_names(transition: Any) -> list[str]:
    return [str(condition.func) for condition in transition.conditions]


class StateFactsMissing(ValueError):
    """A lifecycle file with a state that does not declare every fact its `stateFacts` lists."""


def check_state_facts(spec: Mapping[str, Any]) -> None:
    """Every state declares every fact the file's `stateFacts` lists (null is a declaration, absence is not):
    a state added without them fails here, at load, naming the state and what it lacks, instead of being
    left out of a list somewhere."""
    facts = list(spec.get("stateFacts", {}))
    missing = {
        s["name"]: [f for f in facts if f not in s] for s in spec["states"] if any(f not in s for f in facts)
    }
    if missing:
        named = "; ".join(f"state {s} does not declare {', '.join(lack)}" for s, lack in missing.items())
        raise StateFactsMissing(f"state-machines/{spec['id']}.json: {named}")


class TriggerLabelsMissing(ValueError):
    """A lifecycle file whose triggers do not each read as words: a trigger without a label or its Persian
    (`labelFa`), a label for no trigger, a label that is not a phrase of lower-case words, or a file without
    its thing's Persian name (`labelFa`)."""


# Lower-case words, one space between: "withdraw the update of", "mark as read".
PHRASE = re.compile(r"[a-z]+( [a-z]+)*")


def check_trigger_labels(spec: Mapping[str, Any]) -> None:
    """Every trigger of the file's transitions has a label in its `triggers`, each a phrase, and every label
    names a trigger: a trigger added without its words fails here, at load, naming it, instead of a
    refusal reading "Cannot cancel_update a ...". So does one without its Persian words (`labelFa`), which
    the Persian refusal says, and a file without its thing's Persian name."""
    labels = {name: said.get("label") for name, said in spec.get("triggers", {}).items()}
    triggers = list(dict.fromkeys(t["trigger"] for t in spec["transitions"]))
    problems = [f"trigger {t} has no label" for t in triggers if t not in labels]
    problems += [
        f"trigger {name} has no labelFa"
        for name, said in spec.get("triggers", {}).items()
        if not _words(said.get("labelFa"))
    ]
    if not _words(spec.get("labelFa")):
        problems.append("the file has no labelFa (its thing's Persian name)")
    problems += [f"label for {name}, which no transition fires" for name in labels if name not in triggers]
    problems += [
        f"trigger {name}'s label {said!r} is not a phrase of lower-case words"
        for name, said in labels.items()
        if not isinstance(said, str) or PHRASE.fullmatch(said) is None
    ]
    if problems:
        raise TriggerLabelsMissing(f"state-machines/{spec['id']}.json: {'; '.join(problems)}")


def _words(said: Any) -> bool:
    return isinstance(said, str) and said.strip() == said != ""


def build(spec: Mapping[str, Any]) -> Lifecycle:
    """A lifecycle from a file's contents (`lifecycle` reads the file; a test may give a changed copy)."""
    check_state_facts(spec)
    check_trigger_labels(spec)
    states = [s["name"] for s in spec["states"]]
    machine = Machine(
        model=None,
        states=[spec["initial"], *states],
        initial=spec["initial"],
        transitions=[
            {
                "trigger": t["trigger"],
                "source": t["source"],
                "dest": t["dest"],
                "conditions": [_ACTOR + t["actor"], *t.get("guards", [])],
            }
            for t in spec["transitions"]
        ],
        auto_transitions=False,
        send_event=False,
    )
    return Lifecycle(
        id=spec["id"],
        initial=spec["initial"],
        codes={s["name"]: s["code"] for s in spec["states"]},
        labels={s["name"]: s["label"] for s in spec["states"]},
        machine=machine,
        spec=spec,
    )


@cache
def lifecycle(machine_id: str) -> Lifecycle:
    path = MACHINES_DIR / f"{machine_id}.json"
    return build(json.loads(path.read_text(encoding="utf-8")))


def all_lifecycles() -> list[Lifecycle]:
    return [lifecycle(path.stem) for path in sorted(MACHINES_DIR.glob("*.json"))]
