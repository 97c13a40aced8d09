"""Erasing a customer's personal data (crypto-shredding), for the admin door and `freight erase` alike.

In order: the erasure is recorded (who, when, why: an event auditors read), which ends the account's sessions
and its sign-in, closes a pending profile edit request and erases a company's colleagues' own logins and the
person's earlier logins (retired as he left a team); their API keys are revoked and their webhook
subscriptions ended; the data keys of the account, its sign-up, those logins and everything they own are
destroyed (infrastructure/personal_data.py); then the read models are made what a replay makes of the history
now (projections/erasure.py), so every screen, read, export and e-mail says "erased person".
Business facts (references, ports, containers, prices, states, times, roles) were never sealed: they stay.
"""

from __future__ import annotations

import logging
import os
import secrets
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from uuid import UUID

from api.settings import Settings
from domain.accounts.application import AccountsApplication
from domain.accounts.registration import registration_id
from domain.integrations.application import IntegrationsApplication
from domain.shared.actor import Actor
from domain.shared.errors import Conflict, NotFound, ValidationFailed
from domain.shared.ids import generation_of
from infrastructure.event_store import SharedStore
from infrastructure.read_db import PostgresReadModels, ReadModelDB, SqliteReadModels
from projections.erasure import rewrite_as_replayed
from projections.integrations import keys_of, webhooks_of

REASON_LENGTH = 500

log = logging.getLogger(__name__)


@dataclass
class Erased:
    account_id: str
    position: int
    keys_destroyed: int
    rows_rewritten: int


@dataclass
class Erasure:
    """What an erasure works with; `recorded` is told each position it records (the door waits there)."""

    settings: Settings
    store: SharedStore
    accounts: AccountsApplication
    integrations: IntegrationsApplication
    read_models: ReadModelDB
    recorded: Callable[[str, int], None] = lambda _account, _position: None


def erasure_reason(text: str) -> str:
    reason = " ".join(text.split())
    if not reason:
        raise ValidationFailed({"reason": "This field is required."})
    if len(reason) > REASON_LENGTH:
        raise ValidationFailed({"reason": f"Reason must be at most {REASON_LENGTH} characters"})
    return reason


def customer_uuid(account_id: str) -> UUID:
    try:
        return UUID(account_id)
    except ValueError:
        raise NotFound("Customer not found") from None


def erase_customer(erasure: Erasure, account_id: str, reason: str, actor: Actor) -> Erased:
    """NotFound for an unknown id or a staff account; Conflict when erased already. An erasure recorded by a
    process that stopped before it destroyed the keys is finished, not refused: the record alone erases
    nothing."""
    account = customer_uuid(account_id)
    reason = erasure_reason(reason)
    username = erasure.accounts.customer(account).username
    try:
        position = erasure.accounts.erase_personal_data(account, reason, actor)
    except Conflict:
        if erasure.store.vault.key(str(account)) is None:
            raise
        position = erasure.store.head()
    # A company's colleagues' own logins go with it (their names and e-mails are the company's team), and
    # so do the logins the same address had before, retired as he left a team (decision 3826).
    earlier = erasure.accounts.retired_logins(account)
    people = [str(account), *erasure.accounts.team_logins(account), *earlier]
    for person in people:
        erasure.recorded(person, position)
    with erasure.read_models.read() as tx:
        live_keys = [str(k["id"]) for p in people for k in keys_of(tx, p) if k["revoked_at"] is None]
        webhooks = [str(w["id"]) for p in people for w in webhooks_of(tx, p)]
    ended = erasure.integrations.end_integrations_of(people, [*live_keys, *webhooks], actor)
    if ended is not None:
        erasure.recorded(str(account), ended)
    generation = generation_of(account, "account", username)
    sign_up = [] if generation is None else [str(registration_id(username, generation))]
    # What its team holds of everyone it invited (their names and addresses) is the company's data.
    team = erasure.accounts.team_member_subjects(account)
    destroyed = erasure.store.vault.destroy(str(account), also=[*sign_up, *people[1:], *team])
    rows = rewrite_read_models(erasure.settings, erasure.store, erasure.read_models)
    return Erased(str(account), position, len(destroyed), rows)


def erase_sign_up(erasure: Erasure, identity: str, reason: str, actor: Actor) -> Erased:
    """An applicant whose sign-up opened no login (declined, or never finished) is erased as a customer is:
    recorded, the keys of the sign-up and of what it owns (staff's notices of it) destroyed, the read models
    rewritten (decision 3892). NotFound when the identity number names no sign-up now; Conflict when the
    sign-up opened a login or waits for staff."""
    reason = erasure_reason(reason)
    sign_up, position = erasure.accounts.erase_sign_up(identity.strip(), reason, actor)
    erasure.recorded(sign_up, position)
    destroyed = erasure.store.vault.destroy(sign_up)
    rows = rewrite_read_models(erasure.settings, erasure.store, erasure.read_models)
    return Erased(sign_up, position, len(destroyed), rows)


def rewrite_read_models(settings: Settings, store: SharedStore, live: ReadModelDB) -> int:
    """The live read models rewritten as a replay would build them now; answers the rows rewritten."""
    with tempfile.TemporaryDirectory() as scratch_dir:
        scratch: ReadModelDB
        if isinstance(live, PostgresReadModels):
            schema = f"erasure_{os.getpid()}_{secrets.token_hex(4)}"
            scratch = PostgresReadModels(settings.read_model_conninfo(), schema=schema)
        else:
            scratch = SqliteReadModels(Path(scratch_dir) / "scratch.db")
        try:
            rewritten = rewrite_as_replayed(store, live, scratch)
        finally:
            if isinstance(scratch, PostgresReadModels):
                scratch.drop_schema()
            scratch.close()
    if rewritten.unreplayed:
        log.warning(
            "the replay after an erasure could not apply %d events: their rows are gone from the read models;"
            " `freight verify` names them",
            rewritten.unreplayed,
        )
    return rewritten.rows
