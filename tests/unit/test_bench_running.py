"""`bench.harness.running`: a process of the tree with its output in a log, stopped on leaving."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from bench.harness import running

SCRIPT = "import os, time; print(os.getcwd(), os.environ['BENCH_MARK'], flush=True); time.sleep(60)"


def test_a_running_process_logs_in_the_tree_and_is_stopped_on_leaving(tmp_path: Path) -> None:
    log = tmp_path / "child.log"
    env = {**os.environ, "BENCH_MARK": "marked"}
    with running([sys.executable, "-c", SCRIPT], env, log) as process:
        deadline = time.monotonic() + 30
        while not log.read_text():
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.01)
    assert process.returncode == -15  # asked to stop (SIGTERM), not killed
    root = Path(__file__).resolve().parents[2]
    assert log.read_text().split() == [str(root), "marked"]
