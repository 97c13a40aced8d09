"""Pure helpers of the benchmark: percentiles, figures with their baselines, the printed table.

Nothing here measures time: the harness measures, these functions only summarise and format.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between closest ranks; NaN when empty."""
    if not 0 <= q <= 100:
        raise ValueError("q must be between 0 and 100")
    if not values:
        return math.nan
    ordered = sorted(values)
    if len(ordered) == 1:
        return float(ordered[0])
    rank = (len(ordered) - 1) * q / 100
    low = math.floor(rank)
    high = math.ceil(rank)
    if low == high:
        return float(ordered[low])
    return float(ordered[low] + (ordered[high] - ordered[low]) * (rank - low))


def summarise(latencies_s: Sequence[float], seconds: float) -> dict[str, float]:
    """Throughput and latency percentiles (milliseconds) of one bounded run."""
    count = len(latencies_s)
    return {
        "count": count,
        "seconds": seconds,
        "per_second": count / seconds if seconds > 0 else 0.0,
        "p50_ms": percentile(latencies_s, 50) * 1000,
        "p99_ms": percentile(latencies_s, 99) * 1000,
        "max_ms": (max(latencies_s) * 1000) if latencies_s else math.nan,
    }


def ratio(measured: float | None, baseline: float | None, lower_is_better: bool = False) -> float | None:
    """measured/baseline (or baseline/measured when lower is better), so above 1 always means better."""
    if measured is None or baseline is None or math.isnan(measured) or math.isnan(baseline):
        return None
    if lower_is_better:
        return baseline / measured if measured > 0 else None
    return measured / baseline if baseline > 0 else None


@dataclass
class Target:
    """A bound on the measured value (`at_most`/`at_least`) and/or on the ratio (`ratio_at_least`)."""

    at_most: float | None = None
    at_least: float | None = None
    ratio_at_least: float | None = None
    text: str = ""

    def holds(self, measured: float | None, achieved_ratio: float | None) -> bool | None:
        checks: list[bool] = []
        if self.at_most is not None:
            checks.append(measured is not None and not math.isnan(measured) and measured <= self.at_most)
        if self.at_least is not None:
            checks.append(measured is not None and not math.isnan(measured) and measured >= self.at_least)
        if self.ratio_at_least is not None:
            checks.append(achieved_ratio is not None and achieved_ratio >= self.ratio_at_least)
        return all(checks) if checks else None


@dataclass
class Figure:
    name: str
    measured: float | None
    unit: str
    baseline: float | None = None
    baseline_name: str = ""
    lower_is_better: bool = False
    target: Target = field(default_factory=Target)
    note: str = ""

    @property
    def ratio(self) -> float | None:
        return ratio(self.measured, self.baseline, self.lower_is_better)

    @property
    def ok(self) -> bool | None:
        return self.target.holds(self.measured, self.ratio)

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["ratio"] = self.ratio
        data["ok"] = self.ok
        return data


def number(value: float | None, unit: str = "") -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if abs(value) >= 100:
        text = f"{value:,.0f}"
    elif abs(value) >= 10:
        text = f"{value:.1f}"
    else:
        text = f"{value:.2f}"
    return f"{text} {unit}".strip()


HEADERS = ("figure", "measured", "baseline", "ratio", "target", "ok?")


def rows(figures: Iterable[Figure]) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for f in figures:
        verdict = {True: "yes", False: "NO", None: "-"}[f.ok]
        baseline = number(f.baseline, f.unit) if f.baseline is not None else "-"
        if f.baseline_name and f.baseline is not None:
            baseline = f"{baseline} ({f.baseline_name})"
        out.append(
            (
                f.name,
                number(f.measured, f.unit),
                baseline,
                "-" if f.ratio is None else f"{f.ratio:.2f}",
                f.target.text or "-",
                verdict,
            )
        )
    return out


def table(figures: Iterable[Figure], title: str = "") -> str:
    """One plain-text table: figure | measured | baseline | ratio | target | ok?"""
    body = rows(figures)
    widths = [max(len(h), *(len(r[i]) for r in body)) if body else len(h) for i, h in enumerate(HEADERS)]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    rule = "|-" + "-|-".join("-" * w for w in widths) + "-|"
    lines = [title] if title else []
    lines += [line(HEADERS), rule, *(line(r) for r in body)]
    return "\n".join(lines)
