"""A booking's departure: the vessel tracking saw leave the port of loading of the booking's sailing
(`domain/tracking/position.py`'s rule over the tracking read model's actual departures)."""

from __future__ import annotations

from typing import Any

from domain.tracking.position import Departure, departure
from infrastructure.read_db import ReadModelDB, Tx
from projections.booking import sailings as booked
from projections.tracking import departures


def booking_departure(
    tx: Tx, rate_request_id: str, *, until_end: bool = False
) -> tuple[dict[str, Any] | None, Departure | None]:
    """The booking's sailing row (None before one is chosen) and its departure (None until the vessel left;
    `until_end`: from what reached the booking before it ended, as its customer reads it)."""
    row = booked.sailing_of(tx, rate_request_id)
    if row is None:
        return None, None
    left = departures(tx, rate_request_id, until_end=until_end)
    return row, departure(left, row["sailing"].load_port)


class TableDepartures:
    """The booking application's `CargoDepartures`, answered from the primary's read models."""

    def __init__(self, db: ReadModelDB) -> None:
        self.db = db

    def sailed(self, rate_request_id: str) -> str | None:
        with self.db.read(fresh=True) as tx:
            _, left = booking_departure(tx, rate_request_id)
        return None if left is None else left.at
