"""`freight serve` as a real process on a free loopback port, its output kept in a log file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.pg import free_port

ROOT = Path(__file__).resolve().parents[1]


class ServerExited(RuntimeError):
    pass


def wait_until_healthy(url: str, process: subprocess.Popen[bytes], log: Path, seconds: float = 60) -> None:
    """Until `/health` answers 200; a server that exits or stays unhealthy fails with its log and the last
    health answer, which names the follower group and the reason."""
    deadline = time.monotonic() + seconds
    last = "no answer"
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerExited(f"server exited: {log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=5) as answer:
                if answer.status == 200:
                    return
        except urllib.error.HTTPError as error:
            last = f"{error.code} {error.read()[:2000]!r}"
        except OSError as error:
            last = repr(error)
        time.sleep(0.2)
    raise RuntimeError(
        f"server not healthy in {seconds:g}s; last /health: {last}\n{log.read_text(errors='replace')[-3000:]}"
    )


@contextmanager
def running_server(env: dict[str, str], log: Path, workers: int = 1) -> Iterator[str]:
    """Serve with the process environment plus `env` (`DATABASE_URL` only when `env` names it); yield the
    base URL; stop the process on the way out. One process unless `workers` says otherwise: tests that are
    not about the topology do not pay for starting several (tests/api/test_serve_topology.py does)."""
    for attempt in range(5):
        port = free_port()
        full_env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port)}
        full_env.pop("DATABASE_URL", None)
        full_env.update(env)
        with log.open("wb") as output:
            process = subprocess.Popen(
                [sys.executable, "-m", "api.cli", "serve", "--workers", str(workers)],
                cwd=ROOT,
                env=full_env,
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        url = f"http://127.0.0.1:{port}"
        try:
            wait_until_healthy(url, process, log)
            break
        except ServerExited:
            # Another process (a parallel test worker) took the free port before the server bound it.
            if attempt == 4 or "already in use" not in log.read_text():
                raise
        except BaseException:
            _stop(process)
            raise
    try:
        yield url
    finally:
        _stop(process)


def _stop(process: subprocess.Popen[bytes]) -> None:
    stop_processes([process], grace=10)


def stop_processes(processes: Iterable[subprocess.Popen[bytes]], grace: float) -> None:
    """SIGTERM to every process still running; each then has `grace` seconds to finish before it is killed."""
    running = list(processes)
    for process in running:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in running:
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
