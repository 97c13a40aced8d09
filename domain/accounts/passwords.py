"""Password hashing (argon2). Only hashes are ever stored, in events or read models."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError


@dataclass(frozen=True)
class HashCost:
    """The work of one argon2id hash: passes, memory (KiB) and lanes. The defaults are production's
    (RFC 9106's second recommended option, argon2-cffi's own defaults); a test suite lowers them, since it
    hashes and checks thousands of passwords and proves nothing about their strength by paying for it."""

    time_cost: int = 3
    memory_kib: int = 65536
    parallelism: int = 4


PRODUCTION_COST = HashCost()


class Passwords:
    """Hashes passwords at one cost and checks them (a hash carries its own cost, so any hash is checked)."""

    def __init__(self, cost: HashCost = PRODUCTION_COST) -> None:
        self.cost = cost
        self._hasher = PasswordHasher(
            time_cost=cost.time_cost, memory_cost=cost.memory_kib, parallelism=cost.parallelism
        )
        self._stand_in: str | None = None

    def hash(self, password: str) -> str:
        return self._hasher.hash(password)

    def matches(self, password_hash: str | None, password: str) -> bool:
        """Whether `password` is the one hashed; with no hash (no such user), False after the same work."""
        try:
            return self._hasher.verify(password_hash or self._stand_in_hash(), password) and bool(
                password_hash
            )
        except (VerificationError, InvalidHashError):
            return False

    def _stand_in_hash(self) -> str:
        """A hash of nothing anybody knows, at this cost: checked when there is no hash, so an unknown user
        (or one without a password yet) costs the same argon2 work as a wrong password (no timing oracle)."""
        if self._stand_in is None:
            self._stand_in = self._hasher.hash(secrets.token_urlsafe(32))
        return self._stand_in


_production = Passwords()


def hash_password(password: str) -> str:
    """A hash at production's cost (for callers without settings of their own)."""
    return _production.hash(password)


def password_matches(password_hash: str | None, password: str) -> bool:
    return _production.matches(password_hash, password)
