"""How many examples a property test draws. `make test` draws a quarter of a property's full count (at
least 50): every property still runs on every commit, at a quarter of the CPU. `PROPERTY_LONG=1` draws the
full count: run it after changing what a property covers (the encoders, the history's writing)."""

from __future__ import annotations

import os

LONG = os.environ.get("PROPERTY_LONG") == "1"


def examples(full: int) -> int:
    return full if LONG else max(50, full // 4)
