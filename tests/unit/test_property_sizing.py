"""`PROPERTY_LONG=1` lengthens every property, the stateful machines too; a machine's own switch only it."""

from __future__ import annotations

import importlib
from collections.abc import Iterator

import pytest

import tests.property.crossings_machine as crossings
import tests.property.sizing as sizing
import tests.property.test_hostile_sequences as hostile

SWITCHES = ("PROPERTY_LONG", "CROSSINGS_LONG", "HOSTILE_LONG", "CROSSINGS_EXAMPLES", "CROSSINGS_STEPS")


def sized(monkeypatch: pytest.MonkeyPatch, **switches: str) -> tuple[int, int, int]:
    """The crossings' examples and steps and the hostile machines' examples, as read with `switches` set."""
    for name in SWITCHES:
        monkeypatch.delenv(name, raising=False)
    for name, value in switches.items():
        monkeypatch.setenv(name, value)
    for module in (sizing, crossings, hostile):
        importlib.reload(module)
    return crossings.EXAMPLES, crossings.STEPS, hostile.EXAMPLES


@pytest.fixture(autouse=True)
def as_set_for_this_run() -> Iterator[None]:
    yield
    for module in (sizing, crossings, hostile):
        importlib.reload(module)


@pytest.mark.parametrize(
    ("switches", "crossings_long", "hostile_long"),
    [
        ({}, False, False),
        ({"PROPERTY_LONG": "1"}, True, True),
        ({"CROSSINGS_LONG": "1"}, True, False),
        ({"HOSTILE_LONG": "1"}, False, True),
    ],
)
def test_the_long_switches_lengthen_what_they_name(
    monkeypatch: pytest.MonkeyPatch, switches: dict[str, str], crossings_long: bool, hostile_long: bool
) -> None:
    short_examples, short_steps, short_hostile = sized(monkeypatch)
    examples, steps, machines = sized(monkeypatch, **switches)
    assert (examples > short_examples and steps > short_steps) == crossings_long
    assert (machines > short_hostile) == hostile_long
