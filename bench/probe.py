"""Run in a child process so the harness can read its peak RSS: a rebuild, or the bare log read.

`python -m bench.probe rebuild|read-log|floor` with DATABASE_URL; prints one JSON line (`floor`, after a
rebuild on PostgreSQL: bench/rebuild_floor.py).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from api.settings import Settings
from infrastructure.event_store import SharedStore


def read_log(store: SharedStore, batch_size: int = 2000) -> dict[str, float]:
    """The baseline of a rebuild: page through the notification log without decoding or applying."""
    started = time.perf_counter()
    position, count = 0, 0
    while True:
        notifications = store.recorder.select_notifications(
            start=position, limit=batch_size, inclusive_of_start=False
        )
        if not notifications:
            break
        count += len(notifications)
        position = notifications[-1].id
    seconds = time.perf_counter() - started
    return {"events": count, "seconds": seconds, "events_per_second": count / seconds if seconds else 0.0}


def own_peak_rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def main(mode: str) -> int:
    settings = Settings()
    store = SharedStore(settings.event_store_env())
    try:
        if mode == "read-log":
            result = read_log(store)
        elif mode == "floor":
            from api.bootstrap import open_read_models
            from bench.rebuild_floor import write_back

            db = open_read_models(settings)
            try:
                result = write_back(db, store.head())
            finally:
                db.close()
        else:
            from api.bootstrap import open_read_models
            from projections.rebuild import rebuild

            db = open_read_models(settings)
            try:
                stats = rebuild(store, db)
            finally:
                db.close()
            result = {
                "events": stats.events,
                "seconds": stats.seconds,
                "events_per_second": stats.events_per_second,
            }
    finally:
        store.close()
    # Its own high-water mark (the new image's, from exec on), for the harness's peak RSS.
    result["peak_rss_kb"] = own_peak_rss_kb()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
