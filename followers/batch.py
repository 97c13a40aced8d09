"""`BatchTx`: the transaction handlers write through, so a batch of events costs a few statements, not one
or two per event.

Handlers describe row changes instead of issuing SQL:

- `insert(table, row)` buffers a new row; rows of one table (and one column set) go out together at `flush`
  (`executemany`; a live follower's pipelined batch on PostgreSQL: a few multi-row `INSERT`s; `COPY` for
  a rebuild's big batches on PostgreSQL).
- `update(table, key, changes)` merges plain assignments into the buffered row (a row inserted in the same
  batch is written once, already changed) or into one pending `UPDATE ... WHERE pk = ?` per row.
- `get(table, key)` answers the row as the handlers' earlier writes left it: buffered, else loaded once per
  batch (and then kept current by later `update`s).
- `add(table, row, *columns)` counts: `INSERT row ON CONFLICT (key) DO UPDATE SET column = column + ...`; a
  batch's adds to one row fold into one statement's row. A counter table is written only by `add` (adds
  commute, so their order against each other does not matter) and not read back within the batch.
- `raise_to(table, row, column)` keeps the greatest value seen (a latest position): the same upsert with the
  greater of the stored and the new value, folded the same way (a maximum commutes too), never read back.

Equivalence with the statement-per-event handlers: tables are independent (no triggers, no foreign keys), so
only the order of writes to one row matters, and each row's writes are folded in order; `UPDATE`s of rows that
do not exist change nothing either way. A plain `INSERT` of a key already inserted fails as before (it is
executed at once so the database raises). The plain `Tx` methods stay available and flush first, so a handler
that still writes SQL sees everything written before it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from infrastructure.read_db import Row, Tx, padded, placeholders, send

Key = tuple[Any, ...]

# Below this many rows an `executemany` is cheaper than opening a COPY.
COPY_THRESHOLD = 64
# Keys per statement of `preload` (well below either store's limit on parameters).
PRELOAD_CHUNK = 1024
# On a pipelined transaction (a live follower's batch on PostgreSQL) the statements of one preload cost one
# wait however many they are; psycopg parses the text of a statement of more than 50 parameters afresh each
# time (it caches only smaller ones), which cost more than the statement: keep each within its cache.
PIPELINED_CHUNK = 32
PIPELINED_PARAMETERS = 50
# A rebuild's batch on PostgreSQL: deletes and counter adds go as a few multi-row statements of at most this
# many parameters rather than one statement per row (the server's work per statement was most of each row's).
BULK_PARAMETERS = 16_000


class _Table:
    __slots__ = (
        "adds",
        "changes",
        "deleted",
        "greatest",
        "inserts",
        "keep_inserts",
        "key",
        "loaded",
        "name",
        "single",
    )

    def __init__(self, name: str, key: tuple[str, ...]) -> None:
        self.name = name
        self.key = key
        # The one key column of most tables: its key tuple is built without a generator.
        self.single = key[0] if len(key) == 1 else None
        self.inserts: dict[Key, Row] = {}
        # `INSERT ... ON CONFLICT DO NOTHING`: the stored row, if any, wins.
        self.keep_inserts: dict[Key, Row] = {}
        self.changes: dict[Key, Row] = {}
        self.loaded: dict[Key, Row | None] = {}
        # `DELETE ... WHERE <first key column> = ?` values, executed before this table's other writes.
        self.deleted: set[Any] = set()
        # Counters (`add`): the counted columns and the row to insert, holding the batch's sums, by key.
        self.adds: dict[Key, tuple[tuple[str, ...], Row]] = {}
        # Greatest values (`raise_to`): the column and the row to insert, with the batch's greatest, by key.
        self.greatest: dict[Key, tuple[tuple[str, ...], Row]] = {}

    def pending(self) -> bool:
        return bool(
            self.inserts or self.keep_inserts or self.changes or self.deleted or self.adds or self.greatest
        )


class BatchTx:
    """Wraps one read-model transaction for one batch; call `flush()` before the transaction commits."""

    def __init__(self, tx: Tx, tables: dict[str, tuple[str, ...]], *, bulk: bool = False) -> None:
        self.tx = tx
        self.dialect = tx.dialect
        # `bulk`: the tables were created empty by this run (a full rebuild), so COPY may carry every insert.
        self.bulk = bulk
        self._tables = {name: _Table(name, key) for name, key in tables.items()}
        self.statements = 0

    # -- buffered writes ------------------------------------------------------------------------------
    def _table(self, table: str) -> _Table:
        return self._tables[table]

    def _key(self, t: _Table, key: Any) -> Key:
        return key if isinstance(key, tuple) else (key,)

    def insert(self, table: str, row: Row, *, keep_existing: bool = False) -> None:
        """Buffer a new row; `keep_existing` is `ON CONFLICT DO NOTHING` on the primary key."""
        t = self._tables[table]
        key = (row[t.single],) if t.single is not None else tuple(row[c] for c in t.key)
        if keep_existing:
            if key in t.inserts or key in t.keep_inserts or key in t.changes:
                self._write_now(t, row, keep_existing)
                return
            if key in t.loaded:  # known here: a stored row is kept as it is, none means a plain insert
                if t.loaded[key] is None:
                    del t.loaded[key]
                    t.inserts[key] = dict(row)
                return
            t.keep_inserts[key] = dict(row)
            t.loaded.pop(key, None)
            return
        if key in t.inserts or key in t.keep_inserts or t.loaded.get(key) is not None:
            self._write_now(t, row, keep_existing)  # the database raises, as the plain INSERT did
            return
        # A pending update of a row that did not exist changed nothing; if it did exist this INSERT fails.
        t.changes.pop(key, None)
        t.loaded.pop(key, None)
        t.inserts[key] = dict(row)

    def update(self, table: str, key: Any, changes: Row) -> None:
        """`UPDATE table SET <changes> WHERE pk = key` (plain assignments only)."""
        # `_table` and `_key` written out: a rebuild calls this for most events.
        t = self._tables[table]
        k = key if isinstance(key, tuple) else (key,)
        inserted = t.inserts.get(k)
        if inserted is not None:
            inserted.update(changes)
            return
        t.changes.setdefault(k, {}).update(changes)
        loaded = t.loaded.get(k)
        if loaded is not None:
            loaded.update(changes)

    def add(self, table: str, row: Row, *columns: str) -> None:
        """Add each of `row[column]` to the counter row at `row`'s key (inserted with those counts when
        absent). Every add to one row names the same columns."""
        t = self._tables[table]
        key = (row[t.single],) if t.single is not None else tuple(row[c] for c in t.key)
        pending = t.adds.get(key)
        if pending is None:
            t.adds[key] = (columns, dict(row))
            return
        counted, sums = pending
        if counted != columns:
            raise ValueError(f"{table}: adds to one row count {counted}, not {columns}")
        for column in columns:
            sums[column] += row[column]

    def raise_to(self, table: str, row: Row, column: str) -> None:
        """Insert `row`, or raise the stored row's `column` to `row[column]` if that is greater (the stored
        one's other columns stay). A table written this way is written only so, and not read back."""
        t = self._tables[table]
        key = (row[t.single],) if t.single is not None else tuple(row[c] for c in t.key)
        pending = t.greatest.get(key)
        if pending is None:
            t.greatest[key] = ((column,), dict(row))
        elif pending[0] != (column,):
            raise ValueError(f"{table}: one row keeps the greatest {pending[0]}, not {column}")
        elif row[column] > pending[1][column]:
            pending[1][column] = row[column]

    def get(self, table: str, key: Any) -> Row | None:
        """The row as this batch's writes left it (do not mutate it; use `update`)."""
        t = self._tables[table]
        k = key if isinstance(key, tuple) else (key,)
        inserted = t.inserts.get(k)
        if inserted is not None:
            return inserted
        if k in t.loaded:
            return t.loaded[k]
        # Deleted in this batch (and not inserted since): gone, whatever the table holds until the flush.
        stored = None if k[0] in t.deleted else self._load(t, k)
        # A row buffered with `ON CONFLICT DO NOTHING`: the stored row, if any, wins; with none stored the
        # buffered row is a plain insert after all.
        kept = t.keep_inserts.pop(k, None)
        if kept is not None and stored is None:
            kept.update(t.changes.pop(k, {}))
            t.inserts[k] = kept
            return kept
        if stored is not None and k in t.changes:
            stored.update(t.changes[k])
        t.loaded[k] = stored
        return stored

    def _load(self, t: _Table, k: Key) -> Row | None:
        where = " AND ".join(f"{c} = ?" for c in t.key)
        self.statements += 1
        return self.tx.one(f"SELECT * FROM {t.name} WHERE {where}", k)

    def preload(self, table: str, keys: Iterable[Any]) -> None:
        """Load the rows at `keys` (one key column) in a few statements, so the `get`s that follow ask
        nothing: a rebuild's page and a follower's live batch alike. A key without a row is remembered as
        missing, exactly as a `get` would have found it; keys this batch has written, deleted or loaded
        already are left as they are. A table of several key columns, or not this batch's, is not loaded."""
        self.preload_tables({table: keys})

    def preload_tables(self, keys: dict[str, Iterable[Any]]) -> None:
        """`preload` of several tables at once: every statement is sent before any answer is read, so on a
        pipelined transaction (a live follower's batch on PostgreSQL) all of them cost one round trip."""
        sent = []
        pipelined = getattr(self.tx, "pipelined", False)
        for table, table_keys in keys.items():
            t = self._tables.get(table)
            column = None if t is None else t.single
            if t is None or column is None:
                continue
            wanted = [
                key
                for key in dict.fromkeys(table_keys)
                if (k := (key,)) not in t.loaded
                and k not in t.inserts
                and k not in t.keep_inserts
                and k not in t.changes
                and key not in t.deleted
            ]
            # Text keys on PostgreSQL go as one text[] parameter: one short statement, prepared once, whatever
            # the count. Other keys are listed, in statements psycopg keeps prepared (it parses a statement
            # of more than 50 parameters again at every call: a fifth of the live follower's CPU at 500/s).
            text_array = self.dialect == "postgres" and all(type(key) is str for key in wanted)
            size = PIPELINED_CHUNK if pipelined and not text_array else PRELOAD_CHUNK
            for start in range(0, len(wanted), size):
                chunk = wanted[start : start + size]
                self.statements += 1
                if text_array:
                    sql, params = f"SELECT * FROM {t.name} WHERE {column} = ANY(?)", [chunk]
                else:
                    params = padded(chunk)
                    sql = f"SELECT * FROM {t.name} WHERE {column} IN ({placeholders(params)})"
                sent.append((t, column, chunk, send(self.tx, sql, params)))
        for t, column, chunk, answer in sent:
            found = {str(row[column]): row for row in answer()}
            for key in chunk:
                t.loaded[(key,)] = found.get(str(key))

    def delete(self, table: str, first_key: Any) -> None:
        """`DELETE FROM table WHERE <first key column> = first_key`, buffered: this batch's earlier writes to
        those rows are dropped, and the statement goes out before the table's later writes."""
        t = self._tables[table]
        for pending in (t.inserts, t.keep_inserts, t.changes):
            for key in [key for key in pending if key[0] == first_key]:
                del pending[key]
        for key in t.loaded:
            if key[0] == first_key:
                t.loaded[key] = None
        t.deleted.add(first_key)

    def one_of(self, table: str, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """`one(sql)` for a statement that reads `table` alone: only that table's buffered writes go out first
        (the other tables' stay buffered)."""
        self.flush(table)
        self.statements += 1
        return self.tx.one(sql, params)

    # -- writing out ----------------------------------------------------------------------------------
    def _write_now(self, t: _Table, row: Row, keep_existing: bool) -> None:
        self.flush()
        columns = tuple(row)
        self.statements += 1
        self.tx.execute(_insert_sql(t.name, columns, t.key if keep_existing else None), tuple(row.values()))

    def insert_values(
        self, table: str, columns: tuple[str, ...], values: list[tuple[Any, ...]], *, keep_existing: bool
    ) -> None:
        """Insert rows of one shape, given as tuples in `columns`' order, now: `insert` of each without a
        dict per row, for rows no write of this batch has touched (an append-only table's page of a
        rebuild, event_log's). The table's buffered writes go out first."""
        if values:
            self.flush(table)
            t = self._tables[table]
            t.loaded.clear()  # a row read as missing may be one of these now
            self._insert_values(t, columns, values, keep_existing)

    def _insert_rows(self, t: _Table, rows: list[Row], keep_existing: bool) -> None:
        by_columns: dict[tuple[str, ...], list[tuple[Any, ...]]] = {}
        for row in rows:
            by_columns.setdefault(tuple(row), []).append(tuple(row.values()))
        for columns, values in by_columns.items():
            self._insert_values(t, columns, values, keep_existing)

    def _insert_values(
        self, t: _Table, columns: tuple[str, ...], values: list[tuple[Any, ...]], keep_existing: bool
    ) -> None:
        self.statements += 1
        copy = getattr(self.tx, "copy_rows", None)
        if copy is not None and len(values) >= COPY_THRESHOLD and (self.bulk or not keep_existing):
            copy(t.name, columns, values)
        elif len(values) == 1:
            self.tx.execute(_insert_sql(t.name, columns, t.key if keep_existing else None), values[0])
        elif getattr(self.tx, "pipelined", False):
            self._insert_pipelined(t, columns, values, keep_existing)
        else:
            self.tx.executemany(_insert_sql(t.name, columns, t.key if keep_existing else None), values)

    def _insert_pipelined(
        self, t: _Table, columns: tuple[str, ...], values: list[tuple[Any, ...]], keep_existing: bool
    ) -> None:
        self._rows_pipelined(t.name, columns, values, _do_nothing(t.key) if keep_existing else "")
        self.statements -= 1  # counted once by the caller already

    def _rows_pipelined(
        self, table: str, columns: tuple[str, ...], values: list[tuple[Any, ...]], conflict: str
    ) -> None:
        """Rows as multi-row `INSERT`s (psycopg's `executemany` sends a statement per row, even pipelined),
        each of a power of two rows and at most `PIPELINED_PARAMETERS` parameters: a few statement texts,
        each parsed once. Same rows, same order, same conflict clause."""
        most = max(1, PIPELINED_PARAMETERS // len(columns))
        most = 1 << (most.bit_length() - 1)
        done = 0
        while done < len(values):
            size = min(most, 1 << ((len(values) - done).bit_length() - 1))
            params = [value for row in values[done : done + size] for value in row]
            self.tx.execute(_insert_rows_sql(table, columns, conflict, size), params)
            done += size
            self.statements += 1

    def flush(self, table: str | None = None) -> None:
        """Write out what is buffered (only `table`'s when given; the other tables' stay buffered)."""
        for t in self._tables.values() if table is None else (self._tables[table],):
            if not t.pending():
                if table is None:
                    t.loaded.clear()
                continue
            inserts, keep, changes, deleted, adds, greatest = (
                list(t.inserts.values()),
                list(t.keep_inserts.values()),
                t.changes,
                t.deleted,
                list(t.adds.values()),
                list(t.greatest.values()),
            )
            t.inserts, t.keep_inserts, t.changes, t.deleted, t.adds, t.greatest = {}, {}, {}, set(), {}, {}
            t.loaded.clear()
            if deleted and self._multi_row():
                gone = list(deleted)
                for start in range(0, len(gone), BULK_PARAMETERS):
                    chunk = gone[start : start + BULK_PARAMETERS]
                    self.statements += 1
                    sql = f"DELETE FROM {t.name} WHERE {t.key[0]} IN ({placeholders(chunk)})"
                    self.tx.execute(sql, chunk)
            elif deleted:
                self._write(f"DELETE FROM {t.name} WHERE {t.key[0]} = ?", [(value,) for value in deleted])
            if inserts:
                self._insert_rows(t, inserts, keep_existing=False)
            if keep:
                self._insert_rows(t, keep, keep_existing=True)
            by_columns: dict[tuple[str, ...], list[tuple[Any, ...]]] = {}
            for key, values in changes.items():
                by_columns.setdefault(tuple(values), []).append((*values.values(), *key))
            for columns, params in by_columns.items():
                sql = (
                    f"UPDATE {t.name} SET {', '.join(f'{c} = ?' for c in columns)}"
                    f" WHERE {' AND '.join(f'{c} = ?' for c in t.key)}"
                )
                self._write(sql, params)
            if adds:
                self._add_rows(t, adds)
            if greatest:
                self._add_rows(t, greatest, greatest=True)

    def _add_rows(
        self, t: _Table, adds: list[tuple[tuple[str, ...], Row]], *, greatest: bool = False
    ) -> None:
        by_shape: dict[tuple[tuple[str, ...], tuple[str, ...]], list[tuple[Any, ...]]] = {}
        for counted, row in adds:
            by_shape.setdefault((tuple(row), counted), []).append(tuple(row.values()))
        # SQLite's two-argument MAX is PostgreSQL's GREATEST.
        larger = "MAX" if self.dialect == "sqlite" else "GREATEST"
        for (columns, counted), values in by_shape.items():
            sums = ", ".join(
                f"{c} = {larger}({t.name}.{c}, excluded.{c})"
                if greatest
                else f"{c} = {t.name}.{c} + excluded.{c}"
                for c in counted
            )
            conflict = f" ON CONFLICT ({', '.join(t.key)}) DO UPDATE SET {sums}"
            marks, names = f"({placeholders(columns)})", ", ".join(columns)
            if self._multi_row() and len(values) > 1:
                # Each key once (the batch's adds to a row are folded): one statement may carry them all.
                most = max(1, BULK_PARAMETERS // len(columns))
                for start in range(0, len(values), most):
                    chunk = values[start : start + most]
                    self.statements += 1
                    self.tx.execute(
                        f"INSERT INTO {t.name} ({names}) VALUES {', '.join([marks] * len(chunk))}" + conflict,
                        [value for one in chunk for value in one],
                    )
                continue
            if len(values) > 1 and getattr(self.tx, "pipelined", False):
                # A live follower's batch: the counters it moved (a state change moves two per scope) in a
                # few statements rather than one each (keys distinct: adds to a row are folded).
                self._rows_pipelined(t.name, columns, values, conflict)
                continue
            self._write(f"INSERT INTO {t.name} ({names}) VALUES {marks}{conflict}", values)

    def _multi_row(self) -> bool:
        """Whether rows go as multi-row statements: a rebuild's batch on PostgreSQL (a live follower's keeps
        the few statement texts psycopg prepares, and SQLite runs `executemany` in process)."""
        return self.bulk and self.dialect == "postgres" and not getattr(self.tx, "pipelined", False)

    def _write(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        """One statement's rows: executed once for one row, else as one `executemany`."""
        self.statements += 1
        if len(rows) == 1:
            self.tx.execute(sql, rows[0])
        else:
            self.tx.executemany(sql, rows)

    # -- the plain Tx, after everything buffered --------------------------------------------------------
    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self.flush()
        self.statements += 1
        self.tx.execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.flush()
        self.statements += 1
        self.tx.executemany(sql, rows)

    def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        self.flush()
        self.statements += 1
        return self.tx.one(sql, params)

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        self.flush()
        self.statements += 1
        return self.tx.all(sql, params)

    def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        self.flush()
        self.statements += 1
        return self.tx.scalar(sql, params)


_INSERTS: dict[tuple[str, tuple[str, ...], tuple[str, ...] | None], str] = {}
_ROW_INSERTS: dict[tuple[str, tuple[str, ...], str, int], str] = {}


def _insert_rows_sql(table: str, columns: tuple[str, ...], conflict: str, rows: int) -> str:
    cached = _ROW_INSERTS.get((table, columns, conflict, rows))
    if cached is None:
        row = f"({placeholders(columns)})"
        cached = f"INSERT INTO {table} ({', '.join(columns)}) VALUES {', '.join([row] * rows)}{conflict}"
        _ROW_INSERTS[(table, columns, conflict, rows)] = cached
    return cached


def _do_nothing(key: tuple[str, ...]) -> str:
    return f" ON CONFLICT ({', '.join(key)}) DO NOTHING"


def _insert_sql(table: str, columns: tuple[str, ...], keep_on: tuple[str, ...] | None) -> str:
    cached = _INSERTS.get((table, columns, keep_on))
    if cached is None:
        cached = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({placeholders(columns)})" + (
            _do_nothing(keep_on) if keep_on else ""
        )
        _INSERTS[(table, columns, keep_on)] = cached
    return cached
