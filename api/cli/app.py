"""Parse the command line, run the subcommand, and end it the documented way (see `outcome.EXIT_CODES`).

Whatever happens, the terminal gets no traceback: a refusal is one line on standard error; with --json,
standard output carries exactly one JSON object (the refusal's too). FREIGHT_DEBUG=1 lets errors through.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from importlib.metadata import entry_points

# Each module registers its subcommands.
from api.cli import admin, audit, dead_letters, erase, read_models, seeding, serving  # noqa: F401
from api.cli.commands import COMMANDS
from api.cli.outcome import EXIT_CODES, Console, Result, explain, json_line

# Long-running commands keep their log's tracebacks (a server's log is where a bug is diagnosed).
SERVERS = ("serve", "follow")
# The order `freight --help` lists them in.
ORDER = ("serve", "follow", "create-admin", "replay", "verify", "audit", "seed-demo", "bench")


# Commands installed beside the product register themselves through this entry-point group (the benchmark:
# `bench = "bench.cli"` in pyproject.toml), so the product imports none of them.
PLUGINS = "freight.commands"


def load_plugins() -> None:
    for plugin in entry_points(group=PLUGINS):
        try:
            plugin.load()
        except Exception as error:  # a broken add-on never takes the product's own commands down with it
            print(f"freight: the {plugin.name} command is unavailable ({error})", file=sys.stderr)


class OneLineFormatter(logging.Formatter):
    """Log records without their tracebacks: one line each (FREIGHT_DEBUG=1 restores them)."""

    def formatException(self, ei: object) -> str:
        return ""

    def format(self, record: logging.LogRecord) -> str:
        record.exc_text = None
        text = super().format(record)
        return text.rstrip()


def build_parser() -> argparse.ArgumentParser:
    load_plugins()
    parser = argparse.ArgumentParser(
        prog="freight",
        description="Freight booking portal",
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in sorted(COMMANDS.values(), key=lambda c: ORDER.index(c.name) if c.name in ORDER else 99):
        sub = commands.add_parser(
            command.name,
            help=command.help,
            description=command.help,
            epilog=EXIT_CODES,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        if command.arguments is not None:
            command.arguments(sub)
        if command.json:
            sub.add_argument(
                "--json", action="store_true", help="print one JSON object with the result on standard output"
            )
    return parser


def _configure_logging(command: str, debug: bool) -> logging.Handler:
    handler = logging.StreamHandler()
    line = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    if command in SERVERS or debug:
        handler.setFormatter(logging.Formatter(line))
        level = logging.INFO
    else:
        handler.setFormatter(OneLineFormatter(line))
        level = logging.WARNING
    logging.basicConfig(level=level, handlers=[handler], force=True)
    return handler


def _name(args: argparse.Namespace) -> str:
    action = getattr(args, "action", None)
    return f"{args.command} {action}" if action else str(args.command)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)  # usage errors: argparse's message and exit code 2
    debug = os.environ.get("FREIGHT_DEBUG", "").lower() in ("1", "y", "yes", "true")
    handler = _configure_logging(args.command, debug)
    try:
        return _run(args, debug)
    finally:
        logging.getLogger().removeHandler(handler)  # main() may be called again in one process (tests)


def _run(args: argparse.Namespace, debug: bool) -> int:
    console = Console(json=bool(getattr(args, "json", False)))
    name = _name(args)
    try:
        outcome = COMMANDS[args.command].run(args, console)
    except (Exception, KeyboardInterrupt) as error:
        if debug:
            raise
        code, line = explain(error)
        console.warn(f"freight {name}: {line}")
        if console.json:
            print(json_line(name, code, {"error": line}), flush=True)
        return code
    result = outcome if isinstance(outcome, Result) else Result(outcome)
    if console.json:
        print(json_line(name, result.code, result.fields), flush=True)
    return result.code
