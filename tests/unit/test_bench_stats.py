"""The benchmark's pure parts: percentiles, ratios, targets and the printed table."""

from __future__ import annotations

import math

import pytest

from bench.stats import Figure, Target, percentile, ratio, summarise, table


def test_percentile_interpolates_between_closest_ranks() -> None:
    values = [4.0, 1.0, 3.0, 2.0]
    assert percentile(values, 0) == 1.0
    assert percentile(values, 100) == 4.0
    assert percentile(values, 50) == 2.5
    assert percentile(list(range(1, 101)), 99) == pytest.approx(99.01)


def test_percentile_of_one_and_of_none() -> None:
    assert percentile([7.0], 99) == 7.0
    assert math.isnan(percentile([], 50))
    with pytest.raises(ValueError):
        percentile([1.0], 101)


def test_summarise_reports_rate_and_milliseconds() -> None:
    summary = summarise([0.010, 0.020, 0.030, 0.040], seconds=2.0)
    assert summary["count"] == 4
    assert summary["per_second"] == 2.0
    assert summary["p50_ms"] == pytest.approx(25.0)
    assert summary["max_ms"] == pytest.approx(40.0)


def test_ratio_is_above_one_when_better_either_way() -> None:
    assert ratio(80.0, 100.0) == 0.8
    assert ratio(10.0, 20.0, lower_is_better=True) == 2.0
    assert ratio(None, 1.0) is None
    assert ratio(1.0, 0.0) is None


def test_targets_check_value_and_ratio_together() -> None:
    both = Target(at_least=45_000, ratio_at_least=0.3)
    assert both.holds(50_000, 0.4) is True
    assert both.holds(50_000, 0.2) is False
    assert both.holds(40_000, 0.4) is False
    assert Target(at_most=20).holds(float("nan"), None) is False
    assert Target().holds(1.0, 1.0) is None


def test_table_has_one_row_per_figure_with_ratio_and_verdict() -> None:
    figures = [
        Figure("list read p99", 12.0, "ms", 6.0, "bare FastAPI", True, Target(at_most=20, text="<= 20 ms")),
        Figure("commands/s", 400.0, "/s", 1000.0, "library", target=Target(ratio_at_least=0.8, text="r")),
        Figure("seed events/s", 9000.0, "/s"),
    ]
    lines = table(figures, "title").splitlines()
    assert lines[0] == "title"
    assert [c.strip() for c in lines[1].strip("|").split("|")] == [
        "figure", "measured", "baseline", "ratio", "target", "ok?",
    ]  # fmt: skip
    cells = [[c.strip() for c in line.strip("|").split("|")] for line in lines[3:]]
    assert cells[0] == ["list read p99", "12.0 ms", "6.00 ms (bare FastAPI)", "0.50", "<= 20 ms", "yes"]
    assert cells[1][3:] == ["0.40", "r", "NO"]
    assert cells[2] == ["seed events/s", "9,000 /s", "-", "-", "-", "-"]
    assert len({len(line) for line in lines[1:]}) == 1  # aligned columns
