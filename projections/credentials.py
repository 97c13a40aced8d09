"""The read-model rows of every kind of key (projections/integrations.py's API keys, projections/tracking.py's
publisher keys): issued with its label, hash and hint, revoked at a time; found by hash while live, listed
for its owner."""

from __future__ import annotations

from typing import Any

from domain.shared.credentials import HashedKey
from followers.batch import BatchTx
from infrastructure.read_db import Tx
from projections.history import utc_text


def insert_key(tx: BatchTx, table: str, event: HashedKey.Issued, position: int, **owner: Any) -> None:
    tx.insert(
        table,
        {
            "id": str(event.originator_id),
            **owner,
            "label": event.label,
            "key_hash": event.key_hash,
            "hint": event.hint,
            "created_at": utc_text(event.timestamp),
            "revoked_at": None,
            "position": position,
        },
    )


def revoke_key(tx: BatchTx, table: str, event: HashedKey.Revoked, position: int) -> None:
    tx.update(
        table, str(event.originator_id), {"revoked_at": utc_text(event.timestamp), "position": position}
    )


def live_key(tx: Tx, table: str, key_hash: str) -> dict[str, Any] | None:
    """The key of this hash, unless revoked (how a presented key is authenticated)."""
    return tx.one(f"SELECT * FROM {table} WHERE key_hash = ? AND revoked_at IS NULL", (key_hash,))


def listed_keys(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Keys as their owner's list shows them (never the hash)."""
    return [
        {
            "id": r["id"],
            "label": r["label"],
            "hint": r["hint"],
            "created_at": r["created_at"],
            "revoked_at": r["revoked_at"],
        }
        for r in rows
    ]
