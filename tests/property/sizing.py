"""How many examples a property test draws. `make test` draws a quarter of a property's full count (at
least 50): every property still runs on every commit, at a quarter of the CPU. `PROPERTY_LONG=1` draws the
full count, and runs the stateful machines long too (the crossings and the hostile sequences, each of which
also has its own switch): run it after changing what a property covers (the encoders, the history's writing,
an action or a check of a machine)."""

from __future__ import annotations

import os

LONG = os.environ.get("PROPERTY_LONG") == "1"


def examples(full: int) -> int:
    return full if LONG else max(50, full // 4)


def long_run(switch: str) -> bool:
    """Whether a stateful machine runs long: `PROPERTY_LONG=1` or its own `switch` (`CROSSINGS_LONG`)."""
    return LONG or os.environ.get(switch) == "1"
