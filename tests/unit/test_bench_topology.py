"""The bench's other topologies: each figure against the default topology at the same concurrency."""

from __future__ import annotations

from bench.load import _connections
from bench.topology import topology_figures


def run(level: int, per_second: float, p50: float, p99: float) -> dict[str, float]:
    return {"concurrency": level, "per_second": per_second, "p50_ms": p50, "p99_ms": p99, "errors": 0}


def reads(level: int, list_rate: float, detail_rate: float) -> dict[str, object]:
    return {"concurrency": level, "list": {"per_second": list_rate}, "detail": {"per_second": detail_rate}}


def test_each_figure_is_set_against_the_default_at_the_same_concurrency() -> None:
    default = {"commands": [run(4, 100, 20, 50), run(16, 200, 40, 90)], "reads": [reads(4, 900, 1000)]}
    one = {
        "commands": [run(16, 100, 80, 300), run(32, 1, 1, 1)],
        "reads": [reads(4, 450, 2000), reads(8, 1, 1)],
    }
    figures = {f.name: f for f in topology_figures(default, "one process", one)}
    assert set(figures) == {
        "commands/s at c=16 (one process)",
        "command p50 at c=16 (one process)",
        "command p99 at c=16 (one process)",
        "list reads/s at c=4 (one process)",
        "detail reads/s at c=4 (one process)",
    }  # a level the default did not run has nothing to stand beside
    assert figures["commands/s at c=16 (one process)"].ratio == 0.5
    assert figures["command p50 at c=16 (one process)"].ratio == 0.5  # twice the latency: worse
    assert figures["detail reads/s at c=4 (one process)"].ratio == 2.0
    assert all(f.ok is None for f in figures.values())  # information, no targets


def test_connections_alternate_between_the_workers() -> None:
    job = {"base_url": "http://127.0.0.1:1", "base_urls": ["http://127.0.0.1:1", "http://127.0.0.1:2"]}
    ports = [c.port for c in _connections(job, 4)]
    assert ports == [1, 2, 1, 2]


def test_a_read_after_own_write_is_set_against_the_default_s() -> None:
    default = {"commands": [], "reads": [], "own_writes": {"p50_ms": 4.0, "p99_ms": 10.0}}
    standby = {"commands": [], "reads": [], "own_writes": {"p50_ms": 160.0, "p99_ms": 200.0}}
    figures = {f.name: f for f in topology_figures(default, "hot standby", standby)}
    assert set(figures) == {f"read after own write {q} (hot standby)" for q in ("p50", "p99")}
    assert figures["read after own write p50 (hot standby)"].ratio == 4.0 / 160.0  # slower: below 1
    # A run from before the figure existed has nothing to stand beside.
    assert topology_figures({"commands": [], "reads": []}, "hot standby", standby) == []
