"""A command's token is checked once per request: the auditors' guard and the route's role check share the
check (api/edge/identity.py `session_principal`), on SQLite and PostgreSQL; an ended session is refused all
the same."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.edge import identity, security
from api.edge.security import Principal
from tests.api.booking_support import CLIENT, customer, ok, payload
from tests.app_services import services_of

RATE_REQUESTS = f"{CLIENT}/rate-requests"


@pytest.fixture
def token_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    reads: list[str] = []
    read_token = security.read_token  # what api.edge.identity calls

    def counted(token: str, secret: str) -> Any:
        reads.append(token)
        return read_token(token, secret)

    monkeypatch.setattr(identity, "read_token", counted)
    return reads


def test_a_command_checks_its_token_once_and_an_ended_session_is_refused(
    client: TestClient, token_reads: list[str]
) -> None:
    headers = customer(client, "checked_once")
    token_reads.clear()
    created = ok(client.post(RATE_REQUESTS, json=payload(), headers=headers), 201)
    assert len(token_reads) == 1  # the guard's check and the route's are one
    token_reads.clear()
    ok(client.put(f"{RATE_REQUESTS}/{created['id']}/withdraw", headers=headers))
    assert len(token_reads) == 1
    ok(client.post("/auth/api/v1/logout-all", headers=headers))
    refused = client.post(RATE_REQUESTS, json=payload(), headers=headers)
    assert refused.status_code == 401 and refused.json()["isError"] is True


def test_each_request_asks_the_shared_database_once_whether_its_session_is_alive(
    client: TestClient, token_reads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check is fresh (no worker's copy can lag behind another's change) and made once a request, in one
    statement with the caller's team role."""
    sessions = services_of(client).sessions
    asked: list[str] = []
    check_member = sessions.check_member

    def counted(principal: Principal) -> Principal:
        asked.append(principal.account_id)
        return check_member(principal)

    monkeypatch.setattr(sessions, "check_member", counted)
    headers = customer(client, "asked_once")
    asked.clear()
    ok(client.post(RATE_REQUESTS, json=payload(), headers=headers), 201)
    ok(client.get(RATE_REQUESTS, headers=headers))
    assert len(asked) == 2 and len(set(asked)) == 1


def test_an_end_written_before_the_read_models_show_it_is_refused_at_once(client: TestClient) -> None:
    """The request that ends the sessions writes the end to the shared table before waiting for the read
    models: a door does not depend on how far the followers have got."""
    headers = customer(client, "ended_early")
    services = services_of(client)
    me = ok(client.get("/auth/api/v1/me", headers=headers))
    services.sessions.end(me["id"], services.store.head() + 1)  # the read models cannot show it yet
    refused = client.get(RATE_REQUESTS, headers=headers)
    assert refused.status_code == 401 and refused.json()["isError"] is True
