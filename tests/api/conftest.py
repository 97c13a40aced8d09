"""Fixtures of the API tier shared by several test files: an app that may call webhooks on loopback, and a
receiver to hear them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from api.settings import Settings
from tests.api.dcsa_support import Receiver, receiver
from tests.conftest import make_settings


@pytest.fixture
def loopback_settings(database_url: str | None, tmp_path: Path) -> Settings:
    # Tests receive on loopback, which production refuses.
    return make_settings(tmp_path / "var", database_url, WEBHOOK_ALLOW_LOOPBACK=True)


@pytest.fixture
def app_client(loopback_settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(loopback_settings), raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.fixture
def hooks() -> Iterator[Receiver]:
    yield from receiver()
