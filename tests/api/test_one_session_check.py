"""A command's token is checked once per request: the auditors' guard and the route's role check share the
check (api/identity.py `session_principal`), on SQLite and PostgreSQL; an ended session is refused all the
same."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from api import identity
from tests.api.booking_support import CLIENT, customer, ok, payload

RATE_REQUESTS = f"{CLIENT}/rate-requests"


@pytest.fixture
def token_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    reads: list[str] = []
    read_token = identity.read_token

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
