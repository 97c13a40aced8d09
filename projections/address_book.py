"""Read model of the customers' address books: each account's saved parties, for the address-book calls and
the shipping order's party fields."""

from __future__ import annotations

import json
from typing import Any

from domain.booking.address_book import AddressBookEntry
from followers.batch import BatchTx
from infrastructure.read_db import Tx
from projections.history import utc_text
from projections.projection import Projection

PARTIES = "address_book_parties"

projection = Projection(
    name="address_book",
    tables={PARTIES: ("id",)},
    schema=[
        f"CREATE TABLE IF NOT EXISTS {PARTIES} ("
        " id TEXT PRIMARY KEY, account_id TEXT NOT NULL, name TEXT NOT NULL, address TEXT NOT NULL,"
        " contact TEXT, phone_number TEXT, email TEXT, roles TEXT NOT NULL,"
        " created_at TEXT NOT NULL, updated_at TEXT NOT NULL, position BIGINT NOT NULL)",
        f"CREATE INDEX IF NOT EXISTS address_book_account ON {PARTIES} (account_id, name)",
    ],
)


def _party_columns(party: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": party["name"],
        "address": party["address"],
        "contact": party.get("contact"),
        "phone_number": party.get("phone_number"),
        "email": party.get("email"),
        "roles": json.dumps(party.get("roles") or []),
    }


@projection.on(AddressBookEntry.Saved)
def saved(tx: BatchTx, event: AddressBookEntry.Saved, position: int) -> None:
    at = utc_text(event.timestamp)
    row = {"id": str(event.originator_id), "account_id": event.account_id, **_party_columns(event.party)}
    tx.insert(PARTIES, {**row, "created_at": at, "updated_at": at, "position": position})


@projection.on(AddressBookEntry.Changed)
def changed(tx: BatchTx, event: AddressBookEntry.Changed, position: int) -> None:
    changes = {**_party_columns(event.party), "updated_at": utc_text(event.timestamp), "position": position}
    tx.update(PARTIES, str(event.originator_id), changes)


@projection.on(AddressBookEntry.Removed)
def removed(tx: BatchTx, event: AddressBookEntry.Removed, position: int) -> None:
    tx.delete(PARTIES, str(event.originator_id))


# -- queries --------------------------------------------------------------------------
def _listed(row: dict[str, Any]) -> dict[str, Any]:
    return {**row, "roles": json.loads(row["roles"])}


def parties_of(tx: Tx, account_id: str) -> list[dict[str, Any]]:
    """The account's saved parties, by name."""
    rows = tx.all(f"SELECT * FROM {PARTIES} WHERE account_id = ? ORDER BY name, id", (account_id,))
    return [_listed(row) for row in rows]


def party_of(tx: Tx, account_id: str, entry_id: str) -> dict[str, Any] | None:
    row = tx.one(f"SELECT * FROM {PARTIES} WHERE id = ? AND account_id = ?", (entry_id, account_id))
    return None if row is None else _listed(row)
