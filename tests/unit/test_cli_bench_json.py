"""`freight bench --json`: the object built from a finished run's results (no run is made here)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from bench.cli import output_to_stderr, summary
from bench.stats import Figure, Target


def test_the_summary_lists_every_figure_and_the_missed_targets(tmp_path: Path) -> None:
    figures = [
        Figure("commands/s", 300.0, "/s", 900.0, "library saves/s", target=Target(ratio_at_least=0.8)),
        Figure("list read p99 at c=1", 1.5, "ms", target=Target(at_most=20)),
        Figure("seed-demo", 11_000.0, "/s"),
    ]
    results = {"plan": {"short": True}, "seed": {"events": 50_001}, "figures": [f.as_dict() for f in figures]}
    body = json.loads(json.dumps(summary(results, tmp_path)))
    assert body["short"] is True and body["events"] == 50_001
    assert [f["name"] for f in body["figures"]] == ["commands/s", "list read p99 at c=1", "seed-demo"]
    assert body["misses"] == ["commands/s"]  # 0.33 of the baseline against 0.8; no target is no miss
    assert body["results_file"] == str(tmp_path / "results.json")


def test_a_json_run_keeps_standard_output_for_the_json(capfd: pytest.CaptureFixture[str]) -> None:
    """The harness prints its log and starts children that print too: all of it goes to standard error."""
    with output_to_stderr():
        print("[bench] seeding")
        os.write(1, b"raw write\n")
        subprocess.run(["echo", "a child"], check=True)
    print('{"command": "bench"}')
    out, err = capfd.readouterr()
    assert out == '{"command": "bench"}\n'
    assert "[bench] seeding" in err and "raw write" in err and "a child" in err
