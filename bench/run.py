"""`freight bench`: one run, one table, bench/results.json and bench/latency-vs-load.png.

A durable PostgreSQL cluster (fsync on) of its own, the real server as a subprocess, load from another
process on loopback, and every figure beside a baseline measured in the same run (the machine is shared).
"""

from __future__ import annotations

import json
import os
import platform
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

from bench import instant_quote
from bench.harness import ADMIN_USERNAME, OUT, OWN_WRITES, ROOT, Plan, load, log, login, own_writes, serve
from bench.stats import Figure, Target, summarise, table


def _cluster() -> Any:
    # One implementation of the throwaway cluster: the tests' own (tests/pg.py), durable here.
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.pg import free_port, throwaway_cluster

    return throwaway_cluster, free_port


def _tree(pid: int) -> list[int]:
    """`pid` and its descendants (the default server is a supervisor with worker and followers children)."""
    found = [pid]
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return found
    for child in children:
        found += _tree(int(child))
    return found


def rss_kb(pid: int, field: str = "VmRSS") -> int:
    """`field` summed over the process and its descendants (VmHWM: the sum of each one's peak)."""
    total = 0
    for member in _tree(pid):
        try:
            for line in Path(f"/proc/{member}/status").read_text().splitlines():
                if line.startswith(field + ":"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


class RssSampler(threading.Thread):
    def __init__(self, pid: int, interval: float = 0.05) -> None:
        super().__init__(daemon=True)
        self.pid, self.interval, self.peak = pid, interval, 0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            self.peak = max(self.peak, rss_kb(self.pid))
            time.sleep(self.interval)

    def __enter__(self) -> RssSampler:
        self.start()
        return self

    def __exit__(self, *_: Any) -> None:
        self.done.set()
        self.join()


def run_child(args: list[str], env: dict[str, str]) -> tuple[dict[str, Any], int]:
    """Run a probe to completion; answer its JSON and its peak RSS in KB: the larger of its process tree's
    sampled RSS (its helper included) and its own high-water mark, which it reports.

    Not wait4's `ru_maxrss`: Linux carries the forking process's RSS into a child's at exec, so that
    figure was this harness's own size (grown with the seeded history), whatever the probe used."""
    child = subprocess.Popen(args, env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    with RssSampler(child.pid) as sampler:
        output = child.stdout.read()
        child.wait()
    if child.returncode != 0:
        raise RuntimeError(f"{args} failed with {child.returncode}")
    result = json.loads(output.strip().splitlines()[-1])
    return result, max(sampler.peak, int(result.pop("peak_rss_kb", 0)))


# -- baselines --------------------------------------------------------------------------------------------
def library_baseline(env: dict[str, str], seconds: float, limit: int) -> dict[str, Any]:
    """The eventsourcing library saving one event per aggregate in a tight loop (one thread)."""
    from eventsourcing.application import Application

    from bench.baseline_app import noted_class

    Noted = noted_class()
    app: Application[Any] = Application(env={**env, "PERSISTENCE_MODULE": "eventsourcing.postgres"})
    try:
        latencies: list[float] = []
        for _ in range(20):
            app.save(Noted("warm"))
        started = time.perf_counter()
        while time.perf_counter() - started < seconds and len(latencies) < limit:
            t = time.perf_counter()
            app.save(Noted("x" * 200))
            latencies.append(time.perf_counter() - t)
        return summarise(latencies, time.perf_counter() - started)
    finally:
        app.close()


# -- the run -----------------------------------------------------------------------------------------------
def run(
    short: bool = True, events: int | None = None, out_dir: Path = OUT, topology: str = "single"
) -> dict[str, Any]:
    plan = Plan.make(short, events)
    throwaway_cluster, free_port = _cluster()
    results: dict[str, Any] = {
        "started": datetime.now(UTC).isoformat(),
        "plan": plan.__dict__,
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "node": platform.node()},
    }
    out_dir.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="freight-bench-"))
    with throwaway_cluster(durable=True) as cluster:
        log(f"PostgreSQL on port {cluster.port} (durable: fsync on); work dir {work}")
        store_url = cluster.create_database("bench")
        base_url = cluster.create_database("esbase")
        from api.settings import ExplicitSettings

        settings = ExplicitSettings(DATABASE_URL=store_url, VAR_DIR=work / "var")
        base_settings = ExplicitSettings(DATABASE_URL=base_url, VAR_DIR=work / "base")

        log("baseline: the library saving one event per aggregate in a tight loop")
        results["library_saves"] = library_baseline(
            base_settings.event_store_env(), plan.command_seconds, 20_000
        )

        results.update(seed_and_rebuild(plan, settings, store_url, work))

        admin_password = secrets.token_urlsafe(12) + "-A1"
        port = free_port()
        env = {
            **os.environ,
            "DATABASE_URL": store_url,
            "VAR_DIR": str(work / "var"),
            "HOST": "127.0.0.1",
            "PORT": str(port),
            "ADMIN_USERNAME": ADMIN_USERNAME,
            "ADMIN_PASSWORD": admin_password,
            "JWT_SECRET": secrets.token_urlsafe(32),
            "RUN_FOLLOWERS": "true",
        }
        log("starting the server: `freight serve` by default (a worker per core, followers beside)")
        with serve([sys.executable, "-m", "api.cli", "serve"], env, port, work / "server.log") as server:
            time.sleep(1.0)
            results["server_idle_rss_kb"] = rss_kb(server.pid)
            results["server_processes"] = len(_tree(server.pid))
            results.update(drive(plan, port, admin_password, server.pid, store_url, free_port, work))
            log("web: bundle and first contentful paint")
            results["web"] = measure_web(port)
        log("baseline: a bare FastAPI app saving one event per request through the library")
        results["bare_saves"] = bare_saves(plan, base_settings.event_store_env(), free_port, work)
        if topology == "multi":
            from bench.topology import drive_topologies

            log(
                "other topologies: `--workers 1` (one process), compose's (2 workers + 2 `freight follow`)"
                " and a hot standby serving the reads"
            )
            results["topologies"] = drive_topologies(plan, env, admin_password, free_port, work)
        log("noise: the library baseline again, at the end of the run")
        results["library_saves_again"] = library_baseline(
            base_settings.event_store_env(), plan.command_seconds, 20_000
        )
    results["noise"] = noise(results)
    results["finished"] = datetime.now(UTC).isoformat()
    figures = build_figures(results)
    results["figures"] = [f.as_dict() for f in figures]
    title = (
        f"freight bench ({'short' if plan.short else 'full'}; {results['seed']['events']:,} events stored; "
        f"{os.cpu_count()} cores shared; PostgreSQL 15 with fsync on; default `freight serve`: "
        f"{results['server_processes']} processes)"
    )
    text = table(figures, title)
    for name, shape in (results.get("topologies") or {}).items():
        from bench.topology import topology_figures

        compared = topology_figures(results, name, shape)
        shape["figures"] = [f.as_dict() for f in compared]
        text += "\n\n" + table(compared, f"{name} beside the default topology (same run, same loads)")
    text += (
        f"\n\nnoise measured in this run: {results['noise']['relative']:.1%} (the same baselines measured"
        " twice; `freight bench --compare` marks a ratio only when it moved by more than twice that)"
    )
    results["table"] = text
    (out_dir / "results.json").write_text(json.dumps(results, indent=2, default=str))
    chart(results, out_dir / "latency-vs-load.png")
    print(text, flush=True)
    top = results.get("command_profile", {}).get("top") or []
    if top:
        print("\nserver during commands (py-spy, share of samples on the stack):")
        for frame, share in top:
            print(f"  {share:6.1%}  {frame}")
    print(f"\nwrote {out_dir / 'results.json'} and {out_dir / 'latency-vs-load.png'}")
    return results


