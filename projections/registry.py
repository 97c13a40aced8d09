"""Every read model the API serves, kept by one follower named `read_models`."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection
from importlib import import_module
from typing import Any

from followers.batch import BatchTx
from followers.follower import TRACKING_DDL, Batch
from infrastructure.read_db import ReadModelDB, Tx
from projections.modules import MODULES
from projections.projection import Handler, Projection
from projections.versions import versions

READ_MODELS = "read_models"


def all_projections() -> list[Projection]:
    return [import_module(name).projection for name in MODULES]


def projections_named(names: Collection[str]) -> list[Projection]:
    """The read models named, in `MODULES`' order, importing only their modules where a read model's module
    is named after it (`projections.event_log`): the rebuild's helper process starts with a fresh
    interpreter, and importing every other read model's handlers was a fifth of its start. Any other name:
    every module, as `all_projections`."""
    modules = [name for name in MODULES if name.rpartition(".")[2] in names]
    chosen = [import_module(name).projection for name in modules]
    if sorted(p.name for p in chosen) != sorted(names):
        return [p for p in all_projections() if p.name in names]
    return chosen


# Which version of the tables and rows the read models were built with: a release that changes a table (a
# new column) or what a handler writes finds read models built before it and rebuilds them, rather than
# failing on its first write or serving rows it would not write.
SCHEMA_DDL = (
    "CREATE TABLE IF NOT EXISTS read_model_schema (id INTEGER PRIMARY KEY, fingerprint TEXT NOT NULL)"
)


# Each read model's own fingerprint (its tables and its rows' version): an upgrade rebuilds only the read
# models whose fingerprint changed, with those tied to them (projections/rebuild_changed.py).
FINGERPRINTS_DDL = (
    "CREATE TABLE IF NOT EXISTS read_model_fingerprints (name TEXT PRIMARY KEY, fingerprint TEXT NOT NULL)"
)


def model_fingerprints(projections: list[Projection] | None = None) -> dict[str, str]:
    """This release's tables and the version of the rows its handlers write, per read model."""
    written = versions()
    return {
        p.name: hashlib.sha256(
            "\n".join([*p.schema, f"{p.name} writes version {written.get(p.name, 0)}"]).encode()
        ).hexdigest()[:16]
        for p in projections or all_projections()
    }


def schema_fingerprint(projections: list[Projection] | None = None) -> str:
    """This release's tables and the version of the rows its handlers write (`projections.versions`)."""
    chosen = projections or all_projections()
    statements = [s for projection in chosen for s in projection.schema]
    written = versions()
    statements += [f"{p.name} writes version {written.get(p.name, 0)}" for p in chosen]
    return hashlib.sha256("\n".join(statements).encode()).hexdigest()[:16]


def stored_fingerprint(tx: Tx) -> str | None:
    found = tx.one("SELECT fingerprint FROM read_model_schema WHERE id = 1")
    return None if found is None else str(found["fingerprint"])


def changed_read_models(tx: Tx) -> list[str] | None:
    """The read models built with other tables or rows than this release's, or None when that is not known
    (read models built before each had its own fingerprint: all of them, then)."""
    if not tx.scalar(_HAS_FINGERPRINTS[tx.dialect]):
        return None
    stored = {row["name"]: row["fingerprint"] for row in tx.all("SELECT * FROM read_model_fingerprints")}
    return [name for name, fingerprint in model_fingerprints().items() if stored.get(name) != fingerprint]


_HAS_FINGERPRINTS = {
    "sqlite": "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'read_model_fingerprints'",
    "postgres": "SELECT 1 FROM information_schema.tables"
    " WHERE table_schema = current_schema() AND table_name = 'read_model_fingerprints'",
}


def write_fingerprint(tx: Tx) -> None:
    """The read models now have this version's tables (a rebuild, or a first start, created them)."""
    tx.execute(SCHEMA_DDL)
    tx.execute(  # an upsert: two workers starting at once on fresh read models both write it
        "INSERT INTO read_model_schema (id, fingerprint) VALUES (1, ?)"
        " ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint",
        (schema_fingerprint(),),
    )
    tx.execute(FINGERPRINTS_DDL)
    tx.executemany(
        "INSERT INTO read_model_fingerprints (name, fingerprint) VALUES (?, ?)"
        " ON CONFLICT (name) DO UPDATE SET fingerprint = excluded.fingerprint",
        list(model_fingerprints().items()),
    )


