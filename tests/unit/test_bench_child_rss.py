"""`bench.run.run_child`: a probe's peak RSS is its own and its helpers', not the harness's.

Linux carries the forking process's RSS into a child's `ru_maxrss` at exec, so a harness grown with the
seeded history read its own size as every probe's peak."""

from __future__ import annotations

import json
import os
import sys

from bench.run import run_child

MB = 1024
# A probe that allocates nothing to speak of: it reports its own high-water mark, as bench.probe does.
SMALL = (
    "import json; hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM:')][0].split()[1];"
    " print(json.dumps({'events': 1, 'peak_rss_kb': int(hwm)}))"
)
# A probe whose helper process holds 160 MB for a moment: the helper's memory is the probe's too.
HELPER = (
    "import json, subprocess, sys;"
    " subprocess.run([sys.executable, '-c', 'import time; b = bytearray(160 * 1024 * 1024);"
    " b[::4096] = bytes(len(b[::4096])); time.sleep(0.6)'], check=True);"
    " print(json.dumps({'events': 2}))"
)


def test_a_small_probe_beside_a_large_harness_reads_small() -> None:
    held = bytearray(300 * 1024 * 1024)
    held[::4096] = bytes(len(held[::4096]))  # touched: resident in this process
    result, peak = run_child([sys.executable, "-c", SMALL], dict(os.environ))
    assert 5 * MB < peak < 150 * MB
    assert result == {"events": 1}  # its own figure is folded into the peak, not left in the result
    del held


def test_a_probe_s_helper_counts_in_its_peak() -> None:
    result, peak = run_child([sys.executable, "-c", HELPER], dict(os.environ))
    assert json.dumps(result) == '{"events": 2}'
    assert peak > 160 * MB
