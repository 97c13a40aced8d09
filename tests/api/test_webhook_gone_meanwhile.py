"""A webhook command whose webhook is gone by the time its answer is read (decision 3895): removed in another
tab, or its owner erased, between the command's save and the read of the list it answers from. The write
was stored: it is answered as a stored write the read models do not show (202, the id and the position),
never as a 500."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

import pytest
from fastapi.testclient import TestClient

from domain.shared.actor import CUSTOMER, Actor
from tests.api.accounts_support import ok
from tests.api.booking_support import customer
from tests.app_services import services_of

HOOKS = "/integrations/api/v1/client/webhooks"
CALLBACK = {"callbackUrl": "https://hooks.gone-meanwhile.example/in"}


def removed_right_after(client: TestClient, monkeypatch: pytest.MonkeyPatch, command: str) -> list[str]:
    """Make the integrations' `command` followed, once saved, by the webhook's removal (another tab of its
    owner), applied by the read models before the route reads its answer. Answers the webhooks removed."""
    services = services_of(client)
    integrations = services.integrations
    original: Callable[..., Any] = getattr(integrations, command)
    removed: list[str] = []

    def then_removed(*args: Any, **kwargs: Any) -> Any:
        result = original(*args, **kwargs)
        subscription = str(result[0]) if command == "subscribe" else str(args[0])
        owner: str = integrations.repository.get(UUID(subscription)).customer_id
        services.settle(integrations.unsubscribe(subscription, Actor(owner, CUSTOMER)))
        removed.append(subscription)
        return result

    monkeypatch.setattr(integrations, command, then_removed)
    return removed


def _pending(answer: Any, subscription: str) -> int:
    assert answer.status_code == 202, answer.text
    body = answer.json()["response"]
    assert body["id"] == subscription and body["pending"] is True, body
    return int(body["position"])


@pytest.mark.parametrize(
    ("command", "path", "method", "body"),
    [
        ("choose_event_types", "/event-types", "PUT", {"eventTypes": ["booking.quoted"]}),
        ("rotate_secret", "/rotate-secret", "POST", {"overlapHours": 1}),
    ],
    ids=["event-types", "rotate-secret"],
)
def test_a_change_to_a_webhook_removed_meanwhile_is_answered_stored(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, command: str, path: str, method: str, body: Any
) -> None:
    who = customer(client, f"gone-{command}")
    made = ok(client.post(HOOKS, json=CALLBACK, headers=who), 201)
    removed = removed_right_after(client, monkeypatch, command)

    answer = client.request(method, f"{HOOKS}/{made['id']}{path}", json=body, headers=who)

    assert removed == [made["id"]]
    position = _pending(answer, made["id"])
    # The change was stored, before the removal that followed it.
    integrations = services_of(client).integrations
    events = [type(e).__name__ for e in integrations.events.get(UUID(made["id"]))]
    changed = {"choose_event_types": "EventTypesChosen", "rotate_secret": "SecretRotated"}[command]
    assert events[-2:] == [changed, "Unsubscribed"], events
    assert 0 < position < services_of(client).store.head()
    assert ok(client.get(HOOKS, headers=who))["list"] == []


def test_a_webhook_made_and_removed_before_its_answer_is_answered_stored(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    who = customer(client, "gone-subscribe")
    removed = removed_right_after(client, monkeypatch, "subscribe")

    answer = client.post(HOOKS, json=CALLBACK, headers=who)

    assert len(removed) == 1
    _pending(answer, removed[0])
    assert ok(client.get(HOOKS, headers=who))["list"] == []
