"""Within a lifecycle, two acts never share their words: a refusal names the act by its trigger's `label`
("Cannot ask for a booking amendment ...", "A customer may not request a booking amendment") and the
Persian answer by its `labelFa`, which the edge finds by the English label (api/edge/languages.py). Two
triggers with one word leave the reader unable to tell which act was refused (decision 3848)."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

import pytest

from domain.shared.lifecycle import MACHINES_DIR

SPECS = {
    path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(MACHINES_DIR.glob("*.json"))
}

# Triggers of one machine that are one act offered in different places, and so may share their words:
# {machine: [{trigger, trigger}, ...]}, each with why. None so far.
SAME_ACT: dict[str, list[frozenset[str]]] = {}


def shared_words(
    triggers: Mapping[str, Mapping[str, Any]], key: str, same_act: list[frozenset[str]]
) -> list[str]:
    """The words of `key` (`label`, `labelFa`) more than one act says, with the triggers that say them."""
    by_words: dict[str, set[str]] = defaultdict(set)
    for trigger, said in triggers.items():
        by_words[str(said[key])].add(trigger)
    return [
        f"{words!r}: {', '.join(sorted(names))}"
        for words, names in by_words.items()
        if len(names) > 1 and frozenset(names) not in same_act
    ]


@pytest.mark.parametrize("machine", sorted(SPECS))
@pytest.mark.parametrize("key", ["label", "labelFa"])
def test_each_act_of_a_machine_has_words_of_its_own(machine: str, key: str) -> None:
    assert shared_words(SPECS[machine]["triggers"], key, SAME_ACT.get(machine, [])) == []


def test_the_check_sees_two_acts_with_one_word_and_lets_one_act_in_two_places_pass() -> None:
    triggers = {
        "ask": {"label": "ask for", "labelFa": "درخواست"},
        "request": {"label": "request", "labelFa": "درخواست"},
    }
    assert shared_words(triggers, "labelFa", []) == ["'درخواست': ask, request"]
    assert shared_words(triggers, "label", []) == []
    assert shared_words(triggers, "labelFa", [frozenset({"ask", "request"})]) == []


def test_every_machine_is_read() -> None:
    assert len(SPECS) == 8 and all(spec["triggers"] for spec in SPECS.values())
