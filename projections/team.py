"""Read model `team_members`: each company's colleagues (the company's own login first, as owner), with their
role and state, and the hash of a pending invitation's token (how an accepted link finds its team).

Every door asks it for the caller's company and role (`api/edge/identity.py`), so a changed role or a removal
counts from the moment the command is answered."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from domain.accounts.team import INVITATION_LIFETIME, OWNER, Team, team_id
from domain.shared.personal import is_erased
from followers.batch import BatchTx
from infrastructure.read_db import Tx
from projections.booking.queries import customer_name
from projections.history import utc_text
from projections.projection import Projection

TABLE = "team_members"

projection = Projection(
    name="team",
    tables={TABLE: ("id",)},
    schema=[
        f"CREATE TABLE IF NOT EXISTS {TABLE} ("
        " id TEXT PRIMARY KEY, company_id TEXT NOT NULL, company_name TEXT NOT NULL, email TEXT NOT NULL,"
        " name TEXT NOT NULL, role TEXT NOT NULL, state TEXT NOT NULL, token_hash TEXT, invited_at TEXT,"
        " joined_at TEXT, position BIGINT NOT NULL)",
        f"CREATE INDEX IF NOT EXISTS team_members_by_company ON {TABLE} (company_id)",
        f"CREATE INDEX IF NOT EXISTS team_members_by_token ON {TABLE} (token_hash)",
    ],
)


@projection.on(Team.Formed)
def formed(tx: BatchTx, event: Team.Formed, position: int) -> None:
    tx.insert(
        TABLE,
        {
            "id": event.company_id,
            "company_id": event.company_id,
            "company_name": event.company_name,
            "email": event.owner_email,
            "name": event.owner_name,
            "role": OWNER,
            "state": "active",
            "token_hash": None,
            "invited_at": None,
            "joined_at": utc_text(event.timestamp),
            "position": position,
        },
    )


@projection.on(Team.Invited)
def invited(tx: BatchTx, event: Team.Invited, position: int) -> None:
    row = {
        "id": event.member_id,
        "company_id": event.company_id,
        "company_name": event.company_name,
        "email": event.email,
        "name": event.name,
        "role": event.role,
        "state": "invited",
        "token_hash": event.token_hash,
        "invited_at": utc_text(event.issued_at),
        "joined_at": None,
        "position": position,
    }
    before = tx.get(TABLE, event.member_id)
    if before is None:
        tx.insert(TABLE, row)
    elif _ours(before, event) or before["state"] != "active":
        # A person is one row: the team that invites them now, unless another's member still (refused
        # at the door; a race of two invitations leaves the member where they are).
        tx.update(TABLE, event.member_id, {k: v for k, v in row.items() if k != "id"})


def _ours(row: dict[str, Any], event: Any) -> bool:
    """Whether the person's row is the event's team's (a later invitation by another company took it)."""
    return bool(team_id(str(row["company_id"])) == event.originator_id)


def _member_changed(tx: BatchTx, event: Any, changes: dict[str, Any]) -> None:
    row = tx.get(TABLE, event.member_id)
    if row is not None and _ours(row, event):
        tx.update(TABLE, event.member_id, changes)


@projection.on(Team.Joined)
def joined(tx: BatchTx, event: Team.Joined, position: int) -> None:
    changes = {
        "state": "active",
        "token_hash": None,
        "joined_at": utc_text(event.timestamp),
        "position": position,
    }
    _member_changed(tx, event, changes)


@projection.on(Team.RoleChanged)
def role_changed(tx: BatchTx, event: Team.RoleChanged, position: int) -> None:
    _member_changed(tx, event, {"role": event.role, "position": position})


@projection.on(Team.Removed)
def removed(tx: BatchTx, event: Team.Removed, position: int) -> None:
    _member_changed(tx, event, {"state": "removed", "token_hash": None, "position": position})


@projection.on(Team.MemberProfileChanged)
def renamed(tx: BatchTx, event: Team.MemberProfileChanged, position: int) -> None:
    _member_changed(tx, event, {"name": event.name, "position": position})


# -- queries --------------------------------------------------------------------------------------------
def membership(tx: Tx, person_id: str) -> dict[str, Any] | None:
    """The person's row in a team (None: no team names them, so they act for their own account as owner)."""
    return tx.one(
        f"SELECT company_id, role, state, name, company_name FROM {TABLE} WHERE id = ?", (person_id,)
    )


def company_name(tx: Tx, company_id: str) -> str:
    """The company's name as it is now (its profile), not as the team copied it when it was formed."""
    row = tx.one(
        "SELECT a.username AS customer_username, p.profile AS customer_profile FROM accounts a"
        " LEFT JOIN customer_profiles p ON p.account_id = a.id WHERE a.id = ?",
        (company_id,),
    )
    return customer_name(row) if row is not None else ""


def members(tx: Tx, company_id: str, now: datetime | None = None) -> list[dict[str, Any]]:
    """The team's members and pending invitations (removed ones left out); an invitation past its 72 hours is
    `expired`."""
    rows = tx.all(
        f"SELECT * FROM {TABLE} WHERE company_id = ? AND state <> 'removed' ORDER BY (id = company_id) DESC,"
        " joined_at IS NULL, name, id",
        (company_id,),
    )
    moment = now or datetime.now(UTC)
    listed = []
    for row in rows:
        status = row["state"]
        if status == "invited" and row["invited_at"]:
            issued = datetime.fromisoformat(str(row["invited_at"]).replace("Z", "+00:00"))
            if moment - issued > INVITATION_LIFETIME:
                status = "expired"
        listed.append({**row, "status": status})
    return listed


def invited_elsewhere(tx: Tx, person_id: str, company_id: str, now: datetime | None = None) -> bool:
    """Whether another company's team holds the person: a member, or invited with a link still good (an
    erased company's links are good no more)."""
    row = tx.one(
        f"SELECT t.company_id, t.state, t.invited_at, a.username FROM {TABLE} t"
        " LEFT JOIN accounts a ON a.id = t.company_id WHERE t.id = ?",
        (person_id,),
    )
    if row is None or row["company_id"] == company_id or is_erased(row["username"]):
        return False
    if row["state"] == "active":
        return True
    if row["state"] != "invited" or not row["invited_at"]:
        return False
    issued = datetime.fromisoformat(str(row["invited_at"]).replace("Z", "+00:00"))
    return (now or datetime.now(UTC)) - issued <= INVITATION_LIFETIME


def invitation_by_token_hash(tx: Tx, token_hash: str) -> dict[str, Any] | None:
    return tx.one(f"SELECT * FROM {TABLE} WHERE token_hash = ? AND state = 'invited'", (token_hash,))
