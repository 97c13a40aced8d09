"""Attempt limits (failed logins, code tries, reset requests), per key, shared by every worker process.

An attempt is counted before it is tried (`take`), in the shared database, atomically: two hundred wrong
passwords arriving at once on any number of workers get exactly `limit` tries between them. An attempt that
turned out fine is given back (`attempt` does it), so only failures use up the allowance.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager

from domain.shared.errors import TooManyAttempts, ValidationFailed
from infrastructure.attempt_counters import AttemptCounters


class AttemptLimiter:
    def __init__(
        self,
        counters: AttemptCounters,
        name: str,
        limit: int,
        window_seconds: float,
        description: str = "Too many attempts",
    ) -> None:
        self.counters = counters
        self.name = name
        self.limit = limit
        self.window = window_seconds
        self.description = description

    def _keys(self, keys: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(f"{self.name}:{key}" for key in keys)

    def take(self, *keys: str) -> None:
        """Count one attempt on every key; refuse (429) when any key has used up its allowance."""
        counts = self.counters.take(self._keys(keys), self.window)
        over = [count for count in counts if count.attempts > self.limit]
        if over:
            now = self.counters.clock()
            retry_after = max(math.ceil(max(count.window_ends for count in over) - now), 1)
            raise TooManyAttempts(self.description, retry_after)

    def give_back(self, *keys: str) -> None:
        self.counters.give_back(self._keys(keys))

    def reset(self, *keys: str) -> None:
        self.counters.reset(self._keys(keys))

    @contextmanager
    def attempt(
        self, *keys: str, failures: tuple[type[Exception], ...] = (ValidationFailed,)
    ) -> Iterator[None]:
        """Count an attempt; it stays counted only when the block raises one of `failures` (a wrong try)."""
        self.take(*keys)
        try:
            yield
        except failures:
            raise
        except BaseException:
            self.give_back(*keys)
            raise
        self.give_back(*keys)
