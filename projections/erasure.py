"""After a person's data keys are destroyed: the live read models are made what a replay makes them.

Rebuilding aside up to the live position (`freight verify`'s machinery) opens the erased fields as erased;
the rows that differ are then written into the live tables in one transaction that holds the live position
where it was (a follower that moved on in between sends it round again). So what an erasure leaves is, row
for row, what `freight replay` would build, while the server goes on serving.
"""

from __future__ import annotations

from dataclasses import dataclass

from followers.positions import read_position
from infrastructure.event_store import SharedStore
from infrastructure.read_db import ReadModelDB, Tx
from projections.registry import READ_MODELS
from projections.verify import Difference, read_model_tables, verify_snapshot

ATTEMPTS = 5


class StillMoving(Exception):
    """The read models moved on during every attempt: try the erasure's rebuild again later."""


@dataclass
class Rewritten:
    position: int
    rows: int
    tables: list[str]
    # Events the replay could not apply (parked in the scratch tables): their rows are missing from it, and so
    # from the live tables once rewritten. `freight verify` names them.
    unreplayed: int = 0


def _write(tx: Tx, difference: Difference, key: tuple[str, ...]) -> None:
    where = " AND ".join(f"{column} = ?" for column in key)
    tx.execute(f"DELETE FROM {difference.table} WHERE {where}", difference.key)
    if difference.rebuilt is not None:
        row = dict(difference.rebuilt)
        columns = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        tx.execute(f"INSERT INTO {difference.table} ({columns}) VALUES ({marks})", tuple(row.values()))


def rewrite_as_replayed(store: SharedStore, live: ReadModelDB, scratch: ReadModelDB) -> Rewritten:
    """Rebuild into `scratch`, then write into `live` every row that differs from it."""
    keys = read_model_tables()
    for _ in range(ATTEMPTS):
        found = verify_snapshot(store, live, scratch)
        with live.transaction() as tx:
            if live.dialect == "sqlite":
                position = read_position(tx, READ_MODELS)
            else:  # holds the followers' next commit until this one is done
                position = int(
                    tx.scalar("SELECT position FROM tracking WHERE name = ? FOR UPDATE", (READ_MODELS,)) or 0
                )
            if position != found.position:
                continue
            for difference in found.differences:
                _write(tx, difference, keys[difference.table])
        tables = sorted({d.table for d in found.differences})
        compact = getattr(live, "compact", None)
        if compact is not None:
            compact(tables)
        return Rewritten(found.position, len(found.differences), tables, len(found.unreplayed))
    raise StillMoving
