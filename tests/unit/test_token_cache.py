"""Verified tokens are kept by exact text and secret until they expire; nothing else about them changes."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
import pytest

from api.edge import security
from api.edge.security import TOKEN_LIFETIME, Principal, TokenCache, issue_token, read_token
from domain.shared.errors import Unauthorized

SECRET = "a-secret-that-is-long-enough-for-hs256-tokens"
ALICE = Principal(account_id="a-1", account_type=1, roles=("customer",), username="alice")


@pytest.fixture(autouse=True)
def fresh_cache() -> Iterator[None]:
    security.verified_tokens.clear()
    yield
    security.verified_tokens.clear()


def test_a_token_is_verified_once_then_answered_from_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    token = issue_token(ALICE, SECRET)
    assert read_token(token, SECRET) == ALICE
    calls: list[str] = []
    real = jwt.decode

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append("decode")
        return real(*args, **kwargs)

    monkeypatch.setattr(jwt, "decode", counted)  # the module api.edge.security calls
    assert read_token(token, SECRET) == ALICE
    assert calls == []


def test_a_cached_token_expires_when_a_decoded_one_would(monkeypatch: pytest.MonkeyPatch) -> None:
    issued = datetime.now(UTC)
    token = issue_token(ALICE, SECRET, now=issued)
    assert read_token(token, SECRET) == ALICE
    expires = int((issued + TOKEN_LIFETIME).timestamp())
    monkeypatch.setattr(time, "time", lambda: expires - 0.001)
    assert read_token(token, SECRET) == ALICE
    monkeypatch.setattr(time, "time", lambda: float(expires))  # PyJWT: expired once now >= exp
    with pytest.raises(Unauthorized, match="Token expired"):
        read_token(token, SECRET)
    assert security.verified_tokens.get(token, SECRET) is None


def test_the_cache_is_keyed_by_the_secret_too() -> None:
    token = issue_token(ALICE, SECRET)
    assert read_token(token, SECRET) == ALICE
    with pytest.raises(Unauthorized, match="Invalid token"):
        read_token(token, SECRET + "-rotated")


def test_failures_are_never_cached() -> None:
    expired = issue_token(ALICE, SECRET, now=datetime.now(UTC) - TOKEN_LIFETIME - timedelta(seconds=1))
    tampered = issue_token(ALICE, SECRET)[:-2] + "xx"
    for token, message in (
        (expired, "Token expired"),
        (tampered, "Invalid token"),
        ("junk", "Invalid token"),
    ):
        for _ in range(2):
            with pytest.raises(Unauthorized, match=message):
                read_token(token, SECRET)
        assert security.verified_tokens.get(token, SECRET) is None


def test_the_cache_is_bounded_and_drops_the_least_recently_used() -> None:
    cache = TokenCache(size=2)
    for name in ("a", "b"):
        cache.put(name, SECRET, ALICE, 10**10)
    assert cache.get("a", SECRET) is not None  # "a" is now the most recently used
    cache.put("c", SECRET, ALICE, 10**10)
    assert cache.get("b", SECRET) is None
    assert cache.get("a", SECRET) is not None and cache.get("c", SECRET) is not None
