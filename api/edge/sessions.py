"""Sessions end when credentials change: a token issued before the account's latest new password, reset or
log-out-everywhere is refused at every door, on every worker, from the moment the change is answered.

Every check asks the shared database, fresh (one primary-key read, on the primary even where a standby
serves the reads): no worker keeps a copy that could lag behind another worker's change. Two sources answer
together: the `account_sessions` read model (built from the events, so a change made anywhere counts), and
`session_ends`, written by the request that ended the sessions before it waits for the read models, so no
door depends on how far the followers have got.
`session_ends` is not a read model (nothing rebuilds it; `freight replay` leaves it alone): it only ever
repeats what the events say, earlier.

A team's role change and removal are written the same way, to `team_changes` (decision 3890): the person's
role or state as the request recorded it, at its position. The check reads the person's place in the team
from whichever is newer, that row or the `team_members` read model's, so a demoted booker's next change and a
removed colleague's API key are refused from the moment the change is recorded, however late the followers.

A log-out ends one session, the token's own (decision 3901): its id (`jti`) is written to `session_logouts`
with the token's expiry, read in the same statement as the rest. A row is kept only while its token could
still be presented: each write first deletes the rows whose tokens have expired. Not a read model either:
the `Account.LoggedOut` event says who logged out when, for the audit; this table is what the doors ask.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from api.edge.security import Principal
from domain.shared.errors import Unauthorized
from infrastructure.read_db import ReadModelDB

ENDED = "Your session has ended; log in again"

SCHEMA = "CREATE TABLE IF NOT EXISTS session_ends (id TEXT PRIMARY KEY, position BIGINT NOT NULL)"

_END = (
    "INSERT INTO session_ends (id, position) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET position = CASE"
    " WHEN excluded.position > session_ends.position THEN excluded.position ELSE session_ends.position END"
)

LOGOUTS_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS session_logouts (id TEXT PRIMARY KEY, expires_at BIGINT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS session_logouts_expiry ON session_logouts (expires_at)",
)
_PRUNE = "DELETE FROM session_logouts WHERE expires_at < ?"
_LOG_OUT = "INSERT INTO session_logouts (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING"

_LAST_CHANGE = (
    "SELECT COALESCE((SELECT credentials_position FROM account_sessions WHERE id = ?), 0) AS changed,"
    " COALESCE((SELECT position FROM session_ends WHERE id = ?), 0) AS ended,"
    " COALESCE((SELECT 1 FROM session_logouts WHERE id = ?), 0) AS logged_out"
)
TEAM_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS team_changes"
    " (id TEXT PRIMARY KEY, role TEXT, state TEXT, position BIGINT NOT NULL)"
)
_LATER = "excluded.position > team_changes.position"


def _kept(column: str) -> str:
    # A newer write keeps what it did not change from the older one; an older write arriving late changes
    # only what the newer left unsaid (two owners' changes recorded in one order may be written in the other).
    return (
        f"{column} = CASE WHEN {_LATER} THEN COALESCE(excluded.{column}, team_changes.{column})"
        f" ELSE COALESCE(team_changes.{column}, excluded.{column}) END"
    )


_TEAM_CHANGE = (
    "INSERT INTO team_changes (id, role, state, position) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET"
    f" {_kept('role')}, {_kept('state')},"
    f" position = CASE WHEN {_LATER} THEN excluded.position ELSE team_changes.position END"
)


def _newer(column: str) -> str:
    """The person's `column` in their team: the early write's where it is newer than the read model's row."""
    return (
        f"(SELECT CASE WHEN c.position > m.position AND c.{column} IS NOT NULL"
        f" THEN c.{column} ELSE m.{column} END"
        f" FROM team_members m LEFT JOIN team_changes c ON c.id = m.id WHERE m.id = ?) AS team_{column}"
    )


# The person's place in a company team (projections/team.py, and the early writes of its changes).
_TEAM = (
    f"(SELECT company_id FROM team_members WHERE id = ?) AS company_id, {_newer('role')}, {_newer('state')}"
)
# The same read with the session's: one round trip per request.
_CHANGE_AND_TEAM = f"{_LAST_CHANGE}, {_TEAM}"


class Sessions:
    def __init__(self, read_models: ReadModelDB) -> None:
        self.read_models = read_models
        with read_models.transaction() as tx:
            tx.execute(SCHEMA)
            tx.execute(TEAM_SCHEMA)
            for statement in LOGOUTS_SCHEMA:
                tx.execute(statement)

    def check(self, principal: Principal) -> None:
        """Unauthorized when the principal's session has ended. Blocking (one read): off the event loop."""
        person = principal.account_id
        with self.read_models.read(fresh=True) as tx:
            row = tx.one(_LAST_CHANGE, (person, person, principal.session_id))
        _refuse_ended(principal, row)

    def check_member(self, principal: Principal) -> Principal:
        """`check`, and the person's company and team role read in the same statement: the principal as it
        acts now (a removed member is refused, a changed role counts at once)."""
        person = principal.account_id
        with self.read_models.read(fresh=True) as tx:
            row = tx.one(_CHANGE_AND_TEAM, (person, person, principal.session_id, person, person, person))
        if row is None:
            return principal
        _refuse_ended(principal, row)
        return with_team(principal, row)

    def team_of(self, person: str) -> dict[str, Any] | None:
        """The person's place in a company team as it is now (company_id, team_role, team_state), fresh; None
        when no team names them. Blocking (one read): off the event loop."""
        with self.read_models.read(fresh=True) as tx:
            row = tx.one(f"SELECT {_TEAM}", (person, person, person))
        return row if row is not None and row["company_id"] else None

    def member_changed(
        self, person: str, position: int, role: str | None = None, state: str | None = None
    ) -> None:
        """The person's role or state in their team changed at `position`: every door acts on it from now on,
        before the read models show it."""
        with self.read_models.transaction() as tx:
            tx.execute(_TEAM_CHANGE, (person, role, state, position))

    def log_out(self, principal: Principal) -> None:
        """This session (only) has ended: its token is refused at every door from now on, until it expires
        anyway. Prunes the logged-out tokens that have expired since, in the same transaction."""
        if not principal.session_id:
            raise ValueError("only a session is logged out")
        with self.read_models.transaction() as tx:
            tx.execute(_PRUNE, (int(time.time()),))
            tx.execute(_LOG_OUT, (principal.session_id, int(principal.expires_at)))

    def end(self, account_id: str, position: int) -> None:
        """The account's credentials changed at `position`: every older token is refused from now on."""
        with self.read_models.transaction() as tx:
            tx.execute(_END, (account_id, position))


def _refuse_ended(principal: Principal, row: dict[str, Any] | None) -> None:
    """Unauthorized when the row (`_LAST_CHANGE`'s) says the principal's session has ended: a credential
    change after its token was issued, or its own log-out."""
    if row is None:
        return
    changed = max(int(row["changed"]), int(row["ended"]))
    if principal.credentials_position < changed or int(row["logged_out"]):
        raise Unauthorized(ENDED)


def with_team(principal: Principal, row: dict[str, Any] | None) -> Principal:
    """The principal acting in its team (`row`: company_id, team_role, team_state; None or no company: the
    principal's own account, as owner). A member no longer active is refused."""
    if row is None or not row.get("company_id"):
        return principal
    if row.get("team_state") != "active":
        raise Unauthorized(ENDED)
    return replace(principal, company_id=str(row["company_id"]), team_role=str(row["team_role"]))
