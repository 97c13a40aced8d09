"""A rebuild loads the personal-data keys of a page of events in one statement (`PersonalDataVault.preload`,
through `projections.log_pages.key_preloader`) rather than one query per person: the events then say exactly
what they say when each key is looked up on its own, an erased person's included."""

from __future__ import annotations

from typing import Any

import pytest

import infrastructure.personal_data as personal_data
from api.cli.demo_seed import Seeder
from api.settings import Settings
from domain.shared.personal import ERASED
from infrastructure.event_store import SharedStore
from projections.log_pages import key_preloader, stored_pages


def _decoded(store: SharedStore) -> list[dict[str, Any]]:
    return [
        dict(vars(store.mapper.to_domain_event(row)))
        for rows in stored_pages(store, store.head(), 10_000)
        for row in rows
    ]


def _misses(store: SharedStore, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The subjects whose key the vault had to look up on its own from now on."""
    vault = store.vault
    missed: list[str] = []
    entry = vault._entry

    def counted(subject: str) -> Any:
        if subject not in vault._keys:
            missed.append(subject)
        return entry(subject)

    monkeypatch.setattr(vault, "_entry", counted)
    return missed


def test_preloaded_keys_open_what_keys_looked_up_one_by_one_open(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded = SharedStore(settings.event_store_env())
    Seeder(seeded, password_hash="not-a-real-hash", batch_events=200, seed=11).run(400)
    customer = next(
        str(fields["originator_id"])
        for fields in _decoded(seeded)
        if "username" in fields and fields.get("account_type") not in (None, 0)
    )
    assert seeded.vault.destroy(customer)
    seeded.close()

    one_by_one = SharedStore(settings.event_store_env())
    preloaded = SharedStore(settings.event_store_env())
    try:
        alone = _misses(one_by_one, monkeypatch)
        expected = _decoded(one_by_one)
        assert len(set(alone)) > 20  # many people, each asked for on its own: what preloading saves
        assert ERASED in repr(expected)  # the erased customer's fields open as erased

        missed = _misses(preloaded, monkeypatch)
        preload = key_preloader(preloaded)
        found = []
        for rows in stored_pages(preloaded, preloaded.head(), 150):
            preload(rows)
            found += [dict(vars(preloaded.mapper.to_domain_event(row))) for row in rows]
        assert found == expected
        assert missed == []  # every key came with its page
    finally:
        one_by_one.close()
        preloaded.close()


def test_a_subject_without_a_key_is_left_to_its_own_look_up_and_the_cache_stays_bounded(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SharedStore(settings.event_store_env())
    try:
        Seeder(store, password_hash="not-a-real-hash", batch_events=200, seed=12).run(200)
        fresh = SharedStore(settings.event_store_env())
        try:
            vault = fresh.vault
            pages = stored_pages(fresh, fresh.head(), 10_000)
            subjects = [str(row.originator_id) for rows in pages for row in rows]
            vault.preload(["no-such-subject"])
            assert "no-such-subject" not in vault._keys  # it may be made later: not cached as erased
            monkeypatch.setattr(personal_data, "CACHE_LIMIT", 3)
            vault.preload(subjects)
            known = len(vault._keys)
            assert known > 3
            vault.preload(subjects[-2:])  # past the limit: started afresh with just these
            assert len(vault._keys) <= 2 < known
        finally:
            fresh.close()
    finally:
        store.close()
