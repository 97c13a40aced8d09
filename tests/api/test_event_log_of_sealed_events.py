"""The rebuild's `event_log` rows of events with personal fields, from their stored JSON with the sealed
fields opened there (`log_entry_of_stored` with the mapper's `open_state`), are the rows of the decoded
events: on a seeded history with an erased customer, on both stores."""

from __future__ import annotations

from typing import Any

from eventsourcing.utils import resolve_topic

from api.cli.demo_seed import Seeder
from api.settings import Settings
from domain.shared.personal import ERASED, personal_fields
from infrastructure.event_store import SharedStore
from infrastructure.personal_data import SealingMapper
from projections.history import log_entry, log_entry_of_stored
from projections.log_pages import key_preloader, stored_pages


def test_sealed_events_give_the_decoded_events_log_entries(settings: Settings) -> None:
    seeded = SharedStore(settings.event_store_env())
    Seeder(seeded, password_hash="not-a-real-hash", batch_events=200, seed=13).run(600)
    customer = next(
        str(event.originator_id)
        for rows in stored_pages(seeded, seeded.head(), 10_000)
        for row in rows
        if "username" in vars(event := seeded.mapper.to_domain_event(row))
        and getattr(event, "account_type", None) not in (None, 0)
    )
    assert seeded.vault.destroy(customer)
    seeded.close()

    store = SharedStore(settings.event_store_env())
    try:
        preload = key_preloader(store)
        mapper = store.mapper
        assert isinstance(mapper, SealingMapper)
        opened, erased = 0, 0
        for rows in stored_pages(store, store.head(), 250):
            preload(rows)
            for row in rows:
                event_class = resolve_topic(row.topic)
                decoded: Any = mapper.to_domain_event(row)
                expected = log_entry(decoded)
                got = log_entry_of_stored(
                    event_class, row.originator_id, row.originator_version, row.state, mapper.open_state
                )
                if got is not None and personal_fields(event_class):
                    opened += 1
                    erased += ERASED in got[-1]
                assert got is None or got == expected, row.topic
        assert opened > 100
        assert erased > 0  # the erased customer's fields open as erased here too
    finally:
        store.close()
