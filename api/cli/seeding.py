"""`freight seed-demo`: a realistic demo history written fast, then the read models rebuilt.

It holds the store alone (a server must be stopped: the rebuild drops the tables it reads). The seeded
history carries what the policies would add (notifications), so policies that were at the head before
seeding are moved to the new head rather than sending demo messages; policies that were behind are left
where they were, so no real message is skipped.
"""

from __future__ import annotations

import argparse

from api.cli.commands import command
from api.cli.environment import IN_USE, check_store, holding, load_settings
from api.cli.outcome import CLEAN, Console, Refusal
from api.cli.progress import Meter
from api.cli.read_models import follower_names, rebuild_read_models
from api.settings import Settings


def _seed_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--events", type=int, default=100_000, help="events to write (at least)")
    parser.add_argument("--batch", type=int, default=5000, help="events per transaction")
    parser.add_argument("--no-catch-up", action="store_true", help="skip the read-model rebuild afterwards")


def _move_caught_up_policies(settings: Settings, before: int, after: int) -> None:
    from api.bootstrap import open_read_models
    from followers.follower import TRACKING_DDL, read_position, write_position
    from projections.registry import READ_MODELS

    db = open_read_models(settings)
    try:
        with db.transaction() as tx:
            tx.execute(TRACKING_DDL)
            for name in follower_names():
                if name != READ_MODELS and read_position(tx, name) == before:
                    write_position(tx, name, after)
    finally:
        db.close()


@command("seed-demo", "write a realistic demo history fast, then rebuild the read models", _seed_arguments)
def seed_demo(args: argparse.Namespace, console: Console) -> int:
    from api.cli.demo_seed import DEMO_PASSWORD, Seeder
    from domain.accounts.passwords import Passwords
    from infrastructure.event_store import SharedStore

    if args.events < 1 or args.batch < 1:
        raise Refusal("--events and --batch must be at least 1")
    settings = load_settings()
    check_store(settings)
    with holding(settings, exclusive=True, busy=IN_USE):
        meter = Meter("seed-demo")
        store = SharedStore(settings.event_store_env())
        try:
            before = store.head()
            if before:
                console.warn(f"the store holds {before} events already; seeding adds to them")
            seeder = Seeder(
                store,
                password_hash=Passwords(settings.password_hash_cost()).hash(DEMO_PASSWORD),
                batch_events=args.batch,
                prefix=f"demo{before}x" if before else "demo",
                progress=meter,
            )
            stats = seeder.run(args.events)
            after = store.head()
        finally:
            meter.finish()
            store.close()
        console.say(
            f"seeded {stats.events} events in {stats.seconds:.1f}s ({stats.events_per_second:,.0f} events/s);"
            f" customers {stats.customers[0]}..{stats.customers[-1]} (password {DEMO_PASSWORD})"
        )
        _move_caught_up_policies(settings, before, after)
        if not args.no_catch_up:
            rebuild_read_models(settings, console)
    return CLEAN
