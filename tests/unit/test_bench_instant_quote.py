"""The instant quote bench figure (bench/instant_quote.py `figures`): the instantly quoted create beside
today's create of the same run, and no figure from a run whose creates erred or were wrongly (un)quoted."""

from __future__ import annotations

from typing import Any

from bench import instant_quote


def _kind(p50: float, p99: float, count: int = 100) -> dict[str, float]:
    return {
        "count": count,
        "seconds": 6.0,
        "per_second": count / 6,
        "p50_ms": p50,
        "p99_ms": p99,
        "max_ms": p99,
    }


def _run(level: int, instant: tuple[float, float], today: tuple[float, float], **bad: Any) -> dict[str, Any]:
    return {
        "concurrency": level,
        "by_kind": {"instant": _kind(*instant), "today": _kind(*today)},
        "errors": bad.get("errors", {}),
        "mismatched": bad.get("mismatched", {"instant": 0, "today": 0}),
    }


def test_the_ratio_is_todays_create_over_the_instant_one_and_holds_to_no_slower() -> None:
    found = {
        "instant_quote": {
            "levels": [_run(1, (10.0, 30.0), (10.5, 25.0)), _run(4, (20.0, 80.0), (16.0, 60.0))]
        }
    }
    figures = instant_quote.figures(found)
    assert [f.name for f in figures] == [
        "instantly quoted create p50 at c=1 (n=100)",
        "instantly quoted create p50 at c=4 (n=100)",
        "instantly quoted create p99 at c=4 (n=100)",
    ]
    one, four, tail = figures
    assert one.ratio == 10.5 / 10.0 and one.ok is True
    assert four.ratio == 16.0 / 20.0 and four.ok is False  # 0.8: slower than the noise allows
    assert tail.ratio == 60.0 / 80.0 and tail.ok is None  # p99 is shown, not held to a target


def test_a_run_with_errors_or_wrong_quotes_gives_no_figure() -> None:
    wrong = _run(1, (10.0, 30.0), (10.0, 30.0), mismatched={"instant": 3, "today": 0})
    erred = _run(4, (10.0, 30.0), (10.0, 30.0), errors={"today": 1})
    figures = instant_quote.figures({"instant_quote": {"levels": [wrong, erred]}})
    assert [f.measured for f in figures] == [None, None, None]
    assert figures[0].ok is False and "wrongly (un)quoted {'instant': 3" in figures[0].note
    assert instant_quote.figures({}) == []
