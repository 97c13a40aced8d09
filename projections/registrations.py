"""Read model `registrations`: sign-up requests for staff review (no code hashes)."""

from __future__ import annotations

import json
from typing import Any

from domain.accounts.registration import Registration
from domain.shared.aggregate import Recorded
from domain.shared.lifecycle import lifecycle
from followers.batch import BatchTx
from infrastructure.read_db import Tx
from projections.projection import Projection

projection = Projection(
    name="registrations",
    tables={"registrations": ("id",)},
    schema=[
        "CREATE TABLE IF NOT EXISTS registrations ("
        " id TEXT PRIMARY KEY, identity TEXT NOT NULL UNIQUE, kind INTEGER NOT NULL, state TEXT NOT NULL,"
        " state_code INTEGER NOT NULL, review_rank INTEGER NOT NULL, phone TEXT NOT NULL,"
        " details TEXT NOT NULL,"
        " wrong_tries INTEGER NOT NULL, decline_message TEXT, started_at TEXT NOT NULL,"
        " submitted_at TEXT, updated_at TEXT NOT NULL, decided_by TEXT, decided_at TEXT,"
        " position BIGINT NOT NULL)",
        "CREATE INDEX IF NOT EXISTS registrations_review ON registrations (review_rank, submitted_at)",
    ],
)

# Listed for staff once details are in; pending first, then the others.
RANK = {"started": 9, "details_submitted": 1, "pending": 0, "accepted": 1, "declined": 1}


def _state(tx: BatchTx, event: Recorded, position: int, state: str, **extra: Any) -> None:
    tx.update(
        "registrations",
        str(event.originator_id),
        {
            "state": state,
            "state_code": lifecycle("registration").code(state),
            "review_rank": RANK[state],
            "updated_at": event.timestamp.isoformat(),
            "position": position,
            **extra,
        },
    )


@projection.on(Registration.Started)
def started(tx: BatchTx, event: Registration.Started, position: int) -> None:
    at = event.timestamp.isoformat()
    tx.insert(
        "registrations",
        {
            "id": str(event.originator_id),
            "identity": event.identity,
            "kind": event.kind,
            "state": event.state,
            "state_code": lifecycle("registration").code(event.state),
            "review_rank": RANK[event.state],
            "phone": event.phone,
            "details": "{}",
            "wrong_tries": 0,
            "decline_message": None,
            "started_at": at,
            "submitted_at": None,
            "updated_at": at,
            "decided_by": None,
            "decided_at": None,
            "position": position,
        },
    )


@projection.on(Registration.Restarted)
def restarted(tx: BatchTx, event: Registration.Restarted, position: int) -> None:
    _state(
        tx,
        event,
        position,
        event.state,
        kind=event.kind,
        phone=event.phone,
        details="{}",
        wrong_tries=0,
        decline_message=None,
        started_at=event.timestamp.isoformat(),
        submitted_at=None,
        decided_by=None,
        decided_at=None,
    )


@projection.on(Registration.DetailsSubmitted)
def details_submitted(tx: BatchTx, event: Registration.DetailsSubmitted, position: int) -> None:
    _state(
        tx,
        event,
        position,
        event.state,
        phone=event.phone,
        details=json.dumps(event.details, sort_keys=True),
        wrong_tries=0,
        submitted_at=event.timestamp.isoformat(),
    )


@projection.on(Registration.CodeResent)
def code_resent(tx: BatchTx, event: Registration.CodeResent, position: int) -> None:
    tx.update(
        "registrations",
        str(event.originator_id),
        {"wrong_tries": 0, "updated_at": event.timestamp.isoformat(), "position": position},
    )


@projection.on(Registration.CodeRejected)
def code_rejected(tx: BatchTx, event: Registration.CodeRejected, position: int) -> None:
    tx.update(
        "registrations",
        str(event.originator_id),
        {"wrong_tries": event.wrong_tries, "updated_at": event.timestamp.isoformat(), "position": position},
    )


@projection.on(Registration.Verified)
def verified(tx: BatchTx, event: Registration.Verified, position: int) -> None:
    _state(tx, event, position, event.state)


def _decided(event: Registration.Accepted | Registration.Declined) -> dict[str, Any]:
    """Who decided (staff's account id, named by the staff read model when read) and when."""
    return {"decided_by": event.actor_id, "decided_at": event.timestamp.isoformat()}


@projection.on(Registration.Accepted)
def accepted(tx: BatchTx, event: Registration.Accepted, position: int) -> None:
    _state(tx, event, position, event.state, **_decided(event))


@projection.on(Registration.Declined)
def declined(tx: BatchTx, event: Registration.Declined, position: int) -> None:
    _state(tx, event, position, event.state, decline_message=event.reason, **_decided(event))


# -- queries ------------------------------------------------------------------------------------------------
LISTED = "review_rank < 9"


def page(tx: Tx, page_number: int, limit: int) -> tuple[list[dict[str, Any]], int]:
    rows = tx.all(
        f"SELECT * FROM registrations WHERE {LISTED} ORDER BY review_rank, submitted_at DESC, id"
        " LIMIT ? OFFSET ?",
        (limit, (page_number - 1) * limit),
    )
    total = int(tx.scalar(f"SELECT COUNT(*) FROM registrations WHERE {LISTED}") or 0)
    return rows, total


def find(tx: Tx, identity: str) -> dict[str, Any] | None:
    """A sign-up by its identity number, with the login name of whoever decided it (`decided_by_name`)."""
    return tx.one(
        "SELECT r.*, d.username AS decided_by_name FROM registrations r"
        " LEFT JOIN accounts d ON d.id = r.decided_by WHERE r.identity = ?",
        (identity,),
    )
