"""Fixtures of the API tier shared by several test files: an app that may call webhooks on loopback (its
sender running, or held for the test to drive), and a receiver to hear them; a real SMTP server; a count of
the app's hops off the event loop."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from api.settings import Settings
from tests.api.dcsa_support import Held, Receiver, receiver
from tests.api.email_support import Inbox, running_smtp_server
from tests.app_services import services_of
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


@pytest.fixture
def held(app_client: TestClient) -> Held:
    """`app_client` with its webhook sender stopped: the test sends what is due itself, on its own clock."""
    services = services_of(app_client)
    services.webhook_sender.stop()
    return Held(app_client, services)


@pytest.fixture
def smtp_server() -> Iterator[tuple[int, Inbox]]:
    """A real SMTP server on a free loopback port, and what it received."""
    with running_smtp_server() as server:
        yield server


@pytest.fixture
def hops(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the app handed off the event loop, in order (a spy on the loop's one way to a thread pool)."""
    handed: list[str] = []
    real = asyncio.BaseEventLoop.run_in_executor

    def counted(self: asyncio.BaseEventLoop, executor: Any, func: Any, *args: Any) -> Any:
        handed.append(getattr(func, "__qualname__", repr(func)))
        return real(self, executor, func, *args)

    monkeypatch.setattr(asyncio.BaseEventLoop, "run_in_executor", counted)
    return handed
