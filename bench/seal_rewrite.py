"""Measures `freight seal-personal-data` on a store written in clear: time and peak memory of the rewrite.

    .venv/bin/python -m bench.seal_rewrite 50000

Seeds a SQLite store with the demo history (personal fields in clear, as before they were sealed), then
seals it in a process of its own, so its peak RSS is the rewrite's alone, and checks the audit export.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def seed(path: Path, events: int) -> int:
    from eventsourcing.persistence import Mapper

    from api.cli.demo_seed import Seeder
    from infrastructure.event_store import SharedStore

    store = SharedStore({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)})
    sealing = store.mapper
    store.mapper = Mapper(transcoder=sealing.transcoder)
    Seeder(store, password_hash="not-a-real-hash", batch_events=5000, seed=8).run(events)
    head = store.head()
    store.close()
    return head


def rewrite(path: Path) -> None:
    import io

    from infrastructure.event_store import SharedStore
    from infrastructure.personal_data_rewrite import seal_store
    from projections import audit_export

    store = SharedStore({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)})
    stats = seal_store(store)
    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    out = io.StringIO()
    audit_export.export(store, out)
    checked = audit_export.check(out.getvalue().splitlines())
    export_seconds = time.perf_counter() - started
    again = seal_store(store).rewritten
    store.close()
    print(
        json.dumps(
            {
                "events": stats.events,
                "rewritten": stats.rewritten,
                "seconds": round(stats.seconds, 2),
                "peak_rss_mib": round(rss_kib / 1024, 1),
                "export_checked_events": checked,
                "export_seconds": round(export_seconds, 2),
                "second_run_rewritten": again,
            }
        )
    )


def main() -> None:
    if sys.argv[1] == "--rewrite":
        rewrite(Path(sys.argv[2]))
        return
    events = int(sys.argv[1])
    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / "events.db"
        head = seed(path, events)
        print(json.dumps({"seeded": head}), flush=True)
        subprocess.run([sys.executable, "-m", "bench.seal_rewrite", "--rewrite", str(path)], check=True)


if __name__ == "__main__":
    main()
