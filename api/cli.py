"""The `freight` command: serve, follow, create-admin, replay, verify."""

from __future__ import annotations

import argparse
import getpass
import logging
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from api.settings import Settings

Command = Callable[[argparse.Namespace, Settings], int]
COMMANDS: dict[str, tuple[str, Command, Callable[[argparse.ArgumentParser], None] | None]] = {}


def command(name: str, help_text: str, arguments: Callable[[argparse.ArgumentParser], None] | None = None):  # type: ignore[no-untyped-def]
    def register(function: Command) -> Command:
        COMMANDS[name] = (help_text, function, arguments)
        return function

    return register


@command("serve", "serve the web app and the API (with the followers inside)")
def serve(_: argparse.Namespace, settings: Settings) -> int:
    import uvicorn

    from api.main import create_app

    uvicorn.run(create_app(settings), host=settings.HOST, port=settings.PORT, log_level="info")
    return 0


@command("follow", "run the projection and policy followers alone (multi-process deployment)")
def follow(_: argparse.Namespace, settings: Settings) -> int:
    import signal
    import threading

    from api.bootstrap import Services

    services = Services(settings.model_copy(update={"RUN_FOLLOWERS": True}))
    services.start()
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    signal.signal(signal.SIGINT, lambda *_: done.set())
    done.wait()
    services.stop()
    return 0


def _admin_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--username", default=None)
    parser.add_argument("--role", choices=["admin", "auditor"], default="admin")


@command(
    "create-admin", "create a staff account (password from ADMIN_PASSWORD or a prompt)", _admin_arguments
)
def create_admin(args: argparse.Namespace, settings: Settings) -> int:
    from domain.accounts.application import AccountsApplication
    from domain.shared.actor import SYSTEM_ACTOR
    from domain.shared.errors import AlreadyExists
    from infrastructure.event_store import SharedStore

    username = args.username or settings.ADMIN_USERNAME or input("Username: ")
    password = settings.ADMIN_PASSWORD or getpass.getpass("Password: ")
    store = SharedStore(settings.event_store_env())
    try:
        AccountsApplication(store).create_staff(username, password, [args.role], SYSTEM_ACTOR)
    except AlreadyExists:
        print(f"{username} exists already", file=sys.stderr)
        return 1
    finally:
        store.close()
    print(
        f"created {args.role} {username}; the read models show it once the server (or `freight replay`) runs"
    )
    return 0


def _progress(done: int, total: int, seconds: float) -> None:
    width = 30
    filled = int(width * done / total) if total else width
    rate = done / seconds if seconds > 0 else 0.0
    print(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} events  {rate:,.0f} events/s",
        end="",
        flush=True,
    )


@command("replay", "drop every read model and rebuild it from the event store")
def replay(_: argparse.Namespace, settings: Settings) -> int:
    from api.bootstrap import open_read_models
    from infrastructure.event_store import SharedStore
    from projections.rebuild import rebuild

    store = SharedStore(settings.event_store_env())
    db = open_read_models(settings)
    try:
        stats = rebuild(store, db, progress=_progress)
    finally:
        db.close()
        store.close()
    print(
        f"\nrebuilt {stats.events} events in {stats.seconds:.2f}s ({stats.events_per_second:,.0f} events/s)"
    )
    return 0


@command("verify", "rebuild into scratch tables and compare row by row with the live read models")
def verify(_: argparse.Namespace, settings: Settings) -> int:
    from api.bootstrap import open_read_models
    from infrastructure.event_store import SharedStore
    from infrastructure.read_db import PostgresReadModels
    from projections.rebuild import verify as verify_read_models

    store = SharedStore(settings.event_store_env())
    live = open_read_models(settings)
    with tempfile.TemporaryDirectory() as scratch_dir:
        scratch = open_read_models(
            settings, schema=f"verify_{os.getpid()}", path=Path(scratch_dir) / "scratch.db"
        )
        try:
            differences = verify_read_models(store, live, scratch)
        finally:
            if isinstance(scratch, PostgresReadModels):
                scratch.drop_schema()
            scratch.close()
            live.close()
            store.close()
    for difference in differences:
        print(f"{difference.table} {difference.key}: live={difference.live} rebuilt={difference.rebuilt}")
    if differences:
        print(f"{len(differences)} differing rows", file=sys.stderr)
        return 1
    print("read models match the event store")
    return 0