def noise(r: dict[str, Any]) -> dict[str, Any]:
    """How far the same thing measured twice in this run moved: the library's saves (start, end) and the
    bare FastAPI reads at c=4 (twice in a row). The relative spread of the worst pair, at least 5%: a
    ratio that moved less than twice this is within what the shared machine does by itself."""
    pairs: dict[str, tuple[float, float]] = {}
    again = r.get("library_saves_again")
    if again:
        for key in ("per_second", "p50_ms"):
            pairs[f"library saves {key}"] = (r["library_saves"][key], again[key])
    first = {row["concurrency"]: row for row in r.get("reads_baseline") or []}.get(4)
    second = (r.get("reads_baseline_again") or [None])[0]
    if first and second:
        for path in ("list", "detail"):
            pairs[f"bare FastAPI {path} reads/s c=4"] = (
                first[path]["per_second"],
                second[path]["per_second"],
            )
    spreads = {name: abs(a - b) / ((a + b) / 2) for name, (a, b) in pairs.items() if a and b and a + b > 0}
    return {"relative": max([0.05, *spreads.values()]), "pairs": spreads}


def bare_saves(plan: Plan, library_env: dict[str, str], free_port: Any, work: Path) -> list[dict[str, Any]]:
    """What a command costs with nothing of ours in it: a bare FastAPI app with as many workers as
    `freight serve`, each request one library save (`POST /save`), closed loop at the commands' levels."""
    port = free_port()
    env = {
        **os.environ,
        "BENCH_LIBRARY_ENV": json.dumps(library_env),
        "BENCH_WORKERS": str(os.cpu_count() or 1),
        "PORT": str(port),
    }
    with serve([sys.executable, "-m", "bench.baseline_app"], env, port, work / "bare-saves.log") as server:
        job = {
            "kind": "reads",
            "server_pid": server.pid,
            "base_url": f"http://127.0.0.1:{port}",
            "seconds": plan.command_seconds,
            "max_requests": 30_000,
            "levels": list(plan.levels),
            "paths": [["save", "/save", "POST", {"text": "x" * 200}]],
        }
        return [row["save"] | {"concurrency": row["concurrency"]} for row in load(job)["levels"]]


