"""Read model `accounts`: who may log in, with what type, roles and password hash."""

from __future__ import annotations

import json
from typing import Any

from domain.accounts.account import Account
from projections.db import Tx
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
def opened(tx: Tx, event: Any, position: int) -> None:
    tx.execute(
        "INSERT INTO accounts (id, username, account_type, roles, password_hash, opened_at, position)"
        " VALUES (?, ?, ?, ?, NULL, ?, ?)",
        (
            str(event.originator_id),
            event.username,
            event.account_type,
            json.dumps(event.roles),
            event.timestamp.isoformat(),
            position,
        ),
    )


@projection.on(Account.PasswordSet)
def password_set(tx: Tx, event: Any, position: int) -> None:
    tx.execute(
        "UPDATE accounts SET password_hash = ?, position = ? WHERE id = ?",
        (event.password_hash, position, str(event.originator_id)),
    )


def find_by_username(tx: Tx, username: str) -> dict[str, Any] | None:
    return tx.one("SELECT * FROM accounts WHERE username = ?", (username,))
