"""Tokens: HS256 JWTs carrying `sub`, `accountType`, `roles`, `exp` and `jti`, the session's own id (a log-out
ends that session alone: api/edge/sessions.py)."""

from __future__ import annotations

import hashlib
import math
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt

from domain.shared.actor import ADMIN, AUDITOR, CUSTOMER, Actor
from domain.shared.errors import Unauthorized

TOKEN_LIFETIME = timedelta(hours=12)
# Where a request's scope keeps the caller its identity check found (api/edge/identity.py).
CHECKED_CALLER = "freight.session_principal"
ALGORITHM = "HS256"


@dataclass(frozen=True)
class Principal:
    account_id: str
    account_type: int
    roles: tuple[str, ...]
    username: str
    # The store position of the account's last credential change when the token was issued: a later change
    # (new password, log-out everywhere) ends the token (api/edge/sessions.py).
    credentials_position: int = 0
    # What the credential may do: a signed-in person everything their roles allow; an API key only what its
    # scope names (api/edge/identity.py).
    scopes: tuple[str, ...] = ("person",)
    # When a session token stops being good (seconds since the epoch; a key's principal: never): an open
    # event stream ends then.
    expires_at: float = field(default=math.inf, compare=False)
    # A company team member: the company's account they act for, and their role there (owner, booker,
    # viewer). Filled only by the identity check (api/edge/identity.py), fresh on every request; a person in
    # no team acts for their own account, as its owner.
    company_id: str = ""
    team_role: str = "owner"
    # The session's id (the token's `jti`; a token issued before tokens carried one: its digest, so it can be
    # logged out too). Empty for a key's principal: a key is no session.
    session_id: str = field(default="", compare=False)

    @property
    def is_person(self) -> bool:
        """Signed in with a password (a session token), not an API key."""
        return "person" in self.scopes

    @property
    def is_admin(self) -> bool:
        return ADMIN in self.roles

    @property
    def is_auditor(self) -> bool:
        return AUDITOR in self.roles

    @property
    def is_customer(self) -> bool:
        return self.account_type in (1, 2, 3)

    @property
    def actor(self) -> Actor:
        role = ADMIN if self.is_admin else AUDITOR if self.is_auditor else CUSTOMER
        if role == CUSTOMER and self.company_id and self.company_id != self.account_id:
            # A colleague acts on the company's bookings; the events name the colleague.
            return Actor(id=self.company_id, role=role, member=self.account_id)
        return Actor(id=self.account_id, role=role)


def issue_token(principal: Principal, secret: str, now: datetime | None = None) -> str:
    issued = now or datetime.now(UTC)
    claims = {
        "sub": principal.account_id,
        "accountType": principal.account_type,
        "roles": list(principal.roles),
        "username": principal.username,
        "cp": principal.credentials_position,
        "iat": issued,
        "exp": issued + TOKEN_LIFETIME,
        "jti": secrets.token_urlsafe(16),
    }
    return jwt.encode(claims, secret, algorithm=ALGORITHM)


class TokenCache:
    """Tokens already verified, by their exact text and the secret that verified them, until they expire.

    A hit skips only the work whose answer cannot change: the signature (same bytes, same secret) and
    decoding the claims. Expiry is checked on every hit, against the same clock PyJWT uses (a token is good
    while now < exp), so a cached token expires exactly when a decoded one would. Whether the session was
    ended since is asked after this cache, on every request (api/edge/sessions.py), so the cache never keeps
    an ended session alive. Failures are never cached. Bounded: the least recently used entry goes first.
    """

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._entries: OrderedDict[tuple[str, str], tuple[Principal, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, token: str, secret: str) -> tuple[Principal, int] | None:
        key = (token, secret)
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
            return entry

    def put(self, token: str, secret: str, principal: Principal, expires: int) -> None:
        with self._lock:
            self._entries[(token, secret)] = (principal, expires)
            self._entries.move_to_end((token, secret))
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def drop(self, token: str, secret: str) -> None:
        with self._lock:
            self._entries.pop((token, secret), None)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


verified_tokens = TokenCache()


def read_token(token: str, secret: str) -> Principal:
    cached = verified_tokens.get(token, secret)
    if cached is not None:
        principal, expires = cached
        if expires > time.time():
            return principal
        verified_tokens.drop(token, secret)
        raise Unauthorized("Token expired")
    try:
        claims = jwt.decode(token, secret, algorithms=[ALGORITHM], options={"require": ["sub", "exp"]})
    except jwt.ExpiredSignatureError as error:
        raise Unauthorized("Token expired") from error
    except jwt.PyJWTError as error:
        raise Unauthorized("Invalid token") from error
    try:
        principal = Principal(
            account_id=str(claims["sub"]),
            account_type=int(claims.get("accountType", -1)),
            roles=tuple(str(r) for r in claims.get("roles", [])),
            username=str(claims.get("username", "")),
            credentials_position=int(claims.get("cp", 0)),
            expires_at=float(claims["exp"]),
            session_id=str(claims.get("jti") or hashlib.sha256(token.encode()).hexdigest()),
        )
    except (TypeError, ValueError) as error:
        raise Unauthorized("Invalid token") from error
    verified_tokens.put(token, secret, principal, int(claims["exp"]))
    return principal


def checked_caller(scope: Mapping[str, Any]) -> Principal | None:
    """The caller a request's identity check found (None: none was checked, or it refused)."""
    checked = scope.get(CHECKED_CALLER)
    return None if checked is None else checked[1]
