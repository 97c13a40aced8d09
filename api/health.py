"""Health that sees: the store's head and every tracked position, failing past a lag threshold.

Served at `GET /health` by every API worker, and run as `python -m api.health` by the compose file's
follower healthcheck (a follower process serves no HTTP). Unhealthy when any follower (read models or a
policy) is more than `MAX_LAG` events behind the head, or when the store cannot be read at all.
"""

from __future__ import annotations

import sys
from typing import Any

from infrastructure.event_store import SharedStore
from infrastructure.read_db import ReadModelDB
from projections.condition import tracked_positions

# Events a follower may be behind the head before the deployment counts as unhealthy. A follower keeping up
# is a few events behind at most (it applies a page per wake-up); a stopped one passes this within seconds
# under load, and a freshly started one is unhealthy until it has caught up, which is the truth.
MAX_LAG = 1000


def health_report(
    store: SharedStore, db: ReadModelDB, max_lag: int | None = None
) -> tuple[bool, dict[str, Any]]:
    max_lag = MAX_LAG if max_lag is None else max_lag
    head = store.head()
    with db.read() as tx:
        positions = tracked_positions(tx)
    behind = {name: head - position for name, position in positions.items() if head - position > max_lag}
    report: dict[str, Any] = {
        "position": head,
        "readModels": positions.get("read_models", 0),
        "tracking": positions,
        "maxLag": max_lag,
        "behind": behind,
    }
    return not behind and bool(positions), report


def main() -> int:
    from api.bootstrap import open_read_models
    from api.settings import Settings

    settings = Settings()
    store = SharedStore(settings.event_store_env())
    db = open_read_models(settings)
    try:
        ok, report = health_report(store, db)
    except Exception as error:  # the database is out of reach: unhealthy, and say why
        print(f"unhealthy: {error}", file=sys.stderr)
        return 1
    finally:
        db.close()
        store.close()
    print(("healthy: " if ok else "unhealthy: ") + str(report))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
