"""Tokens: HS256 JWTs carrying `sub`, `accountType`, `roles` and `exp`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import jwt

from domain.shared.actor import ADMIN, AUDITOR, CUSTOMER, Actor
from domain.shared.errors import Unauthorized

TOKEN_LIFETIME = timedelta(hours=12)
ALGORITHM = "HS256"


@dataclass(frozen=True)
class Principal:
    account_id: str
    account_type: int
    roles: tuple[str, ...]
    username: str

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
        return Actor(id=self.account_id, role=role)


def issue_token(principal: Principal, secret: str, now: datetime | None = None) -> str:
    issued = now or datetime.now(UTC)
    claims = {
        "sub": principal.account_id,
        "accountType": principal.account_type,
        "roles": list(principal.roles),
        "username": principal.username,
        "iat": issued,
        "exp": issued + TOKEN_LIFETIME,
    }
    return jwt.encode(claims, secret, algorithm=ALGORITHM)


def read_token(token: str, secret: str) -> Principal:
    try:
        claims = jwt.decode(token, secret, algorithms=[ALGORITHM], options={"require": ["sub", "exp"]})
    except jwt.ExpiredSignatureError as error:
        raise Unauthorized("Token expired") from error
    except jwt.PyJWTError as error:
        raise Unauthorized("Invalid token") from error
    try:
        return Principal(
            account_id=str(claims["sub"]),
            account_type=int(claims.get("accountType", -1)),
            roles=tuple(str(r) for r in claims.get("roles", [])),
            username=str(claims.get("username", "")),
        )
    except (TypeError, ValueError) as error:
        raise Unauthorized("Invalid token") from error
