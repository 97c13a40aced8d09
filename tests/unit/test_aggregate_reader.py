"""A policy's batch reads the aggregates it names in one statement, each as the repository would load it now,
and the next batch sees what was recorded since (infrastructure/aggregate_reader.py), on both stores."""

from __future__ import annotations

import uuid
from hashlib import md5
from pathlib import Path
from typing import Any
from uuid import uuid4

from psycopg import sql

from api.settings import Settings
from domain.accounts.account import INDIVIDUAL, Account
from domain.notifications.application import NotificationsApplication
from domain.shared.actor import SYSTEM_ACTOR
from infrastructure.aggregate_reader import AggregateReader, events_after_statement, select_events_after
from infrastructure.event_store import SharedStore
from tests.conftest import make_settings
from tests.corpus import NATIONAL_IDS, PERSIAN_PEOPLE
from tests.pg import Cluster


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

        changed: Account = app.repository.get(b)
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


def test_the_postgres_statement_goes_by_the_index_without_statistics(
    pg_cluster: Cluster, tmp_path: Path
) -> None:
    """A store whose events table has no statistics yet (just seeded or restored): a batch of 30 ids must be
    looked up by the primary key, not by scanning every event (docs/decisions/0020)."""
    import psycopg

    url = pg_cluster.create_database()
    store = SharedStore(make_settings(tmp_path / "var", url).event_store_env())
    try:
        recorder: Any = store.recorder
        table = sql.Identifier(recorder.datastore.schema, recorder.events_table_name)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(sql.SQL("ALTER TABLE {} SET (autovacuum_enabled = false)").format(table))
            conn.execute(
                sql.SQL(
                    "INSERT INTO {} (originator_id, originator_version, topic, state)"
                    " SELECT md5(i::text)::uuid, v, 'bench.topic:Event', '\\x7b7d'::bytea"
                    " FROM generate_series(1, 20000) AS i, generate_series(1, 3) AS v"
                ).format(table)
            )
            ids = [uuid.UUID(md5(str(i).encode()).hexdigest()) for i in range(1, 31)]

            def plan(statement: Any, params: tuple[Any, ...]) -> str:
                rows = conn.execute(sql.SQL("EXPLAIN ") + statement, params).fetchall()
                return "\n".join(str(row[0]) for row in rows)

            joined_only = sql.SQL(
                "SELECT e.* FROM {} e JOIN unnest(%s::uuid[], %s::bigint[]) AS w(id, v)"
                " ON e.originator_id = w.id AND e.originator_version > w.v"
            ).format(table)
            # The premise: joined to the unnest alone, the planner scans the whole table here.
            assert "Seq Scan" in plan(joined_only, (ids, [1] * 30))
            ours = plan(events_after_statement(recorder), (ids, [1] * 30, ids))
            assert "Seq Scan" not in ours and "_pkey" in ours, ours
        found = select_events_after(recorder, dict.fromkeys(ids, 1))
        assert [(e.originator_id, e.originator_version) for e in found] == [
            (key, version) for key in sorted(ids) for version in (2, 3)
        ]
    finally:
        store.close()
