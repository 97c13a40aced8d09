"""The messaging policy: sign-up and password messages, sailing notices and booking e-mails, handed to the
delivery port (e-mail or the outbox).

It follows the store with its own tracking row (followers/follower.py). A batch that fails (a command
conflict, an SMTP error) is not tracked and is applied again later; the message ids make the second run a
no-op for what the first run did already.

Messages go to the delivery port exactly once per id across processes, restarts and takeovers: the id is
claimed in `sent_messages` (in the shared store, beside the tracking row) in the batch's own transaction,
just before the message is handed over, and a claimed id is never handed over again. The one window left
is a crash or lost commit after the hand-over and before the commit; the adapters close it themselves
(the outbox skips an id it holds, SMTP records its attempt first and reuses the Message-ID).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.accounts.messages import (
    MESSAGE_EVENTS,
    Delivery,
    Message,
    language_in,
    languages_read,
    messages_for,
)
from domain.booking.emails import EMAIL_EVENTS, aggregates_read, emails_for
from domain.booking.sailing_emails import SAILING_MESSAGE_EVENTS, sailing_customer, sailing_messages
from domain.shared.links import Links
from domain.tracking.emails import TRACKING_EMAIL_EVENTS, tracking_aggregates_read, tracking_emails
from followers.follower import Batch, Follower
from infrastructure.aggregate_reader import AggregateReader
from infrastructure.event_store import SharedStore
from infrastructure.leases import Lease
from infrastructure.read_db import ReadModelDB, Tx
from infrastructure.wakeups import Wakeups

MESSAGING_POLICY = "messaging_policy"

SENT_MESSAGES_DDL = (
    "CREATE TABLE IF NOT EXISTS sent_messages"
    " (id TEXT PRIMARY KEY, channel TEXT NOT NULL, position BIGINT NOT NULL)"
)


# Rows per claiming statement (SQLite binds at most a few thousand values in one).
CLAIM_ROWS = 300


def claim_message(tx: Tx, message: Message, position: int) -> bool:
    """Record that `message` is handed to the port now; False when it was handed over before."""
    claimed = tx.scalar(
        "INSERT INTO sent_messages (id, channel, position) VALUES (?, ?, ?)"
        " ON CONFLICT (id) DO NOTHING RETURNING id",
        (message.id, message.channel, position),
    )
    return claimed is not None


def claim_messages(tx: Tx, due: Sequence[tuple[Message, int]]) -> set[str]:
    """`claim_message` for a batch's messages, in one statement per `CLAIM_ROWS`: the ids claimed now."""
    first: dict[str, tuple[str, str, int]] = {}
    for message, position in due:
        first.setdefault(message.id, (message.id, message.channel, position))  # as one at a time would
    rows = list(first.values())
    claimed: set[str] = set()
    for start in range(0, len(rows), CLAIM_ROWS):
        chunk = rows[start : start + CLAIM_ROWS]
        values = ", ".join("(?, ?, ?)" for _ in chunk)
        found = tx.all(
            f"INSERT INTO sent_messages (id, channel, position) VALUES {values}"
            " ON CONFLICT (id) DO NOTHING RETURNING id",
            [value for row in chunk for value in row],
        )
        claimed.update(str(row["id"]) for row in found)
    return claimed


def messaging_follower(
    store: SharedStore,
    db: ReadModelDB,
    delivery: Delivery,
    secret: str,
    links: Links,
    lease: Lease | None = None,
    wakeups: Wakeups | None = None,
    booking_emails: bool = False,
) -> Follower:
    """Sign-up and password messages, and (given `booking_emails`) the booking e-mails a customer has not
    turned off (domain/booking/emails.py), built from the aggregates as they are now: those a batch reads
    loaded in one statement (infrastructure/aggregate_reader.py)."""
    with db.transaction() as tx:
        tx.execute(SENT_MESSAGES_DDL)
    reader = AggregateReader(store)

    def apply(tx: Tx, batch: Batch) -> None:
        wanted = [key for _position, event in batch if (key := languages_read(event)) is not None]
        # A sailing's e-mail is written in its customer's language.
        wanted += [key for _position, event in batch if (key := sailing_customer(event)) is not None]
        if booking_emails:
            wanted += [
                key
                for _position, event in batch
                for key in (*aggregates_read(event), *tracking_aggregates_read(event))
            ]
        reader.begin(wanted)

        def language_of(event: object) -> str:
            key = languages_read(event)
            return language_in(event, None if key is None else reader(key))

        due: list[tuple[Message, int]] = []
        for position, event in batch:
            due += [(message, position) for message in messages_for(event, secret, links, language_of)]
            due += [(message, position) for message in sailing_messages(event, reader, links)]
            if booking_emails:
                due += [(message, position) for message in emails_for(event, reader, links)]
                due += [(message, position) for message in tracking_emails(event, reader, links)]
        due = [(message, position) for message, position in due if message.deliverable]
        claimed = claim_messages(tx, due)
        for message, _position in due:
            if message.id in claimed:
                claimed.discard(message.id)  # an id twice in one batch goes once
                delivery.send(message)

    handles = (*MESSAGE_EVENTS, *SAILING_MESSAGE_EVENTS, *EMAIL_EVENTS, *TRACKING_EMAIL_EVENTS)
    return Follower(MESSAGING_POLICY, store, db, apply, lease=lease, wakeups=wakeups, handles=handles)
