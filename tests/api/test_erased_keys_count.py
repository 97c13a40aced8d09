"""Whether someone was erased since a process last looked is asked on every page of a rebuild and every second
of a process (`PersonalDataVault._fresh`): the count reads the erased keys alone, through their own index,
however many people, bookings and notices have keys."""

from __future__ import annotations

import json
import uuid

from api.settings import Settings
from infrastructure.event_store import SharedStore
from infrastructure.personal_data import ERASED_KEYS, TABLE

PEOPLE = 3_000


def _plan(store: SharedStore) -> str:
    vault = store.vault
    with vault._look() as cursor:
        if vault.postgres:
            cursor.execute(f"ANALYZE {TABLE}")
            cursor.execute(f"EXPLAIN (FORMAT JSON) {ERASED_KEYS}")
            return json.dumps(cursor.fetchone()["QUERY PLAN"])
        cursor.execute(f"ANALYZE {TABLE}")
        cursor.execute(f"EXPLAIN QUERY PLAN {ERASED_KEYS}")
        return json.dumps([tuple(row) for row in cursor.fetchall()])


def test_the_erasure_check_reads_only_the_erased_keys(settings: Settings) -> None:
    store = SharedStore(settings.event_store_env())
    try:
        vault = store.vault
        people = [str(uuid.uuid4()) for _ in range(PEOPLE)]
        vault.ready_for_sealing({person: None for person in people}, [])
        erased = people[PEOPLE // 2]
        assert vault.destroy(erased) == [erased]
        with vault._look() as cursor:
            cursor.execute(ERASED_KEYS)
            assert int(cursor.fetchone()["n"]) == 1

        plan = _plan(store)
        assert f"{TABLE}_erased" in plan, plan  # the partial index, not a scan of every key
    finally:
        store.close()
