"""api/edge/forwarded.py: whose X-Forwarded-For the app believes (only FORWARDED_ALLOW_IPS's), whatever
server."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from api.edge.forwarded import UNVERIFIED, ForwardedHeaders


def seen(trusted: str, client: tuple[str, int], headers: dict[str, str]) -> tuple[Any, str]:
    found: dict[str, Any] = {}

    async def app(scope: Any, receive: Any, send: Any) -> None:
        found.update(client=scope["client"], scheme=scope["scheme"])

    scope = {
        "type": "http",
        "scheme": "http",
        "client": client,
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
    }
    # In a thread of its own: the browser tests' Playwright keeps an event loop running in this one.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, ForwardedHeaders(app, trusted)(scope, None, None)).result()  # type: ignore[arg-type]
    return found["client"][0], found["scheme"]


FORGED = {"X-Forwarded-For": "198.51.100.7", "X-Forwarded-Proto": "https"}


@pytest.mark.parametrize("peer", ["127.0.0.1", "::1", "10.0.0.5", "203.0.113.9"])
def test_nobody_is_believed_by_default(peer: str) -> None:
    assert seen("", (peer, 40000), FORGED) == (peer, "http")


def test_a_listed_proxy_is_believed_and_the_rightmost_unlisted_hop_is_the_client() -> None:
    assert seen("10.0.0.0/8", ("10.0.0.5", 40000), FORGED) == ("198.51.100.7", "https")
    # A client prepends what it likes; the proxies append: the first unlisted hop from the right counts.
    chain = {"X-Forwarded-For": "1.2.3.4, 198.51.100.7, 10.0.0.9"}
    assert seen("10.0.0.0/8", ("10.0.0.5", 40000), chain)[0] == "198.51.100.7"
    assert seen("*", ("203.0.113.9", 40000), FORGED)[0] == "198.51.100.7"
    # A peer outside the list is itself, header or not.
    assert seen("10.0.0.0/8", ("203.0.113.9", 40000), FORGED) == ("203.0.113.9", "http")


def test_a_server_that_believed_the_header_itself_is_not_believed() -> None:
    """uvicorn with proxy headers on hands over the forged address with port 0: all such requests count as
    one unknown address, so rotating the header gains nothing."""
    assert seen("", ("198.51.100.7", 0), FORGED)[0] == UNVERIFIED
    assert seen("", ("198.51.100.8", 0), {"X-Forwarded-For": "198.51.100.8"})[0] == UNVERIFIED
    assert seen("", ("198.51.100.7", 0), {})[0] == "198.51.100.7"  # no header: nothing was rewritten
