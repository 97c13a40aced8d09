"""Which read models must be rebuilt together: a read model whose handlers read another's tables wrote its
rows from that other's rows as they stood at each event, so neither can be rebuilt alone (decision 3863).

Worked out from the code, not declared: the texts a read model's handlers reach (their constants, the
strings and tuples of strings among the globals they load, and the same of every function, module function
and class method of ours they call, however deep) are searched for every other read model's table names. A
mention counts whether it is a read or not, so the answer may name more read models than needed; a test
records what the handlers really read on a seeded history and checks it names none fewer.
"""

from __future__ import annotations

import dis
import inspect
import re
from collections.abc import Collection, Iterator
from types import ModuleType
from typing import Any

from projections.projection import Projection
from projections.versions import OWN_PACKAGES, _codes


def _ours(value: Any) -> bool:
    module = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", None)
    return isinstance(module, str) and module.split(".")[0] in (*OWN_PACKAGES, "followers", "infrastructure")


def _texts(function: Any, seen: set[int], found: set[str]) -> None:
    """Adds to `found` the strings `function` and what it calls reach."""
    if id(function) in seen:
        return
    seen.add(id(function))
    for code in _codes(function.__code__):
        found.update(c for c in code.co_consts if isinstance(c, str))
        for value in _globals_used(code, function.__globals__):
            if isinstance(value, str):
                found.add(value)
            elif isinstance(value, tuple | list | frozenset | set):
                found.update(v for v in value if isinstance(v, str))
            elif inspect.isfunction(value) and _ours(value):
                _texts(value, seen, found)


def _globals_used(code: Any, namespace: dict[str, Any]) -> Iterator[Any]:
    """The globals `code` loads, and the attribute it takes next of each that is a module or class of ours
    (`queries.f(...)`, `Lifecycle.fact(...)`). Only loaded globals: an attribute of the same name as a
    function (`event.company_name`) is not that function."""
    taken: Any = None
    for instruction in dis.get_instructions(code):
        if instruction.opname == "LOAD_GLOBAL":
            value = namespace.get(instruction.argval)
            yield value
            container = isinstance(value, ModuleType) or inspect.isclass(value)
            taken = value if container and _ours(value) else None
        elif instruction.opname in ("LOAD_ATTR", "LOAD_METHOD") and taken is not None:
            attribute = inspect.getattr_static(taken, instruction.argval, None)
            yield attribute.__func__ if isinstance(attribute, staticmethod | classmethod) else attribute
            taken = None
        else:
            taken = None


def tables_read(projection: Projection, owners: dict[str, str]) -> set[str]:
    """The other read models (by name) whose tables `projection`'s handlers name; `owners`: table -> model."""
    found: set[str] = set()
    seen: set[int] = set()
    for handler in projection.handlers.values():
        _texts(handler, seen, found)
    for reads in projection.reads.values():
        found.update(table for table, _ in reads)
    text = "\n".join(sorted(found))
    return {
        owner
        for table, owner in owners.items()
        if owner != projection.name and re.search(rf"\b{table}\b", text) is not None
    }


def rebuilt_together(changed: Collection[str], projections: list[Projection]) -> list[str]:
    """`changed` and every read model tied to one of them by a handler's read, either way, however far: the
    read models to rebuild (in `projections`' order)."""
    owners = {table: p.name for p in projections for table in p.tables}
    ties: dict[str, set[str]] = {p.name: set() for p in projections}
    for projection in projections:
        for other in tables_read(projection, owners):
            ties[projection.name].add(other)
            ties[other].add(projection.name)
    chosen = set(changed)
    waiting = list(chosen)
    while waiting:
        for tied in ties.get(waiting.pop(), ()):
            if tied not in chosen:
                chosen.add(tied)
                waiting.append(tied)
    return [p.name for p in projections if p.name in chosen]
