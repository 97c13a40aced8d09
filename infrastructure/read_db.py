"""The read-model database: SQLite file by default, PostgreSQL when the settings say so.

Projections and queries write portable SQL with `?` placeholders; this module is the one place that knows
how each engine wants it.
"""

from __future__ import annotations

import contextvars
import functools
import logging
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote

from infrastructure.private_files import private_file

log = logging.getLogger(__name__)

Row = dict[str, Any]


def placeholders(values: Iterable[object]) -> str:
    """`?, ?, ?`: one parameter mark per value, for `IN (...)` lists and `VALUES (...)` rows."""
    return ", ".join("?" for _ in values)


def padded(values: list[Any]) -> list[Any]:
    """`values` with its last one repeated up to a power of two: an `IN` list then takes one of a few
    statement texts, each prepared once (psycopg keeps up to 50 parameters' worth of statements)."""
    return values + values[-1:] * ((1 << (len(values) - 1).bit_length()) - len(values))


class Tx(Protocol):
    dialect: str

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None: ...

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any: ...


def send(tx: Any, sql: str, params: Sequence[Any] = ()) -> Callable[[], list[Row]]:
    """Issue a statement now and read its rows later: on a pipelined PostgreSQL transaction (a follower's
    batch) statements sent one after another come back in one round trip, at the first read of any of them.
    Elsewhere (SQLite, a plain transaction) it runs at once, as `all` does."""
    sender = getattr(tx, "send", None)
    if sender is None:
        rows = tx.all(sql, params)
        return lambda: rows
    answer: Callable[[], list[Row]] = sender(sql, params)
    return answer


class ReadModelDB(Protocol):
    dialect: str

    def transaction(self, durable: bool = True) -> Any: ...

    def read(self, fresh: bool = False) -> Any: ...

    def snapshot(self) -> Any: ...

    def close(self) -> None: ...


class _SqliteTx:
    dialect = "sqlite"

    def __init__(self, conn: sqlite3.Connection, memo: dict[Any, Any] | None = None) -> None:
        self.conn = conn
        # Read transactions carry their database's memo: query functions keep rows that never change there.
        self.memo = memo

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self.conn.execute(sql, tuple(params))

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.conn.executemany(sql, [tuple(r) for r in rows])

    def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        row = self.conn.execute(sql, tuple(params)).fetchone()
        return dict(row) if row is not None else None

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return [dict(r) for r in self.conn.execute(sql, tuple(params)).fetchall()]

    def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = self.conn.execute(sql, tuple(params)).fetchone()
        return None if row is None else row[0]


class SqliteReadModels:
    """One connection per thread; WAL lets readers go on while the follower writes."""

    dialect = "sqlite"

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            private_file(Path(self.path))  # personal data (SQLite gives its -wal and -shm the same mode)
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self.memo: dict[Any, Any] = {}

    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30)
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            # A row rewritten or deleted leaves zeros, not its old bytes, in the file (an erased person's).
            conn.execute("PRAGMA secure_delete=ON")
            conn.execute("PRAGMA foreign_keys=OFF")
            self._local.conn = conn
            with self._lock:
                self._all.append(conn)
        return conn

    @contextmanager
    def transaction(self, durable: bool = True) -> Iterator[_SqliteTx]:
        # `durable` changes nothing here: WAL with synchronous=NORMAL never syncs on commit.
        conn = self._conn()
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield _SqliteTx(conn)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    @contextmanager
    def read(self, fresh: bool = False) -> Iterator[_SqliteTx]:
        # `fresh` changes nothing here: one file, no standby.
        conn = self._conn()
        conn.execute("BEGIN")
        try:
            yield _SqliteTx(conn, self.memo)
        finally:
            conn.execute("COMMIT")

    @contextmanager
    def snapshot(self) -> Iterator[_SqliteTx]:
        """A read transaction that sees one state of the database throughout (WAL: writers go on)."""
        conn = self._conn()
        conn.execute("BEGIN")
        try:
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()  # the snapshot starts at a read
            yield _SqliteTx(conn)
        finally:
            conn.execute("COMMIT")

    def compact(self, tables: Sequence[str] = ()) -> None:
        """Move the write-ahead log into the file and empty it: no old page survives in the log."""
        self._conn().execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def attach_read_only(self, path: Path, name: str) -> bool:
        """Attach another database file to this thread's connection as `name`, read-only, for statements that
        copy from it in SQL (outside a transaction). Read-only, a write transaction here takes no lock on
        that file, so its own writer goes on; it may be read as of the transaction's start.

        False (nothing attached) where this SQLite reads no URI file names, so `mode=ro` would not hold."""
        conn = self._conn()
        conn.execute(f"ATTACH DATABASE ? AS {name}", (f"file:{quote(str(path))}?mode=ro",))
        attached = conn.execute("SELECT file FROM pragma_database_list WHERE name = ?", (name,)).fetchone()
        if attached is not None and Path(attached[0]).resolve() == path.resolve():
            return True
        conn.execute(f"DETACH DATABASE {name}")
        return False

    def detach(self, name: str) -> None:
        self._conn().execute(f"DETACH DATABASE {name}")

    def close(self) -> None:
        self.memo.clear()
        with self._lock:
            for conn in self._all:
                conn.close()
            self._all.clear()
        self._local = threading.local()


