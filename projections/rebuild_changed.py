"""An upgrade's rebuild (decision 3863): only the read models whose tables or rows this release changed (their
own fingerprints, `read_model_fingerprints`), with every read model tied to them by a handler's read
(projections/handler_reads.py), rebuilt from the log up to the position the others stand at. The others keep
their rows, and the followers carry on from that same position.

Where that cannot be exact, the whole rebuild (projections/rebuild.py) runs instead: read models built before
each had its own fingerprint, a table missing from a read model this release did not change, events parked
earlier (a retry would apply them to every read model again), or an event the chosen ones cannot apply. The
caller holds the store exclusively, as for `freight replay`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from followers import dead_letters
from followers.positions import read_position
from infrastructure.event_store import SharedStore
from infrastructure.read_db import ReadModelDB
from projections.condition import inspect
from projections.handler_reads import rebuilt_together
from projections.log_pages import pages, prefetched, readable
from projections.rebuild import Progress, RebuildStats, rebuild
from projections.rebuild_batches import building_indexes, fewer_collections, start_batch
from projections.registry import READ_MODELS, all_projections, applier, write_fingerprint


@dataclass
class ChangedRebuild:
    # The read models rebuilt, in `MODULES`' order: every one when the whole rebuild ran.
    names: list[str]
    whole: bool
    stats: RebuildStats


def chosen_read_models(db: ReadModelDB) -> list[str] | None:
    """The read models an upgrade's rebuild must rebuild, or None for all of them."""
    projections = all_projections()
    with db.read() as tx:
        condition = inspect(tx)
        parked = dead_letters.letters(tx, dead_letters.PARKED, READ_MODELS)
    if condition.changed is None or parked or condition.untracked_rows:
        return None
    names = rebuilt_together(condition.changed, projections)
    owners = {table: p.name for p in projections for table in p.tables}
    if any(owners[table] not in names for table in condition.missing_tables):
        return None
    return None if len(names) == len(projections) else names


def _whole(store: SharedStore, db: ReadModelDB, progress: Progress | None) -> ChangedRebuild:
    return ChangedRebuild([p.name for p in all_projections()], True, rebuild(store, db, progress=progress))


def rebuild_changed(
    store: SharedStore, db: ReadModelDB, *, batch_size: int = 5000, progress: Progress | None = None
) -> ChangedRebuild:
    """Rebuild what this release changed (`chosen_read_models`), or everything where that cannot be exact."""
    names = chosen_read_models(db)
    if names is None:
        return _whole(store, db, progress)
    chosen = [p for p in all_projections() if p.name in names]
    with db.transaction() as tx:
        position = read_position(tx, READ_MODELS)
        for projection in chosen:
            projection.drop(tx)
            projection.create(tx, indexes=False)
    apply = applier(chosen, bulk=True)
    started, done = time.perf_counter(), 0
    try:
        with fewer_collections():
            for rows, batch in prefetched(pages(store, chosen, position, batch_size)):
                readable(batch)
                with db.transaction() as tx:
                    start_batch(tx)
                    apply(tx, batch)
                done += len(rows)
                if progress is not None:
                    progress(done, position, time.perf_counter() - started)
    except Exception as error:
        if dead_letters.transient(error):
            raise
        # An event these read models cannot apply: the whole rebuild parks it, as a follower would.
        return _whole(store, db, progress)
    with db.transaction() as tx:
        building_indexes(tx)
        for projection in chosen:
            projection.create_indexes(tx)
        write_fingerprint(tx)
    return ChangedRebuild(names, False, RebuildStats(events=done, seconds=time.perf_counter() - started))
