"""One event store shared by the bounded contexts.

Each context is its own `Application` (own aggregates, own command methods), but all of them append to one
recorder, so history has a single global order: auditors read one log and projections follow one position.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any, cast
from uuid import UUID

from eventsourcing.persistence import (
    ApplicationRecorder,
    DatetimeAsISO,
    DecimalAsStr,
    InfrastructureFactory,
    IntegrityError,
    InterfaceError,
    JSONTranscoder,
    Mapper,
    OperationalError,
    StoredEvent,
    UUIDAsHex,
)
from eventsourcing.utils import Environment, strtobool

from infrastructure.group_commit import GroupCommitRecorder
from infrastructure.key_ring import KeyRing
from infrastructure.leases import lock_key
from infrastructure.personal_data import MemoryDatastore, PersonalDataVault, SealingMapper, master_key
from infrastructure.transcoding import FastJSONTranscoder

log = logging.getLogger(__name__)

STORE_NAME = "freight"
RING_FILE = "keys/personal-data-ring"
# How long a command keeps trying to store its events through an outage before it gives up (the library
# itself retries for about 2 s). Long enough for a database restart; a client waits rather than getting a 500.
OUTAGE_PATIENCE = 20.0


class ConfirmingRecorder:
    """Wraps the library's recorder so a stored write is never reported as failed.

    - A unique violation may be the library's own retry hitting its own rows: when the commit went through
      but its acknowledgement was lost (the database went down at that moment) the library's `@retry` inserts
      the same events again. So before calling it a conflict, look whether exactly these events (same
      originator, version, topic and bytes) are stored, and if so answer their positions.
    - When the database is away, wait for it (up to `OUTAGE_PATIENCE`), asking the pool to check its idle
      connections first, instead of failing the command.
    """

    def __init__(self, recorder: ApplicationRecorder, patience: float = OUTAGE_PATIENCE) -> None:
        self.recorder = recorder
        self.patience = patience

    def __getattr__(self, name: str) -> Any:
        return getattr(self.recorder, name)

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        deadline = time.monotonic() + self.patience
        while True:
            try:
                return self.recorder.insert_events(stored_events, **kwargs)
            except IntegrityError:
                ids = stored_already(self.recorder, stored_events)
                if ids is None:
                    raise
                log.warning("a retried insert found its own %s events stored; answering them", len(ids))
                return ids
            except (OperationalError, InterfaceError):
                if time.monotonic() >= deadline:
                    raise
                check_pool(self.recorder)
                time.sleep(0.2)


def check_pool(recorder: Any) -> None:
    """Drop the pool's idle connections that died with the server (PostgreSQL only)."""
    pool = getattr(getattr(recorder, "datastore", None), "pool", None)
    if pool is not None:
        try:
            pool.check()
        except Exception:
            log.debug("pool check failed", exc_info=True)


def stored_already(recorder: Any, stored_events: Sequence[StoredEvent]) -> list[int] | None:
    """The notification ids of `stored_events` if every one of them is stored exactly so, else None."""
    from eventsourcing.postgres import PostgresApplicationRecorder
    from psycopg import sql

    if not isinstance(recorder, PostgresApplicationRecorder) or not stored_events:
        return None  # SQLite: one process writes, and no commit acknowledgement crosses a network
    datastore = recorder.datastore

    statement = sql.SQL(
        "SELECT originator_version, topic, state, notification_id FROM {}.{}"
        " WHERE originator_id = %s AND originator_version = ANY(%s)"
    ).format(sql.Identifier(datastore.schema), sql.Identifier(recorder.events_table_name))
    wanted: dict[Any, list[int]] = {}
    for event in stored_events:
        wanted.setdefault(event.originator_id, []).append(event.originator_version)
    found: dict[tuple[Any, int], tuple[str, bytes, int]] = {}
    with datastore.get_connection() as conn, conn.cursor() as curs:
        for originator_id, versions in wanted.items():
            curs.execute(statement, (originator_id, versions))
            for row in curs.fetchall():
                found[(originator_id, row["originator_version"])] = (
                    row["topic"],
                    bytes(row["state"]),
                    row["notification_id"],
                )
    ids: list[int] = []
    for event in stored_events:
        stored = found.get((event.originator_id, event.originator_version))
        if stored is None or stored[0] != event.topic or stored[1] != bytes(event.state):
            return None
        ids.append(stored[2])
    return ids


def personal_data_master_key(env: dict[str, str]) -> bytes:
    """`PERSONAL_DATA_KEY`, else the key kept in `VAR_DIR` (for a SQLite store given no `VAR_DIR`: beside
    its file, so every process opening that file finds the same key); a store in memory (tests) seals under
    a key of this process alone."""
    configured = env.get("PERSONAL_DATA_KEY")
    if configured or env.get("VAR_DIR"):
        return master_key(configured, Path(env.get("VAR_DIR", "var")))
    database = env.get("SQLITE_DBNAME", "")
    if database and ":memory:" not in database and "mode=memory" not in database:
        return master_key(None, Path(database).parent)
    if env.get("PERSISTENCE_MODULE", "").endswith("postgres"):
        return master_key(None, Path("var"))
    return os.urandom(32)


