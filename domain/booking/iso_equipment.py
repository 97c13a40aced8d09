"""ISO 6346 size-type codes (22GP, 45R1, 22RT, ...) and the portal's container type and size they mean.

The table is `reference/iso_equipment.csv` (code, container type id, container size id), first row of a
type and size pair first: that code names the pair when a booking made on the screens is read as DCSA.
A code not in the table is equipment this portal does not quote.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache

from domain.booking.reference import REFERENCE_DIR


@dataclass(frozen=True)
class EquipmentKind:
    iso_code: str
    container_type_id: int
    container_size_id: int


@cache
def _table() -> tuple[EquipmentKind, ...]:
    with (REFERENCE_DIR / "iso_equipment.csv").open(encoding="utf-8", newline="") as handle:
        return tuple(
            EquipmentKind(r["code"], int(r["container_type_id"]), int(r["container_size_id"]))
            for r in csv.DictReader(handle)
        )


def equipment_kind(iso_code: str) -> EquipmentKind | None:
    """The portal's container type and size for an ISO 6346 size-type code, or None if not offered."""
    return next((kind for kind in _table() if kind.iso_code == iso_code.strip().upper()), None)


def iso_code_for(container_type_id: int, container_size_id: int) -> str | None:
    """The ISO code that names a type and size pair (the table's first row for it)."""
    return next(
        (
            kind.iso_code
            for kind in _table()
            if (kind.container_type_id, kind.container_size_id) == (container_type_id, container_size_id)
        ),
        None,
    )
