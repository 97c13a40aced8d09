"""`freight audit export` (the history with a SHA-256 chain) and `freight audit check` (is a file whole?)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import BinaryIO

from api.cli.commands import command
from api.cli.environment import check_store, load_settings
from api.cli.outcome import CLEAN, EXIT_CODES, FOUND, Console, Refusal, Result
from api.cli.progress import Meter

RAW = argparse.RawDescriptionHelpFormatter


def _audit_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    export = actions.add_parser(
        "export",
        help="write the event history as JSON Lines with a SHA-256 chain",
        epilog=EXIT_CODES,
        formatter_class=RAW,
    )
    export.add_argument("--out", default="-", help="file to write (default: standard output)")
    check = actions.add_parser(
        "check",
        help="check an export: exit 1 and name the first bad line",
        epilog=EXIT_CODES,
        formatter_class=RAW,
    )
    check.add_argument("file")
    check.add_argument("--json", action="store_true", help="print one JSON object with the result")


def _lines(source: BinaryIO) -> Iterator[bytes]:
    for line in source:
        yield line.rstrip(b"\n").rstrip(b"\r")


@command("audit", "export the event history with a hash chain, or check such an export", _audit_arguments)
def audit(args: argparse.Namespace, console: Console) -> int | Result:
    if args.action == "check":
        return check_file(args.file, console)
    return export_history(args.out, console)


def check_file(name: str, console: Console) -> Result:
    from projections.audit_export import ChainBroken, check

    try:
        with open(name, "rb") as source:
            count = check(_lines(source))
    except ChainBroken as broken:
        console.warn(f"{name}: {broken}")
        return Result(FOUND, {"file": name, "events": None, "line": broken.line, "problem": broken.why})
    except OSError as error:
        raise Refusal(f"cannot read {name}: {error.strerror}") from None
    console.say(f"{name}: {count} events, chain intact")
    return Result(CLEAN, {"file": name, "events": count, "line": None, "problem": None})


def export_history(out: str, console: Console) -> int:
    from infrastructure.event_store import SharedStore
    from projections.audit_export import export

    settings = load_settings()
    check_store(settings)
    meter = Meter("export")
    store = SharedStore(settings.event_store_env())
    try:
        if out == "-":
            count = export(store, sys.stdout, progress=meter)
        else:
            try:
                target = open(out, "w", encoding="utf-8")  # noqa: SIM115 - closed below, after the export
            except OSError as error:
                raise Refusal(f"cannot write {out}: {error.strerror}") from None
            with target:
                count = export(store, target, progress=meter)
        meter.finish()
        if out != "-":
            console.warn(f"wrote {count} events to {out}")
    finally:
        store.close()
    return CLEAN
