"""The multi-process bench's comparison: each figure against one process at the same concurrency."""

from __future__ import annotations

from bench.load import _connections
from bench.topology import multi_figures


def run(level: int, per_second: float, p50: float) -> dict[str, float]:
    return {"concurrency": level, "per_second": per_second, "p50_ms": p50, "errors": 0}


def reads(level: int, list_rate: float, detail_rate: float) -> dict[str, object]:
    return {"concurrency": level, "list": {"per_second": list_rate}, "detail": {"per_second": detail_rate}}


def test_targets_are_judged_against_the_single_process_at_the_same_concurrency() -> None:
    single = {"commands": [run(4, 100, 20), run(16, 200, 40)], "reads": [reads(4, 900, 1000)]}
    multi = {
        "workers": 2,
        "commands": [run(4, 120, 23), run(16, 190, 60)],
        "reads": [reads(4, 1200, 1300)],
    }
    verdicts = {f.name: f.ok for f in multi_figures(single, multi)}
    assert verdicts["commands/s at c=4 (2 workers + follow)"] is True  # 1.2x the rate
    assert verdicts["command p50 at c=4 (2 workers + follow)"] is True  # 23 <= 1.2 * 20
    assert verdicts["commands/s at c=16 (2 workers + follow)"] is False  # 0.95x
    assert verdicts["command p50 at c=16 (2 workers + follow)"] is False  # 60 > 48
    assert "list reads/s at c=4 (multi)" in verdicts


def test_connections_alternate_between_the_workers() -> None:
    job = {"base_url": "http://127.0.0.1:1", "base_urls": ["http://127.0.0.1:1", "http://127.0.0.1:2"]}
    ports = [c.port for c in _connections(job, 4)]
    assert ports == [1, 2, 1, 2]
