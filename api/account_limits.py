"""Attempt limits of the accounts calls (brute force on codes, tokens, passwords; message floods)."""

from __future__ import annotations

from dataclasses import dataclass, field

from api.rate_limit import AttemptLimiter

TRY_LATER = "Too many attempts; try again later"


@dataclass
class AccountLimiters:
    # Every sign-up call (start, finalize, resend) from one address.
    signup_by_address: AttemptLimiter = field(default_factory=lambda: AttemptLimiter(30, 600, TRY_LATER))
    # Wrong verification codes per sign-up and per address (the code itself is void after 5 wrong tries).
    verify_by_registration: AttemptLimiter = field(
        default_factory=lambda: AttemptLimiter(10, 900, "Too many wrong codes; try again later")
    )
    verify_by_address: AttemptLimiter = field(
        default_factory=lambda: AttemptLimiter(30, 900, "Too many wrong codes; try again later")
    )
    # Reset-link requests per national id and per address (counted whether the id exists or not).
    reset_by_national_id: AttemptLimiter = field(
        default_factory=lambda: AttemptLimiter(3, 900, "Too many reset requests; try again later")
    )
    reset_by_address: AttemptLimiter = field(
        default_factory=lambda: AttemptLimiter(10, 900, "Too many reset requests; try again later")
    )
    # Wrong reset tokens per address, wrong current passwords per account.
    reset_token_by_address: AttemptLimiter = field(default_factory=lambda: AttemptLimiter(10, 900, TRY_LATER))
    change_password_by_account: AttemptLimiter = field(
        default_factory=lambda: AttemptLimiter(5, 300, TRY_LATER)
    )
