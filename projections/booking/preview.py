"""A rate request's detail built from its own events, before the read models have applied them.

A command answers with the detail of what it changed. Where the read models are applied in another process
(the compose topology's `freight follow`), waiting for that process put it in every command's path (worker ->
PostgreSQL -> follower -> PostgreSQL -> worker). Instead the worker runs the booking projection's own handlers
over the aggregate's events (the rate request's and its order's) into rows held in memory, and renders those
rows as the detail query renders the table's: the same handlers, so the same answer the follower's rows will
give (tests/api/test_fresh_answers.py compares them). Nothing is written; the reference tables and the
customer's profile are read as they are.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from followers.batch import BatchTx
from infrastructure.read_db import Tx
from projections.booking import queries
from projections.booking.handlers import ORDERS, RATE_REQUESTS, projection

Row = dict[str, Any]


class NotPreviewable(Exception):
    """A handler asked for more than rows of its own tables: the answer must come from the read models."""


class _Rows:
    """What the booking handlers write through (`insert`, `update`, `get`), kept in memory."""

    dialect = "memory"

    def __init__(self) -> None:
        self.tables: dict[str, dict[tuple[Any, ...], Row]] = {name: {} for name in projection.tables}

    def _key(self, table: str, key: Any) -> tuple[Any, ...]:
        return key if isinstance(key, tuple) else (key,)

    def insert(self, table: str, row: Row, *, keep_existing: bool = False) -> None:
        columns = projection.tables[table]
        key = tuple(row[c] for c in columns)
        if key in self.tables[table] and keep_existing:
            return
        self.tables[table][key] = dict(row)

    def update(self, table: str, key: Any, changes: Row) -> None:
        row = self.tables[table].get(self._key(table, key))
        if row is not None:
            row.update(changes)

    def get(self, table: str, key: Any) -> Row | None:
        return self.tables[table].get(self._key(table, key))

    def add(self, table: str, row: Row, *columns: str) -> None:
        """A counter (the requests per customer and state): folded here as the table folds it."""
        key = tuple(row[c] for c in projection.tables[table])
        kept = self.tables[table].setdefault(key, {**row, **dict.fromkeys(columns, 0)})
        for column in columns:
            kept[column] += row[column]

    def __getattr__(self, name: str) -> Any:
        raise NotPreviewable(name)


def rate_request_detail(
    tx: Tx, rate_request_id: str, events: Iterable[Any]
) -> queries.RateRequestRecord | None:
    """The record of `rate_request_id` after `events` (the rate request's and its shipping order's, each
    aggregate's in order); None when they do not make one."""
    rows = _Rows()
    via_api = False
    ordered = sorted(events, key=lambda event: event.timestamp)  # one clock; each aggregate's in order
    for event in ordered:
        if getattr(event, "booking_content", None) is not None:
            via_api = True
        handler = projection.handler_for_type(type(event))
        if handler is not None:
            handler(cast(BatchTx, rows), event, 0)
    request = rows.get(RATE_REQUESTS, rate_request_id)
    if request is None:
        return None
    order = rows.get(ORDERS, request["order_id"]) if request.get("order_id") else None
    return queries.detail_of_rows(tx, request, order, via_api)
