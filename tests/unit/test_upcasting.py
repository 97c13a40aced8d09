"""History written by version 1 of an event stays readable: PasswordSet v1 (no scheme) is upcast to v2."""

from __future__ import annotations

import json
from pathlib import Path

from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import get_topic

from domain.accounts.account import Account, account_id
from domain.accounts.application import AccountsApplication
from domain.shared.actor import SYSTEM_ACTOR
from tests.unit.history_support import sqlite_store, write_old_event


def test_version_1_password_event_reads_as_version_2(tmp_path: Path) -> None:
    store = sqlite_store(tmp_path)
    accounts = AccountsApplication(store, secret="s")
    account = Account.open("legacy", 0, ["admin"], {}, SYSTEM_ACTOR)
    accounts.record(account)
    # Write the event exactly as version 1 of the code did: no `scheme`, no `class_version`.
    v1_state = {
        "originator_id": account.id.hex,
        "originator_version": 2,
        "timestamp": {"_type_": "datetime_iso", "_data_": "2025-01-02T03:04:05+00:00"},
        "password_hash": "$argon2id$v=19$m=65536,t=3,p=4$legacy",
        "actor_id": "system",
        "actor_role": "system",
        "reason": None,
    }
    store.recorder.insert_events(
        [
            StoredEvent(
                originator_id=account.id,
                originator_version=2,
                topic=get_topic(Account.PasswordSet),
                state=json.dumps(v1_state).encode(),
            )
        ]
    )
    loaded: Account = accounts.repository.get(account_id("legacy"))
    assert loaded.password_hash == "$argon2id$v=19$m=65536,t=3,p=4$legacy"
    assert loaded.password_scheme == "argon2id"
    events = list(accounts.events.get(account.id))
    last = events[-1]
    assert isinstance(last, Account.PasswordSet)
    assert last.scheme == "argon2id"
    store.close()


def test_new_events_are_written_as_version_2(tmp_path: Path) -> None:
    store = sqlite_store(tmp_path)
    accounts = AccountsApplication(store, secret="s")
    account = Account.open("fresh", 0, ["admin"], {}, SYSTEM_ACTOR)
    account.set_password("$argon2id$fresh", SYSTEM_ACTOR)
    accounts.record(account)
    stored = store.recorder.select_events(account.id)[-1]
    state = json.loads(stored.state)
    assert state["class_version"] == 2 and state["scheme"] == "argon2id"
    store.close()


def test_version_1_rate_request_reads_without_reference_and_gets_one_assigned(tmp_path: Path) -> None:
    from uuid import uuid4

    from domain.booking.application import BookingApplication
    from domain.booking.rate_request import RateRequest

    store = sqlite_store(tmp_path)
    booking = BookingApplication(store)
    legacy_id = uuid4()
    # The Created event exactly as version 1 wrote it: no `reference`, no `class_version`.
    v1_state = {
        "originator_id": legacy_id.hex,
        "originator_version": 1,
        "timestamp": {"_type_": "datetime_iso", "_data_": "2025-06-01T10:00:00+00:00"},
        "originator_topic": get_topic(RateRequest),
        "customer_id": "c1",
        "customer_username": "legacy",
        "details": {"commodity": "Tea", "quantity": 1},
        "state": "requested",
        "actor_id": "c1",
        "actor_role": "customer",
        "reason": None,
    }
    write_old_event(store, RateRequest.Created, v1_state)
    assert booking.rate_request(legacy_id, SYSTEM_ACTOR).reference is None
    positions = booking.assign_references([str(legacy_id)])
    assert len(positions) == 1
    reference = booking.rate_request(legacy_id, SYSTEM_ACTOR).reference
    assert reference is not None and reference.startswith("FB-") and len(reference) == 14
    # Assigned once: running it again (another process, a restart) records nothing.
    assert booking.assign_references([str(legacy_id)]) == []
    assert booking.rate_request(legacy_id, SYSTEM_ACTOR).reference == reference
    store.close()
