"""What each read model's handlers really touch: a history applied by a follower into fresh read models with
every handler's reads and writes recorded, checked against the ties worked out from the code
(projections/handler_reads.py, decision 3863)."""

from __future__ import annotations

import re
import threading
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from followers.batch import BatchTx
from followers.follower import Follower
from infrastructure.event_store import SharedStore
from infrastructure.read_db import ReadModelDB
from projections.handler_reads import rebuilt_together
from projections.projection import Projection
from projections.registry import READ_MODELS, all_projections, applier, ensure_schema

_TABLES = re.compile(r"\b(?:FROM|JOIN|INTO|UPDATE)\s+(\w+)", re.IGNORECASE)
_KEYED = ("get", "insert", "update", "add", "raise_to", "delete", "one_of", "insert_values", "preload")
_SQL = ("one", "all", "scalar", "execute", "executemany")


@contextmanager
def recording(projections: list[Projection]) -> Iterator[dict[str, set[str]]]:
    """While inside: the read models (by name) whose tables each read model's handlers touch."""
    owners = {table: p.name for p in projections for table in p.tables}
    local = threading.local()  # which read model's handler this thread is in (a live follower may run too)
    touched: dict[str, set[str]] = defaultdict(set)

    def attributed(name: str, handler: Any) -> Any:
        def handle(tx: BatchTx, event: Any, position: int) -> None:
            outer, local.acting = getattr(local, "acting", None), name
            try:
                handler(tx, event, position)
            finally:
                local.acting = outer

        return handle

    def recorded(method: Any, keyed: bool) -> Any:
        def record(self: BatchTx, first: Any, *args: Any, **kwargs: Any) -> Any:
            acting = getattr(local, "acting", None)
            if acting is not None:
                tables = {first} if keyed else set(_TABLES.findall(first))
                touched[acting].update(owners[t] for t in tables if t in owners)
            return method(self, first, *args, **kwargs)

        return record

    handlers = [(p, dict(p.handlers)) for p in projections]
    methods = {name: getattr(BatchTx, name) for name in (*_KEYED, *_SQL)}
    try:
        for projection, originals in handlers:
            for event_type, handler in originals.items():
                projection.handlers[event_type] = attributed(projection.name, handler)
        for name, method in methods.items():
            setattr(BatchTx, name, recorded(method, name in _KEYED))
        yield touched
    finally:
        for projection, originals in handlers:
            projection.handlers.clear()
            projection.handlers.update(originals)
        for name, method in methods.items():
            setattr(BatchTx, name, method)


def untied_touches(store: SharedStore, fresh: ReadModelDB) -> tuple[dict[str, set[str]], list[str]]:
    """Apply `store`'s history into `fresh` read models, recording; answer what each read model's handlers
    touched, and each touch of another read model's tables that `rebuilt_together` does not tie."""
    projections = all_projections()
    with recording(projections) as touched:
        ensure_schema(fresh)
        Follower(READ_MODELS, store, fresh, applier(), batch_size=50).catch_up()
    untied = [
        f"{name}'s handlers touch {other}'s tables"
        for name, others in sorted(touched.items())
        for other in sorted(others - {name})
        if other not in rebuilt_together([name], projections)
    ]
    return dict(touched), untied
