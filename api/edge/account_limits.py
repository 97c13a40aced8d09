"""Attempt limits of the accounts calls (brute force on logins, codes, tokens, passwords; message floods)."""

from __future__ import annotations

from api.edge.rate_limit import AttemptLimiter
from infrastructure.attempt_counters import AttemptCounters

TRY_LATER = "Too many attempts; try again later"
FAILED_LOGINS = "Too many failed logins; try again later"
WRONG_CODES = "Too many wrong codes; try again later"
RESETS = "Too many reset requests; try again later"
CODES = "Too many verification codes sent to this number; try again later"


class Limiters:
    def __init__(self, counters: AttemptCounters, signups_per_address: int = 30) -> None:
        self.counters = counters  # also the DCSA door's request counts (api/dcsa/door.py)

        def limiter(name: str, limit: int, window: float, description: str) -> AttemptLimiter:
            return AttemptLimiter(counters, name, limit, window, description)

        # Failed logins per address (one account from one address: api/edge/login_throttle.py): somebody
        # guessing the owner's password slows only themselves, never the owner logging in from elsewhere.
        self.login_by_address = limiter("login-address", 20, 300, FAILED_LOGINS)
        # Every sign-up call (start, finalize, resend) from one address.
        self.signup_by_address = limiter("signup-address", signups_per_address, 600, TRY_LATER)
        # Wrong verification codes per sign-up id (as many as a code allows, and counted for ids with no
        # sign-up too, so both are refused alike; a resend resets it) and per address.
        self.verify_by_registration = limiter("verify-registration", 5, 900, WRONG_CODES)
        self.verify_by_address = limiter("verify-address", 30, 900, WRONG_CODES)
        # Verification codes sent to one phone number, whichever sign-ups ask (each code is an SMS someone
        # pays for and the number's owner receives).
        self.codes_by_phone = limiter("codes-phone", 3, 3600, CODES)
        # Reset-link requests per national id and per address (counted whether the id exists or not).
        self.reset_by_national_id = limiter("reset-id", 3, 900, RESETS)
        self.reset_by_address = limiter("reset-address", 10, 900, RESETS)
        # Wrong reset tokens per address, wrong current passwords per account.
        self.reset_token_by_address = limiter("reset-token-address", 10, 900, TRY_LATER)
        self.change_password_by_account = limiter("change-password-account", 5, 300, TRY_LATER)
