"""`freight serve` (API, web app and followers in one process) and `freight follow` (the followers alone).

Both check before they start what would otherwise surface as a traceback from inside the server: the
database, read models a follower cannot simply carry on from, a rebuild holding the store, the port, and
on SQLite a second process following the same store (SQLite keeps its one-process shape).
"""

from __future__ import annotations

import argparse
import errno
import signal
import socket
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from api.cli.commands import command
from api.cli.environment import REBUILDING, check_store, holding, load_settings, where
from api.cli.outcome import CLEAN, Console, Refusal
from api.settings import Settings


def check_read_models(settings: Settings) -> None:
    """Refuse when the read models are damaged: a follower would carry on from a position whose rows are
    not there (or rows no position accounts for), and serve wrong answers from then on."""
    from api.bootstrap import open_read_models
    from projections.condition import inspect

    db = open_read_models(settings)
    try:
        with db.read() as tx:
            damage = inspect(tx).damage()
    finally:
        db.close()
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


def _preflight(settings: Settings) -> None:
    check_store(settings)
    check_read_models(settings)


@command("serve", "serve the web app and the API (with the followers inside)")
def serve(_: argparse.Namespace, console: Console) -> int:
    import uvicorn

    from api.main import create_app

    settings = load_settings()
    _preflight(settings)
    with running_followers(settings):
        check_port(settings.HOST, settings.PORT)
        # SIGTERM (a service manager) and Ctrl-C stop a server: a clean end (exit 0), as for `follow`.
        # uvicorn shuts down gracefully on either and then raises it again to die by it; these handlers
        # end the process cleanly instead (and before uvicorn listens, they end it at once).
        signal.signal(signal.SIGTERM, _stopped)
        signal.signal(signal.SIGINT, _stopped)
        trusted = settings.FORWARDED_ALLOW_IPS.strip()
        uvicorn.run(
            create_app(settings),
            host=settings.HOST,
            port=settings.PORT,
            log_level="info",
            # uvicorn would otherwise trust forwarded headers from 127.0.0.1 (or its own FORWARDED_ALLOW_IPS).
            proxy_headers=bool(trusted),
            forwarded_allow_ips=trusted or None,
        )
    return CLEAN


def _stopped(*_: object) -> None:
    raise SystemExit(CLEAN)


@command("follow", "run the projection and policy followers alone (multi-process deployment)")
def follow(_: argparse.Namespace, console: Console) -> int:
    import threading

    from api.bootstrap import Services

    settings = load_settings().model_copy(update={"RUN_FOLLOWERS": True})
    _preflight(settings)
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
