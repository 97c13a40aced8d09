"""A read model: its tables and the function per event that keeps them.

Handlers use only what the event carries (its timestamp included), never the clock, so a rebuild gives
the very same rows as the live run: that is what `freight verify` checks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar, overload

from domain.shared.aggregate import Recorded
from followers.batch import BatchTx
from infrastructure.read_db import Tx

Handler = Callable[[BatchTx, Any, int], None]
A = TypeVar("A")
B = TypeVar("B")
C = TypeVar("C")
D = TypeVar("D")
E = TypeVar("E")
F = TypeVar("F")
# A handler of the event types it is registered for: mypy checks it takes each of them (typed by class).
On = Callable[[Callable[[BatchTx, Any, int], None]], Handler]


@dataclass
class Projection:
    name: str
    # Each table with the columns of its primary key, in the order rows are compared.
    tables: dict[str, tuple[str, ...]]
    schema: list[str]
    handlers: dict[type, Handler] = field(default_factory=dict)
    # Rows the handler of an event type reads by key (`tx.get`): a rebuild loads a page's worth of them in one
    # statement per table instead of one per event. Optional: an undeclared read is still answered.
    reads: dict[type, list[tuple[str, Callable[[Any], Any]]]] = field(default_factory=dict)
    # Tables (one-column keys) every handler of this projection reads at its event's originator id (a move
    # reads its rate request's row): declared once for all of them.
    reads_own: tuple[str, ...] = ()

    @overload
    def on(self, a: type[A], /) -> Callable[[Callable[[BatchTx, A, int], None]], Handler]: ...
    @overload
    def on(self, a: type[A], b: type[B], /) -> Callable[[Callable[[BatchTx, A | B, int], None]], Handler]: ...
    @overload
    def on(
        self, a: type[A], b: type[B], c: type[C], /
    ) -> Callable[[Callable[[BatchTx, A | B | C, int], None]], Handler]: ...
    @overload
    def on(
        self, a: type[A], b: type[B], c: type[C], d: type[D], /
    ) -> Callable[[Callable[[BatchTx, A | B | C | D, int], None]], Handler]: ...
    @overload
    def on(
        self, a: type[A], b: type[B], c: type[C], d: type[D], e: type[E], /
    ) -> Callable[[Callable[[BatchTx, A | B | C | D | E, int], None]], Handler]: ...
    @overload
    def on(
        self, a: type[A], b: type[B], c: type[C], d: type[D], e: type[E], f: type[F], /
    ) -> Callable[[Callable[[BatchTx, A | B | C | D | E | F, int], None]], Handler]: ...

    def on(self, *event_types: type) -> On:
        """Register the decorated handler for these event types; its `event` parameter must take each of
        them (mypy says so when it does not: a handler is typed by the classes it is for)."""

        def register(handler: Handler) -> Handler:
            for event_type in event_types:
                self.handlers[event_type] = handler
            return handler

        return register

    def reads_by_key(self, event_type: type, table: str, key: Callable[[Any], Any]) -> None:
        """Declare that handling `event_type` (or a subclass) reads the row of `table` at `key(event)`."""
        self.reads.setdefault(event_type, []).append((table, key))

    def reads_for_type(self, event_type: type) -> list[tuple[str, Callable[[Any], Any]]]:
        declared = [read for klass in event_type.__mro__ for read in self.reads.get(klass, ())]
        if self.reads_own and self.handler_for_type(event_type) is not None:
            declared += [(table, _own_row) for table in self.reads_own]
        return declared

    def handler_for_type(self, event_type: type) -> Handler | None:
        for klass in event_type.__mro__:
            handler = self.handlers.get(klass)
            if handler is not None:
                return handler
        return None

    def create(self, tx: Tx, *, indexes: bool = True) -> None:
        for statement in self.schema:
            if indexes or not is_index(statement):
                tx.execute(statement)

    def create_indexes(self, tx: Tx) -> None:
        """The secondary indexes alone (a full rebuild creates them after the bulk load)."""
        for statement in self.schema:
            if is_index(statement):
                tx.execute(statement)

    def drop(self, tx: Tx) -> None:
        for table in self.tables:
            tx.execute(f"DROP TABLE IF EXISTS {table}")


def is_index(statement: str) -> bool:
    return statement.lstrip().upper().startswith(("CREATE INDEX", "CREATE UNIQUE INDEX"))


def _own_row(event: Recorded) -> str | None:
    # An aggregate's first event finds no row of its own yet: nothing to load for it.
    return None if event.originator_version == 1 else str(event.originator_id)
