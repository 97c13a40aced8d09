"""`freight serve` (API workers, one per core by default, and the followers' process, under uvicorn's
supervisor: api/processes.py; `--workers 1`: everything in one process) and `freight follow` (the followers
alone).

Both check before they start what would otherwise surface as a traceback from inside the server: the
database, read models a follower cannot simply carry on from, a rebuild holding the store, the port, and
on SQLite a second process following the same store (one followers process per SQLite store).
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import socket
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from api.cli.commands import command
from api.cli.environment import IN_USE, REBUILDING, check_store, holding, load_settings, where
from api.cli.outcome import CLEAN, Console, Refusal
from api.settings import Settings


def check_read_models(settings: Settings, console: Console | None = None) -> None:
    """Refuse when the read models are damaged: a follower would carry on from a position whose rows are
    not there (or rows no position accounts for), and serve wrong answers from then on.

    Read models built by an earlier release with other tables are rebuilt here on the embedded store (one
    process: nothing else reads them meanwhile); with PostgreSQL, where other workers may be serving them,
    the operator runs `freight replay --changed` once. Either way only the read models the release changed
    are rebuilt, with those tied to them (projections/rebuild_changed.py)."""
    from api.bootstrap import open_read_models
    from projections.condition import inspect

    db = open_read_models(settings)
    try:
        with db.read() as tx:
            condition = inspect(tx)
    finally:
        db.close()
    damage = condition.damage()
    if damage and condition.other_schema and not settings.uses_postgres and console is not None:
        from api.cli.read_models import rebuild_read_models

        console.say(f"{damage}: rebuilding them from the event store before serving")
        with holding(settings, exclusive=True, busy=IN_USE):
            rebuild_read_models(settings, console, changed=True)
        return
    if damage and condition.other_schema:
        raise Refusal(f"the read models are damaged ({damage}); run `freight replay --changed` first")
    if damage:
        raise Refusal(f"the read models are damaged ({damage}); run `freight replay` first")


@contextmanager
def running_followers(settings: Settings) -> Iterator[None]:
    """The store held shared (no rebuild meanwhile) and, on SQLite, its followers held by this process."""
    with ExitStack() as held:
        held.enter_context(holding(settings, exclusive=False, busy=REBUILDING))
        if settings.RUN_FOLLOWERS and not settings.uses_postgres:
            held.enter_context(
                holding(
                    settings,
                    exclusive=True,
                    name="followers",
                    busy=f"another freight serve or follow already follows {where(settings)}; an embedded"
                    " SQLite store has one server process (stop it, or use PostgreSQL for several)",
                )
            )
        yield


def check_port(host: str, port: int) -> None:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind((host, port))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise Refusal(f"port {port} on {host} is in use (another server?); set PORT") from None
            raise Refusal(f"cannot listen on {host}:{port}: {error.strerror}") from None


def _preflight(settings: Settings, console: Console | None = None) -> None:
    weak = settings.weak_jwt_secret()
    if weak:
        raise Refusal(weak)
    check_store(settings)
    check_read_models(settings, console)


def _serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="API worker processes (default: one per core), with the followers in a process of their own;"
        " 1 serves everything from this one process",
    )


@command("serve", "serve the web app and the API (workers per core, followers beside them)", _serve_arguments)
def serve(args: argparse.Namespace, console: Console) -> int:
    settings = load_settings()
    workers = (os.cpu_count() or 1) if args.workers is None else args.workers
    if workers < 1:
        raise Refusal("--workers must be at least 1")
    _preflight(settings, console)
    with running_followers(settings):
        check_port(settings.HOST, settings.PORT)
        # SIGTERM (a service manager) and Ctrl-C stop a server: a clean end (exit 0), as for `follow`.
        # uvicorn shuts down gracefully on either and then raises it again to die by it; these handlers
        # end the process cleanly instead (and before uvicorn listens, they end it at once).
        signal.signal(signal.SIGTERM, _stopped)
        signal.signal(signal.SIGINT, _stopped)
        if workers == 1:
            _serve_here(settings)
        else:
            _supervise(settings, workers)
    return CLEAN


# The app decides which forwarded headers to believe (FORWARDED_ALLOW_IPS, api/edge/forwarded.py): uvicorn's
# own handling, which trusts loopback by default, stays off; and no banner names the server software.
PROXY_OPTIONS: dict[str, Any] = {"proxy_headers": False, "server_header": False}


def _serve_here(settings: Settings) -> None:
    """Today's one process: API, web app and followers together."""
    from uvicorn.config import STARTUP_FAILURE, Config

    from api.main import create_app
    from api.stopping import GRACE_SECONDS, DeadlineServer

    config = Config(
        create_app(settings),
        host=settings.HOST,
        port=settings.PORT,
        log_level="info",
        timeout_graceful_shutdown=GRACE_SECONDS,
        **PROXY_OPTIONS,
    )
    server = DeadlineServer(config)
    server.run()
    if not server.started:
        sys.exit(STARTUP_FAILURE)  # as uvicorn.run ends when the app cannot start


def _supervise(settings: Settings, workers: int) -> None:
    """`workers` API processes and (unless RUN_FOLLOWERS=false) the followers' process, under uvicorn's
    supervisor (api/processes.py). The children read their settings from this environment."""
    from uvicorn.config import Config

    from api.processes import ADMIN_BY_FOLLOWERS, FOLLOWERS_APP, WORKER_APP, Supervisor
    from api.stopping import GRACE_SECONDS

    os.environ["SERVE_PROCESSES"] = str(workers + (1 if settings.RUN_FOLLOWERS else 0))
    if settings.RUN_FOLLOWERS:
        os.environ[ADMIN_BY_FOLLOWERS] = "1"
    config = Config(
        WORKER_APP,
        factory=True,
        host=settings.HOST,
        port=settings.PORT,
        workers=workers,
        log_level="info",
        timeout_graceful_shutdown=GRACE_SECONDS,
        **PROXY_OPTIONS,
    )
    followers = Config(FOLLOWERS_APP, factory=True, log_level="info") if settings.RUN_FOLLOWERS else None
    supervisor = Supervisor(config, [config.bind_socket()], followers)
    supervisor.run()
    if supervisor.failed_to_start:
        raise RuntimeError("a server process could not start (its log is above)")


def _stopped(*_: object) -> None:
    raise SystemExit(CLEAN)


@command("follow", "run the projection and policy followers alone (multi-process deployment)")
def follow(_: argparse.Namespace, console: Console) -> int:
    import threading

    from api.bootstrap import Services

    settings = load_settings()
    # API workers elsewhere share the store: on SQLite they are woken by this process's datagrams.
    processes = max(2, settings.SERVE_PROCESSES)
    settings = settings.model_copy(update={"RUN_FOLLOWERS": True, "SERVE_PROCESSES": processes})
    _preflight(settings)
    if not settings.PUBLIC_URL:
        # This process serves nothing, so it has no address of its own to default to; its e-mails would
        # link to wherever HOST:PORT happen to point, which nobody outside reaches.
        raise Refusal(
            "set PUBLIC_URL (where people reach the portal, e.g. https://freight.example.com):"
            " the messages this process sends link to it"
        )
    with running_followers(settings):
        services = Services(settings)
        done = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: done.set())
        signal.signal(signal.SIGINT, lambda *_: done.set())
        try:
            services.start()
            print(
                f"following {where(settings)} from position {services.read_follower.position}"
                f" (store head {services.store.head()}); stop with SIGTERM or Ctrl-C",
                file=sys.stderr,
                flush=True,
            )
            done.wait()
        finally:
            services.stop()
    return CLEAN
