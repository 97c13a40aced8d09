"""Sliding-window attempt limits (failed logins, code tries, reset requests), per key.

Kept in process memory: enough for one server process; a multi-worker deployment limits per worker.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict, deque

from domain.shared.errors import TooManyAttempts


class AttemptLimiter:
    def __init__(self, limit: int, window_seconds: float, description: str = "Too many attempts") -> None:
        self.limit = limit
        self.window = window_seconds
        self.description = description
        self._attempts: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def _prune(self, key: str, now: float) -> deque[float]:
        attempts = self._attempts[key]
        while attempts and now - attempts[0] >= self.window:
            attempts.popleft()
        return attempts

    def check(self, *keys: str) -> None:
        """Refuse when any key has used up its attempts inside the window."""
        now = time.monotonic()
        with self._lock:
            for key in keys:
                attempts = self._prune(key, now)
                if len(attempts) >= self.limit:
                    retry_after = int(self.window - (now - attempts[0])) + 1
                    raise TooManyAttempts(self.description, retry_after)

    def record(self, *keys: str) -> None:
        now = time.monotonic()
        with self._lock:
            for key in keys:
                self._prune(key, now).append(now)

    def reset(self, *keys: str) -> None:
        with self._lock:
            for key in keys:
                self._attempts.pop(key, None)
