"""A staff decision refused because a colleague decided first, said with who and when (decision 3911).

The domain's refusal (`DecidedFirst`) carries the deciding actor's id and the time; here the id becomes the
colleague's name as the staff read model knows them (their login name, as the audit trail names staff), and
the sentence comes from the message catalogue. Only staff are told a colleague's name: anyone else reads the
lifecycle's refusal as before. The time is written in UTC (the server knows no reader's zone) and sent beside
it (`details`), so that a screen writes it in its reader's own zone and calendar.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from api.edge.security import Principal
from domain.shared.errors import DecidedFirst
from domain.shared.messages import message
from domain.shared.moments import written_utc
from infrastructure.read_db import ReadModelDB
from projections.accounts import username_of

# The catalogue's sentence for each decision a colleague made first, by the lifecycle and the state it left.
SENTENCES: dict[tuple[str, str], Callable[[str, str], str]] = {
    ("registration", "accepted"): lambda who, at: message(
        "accounts.decidedFirst.registration.accepted", who=who, at=at
    ),
    ("registration", "declined"): lambda who, at: message(
        "accounts.decidedFirst.registration.declined", who=who, at=at
    ),
    ("profile_edit_request", "approved"): lambda who, at: message(
        "accounts.decidedFirst.profileEdit.approved", who=who, at=at
    ),
    ("profile_edit_request", "declined"): lambda who, at: message(
        "accounts.decidedFirst.profileEdit.declined", who=who, at=at
    ),
}


def told_to_staff(
    read_models: ReadModelDB, caller: Principal | None, refusal: DecidedFirst
) -> tuple[str, dict[str, Any]] | None:
    """The refusal's description naming the colleague and the time, and the envelope's `details` (`decidedBy`,
    `decidedAt`, `state`); None where the caller is not staff, or the decision or the colleague is unknown
    here (then the lifecycle's own refusal stands)."""
    sentence = SENTENCES.get((refusal.machine, refusal.state))
    if caller is None or not caller.is_admin or sentence is None:
        return None
    with read_models.read() as tx:
        name = username_of(tx, refusal.decided_by)
    if name is None:
        return None
    at = refusal.decided_at
    details = {
        "decidedBy": name,
        "decidedAt": at.isoformat().replace("+00:00", "Z"),
        "state": refusal.state,
    }
    return sentence(name, written_utc(at)), details
