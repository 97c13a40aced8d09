"""The pieces of a bench run that its parts share (the run itself, the topologies): where the repository
is, the plan, the log, the server as a subprocess, the load generator and the login."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]  # the repository (bench/ is a top-level package)
OUT = ROOT / "bench"
ADMIN_USERNAME = "benchadmin"


@dataclass
class Plan:
    short: bool
    events: int
    read_seconds: float
    command_seconds: float
    levels: tuple[int, ...]
    lag_seconds: float
    read_levels: tuple[int, ...] = (1, 4, 8)
    lag_rate: int = 500

    @classmethod
    def make(cls, short: bool, events: int | None) -> Plan:
        # reads: every level for the server and the baseline, each path `read_seconds` per level
        if short:
            return cls(True, events or 50_000, 3, 6, (1, 4, 16), 8, (1, 4, 8))
        return cls(False, events or 1_000_000, 10, 15, (1, 2, 4, 8, 16, 32), 20, (1, 4, 8))


def log(message: str) -> None:
    print(f"[bench {datetime.now(UTC):%H:%M:%S}] {message}", flush=True)


def load(job: dict[str, Any]) -> dict[str, Any]:
    """Run one job in the separate load-generator process."""
    answer = subprocess.run(
        [sys.executable, "-m", "bench.load"],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=job.get("seconds", 30) * 4 + 120,
        check=False,
    )
    if answer.returncode != 0:
        raise RuntimeError(f"load generator failed: {answer.stderr[-2000:]}")
    return dict(json.loads(answer.stdout))


@contextmanager
def running(args: list[str], env: dict[str, str], logfile: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A process of the tree (`freight serve`, `freight follow`) with its output in `logfile`; asked to stop
    (SIGTERM) on leaving, killed when it has not within 15 s."""
    with logfile.open("wb") as out:
        process = subprocess.Popen(args, env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        try:
            yield process
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@contextmanager
def serve(
    args: list[str], env: dict[str, str], port: int, logfile: Path
) -> Iterator[subprocess.Popen[bytes]]:
    """`running`, once it answers /health on `port`."""
    with running(args, env, logfile) as process:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"{args} exited early; see {logfile}")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"{args} did not answer /health; see {logfile}")
            time.sleep(0.2)
        yield process


def login(base: str, username: str, password: str) -> str:
    answer = httpx.post(
        f"{base}/auth/api/v1/login", json={"username": username, "password": password}, timeout=30
    )
    answer.raise_for_status()
    return str(answer.json()["response"]["token"])


# One customer's command, then her read of the list it changed, this many times (one at a time).
OWN_WRITES = 150


def own_writes(base: str, token: str, times: int = OWN_WRITES) -> dict[str, float]:
    """Read-your-writes as a customer meets it: she creates a rate request, then reads her list, which must
    show it. Each read's latency (it waits for the read models, and on a standby topology for the standby's
    replay of them), the client keeping the cookies the server sets, as a browser does."""
    from bench.load import CLIENT, rate_request_payload
    from bench.stats import summarise

    latencies: list[float] = []
    started = time.perf_counter()
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30) as client:
        for index in range(times):
            created = client.post(f"{CLIENT}/rate-requests", json=rate_request_payload(index))
            created.raise_for_status()
            wanted = created.json()["response"]["id"]
            read = time.perf_counter()
            listing = client.get(f"{CLIENT}/rate-requests?limit=10")
            latencies.append(time.perf_counter() - read)
            listing.raise_for_status()
            shown = {row["id"] for row in listing.json()["response"]["list"]["list"]}
            if wanted not in shown:
                raise RuntimeError(f"her list did not show the rate request she had just made: {wanted}")
    return summarise(latencies, time.perf_counter() - started)
