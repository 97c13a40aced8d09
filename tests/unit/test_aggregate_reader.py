"""A policy's batch reads the aggregates it names in one statement, each as the repository would load it now,
and the next batch sees what was recorded since (infrastructure/aggregate_reader.py), on both stores."""

from __future__ import annotations

from uuid import uuid4

from api.settings import Settings
from domain.accounts.account import INDIVIDUAL, Account
from domain.notifications.application import NotificationsApplication
from domain.shared.actor import SYSTEM_ACTOR
from infrastructure.aggregate_reader import AggregateReader
from infrastructure.event_store import SharedStore
from tests.corpus import NATIONAL_IDS, PERSIAN_PEOPLE


def test_a_batch_reads_its_aggregates_at_once_and_the_next_one_anew(settings: Settings) -> None:
    settings.VAR_DIR.mkdir(parents=True, exist_ok=True)
    store = SharedStore(settings.event_store_env())
    app = NotificationsApplication(store)
    try:
        accounts = [
            Account.open(identity, INDIVIDUAL, [], {"firstName": first, "lastName": last}, SYSTEM_ACTOR)
            for identity, (first, last) in zip(NATIONAL_IDS[:3], PERSIAN_PEOPLE, strict=True)
        ]
        accounts[1].set_password("hash-1", SYSTEM_ACTOR)
        app.record(*accounts)
        a, b, c = (account.id for account in accounts)

        reader = AggregateReader(store)
        reader.begin([a, b, str(c), uuid4(), "not an id"])
        assert reader.statements == 1
        for key in (a, b, c):
            assert vars(reader(key)) == vars(app.repository.get(key))
        assert reader(uuid4()) is None and reader("not an id") is None
        assert reader(str(b)) is reader(b)  # the same aggregate, whichever way its id is written
        assert reader.statements == 2  # the unnamed unknown id cost one statement; the named ones none

        changed = app.repository.get(b)
        changed.set_password("hash-2", SYSTEM_ACTOR)
        app.record(changed)
        assert reader(b).version == changed.version - 1  # within the batch, as it was read
        reader.begin([b])
        assert reader.statements == 3
        assert vars(reader(b)) == vars(app.repository.get(b))  # the next batch reads the new event
        held = reader(a)  # not named: read at its first use, once
        assert reader.statements == 4 and reader(a) is held
        assert vars(held) == vars(app.repository.get(a))
    finally:
        store.close()


def test_more_aggregates_than_one_statement_holds_are_read_in_chunks(settings: Settings) -> None:
    settings.VAR_DIR.mkdir(parents=True, exist_ok=True)
    store = SharedStore(settings.event_store_env())
    app = NotificationsApplication(store)
    try:
        accounts = [Account.open(f"chunk-{i}", INDIVIDUAL, [], {}, SYSTEM_ACTOR) for i in range(1100)]
        app.record(*accounts)
        reader = AggregateReader(store, keep=600)
        reader.begin(account.id for account in accounts)
        assert reader.statements == 3
        assert all(reader(account.id).username == account.username for account in accounts)
        assert reader.statements == 3
    finally:
        store.close()
