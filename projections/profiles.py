"""Read models `customer_profiles`, `profile_edit_requests` and `email_preferences`: a customer's profile,
asked-for changes, and the kinds of booking e-mail it turned off."""

from __future__ import annotations

import json
from typing import Any

from domain.accounts.account import CUSTOMER_TYPES, Account, retired_username
from domain.accounts.edit_request import ProfileEditRequest
from domain.shared.languages import supported
from domain.shared.lifecycle import lifecycle
from domain.shared.personal import own_identifier
from followers.batch import BatchTx
from infrastructure.read_db import Tx
from projections.projection import Projection

projection = Projection(
    name="profiles",
    tables={
        "customer_profiles": ("account_id",),
        "profile_edit_requests": ("id",),
        "email_preferences": ("account_id",),
    },
    schema=[
        "CREATE TABLE IF NOT EXISTS customer_profiles ("
        " account_id TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE, account_type INTEGER NOT NULL,"
        " profile TEXT NOT NULL, updated_at TEXT NOT NULL, position BIGINT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS profile_edit_requests ("
        " id TEXT PRIMARY KEY, account_id TEXT NOT NULL UNIQUE, username TEXT NOT NULL UNIQUE,"
        " account_type INTEGER NOT NULL, state TEXT NOT NULL, state_code INTEGER NOT NULL,"
        " edited TEXT NOT NULL,"
        " decline_message TEXT, requested_at TEXT NOT NULL, decided_at TEXT, decided_by TEXT,"
        " position BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS profile_edit_requests_state ON profile_edit_requests (state,"
        " requested_at)",
        "CREATE TABLE IF NOT EXISTS email_preferences ("
        " account_id TEXT PRIMARY KEY, muted TEXT NOT NULL, position BIGINT NOT NULL)",
    ],
)


@projection.on(Account.Opened)
def opened(tx: BatchTx, event: Account.Opened, position: int) -> None:
    if event.account_type not in CUSTOMER_TYPES:
        return
    tx.insert(
        "customer_profiles",
        {
            "account_id": str(event.originator_id),
            "username": own_identifier(event.username, str(event.originator_id)),
            "account_type": event.account_type,
            "profile": json.dumps(event.profile, sort_keys=True),
            "updated_at": event.timestamp.isoformat(),
            "position": position,
        },
    )


@projection.on(Account.ProfileUpdated)
def profile_updated(tx: BatchTx, event: Account.ProfileUpdated, position: int) -> None:
    row = tx.get("customer_profiles", str(event.originator_id))
    if row is None:
        return
    profile = {**json.loads(row["profile"]), **event.values}
    tx.update(
        "customer_profiles",
        str(event.originator_id),
        {
            "profile": json.dumps(profile, sort_keys=True),
            "updated_at": event.timestamp.isoformat(),
            "position": position,
        },
    )


@projection.on(Account.Retired)
def retired(tx: BatchTx, event: Account.Retired, position: int) -> None:
    """A retired login's name is set aside for the login its address names next (decision 3826)."""
    row = tx.get("customer_profiles", str(event.originator_id))
    if row is not None:
        name = retired_username(str(row["username"]), str(event.originator_id))
        tx.update("customer_profiles", str(event.originator_id), {"username": name, "position": position})


@projection.on(Account.EmailPreferencesSet)
def email_preferences_set(tx: BatchTx, event: Account.EmailPreferencesSet, position: int) -> None:
    account = str(event.originator_id)
    muted = json.dumps(sorted(event.muted))
    if tx.get("email_preferences", account) is None:
        tx.insert("email_preferences", {"account_id": account, "muted": muted, "position": position})
    else:
        tx.update("email_preferences", account, {"muted": muted, "position": position})


def muted_emails(tx: Tx, account_id: str) -> list[str]:
    row = tx.one("SELECT muted FROM email_preferences WHERE account_id = ?", (account_id,))
    return list(json.loads(row["muted"])) if row else []


def _code(state: str) -> int:
    return lifecycle("profile_edit_request").code(state)


@projection.on(ProfileEditRequest.Opened)
def request_opened(tx: BatchTx, event: ProfileEditRequest.Opened, position: int) -> None:
    tx.insert(
        "profile_edit_requests",
        {
            "id": str(event.originator_id),
            "account_id": event.account_id,
            "username": own_identifier(event.username, str(event.originator_id)),
            "account_type": event.account_type,
            **_requested(event, event.state, position),
        },
    )


@projection.on(ProfileEditRequest.Reopened, ProfileEditRequest.Replaced)
def request_changed(
    tx: BatchTx, event: ProfileEditRequest.Reopened | ProfileEditRequest.Replaced, position: int
) -> None:
    state = event.state if isinstance(event, ProfileEditRequest.Reopened) else "pending"
    tx.update(
        "profile_edit_requests",
        str(event.originator_id),
        _requested(event, state, position),
    )


def _requested(
    event: ProfileEditRequest.Opened | ProfileEditRequest.Reopened | ProfileEditRequest.Replaced,
    state: str,
    position: int,
) -> dict[str, Any]:
    """An edit request's columns when the customer asks (first, again, or anew): undecided, as of now."""
    return {
        "state": state,
        "state_code": _code(state),
        "edited": json.dumps(event.edited, sort_keys=True),
        "decline_message": None,
        "requested_at": event.timestamp.isoformat(),
        "decided_at": None,
        "decided_by": None,
        "position": position,
    }


@projection.on(ProfileEditRequest.Approved, ProfileEditRequest.Declined, ProfileEditRequest.Closed)
def request_decided(
    tx: BatchTx,
    event: ProfileEditRequest.Approved | ProfileEditRequest.Declined | ProfileEditRequest.Closed,
    position: int,
) -> None:
    message = event.reason if isinstance(event, ProfileEditRequest.Declined) else None
    # Who decided (staff's account id, named by the staff read model when read); an erasure decides nothing.
    decided_by = None if isinstance(event, ProfileEditRequest.Closed) else event.actor_id
    tx.update(
        "profile_edit_requests",
        str(event.originator_id),
        {
            "state": event.state,
            "state_code": _code(event.state),
            "decline_message": message,
            "decided_at": event.timestamp.isoformat(),
            "decided_by": decided_by,
            "position": position,
        },
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


def email_of(tx: Tx, account_id: str) -> str | None:
    """The address on the customer's profile (None when it has none: the in-app notice still goes)."""
    row = tx.one("SELECT profile FROM customer_profiles WHERE account_id = ?", (account_id,))
    email = json.loads(row["profile"]).get("email") if row else None
    return str(email) if email else None


def profile_language(tx: Tx, account_id: str) -> str | None:
    """The language the customer's profile names (a sign-up's, carried in at acceptance), or None."""
    row = tx.one("SELECT profile FROM customer_profiles WHERE account_id = ?", (account_id,))
    return supported(json.loads(row["profile"]).get("language")) if row else None


def edit_request_of(tx: Tx, username: str) -> dict[str, Any] | None:
    """Staff's view of a customer's edit request, with the login name of whoever decided it
    (`decided_by_name`)."""
    return tx.one(
        "SELECT r.*, d.username AS decided_by_name,"
        " p.profile FROM profile_edit_requests r JOIN customer_profiles p ON p.account_id = r.account_id"
        " LEFT JOIN accounts d ON d.id = r.decided_by"
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
