"""Python and the web build read the same state machines: both compute the full transition table."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from domain.shared.lifecycle import all_lifecycles

WEB = Path(__file__).resolve().parents[2] / "web"


def test_web_and_python_compute_the_same_transition_table(tmp_path: Path) -> None:
    if not (WEB / "node_modules").is_dir() or shutil.which("npx") is None:
        pytest.fail("web dependencies are not installed: run `make test`, which installs them first")
    out = tmp_path / "web-table.json"
    result = subprocess.run(
        ["npx", "vitest", "run", "src/lib/lifecycle.parity.test.ts"],
        cwd=WEB,
        env={**os.environ, "PARITY_OUT": str(out), "CI": "true"},
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    web_table = json.loads(out.read_text())
    python_table = sorted(row for machine in all_lifecycles() for row in machine.table())
    assert web_table == python_table