_PLACEHOLDER = re.compile(r"\?")


# Cached: every projection statement is converted once instead of once per event (a rebuild's hot path).
@functools.lru_cache(maxsize=1024)
def _to_psycopg(sql: str) -> str:
    return _PLACEHOLDER.sub("%s", sql.replace("%", "%%"))


class _PostgresTx:
    dialect = "postgres"

    def __init__(self, conn: Any, pipelined: bool = False, memo: dict[Any, Any] | None = None) -> None:
        self.conn = conn
        self.pipelined = pipelined
        self.memo = memo

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self.conn.execute(_to_psycopg(sql), tuple(params))

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.conn.cursor() as cur:
            cur.executemany(_to_psycopg(sql), [tuple(r) for r in rows])

    def copy_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Bulk insert with COPY (one stream instead of a statement per row)."""
        if self.pipelined:  # COPY is not available in pipeline mode
            self.executemany(
                f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({placeholders(columns)})", rows
            )
            return
        with self.conn.cursor() as cur, cur.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)

    def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        row = self.conn.execute(_to_psycopg(sql), tuple(params)).fetchone()
        return dict(row) if row is not None else None

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        # The pool's connections make each row a new dict (psycopg's `dict_row`): no copy needed.
        rows: list[Row] = self.conn.execute(_to_psycopg(sql), tuple(params)).fetchall()
        return rows

    def scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        row = self.conn.execute(_to_psycopg(sql), tuple(params)).fetchone()
        return None if row is None else next(iter(row.values()))

    def send(self, sql: str, params: Sequence[Any] = ()) -> Callable[[], list[Row]]:
        """See `send` above: in pipeline mode nothing waits until the answer is read."""
        cursor = self.conn.execute(_to_psycopg(sql), tuple(params))
        if not self.pipelined:
            rows = [dict(r) for r in cursor.fetchall()]
            return lambda: rows
        return lambda: [dict(r) for r in cursor.fetchall()]


def _roll_back(conn: Any) -> None:
    try:
        conn.execute("ROLLBACK")
    except Exception:
        conn.close()  # the pool discards a closed connection


@contextmanager
def _pipelined(conn: Any, *, synchronous: bool) -> Iterator[None]:
    """One transaction on `conn` in a single round trip, committed waiting for the WAL's flush or not.

    Not psycopg's `conn.transaction()`, nor its implicit BEGIN: in pipeline mode each syncs (a round trip)
    after BEGIN and around its nested pipelines. Here BEGIN, the statements and COMMIT are queued and sent
    with the pipeline's one Sync at its exit: the only waits are that one and wherever the caller reads an
    answer (the connection is in autocommit meanwhile, so psycopg adds nothing)."""
    conn.autocommit = True
    try:
        with conn.pipeline():
            conn.execute("BEGIN")
            conn.execute(f"SET LOCAL synchronous_commit TO {'ON' if synchronous else 'OFF'}")
            yield
            conn.execute("COMMIT")
    except BaseException:
        _roll_back(conn)
        raise
    finally:
        _transactional(conn)


def _refused(error: Exception) -> bool:
    """Whether PostgreSQL refused `error`'s statement to this role (not an outage)."""
    from psycopg import errors

    return isinstance(error, errors.InsufficientPrivilege)


