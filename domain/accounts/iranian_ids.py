"""Iranian identifiers' check digits (record 3903): a mistyped national code or company national ID must not
reach staff as someone else's identity, so every door that takes a new one checks its last digit.

Pure functions on Latin digits (the forms read Persian and Arabic-Indic digits as Latin ones first). A foreign
company's ID is its own country's and free-form: no rule here.
"""

from __future__ import annotations

# The personal national code (کد ملی): 10 digits, the last a check digit over the first nine weighted 10..2.
NATIONAL_CODE_LENGTH = 10
# A domestic company's national ID (شناسه ملی): 11 digits, the last a check digit over the first ten.
LEGAL_ID_LENGTH = 11
_LEGAL_ID_COEFFICIENTS = (29, 27, 23, 19, 17)


def national_code_check_digit(first_nine: str) -> int:
    """The check digit that completes the nine digits `first_nine` into a national code."""
    remainder = sum(int(digit) * (10 - place) for place, digit in enumerate(first_nine)) % 11
    return remainder if remainder < 2 else 11 - remainder


def is_national_code(value: str) -> bool:
    """`value` is a 10-digit national code whose check digit holds, not ten identical digits (1111111111's
    check digit holds, yet no one has it: such numbers are what a hurried form is filled with)."""
    if len(value) != NATIONAL_CODE_LENGTH or not value.isascii() or not value.isdigit():
        return False
    if len(set(value)) == 1:
        return False
    return int(value[-1]) == national_code_check_digit(value[:-1])


def legal_id_check_digit(first_ten: str) -> int:
    """The check digit that completes the ten digits `first_ten` into a company's national ID: each digit plus
    (the tenth digit + 2), weighted 29, 27, 23, 19, 17 in turn; the sum modulo 11, with 10 written 0."""
    shift = int(first_ten[9]) + 2
    total = sum(
        (int(digit) + shift) * _LEGAL_ID_COEFFICIENTS[place % 5] for place, digit in enumerate(first_ten)
    )
    remainder = total % 11
    return 0 if remainder == 10 else remainder


def is_legal_id(value: str) -> bool:
    """`value` is an 11-digit company national ID whose check digit holds."""
    if len(value) != LEGAL_ID_LENGTH or not value.isascii() or not value.isdigit():
        return False
    return int(value[-1]) == legal_id_check_digit(value[:-1])
