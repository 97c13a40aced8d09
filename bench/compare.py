"""`freight bench --compare FILE`: this run's figures beside a stored earlier result (bench/baseline.json).

Absolute figures on a shared machine move with whatever else runs; ratios to a baseline measured in the same
run move far less, so ratios are what is compared. A ratio is marked WORSE when it fell by more than twice
the noise the runs measured themselves (`noise.relative`: the same baselines measured twice in one run; the
larger of the two runs'). Figures without a baseline (lag, sizes) are shown beside each other and marked
only when worse by more than three times that noise, as they carry the machine's load in full.

Figures are matched by name with their numbers left out (a name says `c=16`, `50,005 events`, `at 342 of
500 cmd/s`): the n-th figure of a shape in one run is set beside the n-th of the same shape in the other. A
figure of the earlier run missing from this one (a topology or a load that did not run) is marked WORSE:
every figure the baseline holds stays guarded.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from bench.stats import number

MIN_NOISE = 0.05
_NUMBERS = re.compile(r"\d[\d,.]*")


def shape(name: str) -> str:
    return _NUMBERS.sub("#", name)


def _keyed(figures: list[dict[str, Any]]) -> dict[tuple[str, int], dict[str, Any]]:
    seen: dict[str, int] = {}
    keyed = {}
    for figure in figures:
        key = shape(figure["name"])
        index = seen.get(key, 0)
        seen[key] = index + 1
        keyed[(key, index)] = figure
    return keyed


def all_figures(results: dict[str, Any]) -> list[dict[str, Any]]:
    """The main table's figures and each other topology's, named apart."""
    figures = list(results.get("figures") or [])
    for shape_results in (results.get("topologies") or {}).values():
        figures += shape_results.get("figures") or []
    return figures


def noise_of(results: dict[str, Any]) -> float:
    value = (results.get("noise") or {}).get("relative")
    return max(MIN_NOISE, float(value)) if isinstance(value, int | float) else MIN_NOISE


@dataclass
class Line:
    name: str
    before: float | None
    after: float | None
    kind: str  # "ratio" or "absolute"
    change: float | None  # relative change, above 0 better
    worse: bool
    unit: str = ""


def _better(before: float, after: float, lower_is_better: bool) -> float:
    """Relative change with above 0 meaning better."""
    if before == 0:
        return 0.0
    change = (after - before) / abs(before)
    return -change if lower_is_better else change


def compare(before: dict[str, Any], after: dict[str, Any]) -> tuple[list[Line], float]:
    noise = max(noise_of(before), noise_of(after))
    old = _keyed(all_figures(before))
    lines: list[Line] = []
    for key, figure in _keyed(all_figures(after)).items():
        earlier = old.get(key)
        if earlier is None:
            lines.append(Line(figure["name"], None, figure.get("ratio"), "new", None, False))
            continue
        ratio, was_ratio = _value(figure, "ratio"), _value(earlier, "ratio")
        if ratio is not None and was_ratio is not None:
            # Ratios are oriented by the bench so that above 1 is better.
            change = _better(was_ratio, ratio, False)
            lines.append(Line(figure["name"], was_ratio, ratio, "ratio", change, change < -2 * noise))
            continue
        measured, was = _value(figure, "measured"), _value(earlier, "measured")
        if measured is not None and was is not None:
            lower = _lower_is_better(figure)
            change = _better(was, measured, lower)
            worse = change < -3 * noise
            lines.append(
                Line(figure["name"], was, measured, "absolute", change, worse, str(figure.get("unit") or ""))
            )
    # A figure of the earlier run this one lacks (a topology that did not run, a load that failed) is not
    # guarded any more: that is worse in itself.
    for key in old.keys() - _keyed(all_figures(after)).keys():
        lines.append(Line(old[key]["name"], old[key].get("ratio"), None, "missing", None, True))
    return lines, noise


def _value(figure: dict[str, Any], key: str) -> float | None:
    value = figure.get(key)
    if isinstance(value, int | float) and not math.isnan(value):
        return float(value)
    return None


def _lower_is_better(figure: dict[str, Any]) -> bool:
    if figure.get("lower_is_better"):
        return True
    # Figures without a baseline: times and sizes are better small, rates better large.
    return str(figure.get("unit") or "") in ("ms", "MB", "KB", "us")


def render(lines: list[Line], noise: float, before_label: str) -> str:
    headers = ("figure", "kind", f"before ({before_label})", "now", "change", "")
    rows = []
    for line in lines:
        if line.kind in ("ratio", "missing"):
            cells = (_ratio(line.before), _ratio(line.after))
        else:
            cells = (number(line.before, line.unit), number(line.after, line.unit))
        change = "-" if line.change is None else f"{line.change:+.0%}"
        rows.append((line.name, line.kind, *cells, change, "WORSE" if line.worse else ""))
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]

    def render_row(cells: tuple[str, ...]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + " |"

    worse = sum(line.worse for line in lines)
    title = (
        f"compared with {before_label}: noise {noise:.1%}; a ratio is WORSE below -{2 * noise:.0%}, a figure"
        f" without baseline below -{3 * noise:.0%} (change: above 0 is better); {worse} worse"
    )
    if 2 * noise >= 1:  # no ratio can fall that far: say so rather than pass everything quietly
        title += (
            f"\nthese runs are too noisy to judge (the same baseline moved {noise:.0%} within one run):"
            " run both again on a quieter machine"
        )
    rule = "|-" + "-|-".join("-" * w for w in widths) + "-|"
    return "\n".join([title, render_row(headers), rule, *(render_row(r) for r in rows)])


def _ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"
