"""A parked event (followers/dead_letters.py) as /health and the `freight` commands show it."""

from __future__ import annotations

from typing import Any

from api.mapping import wire_name
from followers.dead_letters import DeadLetter

# What a summary tells (the traceback, `detail`, only where asked for).
SUMMARY = (
    "follower",
    "position",
    "event_id",
    "aggregate_id",
    "topic",
    "error",
    "attempts",
    "first_try",
    "last_try",
    "state",
    "reason",
)


def summary(letter: DeadLetter) -> dict[str, Any]:
    """The letter without its traceback, keyed in camelCase as every other answer."""
    return {wire_name(name): getattr(letter, name) for name in SUMMARY}