def _audit_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", required=True)
    export = actions.add_parser("export", help="write the event history as JSON Lines with a SHA-256 chain")
    export.add_argument("--out", default="-", help="file to write (default: standard output)")
    check = actions.add_parser("check", help="verify an export: exit 1 and name the first bad line")
    check.add_argument("file")


@command("audit", "export the event history with a hash chain, or check such an export", _audit_arguments)
def audit(args: argparse.Namespace, settings: Settings) -> int:
    from projections.audit_export import ChainBroken, check, export

    if args.action == "check":
        try:
            with open(args.file, encoding="utf-8") as lines:
                count = check(line.rstrip("\n") for line in lines)
        except ChainBroken as broken:
            print(f"{args.file}: {broken}", file=sys.stderr)
            return 1
        print(f"{args.file}: {count} events, chain intact")
        return 0

    from infrastructure.event_store import SharedStore

    store = SharedStore(settings.event_store_env())
    try:
        if args.out == "-":
            count = export(store, sys.stdout)
        else:
            with open(args.out, "w", encoding="utf-8") as out:
                count = export(store, out)
            print(f"wrote {count} events to {args.out}", file=sys.stderr)
    finally:
        store.close()
    return 0


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
        help="multi: also run the loads against 2 API workers + `freight follow` beside the one process",
    )


@command(
    "bench",
    "benchmark commands, reads, rebuild, lag, memory and the web app against baselines",
    _bench_arguments,
)
def bench(args: argparse.Namespace, _: Settings) -> int:
    from bench.run import run

    run(short=args.short, events=args.events, topology=args.topology)
    return 0


def _seed_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--events", type=int, default=100_000, help="events to write (at least)")
    parser.add_argument("--batch", type=int, default=5000, help="events per transaction")
    parser.add_argument("--no-catch-up", action="store_true", help="skip the read-model rebuild afterwards")


@command("seed-demo", "write a realistic demo history fast, then rebuild the read models", _seed_arguments)
def seed_demo(args: argparse.Namespace, settings: Settings) -> int:
    from bench.seed import DEMO_PASSWORD, Seeder
    from domain.accounts.passwords import hash_password
    from infrastructure.event_store import SharedStore

    store = SharedStore(settings.event_store_env())
    try:
        if store.head():
            print(f"the store holds {store.head()} events already; seeding adds to them", file=sys.stderr)
        seeder = Seeder(
            store,
            password_hash=hash_password(DEMO_PASSWORD),
            batch_events=args.batch,
            prefix=f"demo{store.head()}x" if store.head() else "demo",
            progress=_progress,
        )
        stats = seeder.run(args.events)
    finally:
        store.close()
    print(
        f"\nseeded {stats.events} events in {stats.seconds:.1f}s ({stats.events_per_second:,.0f} events/s); "
        f"customers {stats.customers[0]}..{stats.customers[-1]} (password {DEMO_PASSWORD})"
    )
    return 0 if args.no_catch_up else replay(args, settings)


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    parser = argparse.ArgumentParser(prog="freight", description="Freight booking portal")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, (help_text, _, arguments) in COMMANDS.items():
        sub = commands.add_parser(name, help=help_text)
        if arguments is not None:
            arguments(sub)
    args = parser.parse_args(argv)
    _, function, _ = COMMANDS[args.command]
    return function(args, Settings())


if __name__ == "__main__":
    raise SystemExit(main())