def _transactional(conn: Any) -> None:
    """Back to the pool's way (transactional, for writers); a connection that cannot is discarded."""
    try:
        conn.autocommit = False
    except Exception:
        conn.close()


class PostgresReadModels:
    dialect = "postgres"

    def __init__(
        self,
        conninfo: str,
        schema: str = "public",
        max_size: int = 10,
        replica: str | None = None,
        replica_wait: float = 0.5,
    ) -> None:
        from psycopg.rows import dict_row
        from psycopg_pool import ConnectionPool

        self.schema = schema
        self.memo: dict[Any, Any] = {}
        # A hot standby of this database, for the reads of requests that allow it (`ReadRoute`).
        self.replica = None if replica is None else Standby(replica, schema, max_size, replica_wait)
        # How far the primary's WAL is known flushed (`_flushed_to`), and whether this role may flush it.
        self._flushed = 0
        self._flushing = True
        options = f"-c search_path={schema}"
        self.pool = ConnectionPool(
            conninfo,
            min_size=1,
            max_size=max_size,
            kwargs={"row_factory": dict_row, "options": options, "autocommit": False},
            open=True,
        )
        if schema != "public":
            with self.pool.connection() as conn:
                conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')

    @contextmanager
    def transaction(self, durable: bool = True) -> Iterator[_PostgresTx]:
        """A read-write transaction. `durable=False` (followers only: what they write is rebuilt from the
        event store) commits without waiting for the WAL flush and sends its statements pipelined."""
        if durable:
            with self.pool.connection() as conn, conn.transaction():
                yield _PostgresTx(conn)
            return
        with self.pool.connection() as conn, _pipelined(conn, synchronous=False):
            yield _PostgresTx(conn, pipelined=True)

    @contextmanager
    def read(self, fresh: bool = False) -> Iterator[_PostgresTx]:
        """Reads run in autocommit: each statement is one round trip, with no BEGIN and no COMMIT.

        The same guarantees as a READ COMMITTED transaction (the server's default, never changed here): there
        every statement takes its own snapshot anyway, so a read block never saw one snapshot across its
        statements. Queries that must agree with each other are written as one statement.

        With a standby, a read inside a request that allows it (`ReadRoute`) goes there once the standby has
        replayed the caller's last write; `fresh` reads (who is asking: sessions, keys) never do."""
        route = _route.get()
        if self.replica is not None and not fresh and route is not None and not route.primary:
            if route.after > self.replica.replayed_to and self._flushing:
                try:
                    self._flushed_to(route.after)
                except Exception as error:  # the standby may still have the write, or the wait ends
                    if _refused(error):  # a role not allowed the WAL message: said once, not at every read
                        self._flushing = False
                    log.warning(
                        "could not flush the primary's WAL for a read on the standby%s",
                        "; reads after a write now wait for the WAL writer" if not self._flushing else "",
                        exc_info=True,
                    )
            lent = self.replica.lend(route.after)
            if lent is not None:
                try:
                    yield _PostgresTx(lent, memo=self.memo)
                finally:
                    self.replica.pool.putconn(lent)
                return
            route.primary = True  # the rest of the request reads where the write is
        with self.pool.connection() as conn:
            conn.autocommit = True
            try:
                yield _PostgresTx(conn, memo=self.memo)
            finally:
                try:
                    conn.autocommit = False  # the pool's connections are transactional for writers
                except Exception:
                    conn.close()  # not idle (a fetch broke off): the pool discards a closed connection

    @contextmanager
    def snapshot(self) -> Iterator[_PostgresTx]:
        """A read-only REPEATABLE READ transaction: every statement sees the same state of the database."""
        with self.pool.connection() as conn, conn.transaction():
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield _PostgresTx(conn)

    def check_connections(self) -> None:
        """After an outage: drop idle pooled connections that died with the server, before anyone uses one."""
        self.pool.check()
        if self.replica is not None:
            self.replica.pool.check()

    def compact(self, tables: Sequence[str] = ()) -> None:
        """Vacuum `tables`, so the old versions of rows rewritten are gone from the files too."""
        with self.pool.connection() as conn:
            conn.autocommit = True
            try:
                for table in tables:
                    conn.execute(f"VACUUM {table}")
            finally:
                conn.autocommit = False

    def drop_schema(self) -> None:
        self.memo.clear()
        with self.pool.connection() as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{self.schema}" CASCADE')

    def wal_position(self, notice: tuple[str, str] | None = None) -> int:
        """Where the primary's WAL is inserted up to: past the commit of everything visible now. `notice`
        (channel, name): also NOTIFY `name:position` on that channel, in the same round trip."""
        here = "SELECT (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::bigint AS lsn"
        sql: str = here
        params: tuple[str, ...] = ()
        if notice is not None:
            sql = f"SELECT lsn, pg_notify(%s, %s || ':' || lsn) FROM ({here}) AS here"
            params = notice
        with self.pool.connection() as conn:
            conn.autocommit = True
            try:
                row: Any = conn.execute(sql, params).fetchone()
            finally:
                _transactional(conn)
        return int(row["lsn"])

    def _flushed_to(self, position: int) -> None:
        """The primary's WAL flushed at least up to `position`, so the standby can be sent it.

        A standby is sent only flushed WAL, and the followers commit without waiting for the flush
        (`transaction(durable=False)`): the read-model rows a writer's next read waits for would reach the
        standby only at the WAL writer's next round (`wal_writer_delay`, 200 ms by default). Flushed here,
        by the read that waits for them, they reach it in milliseconds, and a command pays nothing."""
        if position <= self._flushed:
            return
        with self.pool.connection() as conn:
            conn.autocommit = True
            try:
                row: Any = conn.execute(
                    "SELECT (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::bigint AS inserted,"
                    " (pg_current_wal_flush_lsn() - '0/0'::pg_lsn)::bigint AS flushed"
                ).fetchone()
            finally:
                _transactional(conn)
            # Not past what exists (a cookie may name any number): the standby's wait bounds the rest.
            position = min(position, int(row["inserted"]))
            if int(row["flushed"]) < position:
                with _pipelined(conn, synchronous=True):
                    # A transaction that wrote WAL (a transactional message of a few bytes, which any role
                    # may write) commits waiting for the flush up to its commit, which is past `position`;
                    # one that wrote nothing would commit without waiting.
                    conn.execute("SELECT pg_logical_emit_message(true, 'freight', 'flush')")
        self._flushed = max(self._flushed, position)

    def replica_lag(self) -> dict[str, Any] | None:
        """How far the standby is behind (None: no standby): bytes of WAL not replayed, and seconds since
        the last transaction it replayed when some are left (0 when it has replayed everything)."""
        if self.replica is None:
            return None
        head = self.wal_position()
        try:
            with self.replica.pool.connection(timeout=self.replica.wait) as conn:
                row: Any = conn.execute(
                    "SELECT pg_last_wal_replay_lsn() - '0/0'::pg_lsn AS replayed,"
                    " EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()) AS seconds"
                ).fetchone()
        except Exception as error:  # reads go to the primary meanwhile: reported, not unhealthy
            return {"reachable": False, "lagBytes": None, "lagSeconds": None, "error": str(error)[:200]}
        replayed = int(row["replayed"] or 0)
        behind = max(0, head - replayed)
        seconds = float(row["seconds"] or 0.0) if behind else 0.0
        self.replica.saw(replayed)
        return {"reachable": True, "lagBytes": behind, "lagSeconds": round(seconds, 3), "error": None}

    def close(self) -> None:
        self.memo.clear()
        self.pool.close()
        if self.replica is not None:
            self.replica.pool.close()


