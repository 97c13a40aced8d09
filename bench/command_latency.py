"""Command latency of `freight serve` (default topology) on PostgreSQL, several source trees alternated.

`freight bench` measures a command's p99 from about a thousand commands per level, once, on a shared
machine: one slow second moves it. This tool measures only commands, longer, and alternates the trees it
is given (say the base commit's tree, then the branch's) on the same seeded history, so the machine's noise
falls on each alike:

    python -m bench.command_latency --tree /tmp/base --tree . --rounds 2 --seconds 20 --concurrency 1

Each run: a fresh copy of one seeded database (`CREATE DATABASE ... TEMPLATE`), that tree's `freight serve`
(a worker per core and the followers' process), the bench's own command chain (create -> quote -> accept,
closed loop) from this process, every latency kept. Printed per run: p50/p90/p99/p99.9/max, the
commands/s, the CPU per command of the API workers and of the followers' process (from /proc), the
machine's load average; and per tree all its runs' latencies pooled. `--json FILE` writes everything.

`--statements N` loads pg_stat_statements and prints, per run and per command, the store's commits, WAL
records and bytes, and the N statements that took the most server time and the N run most often: where
the store's share of a command goes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from bench.harness import ADMIN_USERNAME, ROOT, log, login
from bench.http_client import Connection, host_port
from bench.load import Recorder, Requests, _chain
from bench.stats import percentile

_TICKS = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[float, int]:
    """(CPU seconds used, start time in ticks) of one process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / _TICKS, int(fields[19])


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def process_cpu(supervisor: int) -> dict[str, float]:
    """CPU seconds so far of the supervisor, its followers' child (started first) and its API workers
    (multiprocessing's resource tracker is neither)."""
    out = {"supervisor": _stat(supervisor)[0], "followers": 0.0, "workers": 0.0}
    spawned = [c for c in _children(supervisor) if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]
    for index, (_, child) in enumerate(sorted((_stat(c)[1], c) for c in spawned)):
        out["followers" if index == 0 else "workers"] += _stat(child)[0]
    return out


class TimedRecorder(Recorder):
    """The bench's recorder, keeping when each answered command started (seconds from the run's start)."""

    def __init__(self) -> None:
        super().__init__()
        self.started = time.perf_counter()
        self.wall_started = time.time()  # to line samples up with what the server logs
        self.samples: list[tuple[float, str, float]] = []

    async def call(self, conn: Any, kind: str, request: bytes, decode: bool = False) -> Any:
        began = time.perf_counter()
        count = len(self.latencies.get(kind, ()))
        answer = await super().call(conn, kind, request, decode)
        values = self.latencies.get(kind, [])
        if len(values) > count:
            self.samples.append((began - self.started, kind, values[-1]))
        return answer


async def drive(base: str, customers: list[str], admin: str, concurrency: int, seconds: float) -> Any:
    job = {"base_url": base, "admin_token": admin}
    requests = Requests(job)
    connections = [Connection(*host_port(base)) for _ in range(concurrency)]
    warm = TimedRecorder()
    for i, conn in enumerate(connections):  # open every connection, and the server's caches, first
        await _chain(conn, warm, requests, customers[i % len(customers)], i)
    recorder = TimedRecorder()
    counter = [0]
    deadline = time.perf_counter() + seconds

    async def worker(slot: int) -> None:
        while time.perf_counter() < deadline:
            counter[0] += 1
            await _chain(connections[slot], recorder, requests, customers[slot % len(customers)], counter[0])

    try:
        await asyncio.gather(*(worker(i) for i in range(concurrency)))
    finally:
        for conn in connections:
            conn.close()
    return recorder


def summary(latencies: list[float]) -> dict[str, float]:
    ms = [x * 1000 for x in latencies]
    return {
        "count": len(ms),
        **{f"p{q:g}_ms": percentile(ms, q) for q in (50, 90, 99, 99.9)},
        "max_ms": max(ms) if ms else float("nan"),
    }


def seed_template(cluster: Any, events: int, work: Path) -> str:
    """A database holding `events` seeded events, its read models rebuilt and the policies at its head."""
    from api.cli.demo_seed import DEMO_PASSWORD, Seeder
    from api.settings import ExplicitSettings
    from bench.run import skip_policies_to_head
    from domain.accounts.passwords import hash_password
    from infrastructure.event_store import SharedStore

    url = cluster.create_database("template")
    settings = ExplicitSettings(DATABASE_URL=url, VAR_DIR=work / "seed")
    store = SharedStore(settings.event_store_env())
    try:
        Seeder(store, password_hash=hash_password(DEMO_PASSWORD), batch_events=5000).run(events)
    finally:
        store.close()
    env = {**os.environ, "DATABASE_URL": url, "VAR_DIR": str(work / "seed")}
    subprocess.run([sys.executable, "-m", "bench.probe", "rebuild"], env=env, cwd=ROOT, check=True)
    skip_policies_to_head(settings)
    return str(url).rsplit("/", 1)[1]


def copy_database(cluster: Any, template: str, name: str) -> str:
    import psycopg

    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    return str(cluster.url(name))


