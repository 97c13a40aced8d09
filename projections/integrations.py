"""Read models of the integrations context: a customer's API keys (by hash, for authentication) and
webhook subscriptions (for the profile screen)."""

from __future__ import annotations

import json
from typing import Any

from domain.integrations.api_key import ApiKey
from domain.integrations.webhook_subscription import CLOUDEVENTS, WebhookSubscription
from followers.batch import BatchTx
from infrastructure.read_db import Tx
from projections.credentials import insert_key, listed_keys, live_key, revoke_key
from projections.history import utc_text
from projections.projection import Projection

KEYS = "integration_api_keys"
WEBHOOKS = "integration_webhooks"

projection = Projection(
    name="integrations",
    tables={KEYS: ("id",), WEBHOOKS: ("id",)},
    schema=[
        f"CREATE TABLE IF NOT EXISTS {KEYS} ("
        " id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, account_type INTEGER NOT NULL,"
        " username TEXT NOT NULL, label TEXT NOT NULL, key_hash TEXT NOT NULL, hint TEXT NOT NULL,"
        " created_at TEXT NOT NULL, revoked_at TEXT, position BIGINT NOT NULL)",
        f"CREATE UNIQUE INDEX IF NOT EXISTS integration_keys_hash ON {KEYS} (key_hash)",
        f"CREATE INDEX IF NOT EXISTS integration_keys_customer ON {KEYS} (customer_id, created_at)",
        f"CREATE TABLE IF NOT EXISTS {WEBHOOKS} ("
        " id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, callback_url TEXT NOT NULL,"
        " created_at TEXT NOT NULL, removed_at TEXT, event_types TEXT, secret_rotated_at TEXT,"
        " previous_secret_valid_until TEXT, position BIGINT NOT NULL, tracking_format TEXT)",
        f"CREATE INDEX IF NOT EXISTS integration_webhooks_customer ON {WEBHOOKS} (customer_id, created_at)",
    ],
)


@projection.on(ApiKey.Issued)
def key_issued(tx: BatchTx, event: ApiKey.Issued, position: int) -> None:
    owner = {"customer_id": event.customer_id, "account_type": event.account_type, "username": event.username}
    insert_key(tx, KEYS, event, position, **owner)


@projection.on(ApiKey.Revoked)
def key_revoked(tx: BatchTx, event: ApiKey.Revoked, position: int) -> None:
    revoke_key(tx, KEYS, event, position)


@projection.on(WebhookSubscription.Subscribed)
def subscribed(tx: BatchTx, event: WebhookSubscription.Subscribed, position: int) -> None:
    tx.insert(
        WEBHOOKS,
        {
            "id": str(event.originator_id),
            "customer_id": event.customer_id,
            "callback_url": event.callback_url,
            "created_at": utc_text(event.timestamp),
            "removed_at": None,
            "event_types": _types(event.event_types),
            "secret_rotated_at": None,
            "previous_secret_valid_until": None,
            "position": position,
            "tracking_format": event.tracking_format,
        },
    )


def _types(event_types: list[str] | None) -> str | None:
    return None if event_types is None else json.dumps(event_types)


@projection.on(WebhookSubscription.SecretRotated)
def secret_rotated(tx: BatchTx, event: WebhookSubscription.SecretRotated, position: int) -> None:
    tx.update(
        WEBHOOKS,
        str(event.originator_id),
        {
            "secret_rotated_at": utc_text(event.timestamp),
            "previous_secret_valid_until": utc_text(event.previous_valid_until),
            "position": position,
        },
    )


@projection.on(WebhookSubscription.EventTypesChosen)
def event_types_chosen(tx: BatchTx, event: WebhookSubscription.EventTypesChosen, position: int) -> None:
    tx.update(
        WEBHOOKS, str(event.originator_id), {"event_types": _types(event.event_types), "position": position}
    )


@projection.on(WebhookSubscription.Unsubscribed)
def unsubscribed(tx: BatchTx, event: WebhookSubscription.Unsubscribed, position: int) -> None:
    tx.update(
        WEBHOOKS, str(event.originator_id), {"removed_at": utc_text(event.timestamp), "position": position}
    )


# -- queries --------------------------------------------------------------------------
def key_by_hash(tx: Tx, key_hash: str) -> dict[str, Any] | None:
    return live_key(tx, KEYS, key_hash)


def keys_of(tx: Tx, customer_id: str) -> list[dict[str, Any]]:
    rows = tx.all(f"SELECT * FROM {KEYS} WHERE customer_id = ? ORDER BY created_at DESC, id", (customer_id,))
    return listed_keys(rows)


def webhooks_of(tx: Tx, customer_id: str) -> list[dict[str, Any]]:
    rows = tx.all(
        f"SELECT * FROM {WEBHOOKS} WHERE customer_id = ? AND removed_at IS NULL ORDER BY created_at DESC, id",
        (customer_id,),
    )
    return [
        {
            "id": r["id"],
            "callback_url": r["callback_url"],
            "created_at": r["created_at"],
            "event_types": None if r["event_types"] is None else json.loads(r["event_types"]),
            "secret_rotated_at": r["secret_rotated_at"],
            "previous_secret_valid_until": r["previous_secret_valid_until"],
            "tracking_format": r["tracking_format"] or CLOUDEVENTS,
        }
        for r in rows
    ]
