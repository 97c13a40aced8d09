"""Sessions end when credentials change: a token issued before the account's latest new password, reset or
log-out-everywhere is refused at every door, on every worker, from the moment the change is answered.

Every check asks the shared database, fresh (one primary-key read, on the primary even where a standby
serves the reads): no worker keeps a copy that could lag behind another worker's change. Two sources answer
together: the `account_sessions` read model (built from the events, so a change made anywhere counts), and
`session_ends`, written by the request that ended the sessions before it waits for the read models, so no
door depends on how far the followers have got.
`session_ends` is not a read model (nothing rebuilds it; `freight replay` leaves it alone): it only ever
repeats what the events say, earlier.
"""

from __future__ import annotations

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

_LAST_CHANGE = (
    "SELECT COALESCE((SELECT credentials_position FROM account_sessions WHERE id = ?), 0) AS changed,"
    " COALESCE((SELECT position FROM session_ends WHERE id = ?), 0) AS ended"
)
# The same read, with the person's place in a company team (projections/team.py): one round trip per request.
_CHANGE_AND_TEAM = (
    f"{_LAST_CHANGE}, (SELECT company_id FROM team_members WHERE id = ?) AS company_id,"
    " (SELECT role FROM team_members WHERE id = ?) AS team_role,"
    " (SELECT state FROM team_members WHERE id = ?) AS team_state"
)


class Sessions:
    def __init__(self, read_models: ReadModelDB) -> None:
        self.read_models = read_models
        with read_models.transaction() as tx:
            tx.execute(SCHEMA)

    def last_change(self, account_id: str) -> int:
        """The store position of the account's last credential change (0: none)."""
        with self.read_models.read(fresh=True) as tx:
            row = tx.one(_LAST_CHANGE, (account_id, account_id))
        return max(int(row["changed"]), int(row["ended"])) if row else 0

    def check(self, principal: Principal) -> None:
        """Unauthorized when the principal's session has ended. Blocking (one read): off the event loop."""
        if principal.credentials_position < self.last_change(principal.account_id):
            raise Unauthorized(ENDED)

    def check_member(self, principal: Principal) -> Principal:
        """`check`, and the person's company and team role read in the same statement: the principal as it
        acts now (a removed member is refused, a changed role counts at once)."""
        person = principal.account_id
        with self.read_models.read(fresh=True) as tx:
            row = tx.one(_CHANGE_AND_TEAM, (person, person, person, person, person))
        if row is None:
            return principal
        if principal.credentials_position < max(int(row["changed"]), int(row["ended"])):
            raise Unauthorized(ENDED)
        return with_team(principal, row)

    def end(self, account_id: str, position: int) -> None:
        """The account's credentials changed at `position`: every older token is refused from now on."""
        with self.read_models.transaction() as tx:
            tx.execute(_END, (account_id, position))


def with_team(principal: Principal, row: dict[str, Any] | None) -> Principal:
    """The principal acting in its team (`row`: company_id, team_role, team_state; None or no company: the
    principal's own account, as owner). A member no longer active is refused."""
    if row is None or not row.get("company_id"):
        return principal
    if row.get("team_state") != "active":
        raise Unauthorized(ENDED)
    return replace(principal, company_id=str(row["company_id"]), team_role=str(row["team_role"]))
