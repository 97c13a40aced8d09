"""Sessions end when credentials change: a token issued before the account's latest new password or
log-out-everywhere is refused, on every worker, within a second.

Tokens stay stateless (no lookup per request): each worker keeps the accounts whose credentials changed
within a token's lifetime (a small set) and refreshes it from the shared read model twice a second. The
worker that recorded a change notes it at once.
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

from api.security import TOKEN_LIFETIME, Principal
from domain.shared.errors import Unauthorized
from infrastructure.periodic import Periodic
from infrastructure.read_db import ReadModelDB
from projections.accounts import credential_changes

REFRESH_SECONDS = 0.5
ENDED = "Your session has ended; log in again"
# Changes older than any live token need not be remembered (a margin for clocks that differ a little).
REMEMBER = TOKEN_LIFETIME + timedelta(minutes=5)


class SessionWatch:
    def __init__(self, read_models: ReadModelDB, refresh_seconds: float = REFRESH_SECONDS) -> None:
        self.read_models = read_models
        self.refresh_seconds = refresh_seconds
        # account id -> (position of its last credential change, monotonic time it was learnt)
        self._changed: dict[str, tuple[int, float]] = {}
        self._after = 0
        self._lock = threading.Lock()
        self._refresher = Periodic("session-watch", refresh_seconds, self.refresh)

    def check(self, principal: Principal) -> None:
        changed = self._changed.get(principal.account_id)
        if changed is not None and principal.credentials_position < changed[0]:
            raise Unauthorized(ENDED)

    def note(self, account_id: str, position: int | None) -> None:
        """This worker recorded a credential change: its own next request must already see it."""
        if position is None:
            return
        with self._lock:
            known = self._changed.get(account_id)
            if known is None or known[0] < position:
                self._changed[account_id] = (position, time.monotonic())

    def refresh(self, changed_since: str = "") -> None:
        with self.read_models.read() as tx:
            rows = credential_changes(tx, self._after, changed_since)
        for row in rows:
            self.note(str(row["id"]), int(row["credentials_position"]))
            self._after = max(self._after, int(row["credentials_position"]))
        self._forget_old()

    def _forget_old(self) -> None:
        horizon = time.monotonic() - REMEMBER.total_seconds()
        with self._lock:
            for account_id in [k for k, (_, learnt) in self._changed.items() if learnt < horizon]:
                del self._changed[account_id]

    def start(self) -> None:
        self.refresh(changed_since=(datetime.now(UTC) - REMEMBER).isoformat())
        self._refresher.start()

    def stop(self) -> None:
        self._refresher.stop()
