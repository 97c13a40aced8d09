"""A staff decision refused because a decision was made first, said with who and when (decisions 3911, 3916,
3922).

The domain's refusal (`DecidedFirst`) carries the deciding actor's id and the time; here the id becomes the
colleague's name as the staff read model knows them (their login name, as the audit trail names staff), and
the sentence comes from the message catalogue: one per outcome, taking the thing's name, chosen by the
lifecycle and the state the decision left (contract/decided-first.json, which the web reads too, names the
catalogue keys). A staff member refused for their own decision (a second tab, a double submit) is told it in
the second person, with its own sentence per outcome. A quote refused because a price was quoted meanwhile
names that price (per container) in its sentence. Only staff are told a colleague's name: anyone else
reads the lifecycle's refusal as before. The time is written in UTC (the server knows no reader's zone) and
sent beside it (`details`), so that a screen writes it in its reader's own zone and calendar.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

from api.edge.security import Principal
from domain.emails.words import money
from domain.shared.errors import DecidedFirst
from domain.shared.messages import message
from domain.shared.moments import written_utc
from infrastructure.read_db import ReadModelDB
from projections.accounts import username_of

TABLE = Path(__file__).resolve().parents[2] / "contract" / "decided-first.json"
_CONTRACT: dict[str, Any] = json.loads(TABLE.read_text(encoding="utf-8"))
# For each lifecycle a staff decision moves: the thing's name and, by the state it leaves, its outcome.
MACHINES: dict[str, dict[str, Any]] = _CONTRACT["machines"]
# The catalogue keys of the sentences: `byColleague` and `byYou` (and their `...AtPrice`) take the outcome,
# `thing` the thing.
SENTENCES: dict[str, str] = _CONTRACT["sentences"]
# The outcomes said with the price a refusal carries, where it carries one (`byColleagueAtPrice`,
# `byYouAtPrice`).
PRICED: list[str] = _CONTRACT["priced"]


def catalogue_keys() -> set[str]:
    """Every catalogue key the table names: each outcome's sentence (a colleague's, the reader's own; with
    the price for an outcome said with one) and each thing's name."""
    outcomes = {outcome for said in MACHINES.values() for outcome in said["states"].values()}
    sentences = {SENTENCES[whose].format(outcome=it) for whose in ("byColleague", "byYou") for it in outcomes}
    sentences |= {
        SENTENCES[f"{whose}AtPrice"].format(outcome=it) for whose in ("byColleague", "byYou") for it in PRICED
    }
    return sentences | {SENTENCES["thing"].format(thing=said["thing"]) for said in MACHINES.values()}


def sentence(machine: str, state: str, who: str | None, at: str, price: Decimal | None = None) -> str | None:
    """The sentence of a decision that left `machine` in `state`, by `who` (None: by the reader themselves),
    naming the `price` it now stands at (per container) where its outcome is said with one; None where the
    table names none."""
    said = MACHINES.get(machine)
    outcome = None if said is None else said["states"].get(state)
    if said is None or outcome is None:
        return None
    thing = message(SENTENCES["thing"].format(thing=said["thing"]))
    values = {"thing": thing, "at": at}
    if price is not None and outcome in PRICED:  # in English, as the 409 is written (the edge translates it)
        values["price"] = money(price, "en")
    key = ("byYou" if who is None else "byColleague") + ("AtPrice" if "price" in values else "")
    if who is None:
        return message(SENTENCES[key].format(outcome=outcome), **values)
    return message(SENTENCES[key].format(outcome=outcome), who=who, **values)


def told_to_staff(
    read_models: ReadModelDB, caller: Principal | None, refusal: DecidedFirst
) -> tuple[str, dict[str, Any]] | None:
    """The refusal's description naming who decided and the time, and the envelope's `details` (`decidedBy`,
    `decidedByYou`, `decidedAt`, `machine`, `state`, and `price` where a price given meanwhile refused it);
    None where the caller is not staff, or the decision or the colleague is unknown here (then the
    lifecycle's own refusal stands). The caller's own decision is said to them as theirs."""
    if caller is None or not caller.is_admin or sentence(refusal.machine, refusal.state, "", "") is None:
        return None
    yours = refusal.decided_by == caller.account_id
    if yours:
        name: str | None = caller.username
    else:
        with read_models.read() as tx:
            name = username_of(tx, refusal.decided_by)
    if name is None:
        return None
    at = refusal.decided_at
    details: dict[str, Any] = {
        "decidedBy": name,
        "decidedByYou": yours,
        "decidedAt": at.isoformat().replace("+00:00", "Z"),
        "machine": refusal.machine,
        "state": refusal.state,
    }
    if refusal.price is not None:  # the price decided meanwhile, as the API says a price (USD per container)
        details["price"] = float(refusal.price)
    said = sentence(refusal.machine, refusal.state, None if yours else name, written_utc(at), refusal.price)
    assert said is not None
    return said, details
