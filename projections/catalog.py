"""Every read model the API serves, kept by one follower named `read_models`."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from projections.db import ReadModelDB, Tx
from projections.follower import Batch
from projections.projection import Projection

READ_MODELS = "read_models"

# Modules that define a read model (each exposes `projection`). Order matters only for creation.
MODULES = [
    "projections.event_log",
    "projections.accounts",
    "projections.registrations",
    "projections.profiles",
    "projections.notifications",
    "projections.booking",
]


def all_projections() -> list[Projection]:
    return [import_module(name).projection for name in MODULES]


def ensure_schema(db: ReadModelDB, projections: list[Projection] | None = None) -> None:
    with db.transaction() as tx:
        for projection in projections or all_projections():
            projection.create(tx)


def applier(projections: list[Projection] | None = None) -> Callable[[Tx, Batch], None]:
    chosen = projections or all_projections()

    def apply(tx: Tx, batch: Batch) -> None:
        for position, event in batch:
            for projection in chosen:
                handler = projection.handler_for(event)
                if handler is not None:
                    handler(tx, event, position)

    return apply
