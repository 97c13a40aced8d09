"""Password hashing (argon2). Only hashes are ever stored, in events or read models."""

from __future__ import annotations

import secrets
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()


@cache
def _stand_in() -> str:
    """A hash of nothing anybody knows: checked when there is no hash, so an unknown user (or one without a
    password yet) costs the same argon2 work as a wrong password (no timing oracle)."""
    return _hasher.hash(secrets.token_urlsafe(32))


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def password_matches(password_hash: str | None, password: str) -> bool:
    """Whether `password` is the one hashed; with no hash (no such user), False after the same work."""
    try:
        return _hasher.verify(password_hash or _stand_in(), password) and bool(password_hash)
    except (VerificationError, InvalidHashError):
        return False
