"""Read model `accounts`: who may log in, with what type, roles and password hash."""

from __future__ import annotations

import json
from typing import Any

from domain.accounts.account import Account
from infrastructure.read_db import Tx
from projections.batch import BatchTx
from projections.projection import Projection

projection = Projection(
    name="accounts",
    tables={"accounts": ("id",)},
    schema=[
        "CREATE TABLE IF NOT EXISTS accounts ("
        " id TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE, account_type INTEGER NOT NULL,"
        " roles TEXT NOT NULL, password_hash TEXT, opened_at TEXT NOT NULL, position BIGINT NOT NULL)",
    ],
)


@projection.on(Account.Opened)
def opened(tx: BatchTx, event: Any, position: int) -> None:
    tx.insert(
        "accounts",
        {
            "id": str(event.originator_id),
            "username": event.username,
            "account_type": event.account_type,
            "roles": json.dumps(event.roles),
            "password_hash": None,
            "opened_at": event.timestamp.isoformat(),
            "position": position,
        },
    )


@projection.on(Account.PasswordSet)
def password_set(tx: BatchTx, event: Any, position: int) -> None:
    tx.update(
        "accounts", str(event.originator_id), {"password_hash": event.password_hash, "position": position}
    )


def find_by_username(tx: Tx, username: str) -> dict[str, Any] | None:
    return tx.one("SELECT * FROM accounts WHERE username = ?", (username,))


def staff_ids(tx: Tx, role: str = "admin") -> list[str]:
    """The accounts holding a staff role (staff accounts are type 0)."""
    rows = tx.all("SELECT id, roles FROM accounts WHERE account_type = 0 ORDER BY opened_at, id")
    return [r["id"] for r in rows if role in json.loads(r["roles"])]
