"""API keys and publisher keys are one aggregate (`HashedKey`) told apart by kind: the events each recorded
before they shared it still load and replay as that kind, today's are stored under the same topics, each
kind's read model takes only its own kind's events, and who may revoke is the one rule they differ in."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.domain import CanMutateAggregate
from eventsourcing.persistence import StoredEvent

from domain.integrations.api_key import ApiKey
from domain.shared.actor import ADMIN, CUSTOMER, Actor
from domain.shared.credentials import HashedKey, digest
from domain.shared.errors import Forbidden, IllegalTransition
from domain.tracking.publisher_key import PublisherKey
from infrastructure.event_store import SharedStore
from projections.integrations import projection as api_keys_projection
from projections.tracking import projection as publisher_keys_projection
from tests.corpus import NATIONAL_IDS, PERSIAN_COMPANIES

STORED = Path(__file__).parent.parent / "fixtures" / "old_events" / "stored_events.json"
KEY_ID = UUID("0b8f3a5e-6c2d-4e1f-9a7b-3c5d7e9f1a2b")
OWNER = Actor(NATIONAL_IDS[0], CUSTOMER)
STAFF = Actor("staff-1", ADMIN)

# The topics keys were stored under before the kinds shared one aggregate.
TOPICS = {
    ApiKey: ("domain.integrations.api_key:ApiKey.Issued", "domain.integrations.api_key:ApiKey.Revoked"),
    PublisherKey: (
        "domain.tracking.publisher_key:PublisherKey.Issued",
        "domain.tracking.publisher_key:PublisherKey.Revoked",
    ),
}


@pytest.fixture(scope="module")
def store() -> SharedStore:
    return SharedStore({"PERSISTENCE_MODULE": "eventsourcing.popo"})


def _stored_before(topic: str) -> StoredEvent:
    captured = next(c for c in json.loads(STORED.read_text()) if c["topic"] == topic)
    return StoredEvent(KEY_ID, captured["originator_version"], topic, captured["state"].encode())


@pytest.mark.parametrize("kind", [ApiKey, PublisherKey], ids=lambda k: k.__name__)
def test_a_key_stored_before_replays_as_its_own_kind(store: SharedStore, kind: type[HashedKey]) -> None:
    issued, revoked = (_stored_before(topic) for topic in TOPICS[kind])
    key: Any = None
    for stored in (issued, StoredEvent(KEY_ID, 2, revoked.topic, revoked.state)):
        event = store.mapper.to_domain_event(stored)
        assert isinstance(event, CanMutateAggregate)
        key = event.mutate(key)
    assert type(key) is kind
    assert (key.label, key.key_hash, key.hint) == ("label-text", "key_hash-text", "hint-text")
    assert key.revoked
    if isinstance(key, ApiKey):
        assert (key.customer_id, key.account_type, key.username) == ("customer_id-text", 7, "username-text")


def test_keys_issued_today_are_stored_under_the_topics_of_before(store: SharedStore) -> None:
    api_key, clear = ApiKey.issue(1, "sara.rahimi", PERSIAN_COMPANIES[0], OWNER)
    api_key.revoke(OWNER)
    publisher_key, published = PublisherKey.issue("Bandar Abbas terminal", STAFF)
    publisher_key.revoke(STAFF)
    for key in (api_key, publisher_key):
        topics = tuple(store.mapper.to_stored_event(e).topic for e in key.collect_events())
        assert topics == TOPICS[type(key)]
    assert clear.startswith("fbk_") and published.startswith("fpk_")
    assert api_key.key_hash == digest(clear) and clear not in json.dumps(vars(api_key), default=str)
    assert (api_key.customer_id, api_key.label) == (OWNER.id, PERSIAN_COMPANIES[0])


def test_each_read_model_takes_its_own_kind_of_key_only() -> None:
    api_key_events: tuple[type, ...] = (ApiKey.Issued, ApiKey.Revoked)
    publisher_key_events: tuple[type, ...] = (PublisherKey.Issued, PublisherKey.Revoked)
    for event in api_key_events:
        assert api_keys_projection.handler_for_type(event) is not None
        assert publisher_keys_projection.handler_for_type(event) is None
    for event in publisher_key_events:
        assert publisher_keys_projection.handler_for_type(event) is not None
        assert api_keys_projection.handler_for_type(event) is None


def test_only_its_owner_revokes_an_api_key_once() -> None:
    key, _ = ApiKey.issue(1, "sara.rahimi", "ERP", OWNER)
    for other in (Actor(NATIONAL_IDS[1], CUSTOMER), STAFF):
        with pytest.raises(Forbidden, match="Only the key's owner may revoke it"):
            key.revoke(other)
    key.revoke(OWNER)
    with pytest.raises(IllegalTransition, match="Cannot revoke an API key in state revoked"):
        key.revoke(OWNER)


def test_only_staff_issue_and_revoke_a_publisher_key_once() -> None:
    with pytest.raises(Forbidden, match="Staff only"):
        PublisherKey.issue("Bandar Abbas terminal", OWNER)
    key, _ = PublisherKey.issue("Bandar Abbas terminal", STAFF)
    with pytest.raises(Forbidden, match="Staff only"):
        key.revoke(OWNER)
    key.revoke(STAFF)
    with pytest.raises(IllegalTransition, match="Cannot revoke a publisher key in state revoked"):
        key.revoke(STAFF)
