"""ISO 6346 check digits and the seeded container inventory."""

from __future__ import annotations

import pytest

from domain.booking.containers import check_digit, complete, is_valid
from domain.booking.reference import seed_containers, seed_ports


def test_known_number_from_the_standard() -> None:
    assert check_digit("CSQU305438") == 3
    assert is_valid("CSQU3054383")
    assert is_valid("csqu3054383 ")


@pytest.mark.parametrize("number", ["CSQU3054384", "CSQU305438", "CSQX3054383", "C5QU3054383", ""])
def test_wrong_digit_category_or_shape_is_invalid(number: str) -> None:
    assert not is_valid(number)


def test_remainder_ten_becomes_zero() -> None:
    # Search a serial whose weighted sum leaves 10 modulo 11: its check digit must be 0.
    for serial in range(1000):
        text = f"ABCU{serial:06d}"
        letters = {"A": 10, "B": 12, "C": 13, "U": 32}
        total = sum((letters[c] if c.isalpha() else int(c)) * 2**i for i, c in enumerate(text))
        if total % 11 == 10:
            assert check_digit(text) == 0
            return
    pytest.fail("no serial with remainder 10 found")


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError):
        check_digit("ABC")


def test_seeded_inventory_is_valid_and_unique() -> None:
    containers = seed_containers()
    assert len(containers) >= 300
    assert all(is_valid(c.number) for c in containers)
    assert len({c.number for c in containers}) == len(containers)
    assert complete(containers[0].number[:10]) == containers[0].number


def test_seeded_ports_are_locodes() -> None:
    ports = seed_ports()
    assert len(ports) >= 300
    codes = [p.code for p in ports]
    assert len(set(codes)) == len(codes)
    assert all(len(c) == 5 and c[:2].isalpha() and c.isupper() for c in codes)
    assert {"CNSHA", "SGSIN", "NLRTM", "DEHAM", "AEJEA", "IRBND"} <= set(codes)
