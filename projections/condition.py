"""The condition of the read models: which tables are there, where every follower stands, and whether a
follower may carry on from its position or the read models need `freight replay` first."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from infrastructure.read_db import ReadModelDB, Tx
from projections.registry import (
    READ_MODELS,
    all_projections,
    changed_read_models,
    schema_fingerprint,
    stored_fingerprint,
)


@dataclass(frozen=True)
class Lag:
    name: str
    position: int
    head: int

    @property
    def events(self) -> int:
        return self.head - self.position


@dataclass
class ReadModelCondition:
    # Every tracking row (read models and policies), by follower name.
    positions: dict[str, int]
    # Read-model tables that do not exist.
    missing_tables: list[str]
    # Tables that hold rows although the read models have no tracked position.
    untracked_rows: list[str]
    # The read models were built with other tables than this version's (a release changed one).
    other_schema: bool = False
    # With `other_schema`: the read models whose own tables or rows changed, or None when not known (all).
    changed: list[str] | None = None

    @property
    def read_models_position(self) -> int:
        return self.positions.get(READ_MODELS, 0)

    def damage(self) -> str | None:
        """Why a follower must not simply carry on from its tracked position, or None.

        Tables that are all missing with no position is a store never served: the server creates them."""
        if self.missing_tables and self.read_models_position > 0:
            return (
                f"read-model table {', '.join(self.missing_tables)} missing although the read models are at"
                f" position {self.read_models_position}"
            )
        if self.untracked_rows:
            return f"read-model table {', '.join(self.untracked_rows)} holds rows but no position is tracked"
        if self.other_schema:
            return "the read models were built with another version's tables"
        return None

    def behind(self, head: int, names: Iterable[str]) -> list[Lag]:
        """The followers (`names` and any other tracked one) that have not applied the store up to `head`."""
        every = dict.fromkeys([*names, *self.positions])
        return [
            Lag(name, self.positions.get(name, 0), head)
            for name in every
            if self.positions.get(name, 0) < head
        ]


def table_names(tx: Tx) -> set[str]:
    if tx.dialect == "sqlite":
        rows = tx.all("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {row["name"] for row in rows}
    rows = tx.all(
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()"
    )
    return {row["name"] for row in rows}


def tracked_positions(tx: Tx) -> dict[str, int]:
    """Every follower's tracked position, by name (the tracking table must exist)."""
    rows = tx.all("SELECT name, position FROM tracking ORDER BY name")
    return {str(row["name"]): int(row["position"]) for row in rows}


def inspect(tx: Tx) -> ReadModelCondition:
    """Read-only; on an empty database it reports no tables and no positions."""
    present = table_names(tx)
    positions: dict[str, int] = {}
    if "tracking" in present:
        positions = tracked_positions(tx)
    tables = [table for projection in all_projections() for table in projection.tables]
    missing = [table for table in tables if table not in present]
    untracked: list[str] = []
    if positions.get(READ_MODELS, 0) == 0:
        untracked = [
            table
            for table in tables
            if table in present and tx.scalar(f"SELECT 1 FROM {table} LIMIT 1") is not None
        ]
    other_schema, changed = False, None
    if positions.get(READ_MODELS, 0) > 0:
        stored = stored_fingerprint(tx) if "read_model_schema" in present else None
        other_schema = stored != schema_fingerprint()
        if other_schema:
            changed = changed_read_models(tx) or None
    return ReadModelCondition(positions, missing, untracked, other_schema, changed)


def wait_for_followers(db: ReadModelDB, head: int, names: Iterable[str], wait: float) -> list[Lag]:
    """The followers still behind `head` after waiting up to `wait` seconds for them to catch up."""
    names = list(names)
    deadline = time.monotonic() + wait
    while True:
        with db.read() as tx:
            behind = inspect(tx).behind(head, names)
        if not behind or time.monotonic() >= deadline:
            return behind
        time.sleep(0.1)
