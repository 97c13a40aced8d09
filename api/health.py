"""Health that sees, by time and liveness: per follower group, who holds it and when it last said
so, how far behind it is in events and in seconds, and what it parked.

Served at `GET /health` by every API worker, and run as `python -m api.health` by the compose file's
follower healthcheck (a follower process serves no HTTP). Unhealthy (503, exit 1) when the store cannot be
read, or for any follower group (read models, each policy, webhooks):

- its holder has not heartbeaten for `no_holder_seconds` (15 s by default, `HEALTH_NO_HOLDER_SECONDS`): no
  live process applies it;
- the oldest event it has not applied is older than `max_lag_seconds` (30 s, `HEALTH_MAX_LAG_SECONDS`),
  whatever the count;
- it is more than `MAX_LAG` events behind (a freshly started one catching up is unhealthy until it has);
- it has parked an event (followers/dead_letters.py): named, until it is retried or skipped.

Where a hot standby serves the reads (READ_REPLICA_URL), its lag behind the primary is shown (`replica`).
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from api.presenters.dead_letters import summary
from followers import dead_letters
from followers.heartbeats import heartbeats
from infrastructure.event_store import SharedStore
from infrastructure.read_db import PostgresReadModels, ReadModelDB
from projections.condition import tracked_positions

MAX_LAG = 1000
NO_HOLDER_SECONDS = 15.0
MAX_LAG_SECONDS = 30.0
# `/health` answers within this, whatever the database does: a probe that hangs tells an orchestrator nothing
# (its own timeout, 3 s in docker-compose.yml, counts a hang as a failure only after waiting for it).
ANSWER_SECONDS = 2.0

T = TypeVar("T")


class CheckOut(Exception):
    """The check did not come back in time (the database is away or hangs)."""


class BoundedCheck:
    """Runs a blocking check in a thread with a deadline. A check that overran keeps its thread until the
    database gives up on it; while it is still out no other is started, so probes of an away database do
    not pile up threads (each such probe is answered at once as out of time)."""

    def __init__(self, seconds: float = ANSWER_SECONDS) -> None:
        self.seconds = seconds
        self._out: asyncio.Future[Any] | None = None

    async def run(self, check: Callable[[], T]) -> T:
        if self._out is not None and not self._out.done():
            raise CheckOut("an earlier check has not come back yet")
        out: asyncio.Future[T] = asyncio.get_running_loop().run_in_executor(None, check)
        out.add_done_callback(lambda done: done.cancelled() or done.exception())  # retrieved, never logged
        self._out = out
        try:
            return await asyncio.wait_for(asyncio.shield(out), self.seconds)
        except TimeoutError:
            raise CheckOut(f"no answer within {self.seconds:g}s") from None


def _event_time(store: SharedStore, after: int) -> datetime | None:
    """When the first event after `after` was recorded (None when it cannot be read)."""
    try:
        found = store.recorder.select_notifications(start=after, limit=1, inclusive_of_start=False)
        if not found:
            return None
        stamp = getattr(store.mapper.to_domain_event(found[0]), "timestamp", None)
    except Exception:  # an event that cannot be decoded is being parked: its lag shows in events
        return None
    return stamp if isinstance(stamp, datetime) else None


def health_report(
    store: SharedStore,
    db: ReadModelDB,
    max_lag: int | None = None,
    *,
    no_holder_seconds: float | None = None,
    max_lag_seconds: float | None = None,
) -> tuple[bool, dict[str, Any]]:
    max_lag = MAX_LAG if max_lag is None else max_lag
    no_holder = NO_HOLDER_SECONDS if no_holder_seconds is None else no_holder_seconds
    lag_limit = MAX_LAG_SECONDS if max_lag_seconds is None else max_lag_seconds
    head = store.head()
    with db.read() as tx:
        positions = tracked_positions(tx)
        beats = heartbeats(tx)
        parked = dead_letters.parked_counts(tx)
        parked_events = [summary(letter) for letter in dead_letters.letters(tx)[:20]]
    now = time.time()
    groups: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    for name, position in positions.items():
        beat = beats.get(name)
        age = None if beat is None else max(0.0, now - beat["beat_at"])
        lag_seconds = 0.0
        if position < head:
            recorded = _event_time(store, position)
            lag_seconds = 0.0 if recorded is None else max(0.0, now - recorded.timestamp())
        groups[name] = {
            "holder": None if beat is None else beat["holder"],
            "lastHeartbeat": None
            if beat is None
            else datetime.fromtimestamp(beat["beat_at"]).astimezone().isoformat(),
            "heartbeatAgeSeconds": None if age is None else round(age, 3),
            "position": position,
            "lagEvents": head - position,
            "lagSeconds": round(lag_seconds, 3),
            "parked": parked.get(name, 0),
        }
        if age is None or age > no_holder:
            problems.append(f"{name}: no live holder for over {no_holder:g}s")
        if lag_seconds > lag_limit:
            problems.append(f"{name}: its oldest unapplied event is {lag_seconds:.0f}s old")
        if head - position > max_lag:
            problems.append(f"{name}: {head - position} events behind")
    for name, count in parked.items():
        problems.append(f"{name}: {count} parked events (see `freight dead-letters list`)")
    behind = {name: head - position for name, position in positions.items() if head - position > max_lag}
    report: dict[str, Any] = {
        "position": head,
        "readModels": positions.get("read_models", 0),
        "tracking": positions,
        "maxLag": max_lag,
        "behind": behind,
        "groups": groups,
        "parked": parked_events,
        "problems": problems,
        # The read models' standby, where one serves the reads: its lag is shown, never unhealthy (reads
        # that would wait too long for it go to the primary).
        "replica": db.replica_lag() if isinstance(db, PostgresReadModels) else None,
    }
    return not problems and bool(positions), report


def main() -> int:
    from api.bootstrap import open_read_models
    from api.settings import Settings

    settings = Settings()
    store = SharedStore(settings.event_store_env())
    db = open_read_models(settings)
    try:
        ok, report = health_report(
            store,
            db,
            no_holder_seconds=settings.HEALTH_NO_HOLDER_SECONDS,
            max_lag_seconds=settings.HEALTH_MAX_LAG_SECONDS,
        )
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