def ensure_schema(db: ReadModelDB, projections: list[Projection] | None = None) -> None:
    """Create what is missing. Read models that nothing has applied yet take this version's fingerprint;
    ones already built keep theirs, so a changed table is found (`projections.condition`), not hidden."""
    with db.transaction() as tx:
        tx.execute(SCHEMA_DDL)
        fresh = stored_fingerprint(tx) is None and not _applied(tx)
        for projection in projections or all_projections():
            projection.create(tx)
        if fresh and projections is None:
            write_fingerprint(tx)


def _applied(tx: Tx) -> bool:
    tx.execute(TRACKING_DDL)
    return bool(tx.scalar("SELECT position FROM tracking WHERE name = ?", (READ_MODELS,)))


def applier(
    projections: list[Projection] | None = None, *, bulk: bool = False
) -> Callable[[Tx, Batch], None]:
    """Apply a batch through one `BatchTx` (a few statements per batch rather than per event).

    `bulk`: the tables were created empty for this run (a full rebuild), so inserts may go by COPY.
    """
    chosen = projections or all_projections()
    tables = {table: key for projection in chosen for table, key in projection.tables.items()}
    dispatch: dict[type, list[Handler]] = {}

    def handlers_for(event_type: type) -> list[Handler]:
        found = dispatch.get(event_type)
        if found is None:
            found = dispatch[event_type] = [
                handler
                for projection in chosen
                if (handler := projection.handler_for_type(event_type)) is not None
            ]
        return found

    reads: dict[type, list[tuple[str, Callable[[Any], Any]]]] = {}

    def reads_for(event_type: type) -> list[tuple[str, Callable[[Any], Any]]]:
        found = reads.get(event_type)
        if found is None:
            found = reads[event_type] = [
                read for projection in chosen for read in projection.reads_for_type(event_type)
            ]
        return found

    # Per event type: each distinct key function once, with the tables read at its key (one key function
    # serves several tables: the event's own id, `reads_own`).
    plans: dict[type, list[tuple[Callable[[Any], Any], tuple[str, ...]]]] = {}

    def plan_for(event_type: type) -> list[tuple[Callable[[Any], Any], tuple[str, ...]]]:
        by_key: dict[Callable[[Any], Any], list[str]] = {}
        for table, key in reads_for(event_type):
            by_key.setdefault(key, []).append(table)
        found = plans[event_type] = [(key, tuple(tables)) for key, tables in by_key.items()]
        return found

    def preload(batch_tx: BatchTx, batch: Batch) -> None:
        """The rows the batch's handlers will read by key, loaded per table in one statement (a rebuild's page
        and a follower's live batch alike)."""
        keys: dict[str, dict[Any, None]] = {}
        for _, event in batch:
            event_type = type(event)
            plan = plans.get(event_type)
            if plan is None:
                plan = plan_for(event_type)
            for key, key_tables in plan:
                try:
                    wanted = key(event)
                except Exception:  # not preloaded: the handler's own read answers (or fails) it
                    continue
                if wanted is not None:
                    for table in key_tables:
                        table_keys = keys.get(table)
                        if table_keys is None:
                            table_keys = keys[table] = {}
                        table_keys[wanted] = None
        # One key costs a statement either way (its `get` asks when it needs it), except on a pipelined
        # transaction (a live follower's batch on PostgreSQL): there every table's load, and the tracking
        # row's move sent before them, come back in one round trip.
        pipelined = getattr(batch_tx.tx, "pipelined", False)
        batch_tx.preload_tables(
            {table: wanted for table, wanted in keys.items() if pipelined or len(wanted) > 1}
        )

    def apply(tx: Tx, batch: Batch) -> None:
        batch_tx = BatchTx(tx, tables, bulk=bulk)
        preload(batch_tx, batch)
        for position, event in batch:
            found = dispatch.get(type(event))
            for handler in handlers_for(type(event)) if found is None else found:
                handler(batch_tx, event, position)
        batch_tx.flush()

    return apply
