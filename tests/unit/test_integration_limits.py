"""What one account may hold at once is the integrations application's rule, not a route's."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.integrations.application import IntegrationsApplication
from domain.shared.actor import CUSTOMER, Actor
from domain.shared.errors import Conflict
from tests.unit.history_support import sqlite_store

ALICE = Actor("alice-id", CUSTOMER)


class PlainSealer:
    def seal(self, secret: str) -> str:
        return secret[::-1]

    def open(self, sealed: str) -> str:
        return sealed[::-1]


@pytest.fixture
def integrations(tmp_path: Path) -> IntegrationsApplication:
    store = sqlite_store(tmp_path)
    return IntegrationsApplication(
        store, PlainSealer(), allow_local_callbacks=True, max_api_keys=2, max_webhooks=1
    )


def test_an_account_at_its_key_limit_is_refused_and_nothing_is_stored(
    integrations: IntegrationsApplication,
) -> None:
    head = integrations.store.head()
    integrations.issue_api_key(ALICE, 1, "alice", "first", active_keys=1)
    assert integrations.store.head() == head + 1
    with pytest.raises(Conflict, match="at most 2 active API keys"):
        integrations.issue_api_key(ALICE, 1, "alice", "third", active_keys=2)
    assert integrations.store.head() == head + 1


def test_an_account_at_its_webhook_limit_is_refused(integrations: IntegrationsApplication) -> None:
    integrations.subscribe(ALICE, "http://127.0.0.1:9/a", None, subscriptions=0)
    with pytest.raises(Conflict, match="at most 1 webhooks"):
        integrations.subscribe(ALICE, "http://127.0.0.1:9/b", None, subscriptions=1)
