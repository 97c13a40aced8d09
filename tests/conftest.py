"""Fixtures shared by every tier: settings on a fresh store (SQLite or PostgreSQL) and an app client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from api.settings import ExplicitSettings, Settings
from tests.pg import Cluster, throwaway_cluster

ADMIN_USERNAME = "admin"
ADMIN_PASSWORD = "Admin-Pass1"


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    with throwaway_cluster() as cluster:
        yield cluster


# A command's answer waits this long for the read models before it is answered 202 (production: 2 s). On
# a loaded 2-core CI machine an in-process follower has taken longer than 2 s to apply one event: a test
# that reads a command's answer waits for the followers' position rather than races it.
SETTLE_SECONDS = 30.0


def make_settings(var_dir: Path, database_url: str | None = None, **overrides: Any) -> Settings:
    overrides.setdefault("SETTLE_SECONDS", SETTLE_SECONDS)
    overrides.setdefault("FREEZE_STARTUP_HEAP", False)
    return ExplicitSettings(
        DATABASE_URL=database_url,
        VAR_DIR=var_dir,
        JWT_SECRET="test-secret-that-is-long-enough-for-hs256",
        ADMIN_USERNAME=ADMIN_USERNAME,
        ADMIN_PASSWORD=ADMIN_PASSWORD,
        SMTP_URL=None,
        WEB_DIST=var_dir / "no-web",
        **overrides,
    )


@pytest.fixture(params=["sqlite", "postgres"])
def store_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def database_url(store_kind: str, request: pytest.FixtureRequest) -> str | None:
    """None on SQLite (the files under VAR_DIR); a fresh database of the session's cluster on PostgreSQL."""
    if store_kind != "postgres":
        return None
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    return cluster.create_database()


@pytest.fixture
def settings(database_url: str | None, tmp_path: Path) -> Settings:
    return make_settings(tmp_path / "var", database_url)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings), raise_server_exceptions=False) as test_client:
        yield test_client


def login(client: httpx.Client, username: str, password: str) -> dict[str, str]:
    answer = client.post("/auth/api/v1/login", json={"username": username, "password": password})
    assert answer.status_code == 200, answer.text
    return {"Authorization": f"Bearer {answer.json()['response']['token']}"}


@pytest.fixture
def admin_headers(client: TestClient) -> dict[str, str]:
    return login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
