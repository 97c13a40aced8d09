"""Guessing one account's password is slowed across every address (issue 23), without locking its owner out.

Each account may fail FREE_FAILURES logins in a window from anywhere; past that, the account takes one
password check per growing gap (1 s, 2 s, 4 s ... at most MAX_GAP_SECONDS) whatever the number of
addresses asking, and a refused try answers 429 with the seconds to wait. Nothing is locked: the owner is
at most MAX_GAP_SECONDS from a try, and an address the account logged in from before (within KNOWN_FOR) is
not throttled at all (the per-address limits still hold there), so guessing from elsewhere cannot keep the
owner out. Counted before the check, in the shared counters: concurrent guesses on any number of workers
cannot overtake it.
"""

from __future__ import annotations

import math

from api.account_limits import FAILED_LOGINS
from domain.shared.errors import TooManyAttempts
from infrastructure.attempt_counters import AttemptCounters

FREE_FAILURES = 5
WINDOW_SECONDS = 15 * 60
MAX_GAP_SECONDS = 30.0
KNOWN_FOR_SECONDS = 30 * 24 * 3600


class LoginThrottle:
    def __init__(self, counters: AttemptCounters) -> None:
        self.counters = counters

    @staticmethod
    def _failures(username: str) -> str:
        return f"login-account:{username.lower()}"

    @staticmethod
    def _gap(username: str) -> str:
        return f"login-account-gap:{username.lower()}"

    @staticmethod
    def _known(username: str, address: str) -> str:
        return f"login-known:{username.lower()}|{address}"

    def gap_after(self, failures: int) -> float:
        return min(2.0 ** (failures - FREE_FAILURES - 1), MAX_GAP_SECONDS)

    def take(self, username: str, address: str) -> bool:
        """Count a try on the account before its password is checked; refuse (429) a try that comes before
        the account's gap has passed. Answers whether a try was counted (False: a known address)."""
        if self.counters.peek(self._known(username, address)):
            return False
        (count,) = self.counters.take((self._failures(username),), WINDOW_SECONDS)
        if count.attempts <= FREE_FAILURES:
            return True
        (gap,) = self.counters.take((self._gap(username),), self.gap_after(count.attempts))
        if gap.attempts > 1:
            self.counters.give_back((self._failures(username),))  # not checked: it does not grow the gap
            wait = max(math.ceil(gap.window_ends - self.counters.clock()), 1)
            raise TooManyAttempts(FAILED_LOGINS, wait)
        return True

    def succeeded(self, username: str, address: str) -> None:
        """The owner got in: earlier failures are forgiven and this address is known from now on."""
        self.counters.reset((self._failures(username), self._gap(username)))
        self.counters.take((self._known(username, address),), KNOWN_FOR_SECONDS)
