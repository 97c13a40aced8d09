"""What no rebuild of these read models can go below: their rows, as a rebuild left them, written back into
empty tables (binary COPY on two connections, as a rebuild's two processes write) and their indexes built,
with no event read, decoded or applied. Whatever turns events into rows, the store still writes these rows
and indexes; `freight bench` reports a rebuild against this floor beside the bare log read (PostgreSQL).
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def write_back(db: Any, events: int) -> dict[str, Any]:
    """Write the read models' rows back into themselves, timed; `events` is the history they hold."""
    from projections.registry import all_projections

    projections = all_projections()
    saved: dict[str, bytes] = {}
    rows: dict[str, int] = {}
    with db.transaction() as tx, tx.conn.cursor() as cur:
        for projection in projections:
            for table in projection.tables:
                with cur.copy(f"COPY {table} TO STDOUT (FORMAT BINARY)") as copy:
                    saved[table] = b"".join(bytes(block) for block in copy)
                rows[table] = int(tx.scalar(f"SELECT count(*) FROM {table}"))
    # Two halves by size: a rebuild's main process and helper each write their own tables.
    halves: tuple[list[Any], list[Any]] = ([], [])
    sizes = [0, 0]
    for projection in sorted(projections, key=lambda p: -sum(len(saved[t]) for t in p.tables)):
        smaller = sizes.index(min(sizes))
        halves[smaller].append(projection)
        sizes[smaller] += sum(len(saved[t]) for t in projection.tables)

    def write(half: list[Any]) -> None:
        with db.transaction() as tx, tx.conn.cursor() as cur:
            for projection in half:
                projection.drop(tx)
                projection.create(tx, indexes=False)
                for table in projection.tables:
                    with cur.copy(f"COPY {table} FROM STDIN (FORMAT BINARY)") as copy:
                        copy.write(saved[table])
            for projection in half:
                projection.create_indexes(tx)

    started = time.perf_counter()
    with ThreadPoolExecutor(2) as pool:
        for done in [pool.submit(write, half) for half in halves]:
            done.result()
    seconds = time.perf_counter() - started
    largest = sorted(saved, key=lambda table: -len(saved[table]))[:8]
    return {
        "events": events,
        "seconds": seconds,
        "events_per_second": events / seconds if seconds else 0.0,
        "rows": sum(rows.values()),
        "tables": len(rows),
        "bytes": sum(len(data) for data in saved.values()),
        "largest": {table: (rows[table], len(saved[table])) for table in largest},
    }
