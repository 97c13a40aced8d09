"""The webhook policy's own state: its copy of the subscriptions and of each booking's last notified statuses,
and the deliveries it records (policy state, not read models: a replay keeps them).
"""

from __future__ import annotations

from infrastructure.read_db import ReadModelDB

SCHEMA = [
    "CREATE TABLE IF NOT EXISTS webhook_policy_subscriptions ("
    " id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, callback_url TEXT NOT NULL, active INTEGER NOT NULL)",
    "CREATE INDEX IF NOT EXISTS webhook_policy_subscriptions_customer"
    " ON webhook_policy_subscriptions (customer_id)",
    "CREATE TABLE IF NOT EXISTS webhook_policy_bookings ("
    " id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, reference TEXT, state TEXT NOT NULL, status TEXT,"
    " confirmed INTEGER NOT NULL, amendment_open INTEGER NOT NULL)",
    # The standard's amendedBookingStatus and bookingCancellationStatus last notified (a table of
    # its own so a policy state written before it needs no change).
    "CREATE TABLE IF NOT EXISTS webhook_policy_changes ("
    " id TEXT PRIMARY KEY, amended_status TEXT, cancellation_status TEXT)",
    # Each subscription's sealed secrets (the previous one while a rotation's overlap lasts) and the kinds of
    # notification it hears (JSON list; NULL: all). A table of its own, so older policy state needs no change.
    "CREATE TABLE IF NOT EXISTS webhook_policy_subscription_settings ("
    " id TEXT PRIMARY KEY, sealed_secret TEXT, previous_sealed_secret TEXT, previous_valid_until TEXT,"
    " event_types TEXT)",
    # Each shipping order's booking: the order's later events name only the order.
    "CREATE TABLE IF NOT EXISTS webhook_policy_orders (id TEXT PRIMARY KEY, rate_request_id TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS webhook_deliveries ("
    " id TEXT PRIMARY KEY, subscription_id TEXT NOT NULL, customer_id TEXT NOT NULL,"
    " rate_request_id TEXT NOT NULL, event_id TEXT NOT NULL, booking_status TEXT NOT NULL,"
    " body TEXT NOT NULL,"
    " state TEXT NOT NULL, attempts INTEGER NOT NULL, last_status INTEGER, last_error TEXT,"
    " last_attempt_at TEXT, next_attempt_at TEXT NOT NULL, window_started_at TEXT NOT NULL,"
    " delivered_at TEXT, lease_owner TEXT, lease_until TEXT, created_at TEXT NOT NULL,"
    " position BIGINT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at)",
    "CREATE INDEX IF NOT EXISTS webhook_deliveries_subscription"
    " ON webhook_deliveries (subscription_id, created_at)",
]


def ensure_tables(db: ReadModelDB) -> None:
    with db.transaction() as tx:
        for statement in SCHEMA:
            tx.execute(statement)
    # Policy state outlives releases (replay keeps it): a column added later is added to a table made before.
    # `sailing_estimated`: the booking was confirmed on an estimated sailing not yet replaced (its
    # notifications say so, as its /v2 read does).
    for table, column, kind in ADDED_COLUMNS:
        _add_column(db, table, column, kind)


ADDED_COLUMNS = (
    ("webhook_deliveries", "event_type", "TEXT"),
    ("webhook_policy_bookings", "sailing_estimated", "INTEGER"),
    # Whether the booking was requested through the standard (firm: staff confirm its price, decision
    # 0030), and its containers: a quote's notification says what GET /v2 says of it (the total too).
    # NULL in a row made before them: not firm, no total (what such notifications said then).
    ("webhook_policy_bookings", "firm", "INTEGER"),
    ("webhook_policy_bookings", "quantity", "INTEGER"),
    # Each shipping order's state as last notified: accepting an update is told as UPDATE_CONFIRMED.
    ("webhook_policy_orders", "state", "TEXT"),
    # How the subscription hears tracking events (NULL: the CloudEvents envelope).
    ("webhook_policy_subscription_settings", "tracking_format", "TEXT"),
)


def _add_column(db: ReadModelDB, table: str, column: str, kind: str) -> None:
    if db.dialect == "postgres":
        with db.transaction() as tx:
            tx.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}")
        return
    with db.read() as tx:
        columns = {row["name"] for row in tx.all(f"PRAGMA table_info({table})")}
    if column not in columns:
        with db.transaction() as tx:
            tx.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
