"""Name-based aggregate ids: a uniqueness rule becomes the store's optimistic concurrency."""

from __future__ import annotations

from uuid import UUID, uuid5

NAMESPACE = UUID("6f1d2c1e-5c39-4c53-9a8e-2f0d6b8a4e11")


def name_based_id(kind: str, natural_key: str) -> UUID:
    return uuid5(NAMESPACE, f"{kind}:{natural_key.strip()}")
