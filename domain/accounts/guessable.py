"""Passwords too easy to guess: on zxcvbn's common-password and word lists, or made of the
account's own name or id, scored by zxcvbn (the same lists the web's check uses, `@zxcvbn-ts`).

Refused below score 2 ("very guessable": `Password1`, `Qwerty123`, `P@ssw0rd`, `<national id>A`). Only the
first CHECKED_LENGTH characters are scored: zxcvbn's matching grows quickly with length, and a password
longer than that is not guessed from a list anyway.
"""

from __future__ import annotations

from collections.abc import Iterable

from zxcvbn import zxcvbn

REFUSED_BELOW = 2
CHECKED_LENGTH = 64


def too_guessable(password: str, related: Iterable[str] = ()) -> bool:
    """Whether `password` is on a common list or built from `related` (the username, the person's names)."""
    inputs = [word for word in related if word]
    return int(zxcvbn(password[:CHECKED_LENGTH], user_inputs=inputs)["score"]) < REFUSED_BELOW
