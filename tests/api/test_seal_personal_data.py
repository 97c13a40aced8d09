"""`freight seal-personal-data`: a store written with personal fields in clear is sealed in place."""

from __future__ import annotations

import io
from typing import Any

from eventsourcing.persistence import Mapper

from api.cli.demo_seed import Seeder
from api.settings import Settings
from infrastructure.event_store import SharedStore
from infrastructure.personal_data_rewrite import seal_store
from projections import audit_export
from tests.api.erasure_support import database_bytes, hits


def _events(store: SharedStore) -> list[tuple[int, Any, int, str, dict[str, Any]]]:
    rows = store.recorder.select_notifications(start=1, limit=100_000)
    return [
        (n.id, n.originator_id, n.originator_version, n.topic, vars(store.mapper.to_domain_event(n)))
        for n in rows
    ]


def test_a_clear_store_is_sealed_in_place_and_says_the_same(settings: Settings) -> None:
    old = SharedStore(settings.event_store_env())
    sealing = old.mapper
    old.mapper = Mapper(transcoder=sealing.transcoder)  # how the store was written before: in clear
    Seeder(old, password_hash="not-a-real-hash", batch_events=200, seed=5).run(400)
    old.mapper = sealing
    before = _events(old)
    usernames = [
        fields["username"]
        for _, _, _, topic, fields in before
        if topic.endswith("Account.Opened") and fields["account_type"] != 0
    ]
    assert usernames and hits(database_bytes(settings), usernames)  # the scan can fail: in clear now

    stats = seal_store(old, batch_size=150)
    assert stats.events == len(before) and stats.rewritten > 0
    assert _events(old) == before  # same positions, aggregates, versions, topics, and what they say
    assert hits(database_bytes(settings), usernames) == []
    assert seal_store(old).rewritten == 0  # a second run finds nothing to do

    out = io.StringIO()
    audit_export.export(old, out)
    assert audit_export.check(out.getvalue().splitlines()) == len(before)
    old.close()
