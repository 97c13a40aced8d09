"""How late an arrival reads, the same everywhere: hours rounded half up (the screens' own rounding), in the
progress line and in the notice of a moved estimate alike."""

from __future__ import annotations

import pytest

from domain.tracking.position import lateness, whole_hours


@pytest.mark.parametrize(
    ("hours", "said"),
    [
        (0.4, "on time"),
        (-0.9, "on time"),
        (12.5, "13 h late"),  # Python's round() said 12 (to even); the staff screen says 13
        (-12.5, "13 h early"),
        (23.4, "23 h late"),
        (36.0, "2 days late"),  # 1.5 days
        (-60.0, "3 days early"),  # 2.5 days
    ],
)
def test_lateness_rounds_half_up_as_the_screens_do(hours: float, said: str) -> None:
    assert lateness(hours) == said


def test_whole_hours_is_the_magnitude() -> None:
    assert [whole_hours(h) for h in (32.5, -32.5, 32.49, 0.5)] == [33, 33, 32, 1]
