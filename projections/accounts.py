"""Read models `accounts` (who may log in, with what type, roles and password hash) and `account_sessions`
(when each account's credentials last changed: tokens issued before that are refused)."""

from __future__ import annotations

import json
from typing import Any

from domain.accounts.account import Account, retired_username
from domain.shared.personal import own_identifier
from followers.batch import BatchTx
from infrastructure.read_db import Tx
from projections.projection import Projection

projection = Projection(
    name="accounts",
    tables={"accounts": ("id",), "account_sessions": ("id",), "account_languages": ("id",)},
    schema=[
        "CREATE TABLE IF NOT EXISTS accounts ("
        " id TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE, account_type INTEGER NOT NULL,"
        " roles TEXT NOT NULL, password_hash TEXT, opened_at TEXT NOT NULL, position BIGINT NOT NULL)",
        # A new password or a log-out everywhere: its store position is the account's session watermark.
        # Its own table, so read models built before it still serve (`freight replay` fills it).
        "CREATE TABLE IF NOT EXISTS account_sessions ("
        " id TEXT PRIMARY KEY, credentials_position BIGINT NOT NULL, changed_at TEXT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS account_sessions_by_position ON account_sessions (credentials_position)",
        # The language a person chose (absent: none chose yet); its own table for the same reason.
        "CREATE TABLE IF NOT EXISTS account_languages ("
        " id TEXT PRIMARY KEY, language TEXT NOT NULL, position BIGINT NOT NULL)",
    ],
)


@projection.on(Account.Opened)
def opened(tx: BatchTx, event: Account.Opened, position: int) -> None:
    login = str(event.originator_id)
    tx.insert(
        "accounts",
        {
            "id": login,
            "username": own_identifier(event.username, login),
            "account_type": event.account_type,
            "roles": json.dumps(event.roles),
            "password_hash": None,
            "opened_at": event.timestamp.isoformat(),
            "position": position,
        },
    )
    opened_at = event.timestamp.isoformat()
    row = {"id": str(event.originator_id), "credentials_position": position, "changed_at": opened_at}
    tx.insert("account_sessions", row)


@projection.on(Account.PasswordSet)
def password_set(tx: BatchTx, event: Account.PasswordSet, position: int) -> None:
    tx.update(
        "accounts", str(event.originator_id), {"password_hash": event.password_hash, "position": position}
    )
    credentials_changed(tx, event, position)


@projection.on(Account.PersonalDataErased)
def personal_data_erased(tx: BatchTx, event: Account.PersonalDataErased, position: int) -> None:
    """An erased person signs in no more: no password, and every session they had ends."""
    tx.update("accounts", str(event.originator_id), {"password_hash": None, "position": position})
    credentials_changed(tx, event, position)


@projection.on(Account.Retired)
def retired(tx: BatchTx, event: Account.Retired, position: int) -> None:
    """A colleague's login retired with his removal (decision 3826): no password, every session ended, and its
    name set aside for the login his address names next."""
    login = str(event.originator_id)
    row = tx.get("accounts", login)
    changes: dict[str, Any] = {"password_hash": None, "position": position}
    if row is not None:
        changes["username"] = retired_username(str(row["username"]), login)
    tx.update("accounts", login, changes)
    credentials_changed(tx, event, position)


@projection.on(Account.SessionsEnded)
def credentials_changed(
    tx: BatchTx,
    event: Account.SessionsEnded | Account.PersonalDataErased | Account.Retired,
    position: int,
) -> None:
    changes = {"credentials_position": position, "changed_at": event.timestamp.isoformat()}
    tx.update("account_sessions", str(event.originator_id), changes)


@projection.on(Account.LanguageChosen)
def language_chosen(tx: BatchTx, event: Account.LanguageChosen, position: int) -> None:
    row = {"id": str(event.originator_id), "language": event.language, "position": position}
    if tx.get("account_languages", row["id"]) is None:
        tx.insert("account_languages", row)
    else:
        tx.update("account_languages", row["id"], {"language": event.language, "position": position})


def language_of(tx: Tx, account_id: str) -> str | None:
    """The language the account chose, or None when it chose none."""
    row = tx.one("SELECT language FROM account_languages WHERE id = ?", (account_id,))
    return str(row["language"]) if row else None


def find_by_username(tx: Tx, username: str) -> dict[str, Any] | None:
    """The login row, with the position of the account's last credential change (0: none recorded)."""
    return tx.one(
        "SELECT a.*, COALESCE(s.credentials_position, 0) AS credentials_position FROM accounts a"
        " LEFT JOIN account_sessions s ON s.id = a.id WHERE a.username = ?",
        (username,),
    )


def username_of(tx: Tx, account_id: str) -> str | None:
    row = tx.one("SELECT username FROM accounts WHERE id = ?", (account_id,))
    return None if row is None else str(row["username"])


def chosen_languages(tx: Tx, account_ids: list[str]) -> dict[str, str]:
    """The languages these accounts chose, by account id (those that chose none are left out)."""
    if not account_ids:
        return {}
    marks = ", ".join("?" for _ in account_ids)
    rows = tx.all(f"SELECT id, language FROM account_languages WHERE id IN ({marks})", list(account_ids))
    return {str(r["id"]): str(r["language"]) for r in rows}


def staff_ids(tx: Tx, role: str = "admin") -> list[str]:
    """The accounts holding a staff role (staff accounts are type 0)."""
    rows = tx.all("SELECT id, roles FROM accounts WHERE account_type = 0 ORDER BY opened_at, id")
    return [r["id"] for r in rows if role in json.loads(r["roles"])]
