"""Which version of its rows each read model's handlers write, kept in `versions.json` beside this file.

A release whose handlers write other rows for the same events (a fixed total, a new column's value) bumps
its read model's version: the version is part of the read models' fingerprint, so a store built before it
is rebuilt (on the embedded store at start, with PostgreSQL by `freight replay`) instead of serving rows
the release would not write. What a read model's handlers are made of is hashed (its module's source and
every function of ours it imports by name or those call), and a check fails when that changed with its
record left as it was: whoever changes a handler says which it is, `--bump NAME` (other rows) or `--same NAME`
(the same rows).

    python -m projections.versions              check every read model against its record
    python -m projections.versions --bump NAME  its rows change: a new version, rebuilt on upgrade
    python -m projections.versions --same NAME  its rows stay: only its source is recorded again
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import json
import sys
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

from projections.modules import MODULES

LOCK = Path(__file__).with_name("versions.json")
# Where a function a handler imports may change what it writes: the read models' own code and the domain's.
OWN_PACKAGES = ("projections", "domain")


def source_hash(module_name: str, own: tuple[str, ...] = OWN_PACKAGES) -> str:
    """The read model's module source and the source of every function of our code its handlers reach: each
    it imports by name, and each of ours those call by a global name, however deep (classes are its events'
    shapes, not its rows: not followed)."""
    module = import_module(module_name)
    text = inspect.getsource(module)
    found: dict[str, Any] = {}
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in own:
            imported = import_module(node.module)
            for alias in node.names:
                _reach(getattr(imported, alias.name, None), own, module_name, found)
    parts = [text] + [f"{name}\n{inspect.getsource(function)}" for name, function in sorted(found.items())]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def _reach(value: Any, own: tuple[str, ...], home: str, found: dict[str, Any]) -> None:
    """Adds `value`, if it is a function of our code outside `home` (whose source is hashed whole), and the
    functions of ours it calls by a global name, to `found` by qualified name."""
    if not inspect.isfunction(value) or value.__module__.split(".")[0] not in own or value.__module__ == home:
        return
    name = f"{value.__module__}.{value.__qualname__}"
    if name in found:
        return
    found[name] = value
    for code in _codes(value.__code__):
        for global_name in code.co_names:
            _reach(value.__globals__.get(global_name), own, home, found)


def _codes(code: Any) -> Iterator[Any]:
    """A function's code and the code of what it defines within it (its comprehensions, closures)."""
    yield code
    for constant in code.co_consts:
        if inspect.iscode(constant):
            yield from _codes(constant)


def current_sources() -> dict[str, str]:
    """Each read model's source hash, by its name."""
    return {import_module(name).projection.name: source_hash(name) for name in MODULES}


def recorded(lock: Path = LOCK) -> dict[str, dict[str, Any]]:
    return dict(json.loads(lock.read_text(encoding="utf-8"))["readModels"])


def versions(lock: Path = LOCK) -> dict[str, int]:
    """Each read model's version, by its name."""
    return {name: int(row["version"]) for name, row in recorded(lock).items()}


def unrecorded(lock: Path = LOCK) -> list[str]:
    """What is wrong with the record: a read model whose handlers changed with its record left as it was,
    one without a record, a record for one that no longer exists."""
    sources, rows = current_sources(), recorded(lock)
    problems = [
        f"{name}: its handlers changed; say whether its rows do (--bump {name}) or not (--same {name})"
        for name, source in sources.items()
        if name in rows and rows[name]["source"] != source
    ]
    problems += [f"{name}: no record (--bump {name})" for name in sources if name not in rows]
    problems += [f"{name}: recorded but no read model has that name" for name in rows if name not in sources]
    return problems


def record(name: str, *, bump: bool, lock: Path = LOCK) -> int:
    """Record `name`'s current source, with a new version when `bump`; answer its version."""
    sources, rows = current_sources(), recorded(lock)
    if name not in sources:
        raise SystemExit(f"no read model is named {name!r}; they are {', '.join(sorted(sources))}")
    version = int(rows.get(name, {}).get("version", 0)) + (1 if bump or name not in rows else 0)
    rows[name] = {"version": version, "source": sources[name]}
    document = {"readModels": {key: rows[key] for key in sorted(rows) if key in sources}}
    lock.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    return version


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] in ("--bump", "--same"):
        version = record(argv[1], bump=argv[0] == "--bump")
        print(f"{argv[1]}: version {version}")
        return 0
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    problems = unrecorded()
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