def seed_and_rebuild(plan: Plan, settings: Any, store_url: str, work: Path) -> dict[str, Any]:
    from api.cli.demo_seed import DEMO_PASSWORD, Seeder
    from domain.accounts.passwords import hash_password
    from infrastructure.event_store import SharedStore

    out: dict[str, Any] = {}
    env = {**os.environ, "DATABASE_URL": store_url, "VAR_DIR": str(work / "var")}
    store = SharedStore(settings.event_store_env())
    seeder = Seeder(store, password_hash=hash_password(DEMO_PASSWORD), batch_events=5000)
    rebuilds = []
    try:
        for size in (plan.events // 2, plan.events):
            log(f"seeding up to {size:,} events")
            stats = seeder.run(size)
            log(f"  {stats.events:,} events in {stats.seconds:.1f}s ({stats.events_per_second:,.0f}/s)")
            analyse(store_url)
            log(f"rebuild of {stats.events:,} events, and the bare log read")
            read, read_rss = run_child([sys.executable, "-m", "bench.probe", "read-log"], env)
            rebuilt, rebuild_rss = run_child([sys.executable, "-m", "bench.probe", "rebuild"], env)
            rebuilds.append(
                {"events": stats.events, "read_log": read, "read_log_rss_kb": read_rss, "rebuild": rebuilt,
                 "rebuild_rss_kb": rebuild_rss}
            )  # fmt: skip
            speeds = (rebuilt["events_per_second"], read["events_per_second"])
            log(f"  rebuild {speeds[0]:,.0f}/s, log read {speeds[1]:,.0f}/s")
            if store_url.startswith("postgres"):
                # The rebuilt rows written back with nothing applied: what no rebuild can go below.
                floor, _ = run_child([sys.executable, "-m", "bench.probe", "floor"], env)
                rebuilds[-1]["floor"] = floor
                log(f"  floor (the rows written back) {floor['events_per_second']:,.0f}/s")
        out["seed"] = {
            "events": seeder.stats.events,
            "seconds": seeder.stats.seconds,
            "events_per_second": seeder.stats.events_per_second,
            "transactions": seeder.stats.transactions,
            "customers": len(seeder.stats.customers),
            "by_event": dict(seeder.stats.by_event),
            "by_state": dict(seeder.stats.by_state),
        }
        out["rebuilds"] = rebuilds
        out["customers"] = seeder.stats.customers[:16]
    finally:
        store.close()
    skip_policies_to_head(settings)
    return out


def skip_policies_to_head(settings: Any) -> None:
    """The seeded history already carries what the policies would add: start them at the head."""
    from api.bootstrap import Services
    from followers.follower import write_position

    services = Services(settings.model_copy(update={"RUN_FOLLOWERS": False, "ADMIN_PASSWORD": None}))
    try:
        head = services.store.head()
        for follower in services.policy_followers:
            with services.read_models.transaction() as tx:
                write_position(tx, follower.name, head)
    finally:
        services.stop()


def analyse(store_url: str) -> None:
    """Give the planner its statistics now: a store seeded seconds ago has none until autovacuum's next
    round, and plans made without them (a scan where an index serves) made the figures depend on when
    that round came. A store in service has them."""
    import psycopg

    with psycopg.connect(store_url, autocommit=True) as conn:
        conn.execute("ANALYZE")


def _events_table(store_url: str) -> str:
    import psycopg

    with psycopg.connect(store_url) as conn:
        row = conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_name LIKE '%events' "
            "AND table_schema = 'public' ORDER BY table_name LIMIT 1"
        ).fetchone()
    return str(row[0]) if row else "freight_events"


