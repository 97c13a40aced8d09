"""ISO 6346 container numbers: owner code, category (U, J or Z), serial (6 digits), check digit."""

from __future__ import annotations

import re

_PATTERN = re.compile(r"^[A-Z]{3}[UJZ][0-9]{6}[0-9]\Z")


def _letter_values() -> dict[str, int]:
    # Letters count from 10, skipping multiples of 11 (11, 22, 33).
    values: dict[str, int] = {}
    value = 10
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        if value % 11 == 0:
            value += 1
        values[letter] = value
        value += 1
    return values


LETTERS = _letter_values()


def check_digit(first_ten: str) -> int:
    """The check digit of the first ten characters (owner code, category, serial)."""
    text = first_ten.strip().upper()
    if len(text) != 10 or not re.fullmatch(r"[A-Z]{4}\d{6}", text):
        raise ValueError(f"not the first ten characters of a container number: {first_ten!r}")
    total: int = sum((LETTERS[c] if c.isalpha() else int(c)) * (2**i) for i, c in enumerate(text))
    return total % 11 % 10


def is_valid(number: str) -> bool:
    text = number.strip().upper()
    return bool(_PATTERN.fullmatch(text)) and check_digit(text[:10]) == int(text[10])


def complete(first_ten: str) -> str:
    return f"{first_ten.upper()}{check_digit(first_ten)}"
