"""`freight bench --compare`: ratios beside an earlier result, marked only past the measured noise."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from api.cli import main
from bench.compare import compare, render
from bench.stats import Figure, Target


def results(commands: float, reads: float, lag_ms: float, noise: float = 0.05) -> dict[str, Any]:
    figures = [
        Figure(f"commands/s via HTTP (best of 3 loads, c={16})", commands, "/s", 1000.0, "library saves/s",
               target=Target(ratio_at_least=0.8)),
        Figure("list reads/s (50,005 events; best of c=1,4,8: c=8)", reads, "/s", 2000.0, "bare FastAPI"),
        Figure(f"projection lag p99 (at {int(commands)} of 500 cmd/s)", lag_ms, "ms"),
    ]  # fmt: skip
    topology = [Figure("commands/s at c=16 (one process)", 100.0, "/s", 200.0, "default")]
    return {
        "figures": [f.as_dict() for f in figures],
        "topologies": {"one process": {"figures": [f.as_dict() for f in topology]}},
        "noise": {"relative": noise},
    }


def test_ratios_that_fell_past_twice_the_noise_are_marked() -> None:
    before = results(commands=800, reads=1400, lag_ms=40)
    after = results(commands=700, reads=1350, lag_ms=41)  # -12.5% commands, -3.6% reads
    lines, noise = compare(before, after)
    marked = {line.name: line.worse for line in lines}
    assert noise == 0.05
    # Matched although the names' numbers changed (c=16 stays, "at 800 of 500" became "at 700 of 500").
    assert marked == {
        "commands/s via HTTP (best of 3 loads, c=16)": True,
        "list reads/s (50,005 events; best of c=1,4,8: c=8)": False,
        "projection lag p99 (at 700 of 500 cmd/s)": False,
        "commands/s at c=16 (one process)": False,
    }
    assert "1 worse" in render(lines, noise, "baseline.json")


def test_a_noisy_run_widens_the_band_and_absolute_figures_get_a_wider_one() -> None:
    before = results(commands=800, reads=1400, lag_ms=40, noise=0.08)
    after = results(commands=700, reads=1400, lag_ms=50)  # -12.5%: within 2 x 8%; lag +25%: past 3 x 8%
    marked = {line.name: line.worse for line in compare(before, after)[0]}
    assert marked["commands/s via HTTP (best of 3 loads, c=16)"] is False
    assert marked["projection lag p99 (at 700 of 500 cmd/s)"] is True  # lower is better for a time


def test_the_command_exits_1_when_something_got_worse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old, new, same = tmp_path / "old.json", tmp_path / "new.json", tmp_path / "same.json"
    old.write_text(json.dumps(results(800, 1400, 40)))
    new.write_text(json.dumps(results(600, 1400, 40)))
    same.write_text(json.dumps(results(790, 1420, 39)))
    assert main(["bench", "--compare", str(old), "--results", str(new)]) == 1
    assert "WORSE" in capsys.readouterr().out
    assert main(["bench", "--compare", str(old), "--results", str(same)]) == 0
    assert main(["bench", "--json", "--compare", str(old), "--results", str(new)]) == 1
    body = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert body["worse"] == ["commands/s via HTTP (best of 3 loads, c=16)"] and body["exit_code"] == 1


def test_a_file_that_is_no_result_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("[1, 2]")
    assert main(["bench", "--compare", str(junk), "--results", str(junk)]) == 2
    assert capsys.readouterr().err.strip().startswith("freight bench: ")


def test_the_committed_baseline_is_a_result_to_compare_with() -> None:
    baseline = json.loads((Path(__file__).resolve().parents[2] / "bench" / "baseline.json").read_text())
    lines, _ = compare(baseline, baseline)
    assert lines and not any(line.worse for line in lines)
    assert any(line.kind == "ratio" for line in lines)


def test_a_figure_the_earlier_run_had_and_this_one_lacks_is_worse() -> None:
    before = results(commands=800, reads=1400, lag_ms=40)
    after = results(commands=800, reads=1400, lag_ms=40)
    after["topologies"] = {}  # the other topology did not run this time
    lines, noise = compare(before, after)
    missing = [line for line in lines if line.kind == "missing"]
    assert [(line.name, line.worse) for line in missing] == [("commands/s at c=16 (one process)", True)]
    assert "1 worse" in render(lines, noise, "baseline.json")


def test_runs_too_noisy_to_judge_say_so() -> None:
    before = results(commands=800, reads=1400, lag_ms=40, noise=0.6)
    lines, noise = compare(before, results(commands=100, reads=1400, lag_ms=40))
    assert not any(line.worse for line in lines)  # a ratio cannot fall by 120%...
    assert "too noisy to judge" in render(lines, noise, "baseline.json")  # ...so the table says why
    quiet = results(commands=800, reads=1400, lag_ms=40)
    assert "too noisy" not in render(*compare(quiet, quiet), "baseline.json")