def personal_data_ring(env: dict[str, str], master: bytes) -> KeyRing:
    """The ring of wrapping keys: `PERSONAL_DATA_KEY_RING`, else `VAR_DIR/keys/personal-data-ring` (a SQLite
    store given no `VAR_DIR`: beside its file); a store in memory keeps it in this process."""
    setting = (
        "PERSONAL_DATA_KEY"
        if env.get("PERSONAL_DATA_KEY")
        else f"the master key {Path(env.get('VAR_DIR', 'var')) / 'personal-data-key'} (no PERSONAL_DATA_KEY)"
    )
    configured = env.get("PERSONAL_DATA_KEY_RING")
    if configured:
        return KeyRing(Path(configured), master, setting)
    if env.get("VAR_DIR"):
        return KeyRing(Path(env["VAR_DIR"]) / RING_FILE, master, setting)
    database = env.get("SQLITE_DBNAME", "")
    if database and ":memory:" not in database and "mode=memory" not in database:
        return KeyRing(Path(database).parent / RING_FILE, master, setting)
    if env.get("PERSISTENCE_MODULE", "").endswith("postgres"):
        return KeyRing(Path("var") / RING_FILE, master, setting)
    return KeyRing(None, master, setting)


@contextmanager
def one_schema_step(recorder: ApplicationRecorder) -> Iterator[None]:
    """Hold the event store's schema lock (a session advisory lock on a pooled connection of its own) for the
    block. Processes opening the store at once each create its tables and replace its insert function: twin
    `CREATE TABLE IF NOT EXISTS` fail on the catalog's unique index, twin `CREATE OR REPLACE FUNCTION` on
    "tuple concurrently updated"."""
    datastore = recorder.datastore  # type: ignore[attr-defined]
    key = lock_key("event store schema")
    with datastore.get_connection() as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (key,))
        try:
            yield
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (key,))


class SharedStore:
    def __init__(self, env: dict[str, str]) -> None:
        # Each context's repository keeps recently used aggregates and fast-forwards them from the store
        # (one query for the events after the cached version) instead of replaying them from the start;
        # fast-forwarding keeps it right when another process wrote in between.
        self.env = {"AGGREGATE_CACHE_MAXSIZE": "1000", **env}
        postgres = self.env.get("PERSISTENCE_MODULE", "").endswith("postgres")
        creates = strtobool(self.env.get("CREATE_TABLE") or "yes")
        # On PostgreSQL the schema step runs below, one process at a time (the library's own would race).
        factory_env = {**self.env, "CREATE_TABLE": "n"} if postgres else self.env
        self.factory: InfrastructureFactory[Any] = InfrastructureFactory.construct(
            Environment(STORE_NAME, factory_env)
        )
        self.recorder: ApplicationRecorder = self.factory.application_recorder()
        try:
            with one_schema_step(self.recorder) if postgres else nullcontext():
                if postgres and creates:
                    self.recorder.create_table()  # type: ignore[attr-defined]
                self._open(postgres)
        except BaseException:
            self.factory.close()
            raise
        # Commands append through one group-commit writer, shared by every context (GROUP_COMMIT=n: off).
        confirming = cast(ApplicationRecorder, ConfirmingRecorder(self.recorder))
        self.writer: ApplicationRecorder = (
            confirming
            if self.env.get("GROUP_COMMIT", "y").lower() in ("n", "no", "0", "false")
            else cast(ApplicationRecorder, GroupCommitRecorder(confirming))
        )
        # Told the position of every command this process records (whoever issued it: an HTTP request or a
        # policy), so in-process followers look at once instead of at their next idle poll.
        self.on_recorded: list[Callable[[int], None]] = []

    def _open(self, postgres: bool) -> None:
        """The vault (its table made if missing, its keys checked) and the mapper that seals through it."""
        # One mapper turns any stored event back into its domain event, whichever context wrote it.
        transcoder = self.factory.transcoder()
        if type(transcoder) is JSONTranscoder:  # the default: the same stored JSON, decoded through orjson
            transcoder = FastJSONTranscoder()
        if isinstance(transcoder, JSONTranscoder):
            transcoder.register(UUIDAsHex())
            transcoder.register(DecimalAsStr())
            transcoder.register(DatetimeAsISO())
        # Personal fields are sealed per person on the way in and opened on the way out (personal_data.py).
        master = personal_data_master_key(self.env)
        ring = personal_data_ring(self.env, master)
        self.vault = PersonalDataVault(
            getattr(self.recorder, "datastore", None) or MemoryDatastore(),
            postgres=postgres,
            master_key=master,
            ring=ring,
            setting=ring.setting,
        )
        self.mapper: Mapper[UUID] = SealingMapper(
            self.vault,
            transcoder=transcoder,
            compressor=self.factory.compressor(),
            cipher=self.factory.cipher(),
        )

    def events_channel(self) -> str:
        """The channel the library's PostgreSQL recorder NOTIFYs in every insert's transaction."""
        return str(getattr(self.recorder, "channel_name", ""))

    def head(self) -> int:
        return self.recorder.max_notification_id() or 0

    def close(self) -> None:
        self.factory.close()
