"""The read-model rows of every kind of key (projections/integrations.py's API keys, projections/tracking.py's
publisher keys): issued with its label, hash and hint, revoked at a time."""

from __future__ import annotations

from typing import Any

from projections.batch import BatchTx
from projections.history import utc_text


def insert_key(tx: BatchTx, table: str, event: Any, position: int, **owner: Any) -> None:
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


def revoke_key(tx: BatchTx, table: str, event: Any, position: int) -> None:
    tx.update(
        table, str(event.originator_id), {"revoked_at": utc_text(event.timestamp), "position": position}
    )
