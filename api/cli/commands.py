"""The registry of `freight` subcommands: each module of this package adds its own with `@command`."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from api.cli.outcome import Console, Result

Run = Callable[[argparse.Namespace, Console], "int | Result"]
Arguments = Callable[[argparse.ArgumentParser], None]


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    run: Run
    arguments: Arguments | None = None
    # Offers --json: one JSON object on standard output, whatever the outcome.
    json: bool = False


COMMANDS: dict[str, Command] = {}


def command(
    name: str, help_text: str, arguments: Arguments | None = None, *, json: bool = False
) -> Callable[[Run], Run]:
    def register(run: Run) -> Run:
        COMMANDS[name] = Command(name, help_text, run, arguments, json)
        return run

    return register
