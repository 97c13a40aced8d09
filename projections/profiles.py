"""Read models `customer_profiles` and `profile_edit_requests`: a customer's profile and asked-for changes."""

from __future__ import annotations

import json
from typing import Any

from domain.accounts.account import CUSTOMER_TYPES, Account
from domain.accounts.edit_request import ProfileEditRequest
from domain.shared.lifecycle import lifecycle
from projections.db import Tx
from projections.projection import Projection

projection = Projection(
    name="profiles",
    tables={"customer_profiles": ("account_id",), "profile_edit_requests": ("id",)},
    schema=[
        "CREATE TABLE IF NOT EXISTS customer_profiles ("
        " account_id TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE, account_type INTEGER NOT NULL,"
        " profile TEXT NOT NULL, updated_at TEXT NOT NULL, position BIGINT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS profile_edit_requests ("
        " id TEXT PRIMARY KEY, account_id TEXT NOT NULL UNIQUE, username TEXT NOT NULL UNIQUE,"
        " account_type INTEGER NOT NULL, state TEXT NOT NULL, state_code INTEGER NOT NULL,"
        " edited TEXT NOT NULL,"
        " decline_message TEXT, requested_at TEXT NOT NULL, decided_at TEXT, position BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS profile_edit_requests_state ON profile_edit_requests (state,"
        " requested_at)",
    ],
)


@projection.on(Account.Opened)
def opened(tx: Tx, event: Any, position: int) -> None:
    if event.account_type not in CUSTOMER_TYPES:
        return
    tx.execute(
        "INSERT INTO customer_profiles (account_id, username, account_type, profile, updated_at, position)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (
            str(event.originator_id),
            event.username,
            event.account_type,
            json.dumps(event.profile, sort_keys=True),
            event.timestamp.isoformat(),
            position,
        ),
    )


@projection.on(Account.ProfileUpdated)
def profile_updated(tx: Tx, event: Any, position: int) -> None:
    row = tx.one("SELECT profile FROM customer_profiles WHERE account_id = ?", (str(event.originator_id),))
    if row is None:
        return
    profile = {**json.loads(row["profile"]), **event.values}
    tx.execute(
        "UPDATE customer_profiles SET profile = ?, updated_at = ?, position = ? WHERE account_id = ?",
        (
            json.dumps(profile, sort_keys=True),
            event.timestamp.isoformat(),
            position,
            str(event.originator_id),
        ),
    )


def _code(state: str) -> int:
    return lifecycle("profile_edit_request").code(state)


@projection.on(ProfileEditRequest.Opened)
def request_opened(tx: Tx, event: Any, position: int) -> None:
    tx.execute(
        "INSERT INTO profile_edit_requests (id, account_id, username, account_type, state,"
        " state_code, edited,"
        " decline_message, requested_at, decided_at, position) VALUES (?, ?, ?, ?, ?, ?, ?, NULL,"
        " ?, NULL, ?)",
        (
            str(event.originator_id),
            event.account_id,
            event.username,
            event.account_type,
            event.state,
            _code(event.state),
            json.dumps(event.edited, sort_keys=True),
            event.timestamp.isoformat(),
            position,
        ),
    )


@projection.on(ProfileEditRequest.Reopened, ProfileEditRequest.Replaced)
def request_changed(tx: Tx, event: Any, position: int) -> None:
    state = getattr(event, "state", "pending")
    tx.execute(
        "UPDATE profile_edit_requests SET state = ?, state_code = ?, edited = ?, decline_message = NULL,"
        " requested_at = ?, decided_at = NULL, position = ? WHERE id = ?",
        (
            state,
            _code(state),
            json.dumps(event.edited, sort_keys=True),
            event.timestamp.isoformat(),
            position,
            str(event.originator_id),
        ),
    )


@projection.on(ProfileEditRequest.Approved, ProfileEditRequest.Declined)
def request_decided(tx: Tx, event: Any, position: int) -> None:
    message = event.reason if isinstance(event, ProfileEditRequest.Declined) else None
    tx.execute(
        "UPDATE profile_edit_requests SET state = ?, state_code = ?, decline_message = ?, decided_at = ?,"
        " position = ? WHERE id = ?",
        (
            event.state,
            _code(event.state),
            message,
            event.timestamp.isoformat(),
            position,
            str(event.originator_id),
        ),
    )


# -- queries ------------------------------------------------------------------------------------------------
def profile_of(tx: Tx, account_id: str) -> dict[str, Any] | None:
    return tx.one(
        "SELECT p.*, r.state AS request_state, r.state_code AS request_state_code,"
        " r.edited AS request_edited,"
        " r.decline_message AS request_decline_message"
        " FROM customer_profiles p LEFT JOIN profile_edit_requests r ON r.account_id = p.account_id"
        " WHERE p.account_id = ?",
        (account_id,),
    )


def edit_request_of(tx: Tx, username: str) -> dict[str, Any] | None:
    return tx.one(
        "SELECT r.*,"
        " p.profile FROM profile_edit_requests r JOIN customer_profiles p ON p.account_id = r.account_id"
        " WHERE r.username = ?",
        (username,),
    )


def pending_edit_requests(tx: Tx, page_number: int, limit: int) -> tuple[list[dict[str, Any]], int]:
    rows = tx.all(
        "SELECT r.*,"
        " p.profile FROM profile_edit_requests r JOIN customer_profiles p ON p.account_id = r.account_id"
        " WHERE r.state = 'pending' ORDER BY r.requested_at DESC, r.id LIMIT ? OFFSET ?",
        (limit, (page_number - 1) * limit),
    )
    total = int(tx.scalar("SELECT COUNT(*) FROM profile_edit_requests WHERE state = 'pending'") or 0)
    return rows, total
