"""Read-model rows that need attention: rows of an aggregate one of whose events the read models
parked (followers/dead_letters.py). What such a row shows may be behind the store until someone retries or
skips the event with `freight dead-letters`.

The mark is not a column copied onto each table: it is read from `dead_letters` beside the rows, keyed by the
aggregates whose events make them. So it appears with the parking, and goes in the same transaction as the
retry or the skip that settles the event (no second write that could disagree), and a rebuild, which parks
again what still fails, keeps it.

Which aggregates make which rows (where they can be told from the row):
- a booking's list and detail rows: the rate request, and its shipping order (its id is name-based on the
  rate request's);
- a sign-up's rows: the registration, and the account opened from it (its id is name-based on the identity).
Rows of an aggregate whose first event was parked do not exist, so there is nothing to mark: the parked
event itself is what `/health` and `freight dead-letters` name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from domain.accounts.account import account_id
from domain.booking.shipping_order import ShippingOrder
from domain.shared.ids import generation_of
from followers import dead_letters
from infrastructure.read_db import Tx
from projections.registry import READ_MODELS


@dataclass(frozen=True)
class Attention:
    """Why a row needs attention: the read models' parked events of its aggregates."""

    positions: tuple[int, ...]
    # When the earliest of them was first tried (ISO 8601, UTC).
    since: str


# Parked read-model events by the aggregate they belong to.
Parked = Mapping[str, list[dead_letters.DeadLetter]]


def parked_by_aggregate(tx: Tx) -> Parked:
    """One small read per answer (the table holds only what went wrong): the parked events by aggregate."""
    found: dict[str, list[dead_letters.DeadLetter]] = {}
    for letter in dead_letters.letters(tx, dead_letters.PARKED, READ_MODELS):
        found.setdefault(letter.aggregate_id, []).append(letter)
    return found


def _of(parked: Parked, aggregates: Iterable[str]) -> Attention | None:
    letters = [letter for aggregate in aggregates for letter in parked.get(aggregate, ())]
    if not letters:
        return None
    return Attention(
        positions=tuple(sorted(letter.position for letter in letters)),
        since=min(letter.first_try for letter in letters),
    )


def of_booking(parked: Parked, rate_request_id: str) -> Attention | None:
    if not parked:
        return None
    order = str(ShippingOrder.create_id(rate_request_id=rate_request_id))
    return _of(parked, (rate_request_id, order))


def of_registration(parked: Parked, registration_id: str, identity: str) -> Attention | None:
    if not parked:
        return None
    generation = generation_of(registration_id, "registration", identity)
    if generation is None:  # the identity reads erased
        return _of(parked, (registration_id,))
    return _of(parked, (registration_id, str(account_id(identity, generation))))