@dataclass
class ReadRoute:
    """Where one request's reads go when the read models have a standby: there, unless `primary` (the
    request writes, or the standby did not reach `after` in time); `after` is the caller's last write as a
    position in the primary's WAL (0: none known), which the standby must have replayed first."""

    after: int = 0
    primary: bool = False
    # Who is asking (once known): their writes' positions are also kept by account, for callers that send
    # no cookie back (API keys, scripts).
    caller: str | None = None


_route: contextvars.ContextVar[ReadRoute | None] = contextvars.ContextVar("read_route", default=None)


@contextmanager
def routed(route: ReadRoute) -> Iterator[ReadRoute]:
    """Reads in this context (and in threads given a copy of it) follow `route`; outside any, every read
    goes to the primary (followers, schedulers, commands' own checks)."""
    token = _route.set(route)
    try:
        yield route
    finally:
        _route.reset(token)


def current_route() -> ReadRoute | None:
    return _route.get()


class Standby:
    """A streaming replica's pool, and how far it has replayed the primary's WAL, as last seen."""

    # Between two looks at the replay position while a read waits: short first (replay is usually
    # milliseconds behind), longer later.
    FIRST_PAUSE = 0.001
    LONGEST_PAUSE = 0.02
    AWAY_SECONDS = 5.0

    def __init__(self, conninfo: str, schema: str, max_size: int, wait: float) -> None:
        from psycopg.rows import dict_row
        from psycopg_pool import ConnectionPool

        self.wait = wait
        self._replayed = 0
        self._away_until = 0.0
        # Read only, so always in autocommit; the schema is the primary's (a standby cannot create one).
        self.pool = ConnectionPool(
            conninfo,
            min_size=1,
            max_size=max_size,
            kwargs={"row_factory": dict_row, "options": f"-c search_path={schema}", "autocommit": True},
            open=True,
        )

    def saw(self, replayed: int) -> None:
        self._replayed = max(self._replayed, replayed)

    @property
    def replayed_to(self) -> int:
        """How far the standby had replayed the primary's WAL when last seen."""
        return self._replayed

    def lend(self, position: int) -> Any:
        """A pooled connection to the standby once it has replayed the primary's WAL up to `position`
        (waiting at most `wait` seconds), to be given back with `pool.putconn`; None when it has not, or
        cannot be reached (the read then goes to the primary; an unreachable standby is left alone for
        `AWAY_SECONDS`, so an outage costs reads no waits)."""
        if time.monotonic() < self._away_until:
            return None
        try:
            conn = self.pool.getconn(timeout=self.wait)
        except Exception:
            self._away()
            return None
        try:
            if self._replayed_on(conn, position):
                return conn
        except Exception:
            self._away()
        self.pool.putconn(conn)
        return None

    def replayed(self, position: int) -> bool:
        """Whether the standby has replayed up to `position` (waiting as `lend` does)."""
        conn = self.lend(position)
        if conn is None:
            return False
        self.pool.putconn(conn)
        return True

    def _replayed_on(self, conn: Any, position: int) -> bool:
        if position <= self._replayed:
            return True
        deadline = time.monotonic() + self.wait
        pause = self.FIRST_PAUSE
        while True:
            row: Any = conn.execute("SELECT pg_last_wal_replay_lsn() - '0/0'::pg_lsn AS lsn").fetchone()
            self.saw(int(row["lsn"] or 0))
            if position <= self._replayed:
                return True
            if time.monotonic() + pause > deadline:
                return False
            time.sleep(pause)
            pause = min(pause * 2, self.LONGEST_PAUSE)

    def _away(self) -> None:
        log.warning("the read models' standby is out of reach: reading the primary", exc_info=True)
        self._away_until = time.monotonic() + self.AWAY_SECONDS
