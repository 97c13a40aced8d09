"""A staff decision refused because a colleague decided first, said with who and when (decisions 3911, 3916).

The domain's refusal (`DecidedFirst`) carries the deciding actor's id and the time; here the id becomes the
colleague's name as the staff read model knows them (their login name, as the audit trail names staff), and
the sentence comes from the message catalogue: one per outcome, taking the thing's name, chosen by the
lifecycle and the state the decision left (contract/decided-first.json, which the web reads too). Only staff
are told a colleague's name: anyone else reads the lifecycle's refusal as before. The time is written in UTC
(the server knows no reader's zone) and sent beside it (`details`), so that a screen writes it in its
reader's own zone and calendar.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from api.edge.security import Principal
from domain.shared.errors import DecidedFirst
from domain.shared.messages import message
from domain.shared.moments import written_utc
from infrastructure.read_db import ReadModelDB
from projections.accounts import username_of

TABLE = Path(__file__).resolve().parents[2] / "contract" / "decided-first.json"
# For each lifecycle a staff decision moves: the thing's name and, by the state it leaves, its outcome.
MACHINES: dict[str, dict[str, Any]] = json.loads(TABLE.read_text(encoding="utf-8"))["machines"]

# The catalogue's sentence of each outcome, with the thing's name in it.
OUTCOMES: dict[str, Callable[[str, str, str], str]] = {
    "accepted": lambda who, thing, at: message("staff.decidedFirst.accepted", who=who, thing=thing, at=at),
    "declined": lambda who, thing, at: message("staff.decidedFirst.declined", who=who, thing=thing, at=at),
    "approved": lambda who, thing, at: message("staff.decidedFirst.approved", who=who, thing=thing, at=at),
    "quoted": lambda who, thing, at: message("staff.decidedFirst.quoted", who=who, thing=thing, at=at),
    "revisionRequested": lambda who, thing, at: message(
        "staff.decidedFirst.revisionRequested", who=who, thing=thing, at=at
    ),
    "rejected": lambda who, thing, at: message("staff.decidedFirst.rejected", who=who, thing=thing, at=at),
    "confirmed": lambda who, thing, at: message("staff.decidedFirst.confirmed", who=who, thing=thing, at=at),
    "completed": lambda who, thing, at: message("staff.decidedFirst.completed", who=who, thing=thing, at=at),
    "cancelled": lambda who, thing, at: message("staff.decidedFirst.cancelled", who=who, thing=thing, at=at),
    "issued": lambda who, thing, at: message("staff.decidedFirst.issued", who=who, thing=thing, at=at),
    "asked": lambda who, thing, at: message("staff.decidedFirst.asked", who=who, thing=thing, at=at),
}

# The catalogue's name of each thing decided on, as the sentences say it inside ("this {thing}").
THINGS: dict[str, Callable[[], str]] = {
    "signUp": lambda: message("staff.decidedFirst.thing.signUp"),
    "editRequest": lambda: message("staff.decidedFirst.thing.editRequest"),
    "booking": lambda: message("staff.decidedFirst.thing.booking"),
    "shippingOrder": lambda: message("staff.decidedFirst.thing.shippingOrder"),
    "amendment": lambda: message("staff.decidedFirst.thing.amendment"),
    "cancellation": lambda: message("staff.decidedFirst.thing.cancellation"),
}


def sentence(machine: str, state: str, who: str, at: str) -> str | None:
    """The sentence of a decision that left `machine` in `state`; None where the table names none."""
    said = MACHINES.get(machine)
    outcome = None if said is None else said["states"].get(state)
    if said is None or outcome is None:
        return None
    return OUTCOMES[outcome](who, THINGS[said["thing"]](), at)


def told_to_staff(
    read_models: ReadModelDB, caller: Principal | None, refusal: DecidedFirst
) -> tuple[str, dict[str, Any]] | None:
    """The refusal's description naming the colleague and the time, and the envelope's `details` (`decidedBy`,
    `decidedAt`, `machine`, `state`); None where the caller is not staff, or the decision or the colleague is
    unknown here (then the lifecycle's own refusal stands)."""
    if caller is None or not caller.is_admin or sentence(refusal.machine, refusal.state, "", "") is None:
        return None
    with read_models.read() as tx:
        name = username_of(tx, refusal.decided_by)
    if name is None:
        return None
    at = refusal.decided_at
    details = {
        "decidedBy": name,
        "decidedAt": at.isoformat().replace("+00:00", "Z"),
        "machine": refusal.machine,
        "state": refusal.state,
    }
    said = sentence(refusal.machine, refusal.state, name, written_utc(at))
    assert said is not None
    return said, details
