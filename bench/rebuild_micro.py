"""Focused rebuild micro-benchmark: seed N events once, then time `projections.rebuild.rebuild`.

`python -m bench.rebuild_micro [events] [--sqlite] [--verify]` starts its own durable cluster (as
`freight bench` does), seeds with the demo seeder, rebuilds twice and prints events/s and events per
CPU-second (this process and the rebuild's helper process together; `--profile` profiles this process only);
`--verify` also applies the same history one event at a time through the live follower and compares every
read-model table row by row with the rebuild (the batch mechanism must give the very same rows).

`--changed NAME` also times an upgrade's rebuild of that read model alone (decision 3863): its fingerprint
marked as an earlier release's, then `rebuild_changed` (with whatever is tied to it) against the whole
rebuild.

`--floor` (PostgreSQL) also measures what no rebuild of these read models can go below, against the bare log
read: the rebuilt rows written back into empty tables with binary COPY and their indexes built, with no event
read or applied (`_floor`). Whatever turns events into rows, the store still writes those rows and indexes.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def _children_cpu() -> float:
    """CPU seconds of this process's finished children (the rebuild's helper process on PostgreSQL)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _postgres_cpu() -> float:
    """CPU seconds of this machine's PostgreSQL processes, the ended backends included (the postmaster's
    reaped children): the store's own share of a rebuild, which neither Python process counts."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        name, _, rest = text.partition("(")[2].rpartition(")")
        if name != "postgres":
            continue
        fields = rest.split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
        if fields[1] == "1" or int(fields[1]) not in _postgres_pids():
            ticks += int(fields[13]) + int(fields[14])  # the postmaster: its reaped children
    return ticks / os.sysconf("SC_CLK_TCK")


def _postgres_pids() -> set[int]:
    pids = set()
    for comm in Path("/proc").glob("[0-9]*/comm"):
        try:
            if comm.read_text().strip() == "postgres":
                pids.add(int(comm.parent.name))
        except OSError:
            continue
    return pids


def _floor(store: Any, db: Any, events: int) -> None:
    from bench.probe import read_log
    from bench.rebuild_floor import write_back

    floor = write_back(db, events)
    log = read_log(store)
    print(
        f"floor: {floor['rows']:,} rows in {floor['tables']} tables written back on two connections in"
        f" {floor['seconds']:.2f}s ({floor['events_per_second']:,.0f} events/s); log read"
        f" {log['seconds']:.2f}s ({log['events_per_second']:,.0f}/s): the floor is"
        f" {log['seconds'] / floor['seconds']:.2f}x the log read",
        flush=True,
    )
    for table, (count, size) in list(floor["largest"].items()):
        print(f"  {table}: {count:,} rows, {size / 1e6:.1f} MB", flush=True)


def _changed(store: Any, db: Any, name: str, whole: float) -> None:
    from projections.rebuild_changed import rebuild_changed

    with db.transaction() as tx:
        tx.execute("UPDATE read_model_fingerprints SET fingerprint = 'older' WHERE name = ?", (name,))
        tx.execute("UPDATE read_model_schema SET fingerprint = 'older'")
    started = time.perf_counter()
    outcome = rebuild_changed(store, db)
    seconds = time.perf_counter() - started
    print(
        f"changed {name}: rebuilt {', '.join(outcome.names) if not outcome.whole else 'everything'} in"
        f" {seconds:.2f}s against {whole:.2f}s for the whole rebuild ({whole / seconds:.1f}x as fast)",
        flush=True,
    )


def _rebuild_and_check(
    settings: Any, verify: bool, profile: bool, floor: bool = False, changed: str | None = None
) -> None:
    from api.bootstrap import open_read_models
    from followers.follower import Follower
    from infrastructure.event_store import SharedStore
    from projections.rebuild import rebuild
    from projections.registry import READ_MODELS, applier, ensure_schema
    from projections.verify import compare

    store = SharedStore(settings.event_store_env())
    db = open_read_models(settings, schema="rebuilt", path=settings.VAR_DIR / "rebuilt.db")
    try:
        for attempt in range(2):
            started, cpu, helper_cpu = time.perf_counter(), time.process_time(), _children_cpu()
            postgres = _postgres_cpu()
            if profile and attempt == 1:
                profiler = cProfile.Profile()
                stats = profiler.runcall(rebuild, store, db)
                pstats.Stats(profiler).sort_stats(os.environ.get("PSORT", "cumulative")).print_stats(
                    int(os.environ.get("PTOP", "25"))
                )
            else:
                stats = rebuild(store, db)
            mine, helper = time.process_time() - cpu, _children_cpu() - helper_cpu
            postgres = _postgres_cpu() - postgres
            print(
                f"rebuild {stats.events:,} events: {stats.events_per_second:,.0f}/s"
                f" (wall {time.perf_counter() - started:.2f}s; CPU: this process {mine:.2f}s,"
                f" helper process {helper:.2f}s, PostgreSQL {postgres:.2f}s:"
                f" {stats.events / max(mine + helper, 1e-9):,.0f} events per CPU-second)",
                flush=True,
            )
        if changed is not None:
            _changed(store, db, changed, stats.seconds)
        if floor:
            _floor(store, db, stats.events)
        if verify:
            live = open_read_models(settings, schema="live", path=settings.VAR_DIR / "live.db")
            try:
                ensure_schema(live)
                follower = Follower(READ_MODELS, store, live, applier(), batch_size=7)
                started = time.perf_counter()
                follower.catch_up()
                print(f"follower (batches of 7) {time.perf_counter() - started:.1f}s", flush=True)
                differences = compare(live, db)
                print(f"differences: {len(differences)}", flush=True)
                for difference in differences[:5]:
                    print(difference, flush=True)
            finally:
                live.close()
    finally:
        db.close()
        store.close()


def main(argv: list[str]) -> int:
    from api.cli.demo_seed import DEMO_PASSWORD, Seeder
    from api.settings import ExplicitSettings
    from domain.accounts.passwords import hash_password
    from infrastructure.event_store import SharedStore

    numbers = [int(a) for a in argv if a.isdigit()]
    events = numbers[0] if numbers else 50_000
    work = Path(tempfile.mkdtemp(prefix="freight-rebuild-"))

    def go(url: str | None) -> None:
        settings = ExplicitSettings(DATABASE_URL=url, VAR_DIR=work / "var")
        store = SharedStore(settings.event_store_env())
        try:
            seeded = Seeder(store, password_hash=hash_password(DEMO_PASSWORD), batch_events=5000).run(events)
            print(f"seeded {seeded.events:,} events ({seeded.events_per_second:,.0f}/s)", flush=True)
        finally:
            store.close()
        changed = argv[argv.index("--changed") + 1] if "--changed" in argv else None
        _rebuild_and_check(settings, "--verify" in argv, "--profile" in argv, "--floor" in argv, changed)

    if "--sqlite" in argv:
        go(None)
        return 0
    from tests.pg import throwaway_cluster

    with throwaway_cluster(durable=True) as cluster:
        go(cluster.create_database("micro"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
