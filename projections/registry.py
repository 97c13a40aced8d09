"""Every read model the API serves, kept by one follower named `read_models`."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from infrastructure.read_db import ReadModelDB, Tx
from projections.batch import BatchTx
from projections.follower import Batch
from projections.projection import Handler, Projection

READ_MODELS = "read_models"

# Modules that define a read model (each exposes `projection`). Order matters only for creation.
MODULES = [
    "projections.event_log",
    "projections.accounts",
    "projections.registrations",
    "projections.profiles",
    "projections.notifications",
    "projections.booking.handlers",
    "projections.booking.changes",
]


def all_projections() -> list[Projection]:
    return [import_module(name).projection for name in MODULES]


def ensure_schema(db: ReadModelDB, projections: list[Projection] | None = None) -> None:
    with db.transaction() as tx:
        for projection in projections or all_projections():
            projection.create(tx)


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

    def apply(tx: Tx, batch: Batch) -> None:
        batch_tx = BatchTx(tx, tables, bulk=bulk)
        for position, event in batch:
            for handler in handlers_for(type(event)):
                handler(batch_tx, event, position)
        batch_tx.flush()

    return apply
