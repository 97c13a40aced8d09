"""A process caches data keys; whether someone was erased since it last looked is asked on every page of a
rebuild and once a second (`PersonalDataVault._fresh`). The answer must be right (another process's erasure
closes what this one had open) and cheap: one row read by its key, however many people, bookings and notices
have keys, with or without the planner's statistics (a store just restored has none)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from api.settings import Settings
from domain.shared.personal import ERASED
from infrastructure.event_store import SharedStore
from tests.api.test_personal_data_key_ring import rotate_in_another_process, sealed_people

KEYS = 3_000


class _Recording:
    """A cursor that keeps the statements it was given."""

    def __init__(self, cursor: Any, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        self._cursor = cursor
        self._statements = statements

    def execute(self, statement: str, params: tuple[Any, ...] = ()) -> Any:
        self._statements.append((statement, tuple(params)))
        return self._cursor.execute(statement, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._cursor, name)


def _statements_of_a_check(store: SharedStore, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    vault = store.vault
    statements: list[tuple[str, tuple[Any, ...]]] = []
    look = vault._look

    @contextmanager
    def recording() -> Iterator[_Recording]:
        with look() as cursor:
            yield _Recording(cursor, statements)

    with monkeypatch.context() as patched:
        patched.setattr(vault, "_look", recording)
        vault._fresh(now_and_then=False)
    return statements


def _full_scans(store: SharedStore, statement: str, params: tuple[Any, ...]) -> list[str]:
    with store.vault._look() as cursor:
        if store.vault.postgres:
            cursor.execute(f"EXPLAIN (FORMAT JSON) {statement}", params)
            plan = json.dumps(cursor.fetchone()["QUERY PLAN"])
            return [plan] if '"Seq Scan"' in plan else []
        cursor.execute(f"EXPLAIN QUERY PLAN {statement}", params)
        details = [str(tuple(row)[-1]) for row in cursor.fetchall()]
        return [detail for detail in details if not detail.startswith("SEARCH")]


def test_the_erasure_check_reads_one_row_by_its_key(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SharedStore(settings.event_store_env())
    try:
        store.vault.ready_for_sealing({str(uuid.uuid4()): None for _ in range(KEYS)}, [])
        people = sealed_people(store)
        assert store.vault.destroy(next(iter(people)))  # an erasure: the store has erased keys among many
        statements = _statements_of_a_check(store, monkeypatch)
        assert statements
        for statement, params in statements:  # no ANALYZE: planned as a store just restored is
            assert _full_scans(store, statement, params) == [], statement
    finally:
        store.close()


def test_a_running_process_closes_what_another_process_erased_at_its_next_page(
    settings: Settings,
) -> None:
    env = settings.event_store_env()
    store = SharedStore(env)  # a worker or a rebuild, running all along
    try:
        people = sealed_people(store)
        erased = next(iter(people))
        value, sealed = people[erased]
        assert store.vault.open_field(sealed, identifier=False) == value  # its key is cached now
        rotate_in_another_process(env, erased)  # the erasure, in another process
        store.vault.preload([erased])  # the next page of a rebuild
        assert store.vault.open_field(sealed, identifier=False) == ERASED
        survivor = next(subject for subject in people if not subject.startswith(erased))
        assert store.vault.open_field(people[survivor][1], identifier=False) == people[survivor][0]
    finally:
        store.close()
