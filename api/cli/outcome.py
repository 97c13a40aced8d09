"""How a `freight` command ends: its exit code, one clear line for a refusal, one JSON object with --json."""

from __future__ import annotations

import json
import sqlite3
import sys
from dataclasses import dataclass, field
from typing import Any

CLEAN = 0  # done, and nothing wrong was found
FOUND = 1  # a difference or a failed check was found
ENVIRONMENT = 2  # a usage or environment error: a bad setting, an unreachable database, a store in use
BUG = 3  # an unexpected error: a bug (FREIGHT_DEBUG=1 shows its traceback)
INTERRUPTED = 130  # Ctrl-C, as shells report it

EXIT_CODES = f"""exit codes:
  {CLEAN}    done, and nothing wrong was found
  {FOUND}    a difference or a failed check was found (verify, replay or dead-letters: parked events;
       audit check, create-admin, bench --compare)
  {ENVIRONMENT}    usage or environment error: a bad setting, an unreachable database, a store in use
  {BUG}    an unexpected error: a bug (FREIGHT_DEBUG=1 shows the traceback)
  {INTERRUPTED}  interrupted (Ctrl-C)"""


class Refusal(Exception):
    """A command that cannot go on: one line for the terminal, and the exit code."""

    def __init__(self, message: str, code: int = ENVIRONMENT) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Result:
    """What a command found: its exit code and, for --json, the fields of its one JSON object."""

    code: int
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass
class Console:
    """Human lines go to standard output unless --json asked for one JSON object there instead."""

    json: bool = False

    def say(self, text: str) -> None:
        if not self.json:
            print(text, flush=True)

    @staticmethod
    def warn(text: str) -> None:
        print(text, file=sys.stderr, flush=True)


def json_line(command: str, code: int, fields: dict[str, Any]) -> str:
    body = {"command": command, "ok": code == CLEAN, "exit_code": code, **fields}
    return json.dumps(body, default=str, ensure_ascii=False)


def _first_line(text: str) -> str:
    lines = [line.strip() for line in str(text).strip().splitlines() if line.strip()]
    return lines[0] if lines else ""


def explain(error: BaseException) -> tuple[int, str]:
    """The exit code and the one line for an error that ended a command."""
    if isinstance(error, Refusal):
        return error.code, str(error)
    if isinstance(error, KeyboardInterrupt):
        return INTERRUPTED, "interrupted"
    from infrastructure.store_lock import StoreBusy

    if isinstance(error, StoreBusy):
        return ENVIRONMENT, str(error)
    from infrastructure.key_ring import KeyRefused

    if isinstance(error, KeyRefused):
        return ENVIRONMENT, str(error)
    environment = _environment_reason(error)
    if environment is not None:
        return ENVIRONMENT, environment
    reason = _first_line(str(error)) or type(error).__name__
    return BUG, f"unexpected error ({type(error).__name__}: {reason}); FREIGHT_DEBUG=1 shows the traceback"


def _environment_reason(error: BaseException) -> str | None:
    """A database or file-system error, said in one line; None for anything else (a bug)."""
    import psycopg
    import psycopg_pool
    from eventsourcing.persistence import InterfaceError, OperationalError

    if isinstance(error, psycopg_pool.PoolTimeout):
        return "the database did not answer in time (is PostgreSQL running and reachable?)"
    if isinstance(error, psycopg.OperationalError | psycopg.InterfaceError):
        return f"database unavailable: {_first_line(str(error)) or type(error).__name__}"
    if isinstance(error, OperationalError | InterfaceError):
        return f"database unavailable: {_first_line(str(error)) or type(error).__name__}"
    if isinstance(error, sqlite3.DatabaseError):
        return f"SQLite store unusable: {_first_line(str(error))}"
    if isinstance(error, OSError):
        where = f": {error.filename}" if error.filename else ""
        return f"{error.strerror or _first_line(str(error))}{where}"
    # The store library wraps its driver's errors (`raise ... from`): judge by the driver's.
    if error.__cause__ is not None:
        return _environment_reason(error.__cause__)
    return None
