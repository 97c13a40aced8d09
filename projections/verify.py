"""`freight verify`: rebuild the read models aside up to the live ones' position, then compare row by row."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from followers import dead_letters
from followers.dead_letters import DeadLetter
from infrastructure.event_store import SharedStore
from infrastructure.read_db import ReadModelDB, Tx
from projections.condition import ReadModelCondition, inspect
from projections.rebuild import Progress, rebuild
from projections.registry import READ_MODELS, all_projections


@dataclass
class Difference:
    table: str
    key: tuple[Any, ...]
    live: dict[str, Any] | None
    rebuilt: dict[str, Any] | None


def _rows(tx: Tx, table: str, key: tuple[str, ...]) -> list[dict[str, Any]]:
    return tx.all(f"SELECT * FROM {table} ORDER BY {', '.join(key)}")


def _key(row: dict[str, Any], key: tuple[str, ...]) -> tuple[Any, ...]:
    return tuple(row[k] for k in key)


def compare_tables(
    live: Tx, rebuilt: Tx, tables: dict[str, tuple[str, ...]], progress: Progress | None = None
) -> list[Difference]:
    """Row-by-row comparison of `tables` (name: key columns), walking both sides in key order."""
    differences: list[Difference] = []
    started = time.perf_counter()
    for number, (table, key) in enumerate(tables.items(), start=1):
        by_key_left = {_key(r, key): r for r in _rows(live, table, key)}
        by_key_right = {_key(r, key): r for r in _rows(rebuilt, table, key)}
        for k in sorted(set(by_key_left) | set(by_key_right), key=repr):
            a, b = by_key_left.get(k), by_key_right.get(k)
            if a != b:
                differences.append(Difference(table, k, a, b))
        if progress is not None:
            progress(number, len(tables), time.perf_counter() - started)
    return differences


def read_model_tables() -> dict[str, tuple[str, ...]]:
    return {table: key for projection in all_projections() for table, key in projection.tables.items()}


def compare(live: ReadModelDB, rebuilt: ReadModelDB) -> list[Difference]:
    """Row-by-row comparison of every read-model table."""
    with live.read() as left, rebuilt.read() as right:
        return compare_tables(left, right, read_model_tables())


@dataclass
class Verification:
    """What `verify_snapshot` found: the live read models' condition, the position they were compared at,
    every row that differs from a rebuild up to that position, and the events that rebuild could not apply
    (parked in the scratch tables): a history that does not replay, whatever the rows say."""

    condition: ReadModelCondition
    position: int
    differences: list[Difference]
    unreplayed: list[DeadLetter] = field(default_factory=list)


def verify_snapshot(
    store: SharedStore,
    live: ReadModelDB,
    scratch: ReadModelDB,
    *,
    rebuild_progress: Progress | None = None,
    compare_progress: Progress | None = None,
) -> Verification:
    """Rebuild into `scratch` up to the live read models' position, then compare them row by row.

    The live side is read in one snapshot (its position and its rows alike), so a server that goes on
    applying events meanwhile neither disturbs the comparison nor is disturbed: nothing live is written."""
    with live.snapshot() as tx:
        condition = inspect(tx)
        position = condition.read_models_position
        rebuild(store, scratch, stop=position, progress=rebuild_progress)
        tables = {t: k for t, k in read_model_tables().items() if t not in condition.missing_tables}
        with scratch.read() as rebuilt:
            differences = compare_tables(tx, rebuilt, tables, compare_progress)
            unreplayed = dead_letters.letters(rebuilt, dead_letters.PARKED, READ_MODELS)
    return Verification(condition, position, differences, unreplayed)


def verify(store: SharedStore, live: ReadModelDB, scratch: ReadModelDB) -> list[Difference]:
    """The rows where the live read models differ from a rebuild up to their own position."""
    return verify_snapshot(store, live, scratch).differences
