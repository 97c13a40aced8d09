"""The booking catalog keeps reference rows it found (they never change) and asks again for misses."""

from __future__ import annotations

from pathlib import Path

from infrastructure.read_db import SqliteReadModels
from projections.booking.reference import TableCatalog, add_port, seed_reference
from projections.registry import ensure_schema


def test_found_rows_are_remembered_and_misses_asked_again(tmp_path: Path) -> None:
    db = SqliteReadModels(tmp_path / "rm.db")
    try:
        ensure_schema(db)
        seed_reference(db)
        catalog = TableCatalog(db)
        with db.read() as tx:
            port = int(tx.scalar("SELECT MIN(id) FROM booking_ports"))
            refrigerated = int(tx.scalar("SELECT id FROM booking_container_types WHERE value = 2"))
        assert catalog.has_port(port) and catalog.container_type_value(refrigerated) == 2
        with db.transaction() as tx:  # never done by the product: shows the answers now come from memory
            tx.execute("DELETE FROM booking_ports WHERE id = ?", (port,))
            tx.execute("DELETE FROM booking_container_types WHERE id = ?", (refrigerated,))
        assert catalog.has_port(port) and catalog.container_type_value(refrigerated) == 2

        with db.read() as tx:
            # Staff additions take the next id below the code-derived UN/LOCODE ids.
            unknown = int(tx.scalar("SELECT MAX(id) FROM booking_ports WHERE id < 100000000")) + 1
        assert not catalog.has_port(unknown)
        with db.transaction() as tx:
            assert add_port(tx, "ZZNEW", "New Port", "ZZ") == unknown
        assert catalog.has_port(unknown)  # a miss was not remembered
    finally:
        db.close()