def store_transactions(store_url: str, events_table: str, after: int) -> dict[str, int]:
    """Events written after `after` and the transactions that wrote them (rows of one transaction share
    `xmin`): how many commands group commit put in each durable commit."""
    import psycopg

    with psycopg.connect(store_url) as conn:
        row = conn.execute(
            f"SELECT COUNT(*), COUNT(DISTINCT xmin::text), COALESCE(MAX(notification_id), %s) "
            f"FROM {events_table} WHERE notification_id > %s",
            (after, after),
        ).fetchone()
    assert row is not None
    return {"events": int(row[0]), "transactions": int(row[1]), "head": int(row[2])}


def drive(
    plan: Plan, port: int, admin_password: str, server_pid: int, store_url: str, free_port: Any, work: Path
) -> dict[str, Any]:
    from api.cli.demo_seed import DEMO_PASSWORD

    base = f"http://127.0.0.1:{port}"
    admin = login(base, ADMIN_USERNAME, admin_password)
    with httpx.Client(base_url=base, timeout=30) as client:
        seeded = client.get("/health").json()
        del seeded
    customers = [login(base, f"demo{i:06d}", DEMO_PASSWORD) for i in range(8)]
    headers = {"Authorization": f"Bearer {customers[0]}"}
    listing = httpx.get(f"{base}/booking/api/v1/client/rate-requests?limit=10&offset=1", headers=headers)
    listing.raise_for_status()
    first = listing.json()["response"]["list"]["list"][0]["id"]
    detail = httpx.get(f"{base}/booking/api/v1/client/rate-requests/{first}", headers=headers)
    detail.raise_for_status()
    out: dict[str, Any] = {"read_sizes": {"list": len(listing.content), "detail": len(detail.content)}}

    levels = list(plan.read_levels)
    read_job = {"kind": "reads", "seconds": plan.read_seconds, "max_requests": 50_000, "levels": levels}
    server_job = {"server_pid": server_pid}
    log(f"reads: list and detail on the server, closed loop at c={levels}")
    out["reads"] = load(
        {
            **read_job,
            **server_job,
            "base_url": base,
            "token": customers[0],
            "paths": [
                ["list", "/booking/api/v1/client/rate-requests?limit=10&offset=1"],
                ["detail", f"/booking/api/v1/client/rate-requests/{first}"],
            ],
        }
    )["levels"]
    bodies = work / "bodies.json"
    bodies.write_text(json.dumps({"list": listing.json(), "detail": detail.json()}))
    base_port = free_port()
    log(f"reads: the bare FastAPI baseline, closed loop at c={levels}")
    with serve(
        [sys.executable, "-m", "bench.baseline_app"],
        {**os.environ, "BENCH_BODIES": str(bodies), "PORT": str(base_port)},
        base_port,
        work / "baseline.log",
    ) as baseline_server:
        baseline_job = {
            **read_job,
            "server_pid": baseline_server.pid,
            "base_url": f"http://127.0.0.1:{base_port}",
            "paths": [["list", "/list"], ["detail", "/detail"]],
        }
        out["reads_baseline"] = load(baseline_job)["levels"]
        log("noise: the bare FastAPI baseline again at c=4")
        out["reads_baseline_again"] = load({**baseline_job, "levels": [4]})["levels"]

    out["commands"] = []
    events_table = _events_table(store_url)
    head = store_transactions(store_url, events_table, 0)["head"]
    with RssSampler(server_pid) as sampler:
        for level in plan.levels:
            log(f"commands: create/quote/accept, {level} concurrent")
            run = load(
                {
                    "kind": "commands",
                    **server_job,
                    "base_url": base,
                    "customer_tokens": customers,
                    "admin_token": admin,
                    "concurrency": level,
                    "seconds": plan.command_seconds,
                    "max_commands": 30_000,
                }
            )
            time.sleep(0.5)  # the notifications policy's own commands land too
            run["store"] = store_transactions(store_url, events_table, head)
            head = run["store"]["head"]
            out["commands"].append(run)
    out["server_commands_rss_kb"] = sampler.peak
    log(f"read after own write: {OWN_WRITES} creates, each followed by the customer's list")
    out["own_writes"] = own_writes(base, customers[1])

    # The target's rate, and half of the best closed-loop rate: lag under overload and at a load it sustains.
    best_rate = max(c["per_second"] for c in out["commands"])
    out["lag_runs"] = []
    for rate in (plan.lag_rate, max(10, int(best_rate / 2))):
        log(f"projection lag at {rate} commands/s (open loop)")
        out["lag_runs"].append(
            load(
                {
                    "kind": "lag",
                    "base_url": base,
                    "customer_tokens": customers,
                    "admin_token": admin,
                    "rate": rate,
                    "seconds": plan.lag_seconds,
                    "max_commands": rate * int(plan.lag_seconds) + 3,
                    "max_in_flight": 64,
                    "dsn": store_url,
                    "events_table": events_table,
                    "tracking_name": "read_models",
                }
            )
        )
    out["lag"] = out["lag_runs"][0]
    out["server_peak_rss_kb"] = rss_kb(server_pid, "VmHWM")
    out["command_profile"] = profile_commands(plan, base, customers, admin, server_pid)
    # Last: its tariff is on a lane of its own, but nothing before it should meet a tariff at all.
    out["instant_quote"] = instant_quote.drive(plan, base, customers, admin, server_pid)
    return out


