"""Guessing a password is slowed per account AND address, so guessing can never keep the owner out.

Each account may be tried FREE_FAILURES times from one address in a window; from the last of those on,
that address takes one password check on that account per growing gap (1 s, 2 s, 4 s ... at most
MAX_GAP_SECONDS), and a refused try answers 429 with the seconds to wait. The gap is that address's own:
somebody guessing from elsewhere neither uses it up nor takes the slot it advertised, so the owner from
another address logs in at once, and from the same address after the `Retry-After` they were told. An
address guessing many accounts is slowed by the per-address limit (api/edge/account_limits.py). Counted before
the check, in the shared counters: concurrent guesses on any number of workers cannot overtake it.
"""

from __future__ import annotations

import math

from api.edge.account_limits import FAILED_LOGINS
from domain.shared.errors import TooManyAttempts
from infrastructure.attempt_counters import AttemptCounters

FREE_FAILURES = 5
WINDOW_SECONDS = 15 * 60
MAX_GAP_SECONDS = 60.0


class LoginThrottle:
    def __init__(self, counters: AttemptCounters) -> None:
        self.counters = counters

    @staticmethod
    def _pair(username: str, address: str) -> str:
        return f"{username.lower()}|{address}"

    def _failures(self, username: str, address: str) -> str:
        return f"login-failures:{self._pair(username, address)}"

    def _gap(self, username: str, address: str) -> str:
        return f"login-gap:{self._pair(username, address)}"

    @staticmethod
    def gap_after(tries: int) -> float:
        """The wait after the `tries`-th counted try (from the FREE_FAILURES-th on)."""
        return min(2.0 ** (tries - FREE_FAILURES), MAX_GAP_SECONDS)

    def take(self, username: str, address: str) -> None:
        """Count a try on the account from this address before its password is checked; refuse (429) a try
        that comes before this address's gap on the account has passed."""
        failures = self._failures(username, address)
        (count,) = self.counters.take((failures,), WINDOW_SECONDS)
        if count.attempts < FREE_FAILURES:
            return
        (gap,) = self.counters.take((self._gap(username, address),), self.gap_after(count.attempts))
        if gap.attempts > 1:
            self.counters.give_back((failures,))  # not checked: it does not grow the gap
            wait = max(math.ceil(gap.window_ends - self.counters.clock()), 1)
            raise TooManyAttempts(FAILED_LOGINS, wait)

    def succeeded(self, username: str, address: str) -> None:
        """The owner got in from here: this address's failures on the account are forgiven."""
        self.counters.reset((self._failures(username, address), self._gap(username, address)))