def serve(tree: Path, url: str, port: int, admin_password: str, work: Path, logfile: Path) -> Any:
    env = {
        **os.environ,
        "PYTHONPATH": str(tree),
        "DATABASE_URL": url,
        "VAR_DIR": str(work),
        "WEB_DIST": str(work / "no-web"),
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "ADMIN_USERNAME": ADMIN_USERNAME,
        "ADMIN_PASSWORD": admin_password,
        "JWT_SECRET": "bench-secret-that-is-long-enough-for-hs256",
        "RUN_FOLLOWERS": "true",
        **dict(item.split("=", 1) for item in os.environ.get("BENCH_SERVER_ENV", "").split() if "=" in item),
    }
    out = logfile.open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "api.cli", "serve"], env=env, cwd=tree, stdout=out, stderr=subprocess.STDOUT
    )
    deadline = time.monotonic() + 90
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"serve from {tree} exited early; see {logfile}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"serve from {tree} did not answer /health; see {logfile}")
        time.sleep(0.2)


def autovacuum(cluster: Any, on: bool) -> None:
    import psycopg

    with psycopg.connect(cluster.url(), autocommit=True) as conn:
        conn.execute(f"ALTER SYSTEM SET autovacuum = {'on' if on else 'off'}")
        conn.execute("SELECT pg_reload_conf()")


def events_statistics(url: str) -> bool:
    """Whether the planner has statistics on the events table (autovacuum's ANALYZE ran since the seed)."""
    import psycopg

    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM pg_stats WHERE tablename LIKE '%events'").fetchone()
    return bool(row and row[0])


def events_scans(url: str) -> tuple[int, int]:
    """(sequential scans, rows they read) of the events table so far (PostgreSQL's statistics collector)."""
    import psycopg

    with psycopg.connect(url) as conn:
        row = conn.execute(
            "SELECT COALESCE(SUM(seq_scan), 0), COALESCE(SUM(seq_tup_read), 0) FROM pg_stat_user_tables"
            " WHERE relname LIKE '%events'"
        ).fetchone()
    return (int(row[0]), int(row[1])) if row else (0, 0)


_SERVER_COUNTS = (
    "SELECT xact_commit, (SELECT wal_bytes FROM pg_stat_wal), (SELECT wal_records FROM pg_stat_wal)"
    " FROM pg_stat_database WHERE datname = current_database()"
)


