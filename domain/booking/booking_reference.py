"""The human booking reference, `FB-<year>-<6 digits>`: assigned once, when a rate request is created.

Uniqueness is the store's optimistic concurrency, as for usernames: a reference is claimed by an aggregate
whose id is name-based on the reference text, recorded in the same transaction as the rate request. Two
creates that chose the same number cannot both be stored; the loser takes the next free number and tries
again. Each process keeps a per-year hint of the next number (taken under a lock, so its own creates never
collide and still commit together); after a lost race it looks for the first free number again.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from typing import Any, Protocol
from uuid import UUID

from eventsourcing.domain import event

from domain.shared.actor import Actor
from domain.shared.aggregate import ActorCreated, DomainAggregate, audit_fields
from domain.shared.ids import name_based_id

PATTERN = re.compile(r"^FB-(\d{4})-(\d{6})$")
LAST_NUMBER = 999_999


def booking_reference(year: int, number: int) -> str:
    return f"FB-{year:04d}-{number:06d}"


def reference_claim_id(reference: str) -> UUID:
    return name_based_id("booking-reference", reference.upper())


class ReferenceClaim(DomainAggregate):
    """One booking reference, taken by one rate request. It never changes after it is created."""

    @staticmethod
    def create_id(reference: str, **_: Any) -> UUID:
        return reference_claim_id(reference)

    class Claimed(ActorCreated):
        reference: str
        rate_request_id: str

    @event(Claimed)
    def __init__(
        self, reference: str, rate_request_id: str, actor_id: str, actor_role: str, reason: str | None
    ) -> None:
        self.reference = reference
        self.rate_request_id = rate_request_id

    @classmethod
    def claim(cls, reference: str, rate_request_id: UUID | str, actor: Actor) -> ReferenceClaim:
        return cls(reference=reference, rate_request_id=str(rate_request_id), **audit_fields(actor))


class SharedCounter(Protocol):
    """A per-year counter every process of a deployment shares (infrastructure/reference_counters.py)."""

    def take(self, year: int) -> int | None:
        """The next number of `year`, counted; None while `year` has no counter yet."""

    def raise_to(self, year: int, number: int) -> None:
        """Make `number` the next one of `year`, unless the counter is past it already."""

    def give_back(self, year: int, number: int) -> None:
        """`number` was taken but not used: make it the next one again, if no later number was taken."""


class ReferenceNumbers:
    """Hands out candidate references per year; `taken(reference)` asks the store whether one is claimed.

    Numbers are dense (gaps only where a create failed after choosing its number), so the first free
    number is found by galloping and bisecting over `taken`: a few store reads on the first create of a
    year in this process and after a race lost to another process.

    With a `shared` counter (several API workers) the numbers come from it: with a counter per process the
    workers leapfrogged, nearly every other create claiming a number the other worker had just claimed, and
    each lost race rolled back a whole group-commit transaction. The claim stays the guarantee; the counter
    only makes a lost race rare (a counter behind the claims is raised past them after one).
    """

    def __init__(self, taken: Callable[[str], bool], shared: SharedCounter | None = None) -> None:
        self._taken = taken
        self._shared = shared
        self._next: dict[int, int] = {}
        self._lock = threading.Lock()

    def next(self, year: int) -> str:
        if self._shared is not None:
            number = self._shared.take(year)
            if number is None:
                self._shared.raise_to(year, self._first_free(year, 1))
                number = self._shared.take(year)
            if number is None or number > LAST_NUMBER:
                raise OverflowError(f"No booking reference left for {year}")
            return booking_reference(year, number)
        with self._lock:
            number = self._next.get(year)
            if number is None:
                number = self._first_free(year, 1)
            if number > LAST_NUMBER:
                raise OverflowError(f"No booking reference left for {year}")
            self._next[year] = number + 1
        return booking_reference(year, number)

    def unused(self, reference: str) -> None:
        """A create failed before anything was stored (a bug, an unreachable store): the next create takes
        `reference` again, unless a later number was handed out meanwhile (then it stays a gap)."""
        matched = PATTERN.fullmatch(reference)
        if matched is None:
            return
        year, number = int(matched.group(1)), int(matched.group(2))
        if self._shared is not None:
            self._shared.give_back(year, number)
            return
        with self._lock:
            if self._next.get(year) == number + 1:
                self._next[year] = number

    def lost(self, reference: str) -> None:
        """Another process claimed `reference`: continue after the numbers taken from there on."""
        matched = PATTERN.fullmatch(reference)
        if matched is None:
            return
        year, number = int(matched.group(1)), int(matched.group(2))
        if self._shared is not None:
            self._shared.raise_to(year, self._first_free(year, number + 1))
            return
        with self._lock:
            self._next[year] = max(self._next.get(year, 1), self._first_free(year, number + 1))

    def _first_free(self, year: int, start: int) -> int:
        def taken(number: int) -> bool:
            return number <= LAST_NUMBER and self._taken(booking_reference(year, number))

        if not taken(start):
            return start
        low, step = start, 1  # `low` is taken; find a free `high` above it, doubling the step
        high = start + step
        while taken(high):
            low, step = high, step * 2
            high = start + step
        while high - low > 1:  # bisect: low taken, high free
            middle = (low + high) // 2
            if taken(middle):
                low = middle
            else:
                high = middle
        return high
