"""`freight bench`: the benchmark harness of bench/ (its own PostgreSQL cluster; the settings' store is not
touched). With --json its progress log goes to standard error and standard output carries one JSON object."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout
from pathlib import Path
from typing import Any

from api.cli.commands import command
from api.cli.outcome import CLEAN, FOUND, Console, Refusal, Result

MIN_EVENTS = 1000


def _bench_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--short", action="store_true", help="the quick run of `make bench` (under 5 minutes)"
    )
    parser.add_argument(
        "--events", type=int, default=None, help="events to seed (50,000 short; 1,000,000 full)"
    )
    parser.add_argument(
        "--topology",
        choices=["single", "multi"],
        default="single",
        help="multi: also run the loads against `serve --workers 1`, compose's shape and a hot standby"
        " serving the reads (READ_REPLICA_URL), beside the default",
    )
    parser.add_argument(
        "--compare",
        metavar="FILE",
        type=Path,
        default=None,
        help="set every ratio beside an earlier result (e.g. bench/baseline.json); exit 1 when one got worse"
        " by more than the noise the runs measured",
    )
    parser.add_argument(
        "--results",
        metavar="FILE",
        type=Path,
        default=None,
        help="with --compare: compare this finished run's results instead of running the bench",
    )


def check_prerequisites() -> None:
    """What the harness needs besides the installed package: a source checkout's tests/pg.py (the one
    throwaway-cluster implementation) and PostgreSQL's server binaries."""
    from bench.harness import ROOT

    if not (ROOT / "tests" / "pg.py").is_file():
        raise Refusal(f"freight bench runs from a source checkout: {ROOT / 'tests' / 'pg.py'} not found")
    if not (Path("/usr/lib/postgresql/15/bin/initdb").exists() or shutil.which("initdb")):
        raise Refusal("PostgreSQL's server binaries (initdb) not found: install postgresql-15")


def summary(results: dict[str, Any], out_dir: Path) -> dict[str, Any]:
    """The --json fields of a finished run: each figure with its baseline, ratio and target; the misses."""
    figures = list(results.get("figures", []))
    return {
        "short": bool(results.get("plan", {}).get("short")),
        "events": results.get("seed", {}).get("events"),
        "figures": figures,
        "misses": [figure["name"] for figure in figures if figure.get("ok") is False],
        "results_file": str(out_dir / "results.json"),
        "chart": str(out_dir / "latency-vs-load.png"),
    }


@contextmanager
def output_to_stderr() -> Iterator[None]:
    """Everything the run prints (this process and its children alike) goes to standard error."""
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        with redirect_stdout(sys.stderr):
            yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


@command(
    "bench",
    "benchmark commands, reads, rebuild, lag, memory and the web app against baselines",
    _bench_arguments,
    json=True,
)
def bench(args: argparse.Namespace, console: Console) -> int | Result:
    if args.events is not None and args.events < MIN_EVENTS:
        raise Refusal(f"--events must be at least {MIN_EVENTS:,}")
    earlier = _read_results(args.compare) if args.compare is not None else None
    if args.results is not None:
        if earlier is None:
            raise Refusal("--results needs --compare FILE (the earlier result to set it beside)")
        results = _read_results(args.results)
        return _compared(console, results, earlier, args.compare, {})
    check_prerequisites()
    from bench.harness import OUT
    from bench.run import run

    if not console.json:
        results = run(short=args.short, events=args.events, topology=args.topology)
        return CLEAN if earlier is None else _compared(console, results, earlier, args.compare, {})
    with output_to_stderr():
        results = run(short=args.short, events=args.events, topology=args.topology)
    fields = summary(results, OUT)
    if earlier is None:
        return Result(CLEAN, fields)
    return _compared(console, results, earlier, args.compare, fields)


def _read_results(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except OSError as error:
        raise Refusal(f"cannot read {path}: {error.strerror}") from None
    except ValueError:
        raise Refusal(f"{path} is not a bench result (not JSON)") from None
    if not isinstance(data, dict) or not isinstance(data.get("figures"), list):
        raise Refusal(f"{path} is not a bench result (no figures)")
    return data


def _compared(
    console: Console, results: dict[str, Any], earlier: dict[str, Any], path: Path, fields: dict[str, Any]
) -> int | Result:
    from bench.compare import compare, render

    lines, noise = compare(earlier, results)
    worse = [line.name for line in lines if line.worse]
    code = FOUND if worse else CLEAN
    if not console.json:
        print("\n" + render(lines, noise, path.name), flush=True)
        return code
    rows = [line.__dict__ for line in lines]
    return Result(
        code, {**fields, "compared_with": str(path), "noise": noise, "compared": rows, "worse": worse}
    )
