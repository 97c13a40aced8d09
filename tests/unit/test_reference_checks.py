"""The booking's reference checks (ports, container types and sizes) answer a row seen before from the read
models' memo without taking a connection: a create asks five of them (projections/booking/reference.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from api.bootstrap import open_read_models
from api.settings import Settings
from projections.booking.reference import TableCatalog, seed_reference
from projections.registry import ensure_schema


class CountedReads:
    """The read-model database, counting the read transactions taken from it."""

    def __init__(self, db: Any) -> None:
        self.db = db
        self.memo = db.memo
        self.reads = 0

    @contextmanager
    def read(self) -> Iterator[Any]:
        self.reads += 1
        with self.db.read() as tx:
            yield tx


def test_a_reference_row_seen_before_costs_no_connection(settings: Settings) -> None:
    settings.VAR_DIR.mkdir(parents=True, exist_ok=True)
    db = open_read_models(settings)
    try:
        ensure_schema(db)
        seed_reference(db)
        counted = CountedReads(db)
        catalog = TableCatalog(counted)  # type: ignore[arg-type]
        assert catalog.has_port(1) and catalog.has_port(2)
        assert counted.reads == 2
        for _ in range(3):
            assert catalog.has_port(1) and catalog.has_port(2)
        assert counted.reads == 2
        assert catalog.has_container_type(1) and catalog.has_container_size(2)
        assert catalog.container_type_value(1) is not None
        reads = counted.reads
        assert catalog.has_container_type(1) and catalog.has_container_size(2)
        assert catalog.container_type_value(1) is not None
        assert counted.reads == reads
        # An id not found is not remembered: asked again each time (a row added later is found then).
        assert not catalog.has_port(987_654) and not catalog.has_port(987_654)
        assert counted.reads == reads + 2
    finally:
        db.close()
