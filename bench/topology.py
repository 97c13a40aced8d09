"""`freight bench --topology multi`: the other shapes of `freight serve` on this machine, beside the default.

The main run measures the default: `freight serve` (one API worker per core, the followers in a process of
their own, under uvicorn's supervisor). With `multi` the same read and command loads at the same
concurrencies then run, on the same store, against:

- `one process`: `freight serve --workers 1` (API and followers in one interpreter);
- `compose`: the shape of docker-compose.yml: `freight serve --workers 2` with RUN_FOLLOWERS=false and two
  `freight follow` (one active per follower group, one hot standby);
- `hot standby`: the default `freight serve` with READ_REPLICA_URL on a streaming replica of the store's
  cluster (`pg_basebackup -R`, tests/pg.py) on this machine: GETs read it, commands mark their WAL position.

Each figure's baseline is the default topology at that concurrency from the same run: above 1 means that
shape is better than the default. No targets: information for choosing a deployment.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx

from bench.harness import ADMIN_USERNAME, OWN_WRITES, ROOT, Plan, load, log, login, own_writes, running, serve
from bench.stats import Figure

CLIENT = "/booking/api/v1/client"

# name -> (serve's arguments, its extra environment, `freight follow` processes beside it)
TOPOLOGIES: dict[str, tuple[list[str], dict[str, str], int]] = {
    "one process": (["--workers", "1"], {}, 0),
    "compose": (["--workers", "2"], {"RUN_FOLLOWERS": "false"}, 2),
    "hot standby": ([], {}, 0),
}
STANDBY = "hot standby"


def drive_topologies(
    plan: Plan, env: dict[str, str], admin_password: str, free_port: Any, work: Path
) -> dict[str, Any]:
    return {name: drive_topology(name, plan, env, admin_password, free_port, work) for name in TOPOLOGIES}


def drive_topology(
    name: str, plan: Plan, env: dict[str, str], admin_password: str, free_port: Any, work: Path
) -> dict[str, Any]:
    from api.cli.demo_seed import DEMO_PASSWORD

    arguments, extra, follows = TOPOLOGIES[name]
    slug = name.replace(" ", "-")
    port = free_port()
    followers: list[int] = []
    with ExitStack() as stack:
        if name == STANDBY:
            extra = {**extra, "READ_REPLICA_URL": stack.enter_context(standby_of(env["DATABASE_URL"], work))}
        for index in range(follows):
            follower = running(
                [sys.executable, "-m", "api.cli", "follow"],
                {"PUBLIC_URL": f"http://127.0.0.1:{port}", **env},
                work / f"{slug}-follow-{index}.log",
            )
            followers.append(stack.enter_context(follower).pid)
        server = stack.enter_context(
            serve(
                [sys.executable, "-m", "api.cli", "serve", *arguments],
                {**env, **extra, "PORT": str(port)},
                port,
                work / f"{slug}.log",
            )
        )
        url = f"http://127.0.0.1:{port}"
        admin = login(url, ADMIN_USERNAME, admin_password)
        customers = [login(url, f"demo{i:06d}", DEMO_PASSWORD) for i in range(8)]
        listing = httpx.get(
            f"{url}{CLIENT}/rate-requests?limit=10&offset=1",
            headers={"Authorization": f"Bearer {customers[0]}"},
            timeout=30,
        )
        listing.raise_for_status()
        first = listing.json()["response"]["list"]["list"][0]["id"]
        out: dict[str, Any] = {"serve": arguments, "environment": extra, "follow_processes": follows}
        levels = list(plan.read_levels)
        log(f"{name}: reads, closed loop at c={levels}")
        out["reads"] = load(
            {
                "kind": "reads",
                "seconds": plan.read_seconds,
                "max_requests": 50_000,
                "levels": levels,
                "server_pids": [server.pid, *followers],
                "base_url": url,
                "token": customers[0],
                "paths": [
                    ["list", f"{CLIENT}/rate-requests?limit=10&offset=1"],
                    ["detail", f"{CLIENT}/rate-requests/{first}"],
                ],
            }
        )["levels"]
        out["commands"] = []
        for level in plan.levels:
            log(f"{name}: commands create/quote/accept, {level} concurrent")
            out["commands"].append(
                load(
                    {
                        "kind": "commands",
                        "server_pids": [server.pid, *followers],
                        "base_url": url,
                        "customer_tokens": customers,
                        "admin_token": admin,
                        "concurrency": level,
                        "seconds": plan.command_seconds,
                        "max_commands": 30_000,
                    }
                )
            )
        log(f"{name}: read after own write, {OWN_WRITES} times")
        out["own_writes"] = own_writes(url, customers[1])
    return out


@contextmanager
def standby_of(store_url: str, work: Path) -> Iterator[str]:
    """A streaming hot standby of the cluster serving `store_url`: the same database's address on it."""
    if str(ROOT) not in sys.path:  # the tests' cluster helpers (tests/pg.py), as bench/run.py uses them
        sys.path.insert(0, str(ROOT))
    from tests.pg import Cluster, throwaway_standby

    address = urlparse(store_url)
    primary = Cluster(address.port or 5432, work)
    with throwaway_standby(primary) as standby:
        log(f"hot standby on port {standby.port}")
        yield standby.url(address.path.lstrip("/"))


def topology_figures(default: dict[str, Any], name: str, other: dict[str, Any]) -> list[Figure]:
    """Each figure of the `name` topology against the default topology at the same concurrency."""
    figures: list[Figure] = []
    by_level = {run["concurrency"]: run for run in default["commands"]}
    for run in other["commands"]:
        level = run["concurrency"]
        one = by_level.get(level)
        if one is None:
            continue
        figures.append(
            Figure(f"commands/s at c={level} ({name})", run["per_second"], "/s", one["per_second"], "default")
        )
        if run.get("server_cpu_us_per_request") and one.get("server_cpu_us_per_request"):
            figures.append(
                Figure(
                    f"server CPU per command at c={level} ({name})",
                    run["server_cpu_us_per_request"] / 1000,
                    "ms",
                    one["server_cpu_us_per_request"] / 1000,
                    "default",
                    lower_is_better=True,
                )
            )
        for q in ("p50", "p99"):
            figures.append(
                Figure(
                    f"command {q} at c={level} ({name})",
                    run[f"{q}_ms"],
                    "ms",
                    one[f"{q}_ms"],
                    "default",
                    lower_is_better=True,
                )
            )
        if run.get("errors") or one.get("errors"):
            figures.append(
                Figure(f"command errors at c={level} ({name})", run["errors"], "", one.get("errors"))
            )
    if "own_writes" in other and "own_writes" in default:
        for q in ("p50", "p99"):
            figures.append(
                Figure(
                    f"read after own write {q} ({name})",
                    other["own_writes"][f"{q}_ms"],
                    "ms",
                    default["own_writes"][f"{q}_ms"],
                    "default",
                    lower_is_better=True,
                )
            )
    reads = {row["concurrency"]: row for row in default["reads"]}
    for row in other["reads"]:
        one = reads.get(row["concurrency"])
        if one is None:
            continue
        for path in ("list", "detail"):
            figures.append(
                Figure(
                    f"{path} reads/s at c={row['concurrency']} ({name})",
                    row[path]["per_second"],
                    "/s",
                    one[path]["per_second"],
                    "default",
                )
            )
    return figures
