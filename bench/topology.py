"""`freight bench --topology multi`: the compose deployment's shape on this machine, beside one process.

Two `freight serve` workers (followers off: each command's read-your-writes wait watches the tracking row,
woken by LISTEN/NOTIFY) and two `freight follow` processes (one active per follower group, one hot standby),
on the same store the single-process run just used. The same read and command loads at the same
concurrencies, the load spread round-robin over both workers; each figure's baseline is the single process
at that concurrency from the same run. Targets: command p50 at most 1.2x, commands/s at least 1.0x.
"""

from __future__ import annotations

import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx

from bench.run import ADMIN_USERNAME, ROOT, Plan, _login, load, log, serve
from bench.stats import Figure, Target

CLIENT = "/booking/api/v1/client"


def drive_multi(
    plan: Plan, env: dict[str, str], admin_password: str, free_port: Any, work: Path
) -> dict[str, Any]:
    from bench.seed import DEMO_PASSWORD

    ports = [free_port(), free_port()]
    with ExitStack() as stack:
        for name in ("follow-a", "follow-b"):
            log_file = stack.enter_context((work / f"{name}.log").open("wb"))
            follower = subprocess.Popen(
                [sys.executable, "-m", "api.cli", "follow"],
                env=env,
                cwd=ROOT,
                stdout=log_file,
                stderr=subprocess.STDOUT,
            )
            stack.callback(_stop, follower)
        for index, port in enumerate(ports):
            worker_env = {**env, "PORT": str(port), "RUN_FOLLOWERS": "false"}
            stack.enter_context(
                serve(
                    [sys.executable, "-m", "api.cli", "serve"], worker_env, port, work / f"worker-{index}.log"
                )
            )
        urls = [f"http://127.0.0.1:{port}" for port in ports]
        admin = _login(urls[0], ADMIN_USERNAME, admin_password)
        customers = [_login(urls[i % 2], f"demo{i:06d}", DEMO_PASSWORD) for i in range(8)]
        listing = httpx.get(
            f"{urls[0]}{CLIENT}/rate-requests?limit=10&offset=1",
            headers={"Authorization": f"Bearer {customers[0]}"},
            timeout=30,
        )
        listing.raise_for_status()
        first = listing.json()["response"]["list"]["list"][0]["id"]
        out: dict[str, Any] = {"workers": len(urls), "followers": 2}
        levels = list(plan.read_levels)
        log(f"multi: reads over {len(urls)} workers, closed loop at c={levels}")
        out["reads"] = load(
            {
                "kind": "reads",
                "seconds": plan.read_seconds,
                "max_requests": 50_000,
                "levels": levels,
                "base_url": urls[0],
                "base_urls": urls,
                "token": customers[0],
                "paths": [
                    ["list", f"{CLIENT}/rate-requests?limit=10&offset=1"],
                    ["detail", f"{CLIENT}/rate-requests/{first}"],
                ],
            }
        )["levels"]
        out["commands"] = []
        for level in plan.levels:
            log(f"multi: commands create/quote/accept, {level} concurrent over {len(urls)} workers")
            out["commands"].append(
                load(
                    {
                        "kind": "commands",
                        "base_url": urls[0],
                        "base_urls": urls,
                        "customer_tokens": customers,
                        "admin_token": admin,
                        "concurrency": level,
                        "seconds": plan.command_seconds,
                        "max_commands": 30_000,
                    }
                )
            )
    return out


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


def multi_figures(single: dict[str, Any], multi: dict[str, Any]) -> list[Figure]:
    """Each multi-process figure against the single process at the same concurrency."""
    figures: list[Figure] = []
    by_level = {run["concurrency"]: run for run in single["commands"]}
    for run in multi["commands"]:
        level = run["concurrency"]
        one = by_level.get(level)
        if one is None:
            continue
        figures.append(
            Figure(
                f"commands/s at c={level} ({multi['workers']} workers + follow)",
                run["per_second"],
                "/s",
                one["per_second"],
                "one process",
                target=Target(ratio_at_least=1.0, text="ratio >= 1.0"),
            )
        )
        figures.append(
            Figure(
                f"command p50 at c={level} ({multi['workers']} workers + follow)",
                run["p50_ms"],
                "ms",
                one["p50_ms"],
                "one process",
                lower_is_better=True,
                # p50 at most 1.2x the single process's: ratio (single/multi) at least 1/1.2.
                target=Target(ratio_at_least=1 / 1.2, text="<= 1.2x (ratio >= 0.83)"),
            )
        )
        if run.get("errors"):
            figures.append(
                Figure(f"command errors at c={level} (multi)", run["errors"], "", one.get("errors"))
            )
    reads = {row["concurrency"]: row for row in single["reads"]}
    for row in multi["reads"]:
        one = reads.get(row["concurrency"])
        if one is None:
            continue
        for path in ("list", "detail"):
            figures.append(
                Figure(
                    f"{path} reads/s at c={row['concurrency']} (multi)",
                    row[path]["per_second"],
                    "/s",
                    one[path]["per_second"],
                    "one process",
                )
            )
    return figures
