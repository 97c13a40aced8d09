"""`freight serve`'s processes on one machine: API workers (one per core by default) and the followers in a
process of their own, all children of uvicorn's own supervisor.

uvicorn's `Multiprocess` pings every child, restarts one that died or hangs, stops them all on SIGTERM or
Ctrl-C and restarts them on SIGHUP. Its children are uvicorn servers; the followers' child is one too, on no
socket: its lifespan starts the followers (projections, policies, schedulers) and stops them on the way out,
so the supervisor keeps it alive and signals it like any worker. The API workers run with their followers
off: their commands wait for the followers' tracking row, woken by PostgreSQL's NOTIFY or, on SQLite, by
the followers' datagrams (infrastructure/local_wakeups.py).

Children find their settings in the environment the parent passes on; `SERVE_PROCESSES` tells them they
share the store with others. Each child asks the kernel to stop it when the supervisor dies (even by
SIGKILL), so no orphan keeps following a store its parent no longer holds.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import signal
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from uvicorn.config import STARTUP_FAILURE, Config
from uvicorn.supervisors.multiprocess import Multiprocess, Process

from api.settings import Settings
from api.stopping import STOP_SECONDS, WORKERS_GONE_SECONDS

log = logging.getLogger("uvicorn.error")

WORKER_APP = "api.processes:worker_app"
FOLLOWERS_APP = "api.processes:followers_app"
# Set in the workers' environment when a followers' child creates the first staff account (only it does).
ADMIN_BY_FOLLOWERS = "FREIGHT_ADMIN_BY_FOLLOWERS"
PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    # Not Linux: no such call, and the supervisor's own stop still reaches every child.
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _settings(**update: Any) -> Settings:
    return Settings().model_copy(update=update)


def worker_app() -> Any:
    """An API worker: followers off (the followers' child applies them)."""
    import os

    from api.main import create_app

    _die_with_parent()
    update: dict[str, Any] = {"RUN_FOLLOWERS": False}
    if os.environ.get(ADMIN_BY_FOLLOWERS):
        update["ADMIN_PASSWORD"] = None
    return create_app(_settings(**update))


def followers_app() -> Any:
    """The followers' child: an ASGI app with a lifespan and no routes, served on no socket."""
    from starlette.applications import Starlette

    from api.bootstrap import Services

    _die_with_parent()
    settings = _settings(RUN_FOLLOWERS=True)

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        services = Services(settings)
        services.start()
        log.info("followers started from position %s", services.read_follower.position)
        try:
            yield
        finally:
            services.stop()

    return Starlette(lifespan=lifespan)


def _join_or_kill(process: Process, deadline: float) -> None:
    """Wait for a stopping child until `deadline` (time.monotonic()), then kill it."""
    process.process.join(max(0.0, deadline - time.monotonic()))
    if process.process.is_alive():
        log.warning("child process [%s] still stopping at the deadline: killed", process.pid)
        process.process.kill()
        process.process.join()


class Supervisor(Multiprocess):
    """uvicorn's supervisor with one more child, the followers' (started first, kept alive the same way)."""

    def __init__(self, config: Config, sockets: list[socket.socket], followers: Config | None) -> None:
        super().__init__(config, sockets)
        self.followers_config = followers
        self.followers: Process | None = None
        self.stopped_by_signal = False
        self.failed_to_start = False

    def init_processes(self) -> None:
        if self.followers_config is not None:
            self.followers = self._start_followers()
            # Its startup creates or checks the schema and the first staff account before any worker.
            if not self.followers.wait_until_ready(120, self.should_exit):
                if not self.should_exit.is_set():
                    log.error("the followers' process did not start; stopping")
                    self.failed_to_start = True
                    self.should_exit.set()
                return
        super().init_processes()

    def _start_followers(self) -> Process:
        assert self.followers_config is not None
        process = Process(self.followers_config, [])
        process.start()
        return process

    def keep_subprocess_alive(self) -> None:
        super().keep_subprocess_alive()
        if self.should_exit.is_set():
            if not self.stopped_by_signal:
                self.failed_to_start = True  # uvicorn stops when a child cannot start at all
            return
        followers = self.followers
        if followers is None or followers.is_alive(timeout=self.config.timeout_worker_healthcheck):
            return
        followers.kill()
        followers.join()
        if followers.exitcode == STARTUP_FAILURE:
            log.error("the followers' process [%s] failed to start; stopping", followers.pid)
            self.failed_to_start = True
            self.should_exit.set()
            return
        log.info("followers' process [%s] died; starting another", followers.pid)
        self.followers = self._start_followers()

    def restart_all(self) -> None:
        if self.followers is not None:
            self.followers.terminate()
            self.followers.join()
            self.followers = self._start_followers()
        super().restart_all()

    def terminate_all(self) -> None:
        # The workers first (they finish their requests), then the followers (they apply what those wrote);
        # each within its share of the stop deadline, or killed (api/stopping.py).
        self.stop_started = time.monotonic()
        super().terminate_all()
        for process in self.processes:
            _join_or_kill(process, self.stop_started + WORKERS_GONE_SECONDS)
        if self.followers is not None:
            self.followers.terminate()

    def join_all(self) -> None:
        if self.followers is not None:
            started = getattr(self, "stop_started", time.monotonic())
            _join_or_kill(self.followers, started + STOP_SECONDS - 0.5)

    def handle_int(self) -> None:
        self.stopped_by_signal = True
        super().handle_int()

    def handle_term(self) -> None:
        self.stopped_by_signal = True
        super().handle_term()

    @property
    def pids(self) -> list[int]:
        found = [p.pid for p in self.processes if p.pid is not None]
        if self.followers is not None and self.followers.pid is not None:
            found.append(self.followers.pid)
        return found