def profile_commands(plan: Plan, base: str, customers: list[str], admin: str, pid: int) -> dict[str, Any]:
    """An extra command run (not counted) under py-spy: where the server spends its time."""
    spy = Path(sys.executable).parent / "py-spy"
    if not spy.exists():
        return {"error": "py-spy is not installed"}
    raw = OUT / "profile-commands.txt"
    level = plan.levels[-1]
    log(f"profile: py-spy on the server during {level} concurrent commands (not counted)")
    seconds = plan.command_seconds
    spy_run = subprocess.Popen(
        [str(spy), "record", "--pid", str(pid), "--duration", str(int(seconds)), "--rate", "200",
         "--format", "raw", "--nonblocking", "--subprocesses", "-o", str(raw)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    job = {"kind": "commands", "base_url": base, "customer_tokens": customers, "admin_token": admin}
    load({**job, "concurrency": level, "seconds": seconds, "max_commands": 30_000})
    spy_run.wait(timeout=seconds + 60)
    return {"file": str(raw), "top": top_frames(raw)}


def top_frames(raw: Path, count: int = 15) -> list[tuple[str, float]]:
    """Share of samples in which each function appears anywhere on the stack (inclusive), from raw stacks."""
    if not raw.exists():
        return []
    inclusive: dict[str, int] = {}
    total = 0
    for line in raw.read_text().splitlines():
        stack, _, number = line.rpartition(" ")
        if not number.isdigit():
            continue
        samples = int(number)
        total += samples
        for frame in {
            f.split(" (")[0] + " (" + f.split(" (")[-1].split(":")[0] + ")" for f in stack.split(";")
        }:
            inclusive[frame] = inclusive.get(frame, 0) + samples
    ranked = sorted(inclusive.items(), key=lambda kv: -kv[1])
    interesting = [(f, n / total) for f, n in ranked if "threading.py" not in f and "asyncio" not in f]
    return interesting[:count] if total else []


def measure_web(port: int) -> dict[str, Any]:
    from api.settings import ExplicitSettings
    from bench.web import bundle_sizes, first_contentful_paint

    out: dict[str, Any] = {"bundle": bundle_sizes(ExplicitSettings().WEB_DIST)}
    try:
        out.update(first_contentful_paint(f"http://127.0.0.1:{port}/login"))
    except Exception as error:  # the browser is optional on a bare machine; say why it is missing
        out.update({"fcp_ms": None, "error": repr(error)})
    return out


# -- figures, chart ---------------------------------------------------------------------------------------
def build_figures(r: dict[str, Any]) -> list[Figure]:
    figures: list[Figure] = []
    lib = r["library_saves"]
    best = max(r["commands"], key=lambda c: c["per_second"])
    figures.append(
        Figure(
            f"commands/s via HTTP (best of {len(r['commands'])} loads, c={best['concurrency']})",
            best["per_second"],
            "/s",
            lib["per_second"],
            "library saves/s",
            target=Target(ratio_at_least=0.8, text="ratio >= 0.8"),
        )
    )
    if r.get("bare_saves"):
        bare = max(r["bare_saves"], key=lambda row: row["per_second"])
        figures.append(
            Figure(
                f"bare FastAPI saves/s (best, c={bare['concurrency']})",
                bare["per_second"],
                "/s",
                lib["per_second"],
                "library saves/s",
                note="information: one library save per request, nothing of ours (bench/baseline_app.py)",
            )
        )
        figures.append(
            Figure(
                "commands/s against bare FastAPI saves",
                best["per_second"],
                "/s",
                bare["per_second"],
                "bare saves/s",
                note="information: what our checks, events and read models cost beyond HTTP and a save",
            )
        )
    for q in ("p50", "p99"):
        figures.append(
            Figure(
                f"command {q} at c={best['concurrency']}",
                best[f"{q}_ms"],
                "ms",
                lib[f"{q}_ms"],
                "library save",
                lower_is_better=True,
            )
        )
    written = best.get("store") or {}
    if written.get("transactions"):
        figures.append(
            Figure(
                f"events per durable commit at c={best['concurrency']} (group commit)",
                written["events"] / written["transactions"],
                "",
                1.0,
                "one per command without it",
            )
        )
    one = r["commands"][0]
    figures.append(
        Figure(
            f"command p99 at c={one['concurrency']}", one["p99_ms"], "ms", lib["p99_ms"], "library save", True
        )
    )
    figures += instant_quote.figures(r)
    figures += cpu_figures(r)
    figures += read_figures(r)
    small, large = r["rebuilds"][0], r["rebuilds"][-1]
    figures.append(
        Figure(
            f"rebuild events/s ({large['events']:,} events)",
            large["rebuild"]["events_per_second"],
            "/s",
            large["read_log"]["events_per_second"],
            "log read",
            target=Target(at_least=45_000, ratio_at_least=0.3, text=">= 45,000/s; ratio >= 0.3"),
        )
    )
    if "floor" in large:
        figures.append(
            Figure(
                f"rebuild floor events/s ({large['events']:,} events)",
                large["floor"]["events_per_second"],
                "/s",
                large["read_log"]["events_per_second"],
                "log read",
                note="information: the rebuilt rows written back, nothing applied (bench/rebuild_floor.py)",
            )
        )
        figures.append(
            Figure(
                "rebuild against its floor",
                large["rebuild"]["events_per_second"],
                "/s",
                large["floor"]["events_per_second"],
                "floor",
                note="information: what applying the events costs beyond writing their rows",
            )
        )
    for lag in r.get("lag_runs") or [r["lag"]]:
        at_target = lag["target_rate"] == r["plan"]["lag_rate"]
        for q, target in (("p50", None), ("p99", Target(at_most=100, text="<= 100 ms at 500/s"))):
            figures.append(
                Figure(
                    f"projection lag {q} (at {lag['achieved_rate']:.0f} of {lag['target_rate']} cmd/s)",
                    lag["lag"][f"{q}_ms"],
                    "ms",
                    target=(target or Target()) if at_target else Target(),
                )
            )
    if "own_writes" in r:
        for q in ("p50", "p99"):
            figures.append(
                Figure(f"read after own write {q}", r["own_writes"][f"{q}_ms"], "ms", lower_is_better=True)
            )
    mb = 1024.0
    figures.append(
        Figure(
            "server peak RSS during commands",
            r["server_commands_rss_kb"] / mb,
            "MB",
            r["server_idle_rss_kb"] / mb,
            "idle server",
            lower_is_better=True,
        )
    )
    figures.append(
        Figure(
            f"rebuild peak RSS at {large['events']:,} events",
            large["rebuild_rss_kb"] / mb,
            "MB",
            small["rebuild_rss_kb"] / mb,
            f"at {small['events']:,}",
            lower_is_better=True,
            target=Target(ratio_at_least=0.85, text="flat in N (ratio >= 0.85)"),
        )
    )
    figures.append(
        Figure("seed-demo events/s", r["seed"]["events_per_second"], "/s", note="information: no target")
    )
    web = r["web"]
    figures.append(
        Figure(
            "web initial JS+CSS (gzip)",
            web["bundle"]["gzip_bytes"] / 1024 if web["bundle"]["built"] else None,
            "KB",
            target=Target(at_most=150, text="<= 150 KB"),
        )
    )
    figures.append(
        Figure(
            "first contentful paint /login",
            web.get("fcp_ms"),
            "ms",
            target=Target(at_most=1000, text="<= 1 s"),
        )
    )
    return figures


def cpu_figures(r: dict[str, Any]) -> list[Figure]:
    """The server's own CPU per request (its process tree, from /proc): hardly moved by other tenants of a
    shared machine, unlike rates and latencies. Reads beside the bare FastAPI's CPU per read."""
    figures: list[Figure] = []
    for run in r["commands"]:
        if run.get("server_cpu_us_per_request") is not None:
            figures.append(
                Figure(
                    f"server CPU per command at c={run['concurrency']}",
                    run["server_cpu_us_per_request"] / 1000,
                    "ms",
                    lower_is_better=True,
                    note="every process of the server: workers and followers",
                )
            )
    baseline = {row["concurrency"]: row for row in r.get("reads_baseline") or []}
    for row in r["reads"]:
        level = row["concurrency"]
        for name in ("list", "detail"):
            spent = row[name].get("server_cpu_us_per_request")
            if spent is None:
                continue
            base = baseline.get(level, {}).get(name, {}).get("server_cpu_us_per_request")
            figures.append(
                Figure(
                    f"server CPU per {name} read at c={level}",
                    spent,
                    "us",
                    base,
                    "bare FastAPI",
                    lower_is_better=True,
                )
            )
    return figures


def read_figures(r: dict[str, Any]) -> list[Figure]:
    """Per path: best throughput (and its p99) of the levels against the baseline's best, and the p99 at
    c=1 and c=4 against the baseline's at the same level: the 20 ms target is latency at a sane load."""
    figures: list[Figure] = []
    events = r["seed"]["events"]
    server = {row["concurrency"]: row for row in r["reads"]}
    baseline = {row["concurrency"]: row for row in r["reads_baseline"]}
    levels = ",".join(str(c) for c in server)
    for name in ("list", "detail"):
        best_c = max(server, key=lambda c: server[c][name]["per_second"])
        base_c = max(baseline, key=lambda c: baseline[c][name]["per_second"])
        best = server[best_c][name]
        figures.append(
            Figure(
                f"{name} reads/s ({events:,} events; best of c={levels}: c={best_c})",
                best["per_second"],
                "/s",
                baseline[base_c][name]["per_second"],
                f"bare FastAPI c={base_c}",
                target=Target(ratio_at_least=0.7, text="ratio >= 0.7"),
            )
        )
        same = baseline.get(best_c, {}).get(name, {})
        figures.append(
            Figure(
                f"{name} read p99 at c={best_c} (best throughput)",
                best["p99_ms"],
                "ms",
                same.get("p99_ms"),
                f"bare FastAPI c={best_c}",
                lower_is_better=True,
            )
        )
        for level in (1, 4):
            if level not in server:
                continue
            base = baseline.get(level, {}).get(name, {})
            figures.append(
                Figure(
                    f"{name} read p99 at c={level}",
                    server[level][name]["p99_ms"],
                    "ms",
                    base.get("p99_ms"),
                    f"bare FastAPI c={level}",
                    lower_is_better=True,
                    target=Target(at_most=20, text="<= 20 ms"),
                )
            )
    cpu = [row[n]["client_cpu_us_per_request"] for rows in (r["reads"], r["reads_baseline"]) for row in rows
           for n in ("list", "detail")]  # fmt: skip
    figures.append(
        Figure(
            "load generator CPU per read (mean of all read runs)",
            sum(cpu) / len(cpu) if cpu else None,
            "us",
            note="information: CPU the load process takes from the cores the server shares",
        )
    )
    return figures


def chart(r: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    runs = r["commands"]
    x = [c["per_second"] for c in runs]
    fig, ax = plt.subplots(figsize=(8, 5), dpi=100)
    ax.plot(x, [c["p50_ms"] for c in runs], "o-", label="HTTP command p50")
    ax.plot(x, [c["p99_ms"] for c in runs], "s-", label="HTTP command p99")
    for c in runs:
        ax.annotate(
            f"c={c['concurrency']}", (c["per_second"], c["p99_ms"]), textcoords="offset points", xytext=(4, 4)
        )
    lib = r["library_saves"]
    ax.axvline(
        lib["per_second"], color="grey", linestyle="--", label=f"library tight loop {lib['per_second']:.0f}/s"
    )
    lags = r.get("lag_runs") or [r["lag"]]
    ax.plot(
        [lag["achieved_rate"] for lag in lags],
        [lag["lag"]["p99_ms"] for lag in lags],
        "r^",
        label="projection lag p99 (open loop)",
    )
    styles = {("reads", "list"): "D-", ("reads", "detail"): "v-", ("reads_baseline", "list"): "D:",
              ("reads_baseline", "detail"): "v:"}  # fmt: skip
    for (source, name), style in styles.items():
        levels = r.get(source) or []
        who = "server" if source == "reads" else "bare FastAPI"
        xs = [row[name]["per_second"] for row in levels]
        ys = [row[name]["p99_ms"] for row in levels]
        ax.plot(xs, ys, style, alpha=0.8, label=f"{name} read p99 ({who})")
        for row, x_, y_ in zip(levels, xs, ys, strict=True):
            ax.annotate(f"c={row['concurrency']}", (x_, y_), textcoords="offset points", xytext=(4, -10),
                        fontsize=7)  # fmt: skip
    ax.set_xlabel("requests per second (achieved): commands, reads")
    ax.set_ylabel("latency (ms)")
    ax.set_yscale("log")
    ax.set_title(f"freight: latency versus load ({r['seed']['events']:,} events stored)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
