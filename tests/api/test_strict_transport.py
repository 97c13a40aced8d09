"""Strict-Transport-Security on every answer over https, directly or as a trusted proxy says
(`X-Forwarded-Proto: https` from an address in FORWARDED_ALLOW_IPS); never over plain http, and never
because an untrusted caller claims https."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from tests.conftest import make_settings

HSTS = "strict-transport-security"
# The paths a browser meets first: the web app's pages, the API, health, and an error.
PATHS = ("/", "/auth/api/v1/me", "/health", "/no-such-page/../x")


def _client(tmp_path: Path, trusted: str, base_url: str = "http://testserver") -> Iterator[TestClient]:
    settings = make_settings(tmp_path / "var", FORWARDED_ALLOW_IPS=trusted)
    with TestClient(create_app(settings), base_url=base_url, raise_server_exceptions=False) as client:
        yield client


@pytest.fixture
def behind_proxy(tmp_path: Path) -> Iterator[TestClient]:
    yield from _client(tmp_path, "*")  # the test client's peer is the trusted proxy


@pytest.fixture
def untrusted(tmp_path: Path) -> Iterator[TestClient]:
    yield from _client(tmp_path, "10.0.0.0/8")  # a proxy elsewhere: this peer is not it


def test_a_trusted_proxy_saying_https_gets_strict_transport_on_every_answer(behind_proxy: TestClient) -> None:
    for path in PATHS:
        for headers in (
            {"X-Forwarded-Proto": "https"},
            {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"},
        ):
            answer = behind_proxy.get(path, headers=headers)
            assert answer.headers.get(HSTS) == "max-age=63072000", (path, headers, answer.status_code)


def test_plain_http_never_carries_it(behind_proxy: TestClient, untrusted: TestClient) -> None:
    for path in PATHS:
        assert HSTS not in behind_proxy.get(path).headers
        assert HSTS not in behind_proxy.get(path, headers={"X-Forwarded-Proto": "http"}).headers
        # An untrusted caller's claim changes nothing.
        assert HSTS not in untrusted.get(path, headers={"X-Forwarded-Proto": "https"}).headers


def test_https_served_directly_carries_it(tmp_path: Path) -> None:
    for client in _client(tmp_path, "", base_url="https://testserver"):
        assert client.get("/health").headers.get(HSTS) == "max-age=63072000"