def reset_statements(url: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        conn.execute("SELECT pg_stat_statements_reset()")
        conn.execute("SELECT pg_stat_reset(), pg_stat_reset_shared('wal')")


def statements_report(url: str, commands: int, top: int) -> str:
    """The statements that took the most of the server's time over the run, per command: where the store's
    share of a command goes (`--statements`)."""
    import psycopg

    with psycopg.connect(url) as conn:
        rows = [
            conn.execute(
                "SELECT total_exec_time + total_plan_time, calls, rows, plans, total_plan_time, query"
                " FROM pg_stat_statements"
                " WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())"
                f" ORDER BY {order} DESC LIMIT %s",
                (top,),
            ).fetchall()
            for order in ("1", "calls")
        ]
        total = conn.execute(
            "SELECT sum(total_exec_time + total_plan_time), sum(calls), sum(total_plan_time), sum(plans)"
            " FROM pg_stat_statements"
            " WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())"
        ).fetchone()
        commits, wal_bytes, wal_records = conn.execute(_SERVER_COUNTS).fetchone() or (0, 0, 0)
    per = max(commands, 1)
    lines = [
        f"  per command: {commits / per:.1f} commits, {wal_records / per:.0f} WAL records, "
        f"{int(wal_bytes) / per / 1024:.1f} KB of WAL",
        f"  statements: {total[0] / per:.3f} ms and {total[1] / per:.1f} calls per command in all, of which"
        f" planning {total[2] / per:.3f} ms in {total[3] / per:.1f} plans"
        if total and total[0] is not None
        else "  statements: none recorded",
    ]
    for heading, chosen in zip(("by time", "by calls"), rows, strict=True):
        lines.append(f"  {heading}:")
        for ms, calls, count, plans, planning, query in chosen:
            text = " ".join(query.split())
            lines.append(
                f"  {ms / per:7.3f} ms {calls / per:5.2f} calls {count / max(calls, 1):6.1f} rows/call"
                f" {plans / max(calls, 1):4.0%} planned ({planning / per:.3f} ms)  {text[:110]}"
            )
    return "\n".join(lines)


def postgres_cpu(cluster: Any) -> float:
    """CPU seconds so far of the cluster's server processes (the postmaster and its backends)."""
    postmaster = int((cluster.directory / "data" / "postmaster.pid").read_text().split()[0])
    return _stat(postmaster)[0] + sum(
        _stat(c)[0] for c in _children(postmaster) if Path(f"/proc/{c}").exists()
    )


def one_run(
    cluster: Any, template: str, tree: Path, index: int, args: argparse.Namespace, work: Path
) -> dict[str, Any]:
    from api.cli.demo_seed import DEMO_PASSWORD
    from tests.pg import free_port

    url = copy_database(cluster, template, f"run{index}_{secrets.token_hex(3)}")
    statistics = events_statistics(url)
    port = free_port()
    password = secrets.token_urlsafe(12) + "-A1"
    run_dir = work / f"run{index}"
    # The seeding's keys (the master key, the ring its store's keys are wrapped under): each copy of the
    # seeded store opens only with them.
    shutil.copytree(work / "seed", run_dir)
    process = serve(tree, url, port, password, run_dir, run_dir / "server.log")
    try:
        base = f"http://127.0.0.1:{port}"
        admin = login(base, ADMIN_USERNAME, password)
        customers = [login(base, f"demo{i:06d}", DEMO_PASSWORD) for i in range(8)]
        time.sleep(1.0)
        scans = events_scans(url)
        if args.statements:
            reset_statements(url)
        cpu = {**process_cpu(process.pid), "postgres": postgres_cpu(cluster)}
        load = os.getloadavg()[0]
        started = time.perf_counter()
        recorder = asyncio.run(drive(base, customers, admin, args.concurrency, args.seconds))
        seconds = time.perf_counter() - started
        now = {**process_cpu(process.pid), "postgres": postgres_cpu(cluster)}
        used = {k: v - cpu[k] for k, v in now.items()}
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
    time.sleep(0.5)
    # Read once the server's connections have closed: a backend reports its counts as it exits.
    scanned = [after - before for after, before in zip(events_scans(url), scans, strict=True)]
    latencies = recorder.all()
    count = len(latencies)
    if args.statements:
        print(statements_report(url, count, args.statements), flush=True)
    return {
        "tree": str(tree),
        "load_average_1m": load,
        "events_statistics": statistics,
        "events_seq_scans": scanned[0],
        "events_seq_rows": scanned[1],
        "commands_per_s": count / seconds,
        **summary(latencies),
        "cpu_ms_per_command": {k: v / count * 1000 for k, v in used.items()},
        "errors": sum(recorder.errors.values()),
        "wall_started": recorder.wall_started,
        "samples": recorder.samples,
    }


def line(name: str, figures: dict[str, Any]) -> str:
    cpu = figures.get("cpu_ms_per_command")
    text = (
        f"{name}: n={figures['count']} p50 {figures['p50_ms']:.2f} p90 {figures['p90_ms']:.2f} "
        f"p99 {figures['p99_ms']:.2f} p99.9 {figures['p99.9_ms']:.2f} max {figures['max_ms']:.1f} ms"
    )
    if cpu:
        text += (
            f"; {figures['commands_per_s']:.0f}/s; CPU/command workers {cpu['workers']:.2f} followers "
            f"{cpu['followers']:.2f} postgres {cpu['postgres']:.2f} ms; load {figures['load_average_1m']:.2f}"
            f"; events table analysed: {figures['events_statistics']}, scanned whole"
            f" {figures['events_seq_scans']} times ({figures['events_seq_rows']:,} rows)"
        )
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.command_latency", description=__doc__)
    parser.add_argument("--tree", action="append", type=Path, required=True, help="a source tree to serve")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--events", type=int, default=20_000, help="events seeded before the runs")
    parser.add_argument(
        "--statistics",
        choices=("analysed", "none"),
        default="analysed",
        help="ANALYZE the seeded store (as autovacuum does a minute or so after a bulk load), or keep the "
        "planner without statistics (autovacuum off: a store just seeded or restored)",
    )
    parser.add_argument("--json", type=Path, help="write every run (latencies included) here")
    parser.add_argument(
        "--statements",
        type=int,
        default=0,
        metavar="N",
        help="load pg_stat_statements and print each run's N statements of most server time per command",
    )
    args = parser.parse_args(argv)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.pg import throwaway_cluster

    trees = [t.resolve() for t in args.tree]
    work = Path(tempfile.mkdtemp(prefix="freight-latency-"))
    runs: list[dict[str, Any]] = []
    # Planning tracked too: a statement planned at every call (not prepared, or on a custom plan) costs the
    # server more than its execution.
    options = (
        "-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_planning=on"
        if args.statements
        else ""
    )
    with throwaway_cluster(durable=True, options=options) as cluster:
        if args.statistics == "none":
            autovacuum(cluster, on=False)
        log(f"seeding {args.events:,} events")
        template = seed_template(cluster, args.events, work)
        if args.statistics == "analysed":
            import psycopg

            with psycopg.connect(cluster.url(template), autocommit=True) as conn:
                conn.execute("ANALYZE")
        for round_ in range(args.rounds):
            for tree in trees if round_ % 2 == 0 else list(reversed(trees)):
                log(f"round {round_ + 1}: {tree}, c={args.concurrency}, {args.seconds:g} s")
                run = one_run(cluster, template, tree, len(runs), args, work)
                runs.append(run)
                print(line(f"  {tree.name}", run), flush=True)
    print("\npooled per tree:")
    for tree in trees:
        pooled = [s[2] for r in runs if r["tree"] == str(tree) for s in r["samples"]]
        print(line(f"  {tree}", summary(pooled)))
    if args.json:
        args.json.write_text(json.dumps(runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
