"""`freight replay` (rebuild every read model from the store) and `freight verify` (are they right?)."""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path
from typing import Any

from api.cli.commands import command
from api.cli.environment import IN_USE, REBUILDING, check_store, holding, load_settings
from api.cli.outcome import CLEAN, FOUND, Console, Refusal, Result
from api.cli.progress import Meter
from api.presenters.dead_letters import summary
from api.settings import Settings

# Differences listed in --json (all are counted; the human output lists every one).
JSON_DIFFERENCES = 100


def follower_names() -> tuple[str, ...]:
    """Every follower a server runs: the read models and each policy (any other tracked one counts too)."""
    from policies.messaging import MESSAGING_POLICY
    from policies.notifications import NOTIFICATIONS_POLICY
    from projections.registry import READ_MODELS

    return (READ_MODELS, NOTIFICATIONS_POLICY, MESSAGING_POLICY)


def rebuild_read_models(settings: Settings, console: Console, *, changed: bool = False) -> int:
    """Drop and rebuild every read model (`changed`: only those this release changed, with the ones tied to
    them, where that is exact: projections/rebuild_changed.py); the caller holds the store exclusively.
    Answers the events."""
    from api.bootstrap import open_read_models
    from infrastructure.event_store import SharedStore
    from projections.rebuild import rebuild
    from projections.rebuild_changed import rebuild_changed

    meter = Meter("replay")
    store = SharedStore(settings.event_store_env())
    try:
        db = open_read_models(settings)
        try:
            if changed:
                outcome = rebuild_changed(store, db, progress=meter)
                stats, names = outcome.stats, None if outcome.whole else outcome.names
            else:
                stats, names = rebuild(store, db, progress=meter), None
        finally:
            meter.finish()
            db.close()
    finally:
        store.close()
    what = "every read model" if names is None else f"the read models {', '.join(names)}"
    console.say(
        f"rebuilt {what} from {stats.events} events in {stats.seconds:.2f}s"
        f" ({stats.events_per_second:,.0f} events/s)"
    )
    if stats.parked:
        console.warn(
            f"{stats.parked} events could not be applied and were parked: see `freight"
            " dead-letters list`, and `freight dead-letters retry` once fixed"
        )
    return stats.events


def parked_after_rebuild(settings: Settings) -> int:
    from api.bootstrap import open_read_models
    from followers import dead_letters
    from projections.registry import READ_MODELS

    db = open_read_models(settings)
    try:
        with db.read() as tx:
            return len(dead_letters.letters(tx, dead_letters.PARKED, READ_MODELS))
    finally:
        db.close()


def _replay_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--changed",
        action="store_true",
        help="after an upgrade: rebuild only the read models the new release changed and those tied to them"
        " (every one where that is not exact)",
    )


@command(
    "replay",
    "drop every read model and rebuild it from the event store (the server must be stopped)",
    _replay_arguments,
)
def replay(args: argparse.Namespace, console: Console) -> int:
    settings = load_settings()
    check_store(settings)
    with holding(settings, exclusive=True, busy=IN_USE):
        rebuild_read_models(settings, console, changed=args.changed)
    # Finished whatever the store holds; events that could not be applied are parked and make it exit 1.
    return FOUND if parked_after_rebuild(settings) else CLEAN


def _verify_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--wait",
        type=float,
        default=2.0,
        metavar="SECONDS",
        help="how long a follower that is behind the store may take to catch up before it counts as a"
        " failure (default 2; a running server's followers are usually a few milliseconds behind)",
    )


@command(
    "verify",
    "check that every follower has reached the store's head, then rebuild into scratch tables and compare"
    " row by row with the live read models (safe beside a running server)",
    _verify_arguments,
    json=True,
)
def verify(args: argparse.Namespace, console: Console) -> Result:
    settings = load_settings()
    if args.wait < 0:
        raise Refusal("--wait must be zero or more seconds")
    check_store(settings)
    with holding(settings, exclusive=False, busy=REBUILDING):
        return _verify(settings, args.wait, console)


def _verify(settings: Settings, wait: float, console: Console) -> Result:
    from api.bootstrap import open_read_models
    from followers import dead_letters
    from infrastructure.event_store import SharedStore
    from infrastructure.read_db import PostgresReadModels
    from projections.condition import wait_for_followers
    from projections.verify import verify_snapshot

    store = SharedStore(settings.event_store_env())
    live = open_read_models(settings)
    rebuilding, comparing = Meter("verify: rebuild"), Meter("verify: compare", unit="tables")
    try:
        head = store.head()
        behind = wait_for_followers(live, head, follower_names(), wait)
        with live.read() as tx:
            parked = dead_letters.letters(tx)
        with tempfile.TemporaryDirectory() as scratch_dir:
            scratch = open_read_models(
                settings, schema=f"verify_{os.getpid()}", path=Path(scratch_dir) / "scratch.db"
            )
            try:
                found = verify_snapshot(
                    store, live, scratch, rebuild_progress=rebuilding, compare_progress=comparing
                )
            finally:
                rebuilding.finish()
                comparing.finish()
                if isinstance(scratch, PostgresReadModels):
                    scratch.drop_schema()
                scratch.close()
    finally:
        live.close()
        store.close()

    # Tables never created are no difference while nothing was ever applied (a store never served).
    missing = found.condition.missing_tables if found.position > 0 else []
    for table in missing:
        console.say(f"{table}: missing from the live read models")
    for difference in found.differences:
        console.say(
            f"{difference.table} {difference.key}: live={difference.live} rebuilt={difference.rebuilt}"
        )
    for lag in behind:
        console.warn(
            f"{lag.name} is behind the store: it has applied {lag.position} of {lag.head} events"
            f" ({lag.events} behind after waiting {wait:g}s); start `freight serve` or `freight follow`,"
            " or find out why it is stuck"
        )
    for letter in parked:
        console.say(
            f"parked: {letter.follower} could not apply the event at position {letter.position}"
            f" ({letter.topic}, aggregate {letter.aggregate_id}): {letter.error}"
        )
    if parked:
        console.warn(f"{len(parked)} parked events; `freight dead-letters` lists, retries or skips them")
    for letter in found.unreplayed:
        console.say(
            f"not replayed: the rebuild could not apply the event at position {letter.position}"
            f" ({letter.topic}, aggregate {letter.aggregate_id}): {letter.error}"
        )
    if found.unreplayed:
        console.warn(
            f"{len(found.unreplayed)} events the live read models applied do not replay: a rebuild (and"
            " `freight replay`) would park them"
        )
    if found.differences:
        console.warn(f"{len(found.differences)} differing rows")
    if missing:
        console.warn(f"{len(missing)} read-model tables missing; `freight replay` rebuilds them")
    code = FOUND if behind or missing or found.differences or parked or found.unreplayed else CLEAN
    if code == CLEAN:
        console.say(
            f"read models match the event store ({found.position} events; every follower at the head)"
        )
    fields: dict[str, Any] = {
        "head": head,
        "positions": found.condition.positions,
        "behind": [{"name": lag.name, "position": lag.position, "events": lag.events} for lag in behind],
        "compared_at": found.position,
        "missing_tables": missing,
        "difference_count": len(found.differences),
        "parked": [summary(letter) for letter in parked],
        "unreplayed": [summary(letter) for letter in found.unreplayed],
        "differences": [
            {"table": d.table, "key": list(d.key), "live": d.live, "rebuilt": d.rebuilt}
            for d in found.differences[:JSON_DIFFERENCES]
        ],
    }
    return Result(code, fields)
