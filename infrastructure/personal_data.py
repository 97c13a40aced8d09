"""Crypto-shredding: each person's data sealed under a key of their own, which erasure destroys.

`PersonalDataVault` keeps one AES-256-GCM data key per subject (an aggregate) in the table
`personal_data_keys` of the event store's own database, each wrapped under the current generation of the key
ring (infrastructure/key_ring.py: a file outside the database, itself wrapped under the master key
`PERSONAL_DATA_KEY`, else a file made once in `VAR_DIR`). Every erasure rotates the ring, so no copy of the
database taken before it opens again. A subject may name an
owner (the account an order or an address-book entry belongs to): erasing an account destroys its own keys,
its registration's and those of every subject it owns.

`SealingMapper` seals, on write, every string inside the fields an event class declares personal
(domain/shared/personal.py) as `{"sealed": subject, "n": nonce, "c": ciphertext}`, and opens them on read; a
destroyed key opens as "erased person". What is stored (and what the audit export hashes) is the sealed form,
so the history verifies the same before and after an erasure.
"""

from __future__ import annotations

import base64
import binascii
import logging
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import UUID

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from eventsourcing.persistence import Mapper, StoredEvent

from domain.shared.personal import (
    ERASED,
    clear_fields,
    erased_identifier,
    member_subject,
    personal_fields,
    personal_identifiers,
    personal_owner,
    personal_subject,
)
from infrastructure.key_ring import KeyRefused, KeyRing, new_key
from infrastructure.secret_box import box_key

log = logging.getLogger(__name__)

TABLE = "personal_data_keys"
_WRAP_CONTEXT = b"freight personal data key"
# The row naming the ring generation the store's keys are wrapped under, with a value only that generation's
# key opens (how a process finds, before it writes anything, that its key material is not the store's).
MARKER = "key-ring"
_CHECK = b"freight personal data key ring check"
_CHECK_TEXT = b"this store's ring"
# How long a process trusts its cached keys before it looks whether another process erased someone.
RECHECK_SECONDS = 1.0
# Subjects per statement of `PersonalDataVault.preload` (within either store's limit on parameters).
PRELOAD_CHUNK = 900
# The store's marker row: the generation its keys are wrapped under and the check value. Every erasure moves
# the generation in the transaction that destroys the keys (`rotate`), so it also says "someone was erased".
MARKER_ROW = f"SELECT generation, wrapped_key FROM {TABLE} WHERE subject_id = ?"
# Cached keys past which `preload` starts afresh (a few MB; a page needs at most a page's worth, 5,000).
CACHE_LIMIT = 20_000

Field = dict[str, Any]


class PersonalDataVault:
    """The data keys, in the event store's database (SQLite or PostgreSQL), through its datastore; each
    wrapped under a generation of the key ring (infrastructure/key_ring.py), which lives outside it."""

    def __init__(
        self,
        datastore: Any,
        postgres: bool,
        master_key: bytes,
        ring: KeyRing | None = None,
        setting: str = "PERSONAL_DATA_KEY",
    ) -> None:
        if len(master_key) != 32:
            raise ValueError("the personal data key must be 32 bytes")
        self.datastore = datastore
        self.postgres = postgres
        self.mark = "%s" if postgres else "?"
        self.setting = setting
        # Generation 0: a data key wrapped under the master key itself (stores sealed before the ring).
        self._master = AESGCM(master_key)
        self.ring = ring if ring is not None else KeyRing(None, master_key, setting)
        self._generation: int | None = None
        # subject -> (its data key, its owner). The key's 32 bytes, not a cipher: cryptography's AESGCM keeps
        # about 2.8 KB of context each, which made a rebuild's memory grow with the keys it met (20,000
        # cached keys: 56 MB); a cipher costs under a microsecond to make when a field is sealed or opened.
        self._keys: dict[str, tuple[bytes | None, str]] = {}
        self._lock = threading.Lock()
        self._seen_generation = -1  # the marker's generation when the cache was last known good
        self._checked_at = 0.0
        # Before anything is written: a process whose key material does not open the store's keys stops.
        self.check()
        # Processes opening one PostgreSQL store at once do this one at a time (event_store.one_schema_step).
        with self._cursor() as cursor:
            cursor.execute(
                f"CREATE TABLE IF NOT EXISTS {TABLE} (subject_id TEXT PRIMARY KEY,"
                " owner_id TEXT NOT NULL, wrapped_key TEXT, destroyed_at TEXT,"
                " generation INTEGER NOT NULL DEFAULT 0)"
            )
            cursor.execute(f"CREATE INDEX IF NOT EXISTS {TABLE}_by_owner ON {TABLE} (owner_id)")
        if not self._has_generations():  # a table made before the ring: its keys are generation 0
            with self._cursor() as cursor:
                cursor.execute(f"ALTER TABLE {TABLE} ADD COLUMN generation INTEGER NOT NULL DEFAULT 0")
        self._prune()

    def _cursor(self) -> Any:
        return self.datastore.transaction(commit=True)

    @contextmanager
    def _look(self) -> Iterator[Any]:
        """A cursor for one statement that reads. On PostgreSQL on the pool's own autocommit connection, not
        in a transaction the store's datastore would end with a ROLLBACK: two round trips fewer, and psycopg
        forgets a connection's prepared statements at every ROLLBACK (the event store's among them, which
        share the connection), so the next command's reads were parsed and planned afresh."""
        if not self.postgres:
            with self.datastore.transaction(commit=False) as cursor:
                yield cursor
            return
        with self.datastore.get_connection() as connection, connection.cursor() as cursor:
            yield cursor

    def _sql(self, statement: str) -> str:
        return statement.replace("?", self.mark)

    # -- the ring's generation ----------------------------------------------------------------------------
    def _table_exists(self) -> bool:
        with self.datastore.transaction(commit=False) as cursor:
            if self.postgres:
                cursor.execute("SELECT to_regclass(%s) IS NOT NULL AS found", (TABLE,))
            else:
                cursor.execute("SELECT COUNT(*) > 0 AS found FROM sqlite_master WHERE name = ?", (TABLE,))
            return bool(cursor.fetchone()["found"])

    def _has_generations(self) -> bool:
        with self.datastore.transaction(commit=False) as cursor:
            if self.postgres:
                cursor.execute(
                    "SELECT COUNT(*) > 0 AS found FROM information_schema.columns"
                    " WHERE table_name = %s AND column_name = 'generation'",
                    (TABLE,),
                )
                return bool(cursor.fetchone()["found"])
            cursor.execute(f"PRAGMA table_info({TABLE})")
            return "generation" in {str(row["name"]) for row in cursor.fetchall()}

    def _marker(self) -> tuple[int, str] | None:
        """The generation the store's keys are wrapped under, and its check value (None: no ring yet)."""
        with self._look() as cursor:
            cursor.execute(self._sql(MARKER_ROW), (MARKER,))
            row = cursor.fetchone()
        return (int(row["generation"]), str(row["wrapped_key"])) if row else None

    def check(self) -> None:
        """Raise KeyRefused (one line, naming the setting) when this process cannot open the store's keys:
        the master key does not open the ring, the ring lacks the store's generation (a backup restored
        after a later erasure, or another store's ring), or a key sealed before the ring does not open under
        the master key. An empty store accepts any key."""
        if not self._table_exists():
            self.ring.generations(reload=True)  # a ring left there must still open under this master key
            return
        marker = self._marker() if self._has_generations() else None
        if marker is None:
            self.ring.generations(reload=True)
            with self.datastore.transaction(commit=False) as cursor:
                cursor.execute(
                    self._sql(
                        f"SELECT subject_id, wrapped_key FROM {TABLE} WHERE wrapped_key IS NOT NULL"
                        " AND subject_id <> ? LIMIT 1"
                    ),
                    (MARKER,),
                )
                row = cursor.fetchone()
            if row is not None:
                try:
                    self._unwrap(str(row["subject_id"]), str(row["wrapped_key"]), 0)
                except InvalidTag:
                    raise KeyRefused(
                        f"{self.setting} does not open this store's personal data keys: start every process"
                        " with the master key the store was sealed under"
                    ) from None
            return
        generation, check_value = marker
        key = self.ring.key(generation)
        if key is None:
            raise KeyRefused(
                f"the personal data key ring {self.ring.path} has no key of generation {generation}, which"
                " this store's keys are wrapped under (a backup from before a later erasure, or another"
                " store's ring): set PERSONAL_DATA_KEY_RING to this store's ring"
            )
        raw = base64.b64decode(check_value)
        try:
            AESGCM(key).decrypt(raw[:12], raw[12:], _CHECK)
        except InvalidTag:
            raise KeyRefused(
                f"the personal data key ring {self.ring.path} is not this store's (its generation"
                f" {generation} does not open the store's check value): set PERSONAL_DATA_KEY_RING to"
                " this store's ring"
            ) from None
        self._generation = generation

    def _prune(self) -> None:
        """Drop generations no key is wrapped under any more: a rotation that stopped halfway (the process
        was killed) left its new or its old generation in the ring."""
        if len(self.ring.generations(reload=True)) <= 1:
            return
        with self.ring.locked():
            keys = self.ring.generations(reload=True)
            marker = self._marker()
            with self.datastore.transaction(commit=False) as cursor:
                cursor.execute(f"SELECT DISTINCT generation FROM {TABLE} WHERE wrapped_key IS NOT NULL")
                used = {int(row["generation"]) for row in cursor.fetchall()}
            if marker is None:
                return  # no ring established yet: nothing rotated, nothing to drop
            kept = {generation: key for generation, key in keys.items() if generation in used}
            if kept != keys:
                self.ring.write(kept)
                log.info("personal data key ring: dropped generations %s", sorted(set(keys) - set(kept)))

    def _current(self) -> int:
        """The generation new keys are wrapped under; the first key of a store establishes the ring."""
        if self._generation is None:
            marker = self._marker()
            if marker is None:
                self.rotate()
            else:
                self._generation = marker[0]
        assert self._generation is not None
        return self._generation

    def rotate(self, account: str | None = None, subjects: Iterable[str] = ()) -> None:
        """A new wrapping key: written into the ring beside the old one; then, in one transaction, the keys of
        `subjects` destroyed and every other key rewrapped under the new one; then the old one dropped from
        the ring. Killed between any two steps, no live key is lost (the next start drops the generation no
        key uses); done, no earlier copy of the database opens under the ring."""
        subjects = list(subjects)
        with self.ring.locked():
            keys = self.ring.generations(reload=True)
            marker = self._marker()
            old = marker[0] if marker else 0
            new = max([old, *keys]) + 1
            fresh = new_key()
            self.ring.write({**keys, new: fresh})
            wrapper = AESGCM(fresh)
            nonce = secrets.token_bytes(12)
            check_value = base64.b64encode(nonce + wrapper.encrypt(nonce, _CHECK_TEXT, _CHECK)).decode()
            now = datetime.now(UTC).isoformat()
            with self._writing() as cursor:
                if self.postgres:
                    # Inserts wait; and the ones that went first are committed before the keys are read.
                    cursor.execute(f"LOCK TABLE {TABLE} IN EXCLUSIVE MODE")
                cursor.execute(
                    self._sql(
                        f"INSERT INTO {TABLE} (subject_id, owner_id, wrapped_key, generation)"
                        " VALUES (?, ?, ?, ?) ON CONFLICT (subject_id) DO UPDATE"
                        " SET wrapped_key = excluded.wrapped_key, generation = excluded.generation"
                    ),
                    (MARKER, MARKER, check_value, new),
                )
                if subjects:
                    marks = ", ".join(self.mark for _ in subjects)
                    cursor.execute(
                        f"UPDATE {TABLE} SET wrapped_key = {self._overwrite()} WHERE subject_id IN ({marks})",
                        tuple(subjects),
                    )
                    cursor.execute(
                        self._sql(f"UPDATE {TABLE} SET wrapped_key = NULL, destroyed_at = ?, owner_id = ?")
                        + f" WHERE subject_id IN ({marks})",
                        (now, account, *subjects),
                    )
                cursor.execute(
                    self._sql(
                        f"SELECT subject_id, wrapped_key, generation FROM {TABLE}"
                        " WHERE wrapped_key IS NOT NULL AND subject_id <> ?"
                    ),
                    (MARKER,),
                )
                rewrapped = []
                for row in cursor.fetchall():
                    subject = str(row["subject_id"])
                    data_key = self._unwrap_raw(subject, str(row["wrapped_key"]), int(row["generation"]))
                    rewrapped.append((self._wrap(wrapper, subject, data_key), new, subject))
                if rewrapped:
                    cursor.executemany(
                        self._sql(f"UPDATE {TABLE} SET wrapped_key = ?, generation = ? WHERE subject_id = ?"),
                        rewrapped,
                    )
            self.ring.write({new: fresh})
            self._generation = new

    # -- keys -----------------------------------------------------------------------------------------------
    def _fresh(self, now_and_then: bool = True) -> None:
        """Forget cached keys when another process erased someone since this one last looked (at most once a
        `RECHECK_SECONDS` for a single field; every time for a page of a replay, which must not open what an
        erasure in another process has just closed). One row read by its key: the marker's generation, which
        every erasure moves (counting the destroyed keys read the whole table, on every page of a rebuild)."""
        now = time.monotonic()
        if now_and_then and now - self._checked_at < RECHECK_SECONDS:
            return
        self._checked_at = now
        marker = self._marker()
        generation = marker[0] if marker else 0
        if generation != self._seen_generation:
            with self._lock:
                self._keys.clear()
                self._seen_generation = generation

    def recheck(self) -> None:
        """Look now (not within `RECHECK_SECONDS`) whether anyone was erased, by any process, since this one
        last looked, and forget the cached keys if so: a read that must not open what an erasure closed."""
        self._fresh(now_and_then=False)

    @staticmethod
    def _wrap(wrapper: AESGCM, subject: str, data_key: bytes) -> str:
        nonce = secrets.token_bytes(12)
        return base64.b64encode(
            nonce + wrapper.encrypt(nonce, data_key, _WRAP_CONTEXT + subject.encode())
        ).decode()

    def _wrapper(self, generation: int) -> AESGCM:
        if generation == 0:
            return self._master
        key = self.ring.key(generation)
        if key is None:
            raise KeyRefused(
                f"the personal data key ring {self.ring.path} has no key of generation {generation}"
                " (set PERSONAL_DATA_KEY_RING to this store's ring)"
            )
        return AESGCM(key)

    def _unwrap_raw(self, subject: str, wrapped: str, generation: int) -> bytes:
        raw = base64.b64decode(wrapped)
        return self._wrapper(generation).decrypt(raw[:12], raw[12:], _WRAP_CONTEXT + subject.encode())

    def _unwrap(self, subject: str, wrapped: str | None, generation: int) -> bytes | None:
        if not wrapped:
            return None
        return self._unwrap_raw(subject, wrapped, generation)

    def _entry(self, subject: str) -> tuple[bytes | None, str]:
        self._fresh()
        with self._lock:
            if subject in self._keys:
                return self._keys[subject]
        with self._look() as cursor:
            cursor.execute(
                self._sql(f"SELECT wrapped_key, owner_id, generation FROM {TABLE} WHERE subject_id = ?"),
                (subject,),
            )
            row = cursor.fetchone()
        found = (
            (self._unwrap(subject, row["wrapped_key"], int(row["generation"])), str(row["owner_id"]))
            if row
            else (None, subject)
        )
        with self._lock:
            self._keys[subject] = found
        return found

    def preload(self, subjects: Iterable[str]) -> None:
        """Cache the keys of `subjects` in one statement per `PRELOAD_CHUNK` (a rebuild's page of events)
        instead of one query per subject when its first field is opened: the same rows, the same unwrapping.

        A subject without a row is left to `_entry` (it may be made after this look). The cache is emptied
        first when it has grown past `CACHE_LIMIT`, so a rebuild's memory stays flat in the history's size."""
        self._fresh(now_and_then=False)
        with self._lock:
            if len(self._keys) > CACHE_LIMIT:
                self._keys.clear()
        self._cache(subjects)

    def ready_for_sealing(self, new: dict[str, str | None], others: Iterable[str]) -> None:
        """The keys a save is about to seal under, cached in one statement each at most: `new` (subject:
        owner; the aggregates it creates) made together, the `others` not cached looked up together. Without
        it each subject costs its own: a notifications batch made a key per notification, and a command on
        a request another worker created tried to make its key before it looked for it (three transactions).
        What is still missing afterwards (a lost race, an erased person) `key_for_sealing` meets as ever."""
        self._fresh()
        with self._lock:
            if len(self._keys) > CACHE_LIMIT:
                self._keys.clear()
            making = {subject: owner for subject, owner in new.items() if subject not in self._keys}
        if making:
            self._insert(making)
        self._cache(subject for subject in others if subject not in new)

    def _cache(self, subjects: Iterable[str]) -> None:
        """The keys of `subjects` not cached yet, read in one statement per `PRELOAD_CHUNK`."""
        with self._lock:
            wanted = [subject for subject in dict.fromkeys(subjects) if subject not in self._keys]
        for start in range(0, len(wanted), PRELOAD_CHUNK):
            chunk = wanted[start : start + PRELOAD_CHUNK]
            with self._look() as cursor:
                if self.postgres:
                    cursor.execute(
                        f"SELECT subject_id, wrapped_key, owner_id, generation FROM {TABLE}"
                        " WHERE subject_id = ANY(%s)",
                        (chunk,),
                    )
                else:
                    cursor.execute(
                        f"SELECT subject_id, wrapped_key, owner_id, generation FROM {TABLE}"
                        f" WHERE subject_id IN ({', '.join('?' * len(chunk))})",
                        chunk,
                    )
                rows = cursor.fetchall()
            found = {
                str(row["subject_id"]): (
                    self._unwrap(str(row["subject_id"]), row["wrapped_key"], int(row["generation"])),
                    str(row["owner_id"]),
                )
                for row in rows
            }
            with self._lock:
                self._keys.update(found)

    def key(self, subject: str) -> AESGCM | None:
        """The subject's key; None once destroyed (or never made)."""
        data_key = self._entry(subject)[0]
        return None if data_key is None else AESGCM(data_key)

    def owner(self, subject: str) -> str:
        """The account whose erasure destroys the subject's key (the subject itself, if none owns it)."""
        return self._entry(subject)[1]

    def key_for_sealing(self, subject: str, owner: str | None) -> AESGCM | None:
        """The subject's key, made now if it has none; None when its person was erased."""
        self._fresh()
        with self._lock:
            cached = self._keys.get(subject)
        if cached is not None and cached[0] is not None:
            return AESGCM(cached[0])
        self._insert({subject: owner})
        return self.key(subject)

    def ensure_keys(self, subjects: dict[str, str | None]) -> None:
        """Make the keys `subjects` (subject: owner) lack, all in one transaction (a rewrite's batch)."""
        self._fresh()
        with self._lock:
            missing = {s: o for s, o in subjects.items() if self._keys.get(s, (None, ""))[0] is None}
        if missing:
            self._insert(missing)

    def _insert(self, subjects: dict[str, str | None]) -> None:
        """New keys wrapped under the current generation, inserted only while it is still the store's: a
        process that has not seen another's rotation yet learns the new generation and tries again.

        A subject whose owner was erased gets no key but a tombstone: what a process still holds of the
        person in memory (an aggregate read before the erasure) is sealed as erased, never under a new key."""
        for _attempt in range(5):
            generation = self._current()
            subjects = self._without_erased_owners(subjects)
            if not subjects:
                return
            if generation != 0 and self.ring.key(generation) is None:
                self._generation = None  # its ring generation is gone: another process rotated
                marker = self._marker()
                if marker is None or marker[0] == generation:
                    self._wrapper(generation)  # refuses: the store's own generation is not in the ring
                continue
            wrapper = self._wrapper(generation)
            made = {subject: secrets.token_bytes(32) for subject in subjects}
            rows = [
                (
                    subject,
                    owner or subject,
                    self._wrap(wrapper, subject, made[subject]),
                    generation,
                    MARKER,
                    generation,
                )
                for subject, owner in subjects.items()
            ]
            statement = self._sql(
                f"INSERT INTO {TABLE} (subject_id, owner_id, wrapped_key, generation)"
                " SELECT ?, ?, ?, CAST(? AS INTEGER)"
                f" WHERE EXISTS (SELECT 1 FROM {TABLE} WHERE subject_id = ? AND generation = ?)"
                " ON CONFLICT (subject_id) DO NOTHING"
            )
            if self.postgres:
                inserted = self._insert_pipelined(statement, rows)
            else:
                with self._cursor() as cursor:
                    cursor.executemany(statement, rows)
                    # (the library's SQLite cursor wraps sqlite3's, which has the count)
                    inserted = getattr(cursor, "sqlite_cursor", cursor).rowcount
            if inserted == len(rows):
                # Every row is in, under the store's generation, holding the key made here: cached as a
                # read of them would find them (a create's sealing then costs no second and third look).
                with self._lock:
                    for subject, owner in subjects.items():
                        self._keys[subject] = (made[subject], owner or subject)
                return
            with self._lock:
                for subject in subjects:
                    self._keys.pop(subject, None)
            marks = ", ".join(self.mark for _ in subjects)
            with self._look() as cursor:
                cursor.execute(
                    f"SELECT COUNT(*) AS n FROM {TABLE} WHERE subject_id IN ({marks})", tuple(subjects)
                )
                if int(cursor.fetchone()["n"]) == len(subjects):
                    return
            self._generation = None  # another process rotated: learn its generation
        raise RuntimeError("personal data keys could not be made: the key ring keeps rotating")

    def _without_erased_owners(self, subjects: dict[str, str | None]) -> dict[str, str | None]:
        """`subjects` less those whose owner's key was destroyed, which are recorded destroyed themselves
        (owned by the erased account, as the erasure leaves its own subjects). One look, and only for
        subjects another owns (an account, a sign-up own themselves)."""
        owners = sorted({owner for subject, owner in subjects.items() if owner and owner != subject})
        if not owners:
            return subjects
        with self._look() as cursor:
            if self.postgres:  # one statement whatever the number (prepared once, as `_cache`'s)
                cursor.execute(
                    f"SELECT subject_id, owner_id FROM {TABLE}"
                    " WHERE subject_id = ANY(%s) AND destroyed_at IS NOT NULL",
                    (owners,),
                )
            else:
                cursor.execute(
                    f"SELECT subject_id, owner_id FROM {TABLE}"
                    f" WHERE subject_id IN ({', '.join('?' * len(owners))}) AND destroyed_at IS NOT NULL",
                    owners,
                )
            erased = {str(row["subject_id"]): str(row["owner_id"]) for row in cursor.fetchall()}
        if not erased:
            return subjects
        orphans = {subject: erased[owner] for subject, owner in subjects.items() if owner in erased}
        now = datetime.now(UTC).isoformat()
        with self._cursor() as cursor:
            cursor.executemany(
                self._sql(
                    f"INSERT INTO {TABLE} (subject_id, owner_id, wrapped_key, destroyed_at)"
                    " VALUES (?, ?, NULL, ?) ON CONFLICT (subject_id) DO NOTHING"
                ),
                [(subject, account, now) for subject, account in orphans.items()],
            )
        with self._lock:
            for subject in orphans:
                self._keys.pop(subject, None)  # read again: a row made first by another process stays
        return {subject: owner for subject, owner in subjects.items() if subject not in orphans}

    def _insert_pipelined(self, statement: str, rows: list[tuple[Any, ...]]) -> int:
        """PostgreSQL: the keys' insert and its commit in one round trip, the commit not waiting for its WAL
        to reach the disk. Safe for a key: only events sealed under it need it, and they are saved after it
        by a commit that does wait, which flushes the WAL up to itself, the key's earlier commit included;
        a crash before that loses the key and every event that used it together (none of them was
        answered as stored). Answers the rows inserted."""
        with self.datastore.get_connection() as connection:
            with connection.pipeline(), connection.transaction():
                connection.execute("SET LOCAL synchronous_commit TO OFF")
                cursor = connection.cursor()
                cursor.executemany(statement, rows)
            return int(cursor.rowcount)

    def subjects_of(self, owners: Iterable[str]) -> list[str]:
        """`owners` that have keys, the subjects they own, the subjects those own, and so on (an order's
        notifications)."""
        stored: set[str] = set()
        seen = set(owners)
        frontier = set(seen)
        while frontier:
            asked = sorted(frontier)
            marks = ", ".join(self.mark for _ in asked)
            with self.datastore.transaction(commit=False) as cursor:
                cursor.execute(
                    f"SELECT subject_id FROM {TABLE} WHERE subject_id IN ({marks}) OR owner_id IN ({marks})",
                    (*asked, *asked),
                )
                rows = {str(row["subject_id"]) for row in cursor.fetchall()}
            stored |= rows
            frontier = rows - seen
            seen |= rows
        return sorted(stored)

    def destroy(self, account: str, also: Iterable[str] = ()) -> list[str]:
        """Destroy the keys of `account`, of every subject it owns and of the subjects `also` (its sign-up):
        overwritten, then removed (the row stays, marked and owned by the account, so nothing is sealed for
        them again and an erased identifier names the account), while every other key is rewrapped under a
        new generation of the ring and the old one destroyed. Answers the subjects whose keys went."""
        subjects = self.subjects_of([account, *also])
        if not subjects:
            return []
        self.rotate(account, subjects)
        self._compact()
        with self._lock:
            for subject in subjects:
                self._keys[subject] = (None, account)
            self._checked_at = 0.0
        return subjects

    @contextmanager
    def _writing(self) -> Iterator[Any]:
        """A write transaction; on SQLite freed bytes are zeroed rather than left in free pages."""
        if self.postgres:
            with self._cursor() as cursor:
                yield cursor
            return
        with self.datastore.get_connection(commit=True) as conn:
            conn._sqlite_conn.execute("PRAGMA secure_delete = ON")
            with conn.transaction(commit=True) as cursor:
                yield cursor

    def _overwrite(self) -> str:
        # The same length of zeros first, so the page holding the old bytes is rewritten in place.
        if self.postgres:
            return "repeat('0', length(wrapped_key))"
        return "substr(replace(hex(zeroblob(length(wrapped_key))), 'A', '0'), 1, length(wrapped_key))"

    def _compact(self) -> None:
        """No old copy of a destroyed key survives: SQLite's write-ahead log is checkpointed and emptied;
        PostgreSQL's dead row versions are vacuumed away."""
        if self.postgres:
            try:
                with self.datastore.get_connection() as conn:
                    conn.commit()
                    autocommit = conn.autocommit
                    conn.autocommit = True
                    try:
                        conn.execute(f"VACUUM {TABLE}")
                    finally:
                        conn.autocommit = autocommit
            except Exception:  # the keys are gone either way; autovacuum clears the dead versions later
                log.warning("could not vacuum %s", TABLE, exc_info=True)
            return
        with self.datastore.get_connection(commit=True) as conn:
            conn._sqlite_conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # -- values ---------------------------------------------------------------------------------------------
    def seal_text(self, key: AESGCM, subject: str, text: str) -> Field:
        nonce = secrets.token_bytes(12)
        sealed = key.encrypt(nonce, text.encode(), subject.encode())
        return {
            "sealed": subject,
            "n": base64.b64encode(nonce).decode(),
            "c": base64.b64encode(sealed).decode(),
        }

    def open_field(self, field: Field, identifier: bool) -> str:
        subject = str(field["sealed"])
        data_key, owner = self._entry(subject)
        if data_key is None:
            return erased_identifier(owner) if identifier else ERASED
        key = AESGCM(data_key)
        try:
            # `a2b_base64` is what `b64decode` calls, without its argument checks (a rebuild opens ~1 field
            # per event): the same bytes, the same error for a value that is not base64.
            return key.decrypt(
                binascii.a2b_base64(field["n"]), binascii.a2b_base64(field["c"]), subject.encode()
            ).decode()
        except InvalidTag:
            return erased_identifier(owner) if identifier else ERASED


class MemoryDatastore:
    """The keys of a store kept in memory (the library's plain-object recorder, in tests): an in-memory
    SQLite database shaped like the library's datastore as far as the vault uses it."""

    def __init__(self) -> None:
        self._sqlite_conn = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        self._sqlite_conn.row_factory = sqlite3.Row
        self._lock = threading.RLock()

    @contextmanager
    def transaction(self, *, commit: bool) -> Iterator[sqlite3.Cursor]:
        with self._lock:
            cursor = self._sqlite_conn.cursor()
            try:
                yield cursor
            finally:
                cursor.close()

    @contextmanager
    def get_connection(self, *, commit: bool) -> Iterator[Any]:
        with self._lock:
            yield self


def is_sealed(value: Any) -> bool:
    return type(value) is dict and "sealed" in value and "c" in value and "n" in value


def _map_strings(value: Any, change: Callable[[Any], Any]) -> Any:
    """`value` with every string (or sealed field) in it changed; its shape, numbers and flags kept."""
    kind = type(value)
    if kind is str or is_sealed(value):
        return change(value)
    if kind is dict:
        return {key: _map_strings(item, change) for key, item in value.items()}
    if kind is list or kind is tuple:
        return [_map_strings(item, change) for item in value]
    return value


def _apply_path(state: dict[str, Any], path: str, change: Callable[[Any], Any]) -> None:
    """Change every string in the value at the dotted `path` (through lists too), copying what it
    rewrites, so the event object the state was taken from is left as it was."""
    head, _, rest = path.partition(".")
    if head not in state or state[head] is None:
        return
    if not rest:
        state[head] = _map_strings(state[head], change)
        return
    inner = state[head]
    if type(inner) is dict:
        inner = dict(inner)
        _apply_path(inner, rest, change)
        state[head] = inner
    elif type(inner) in (list, tuple):
        items = []
        for item in inner:
            if type(item) is dict:
                item = dict(item)
                _apply_path(item, rest, change)
            items.append(item)
        state[head] = items


def keep_clear(state: dict[str, Any], original: dict[str, Any], path: str) -> None:
    """Put back into `state` the value at the dotted `path` of `original` (through dicts): a field inside a
    personal value that is no one's personal data (`clear_fields`) stays as it was, in clear."""
    head, _, rest = path.partition(".")
    if head not in original or head not in state:
        return
    if not rest:
        state[head] = original[head]
        return
    inner, was = state[head], original[head]
    if type(inner) is dict and type(was) is dict:
        inner = dict(inner)
        keep_clear(inner, was, rest)
        state[head] = inner


def at_path(state: dict[str, Any], path: str) -> str | None:
    value: Any = state
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return str(value) if value else None


def _member_subject(
    event_class: type[Any], originator_id: Any, state: dict[str, Any]
) -> tuple[str, str] | None:
    """The subject an event's personal fields are sealed under when they are not its aggregate's own, and
    its owner: the person's data in this aggregate, owned by the person (`member_subject`)."""
    path = personal_subject(event_class)
    member = at_path(state, path) if path else None
    if not isinstance(member, str):
        return None
    return member_subject(originator_id, member), member


class SealingMapper(Mapper[UUID]):
    def __init__(self, vault: PersonalDataVault, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.vault = vault

    def prepare(self, domain_events: Iterable[Any]) -> None:
        """Before a save's events are sealed one by one: the keys they need, made or looked up together
        (an aggregate's first event makes its key; the others' keys exist already, as a rule)."""
        new: dict[str, str | None] = {}
        others: list[str] = []
        for event in domain_events:
            event_class = type(event)
            owner_path = personal_owner(event_class)
            if not personal_fields(event_class) and not owner_path:  # as `to_stored_event` decides
                continue
            member = _member_subject(event_class, event.originator_id, vars(event))
            if member is not None:  # its key is made as it seals, owned by the person
                others.append(member[0])
                continue
            subject = str(event.originator_id)
            if getattr(event, "originator_version", None) == 1:
                new[subject] = at_path(vars(event), owner_path) if owner_path else None
            else:
                others.append(subject)
        if others or len(new) > 1:  # (one new key alone: `key_for_sealing` makes it the same way)
            self.vault.ready_for_sealing(new, others)

    def seal_state(self, event_class: type[Any], originator_id: Any, state: dict[str, Any]) -> dict[str, Any]:
        """`state` (an event's fields) with its personal fields sealed under the originator's key."""
        paths = personal_fields(event_class, state)
        owner_path = personal_owner(event_class)
        if not paths and not owner_path:
            return state
        subject, owner = str(originator_id), at_path(state, owner_path) if owner_path else None
        member = _member_subject(event_class, originator_id, state)
        if member is not None:  # another person's data in this aggregate, owned by that person
            subject, owner = member
        key = self.vault.key_for_sealing(subject, owner)
        identifiers = personal_identifiers(event_class)
        original, state = state, dict(state)
        for path in paths:

            def seal(value: Any, identifier: bool = path in identifiers) -> Any:
                if is_sealed(value):
                    return value
                if key is None:  # the person was erased: nothing of theirs is written again
                    return erased_identifier(self.vault.owner(subject)) if identifier else ERASED
                return self.vault.seal_text(key, subject, value)

            _apply_path(state, path, seal)
        for path in clear_fields(event_class):
            keep_clear(state, original, path)
        return state

    def open_state(self, event_class: type[Any], state: dict[str, Any]) -> None:
        """Open the sealed fields of `state` in place (a destroyed key opens as erased)."""
        identifiers = personal_identifiers(event_class)
        for path in personal_fields(event_class, state):

            def unseal(value: Any, identifier: bool = path in identifiers) -> Any:
                return self.vault.open_field(value, identifier) if is_sealed(value) else value

            _apply_path(state, path, unseal)

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        event_class = type(domain_event)
        if not personal_fields(event_class) and not personal_owner(event_class):
            return super().to_stored_event(domain_event)
        state = self.seal_state(event_class, domain_event.originator_id, dict(vars(domain_event)))
        sealed = object.__new__(event_class)
        object.__setattr__(sealed, "__dict__", state)
        return super().to_stored_event(sealed)

    def to_sealed_event(self, stored_event: StoredEvent) -> Any:
        """The event as stored: its personal fields left sealed (what the audit export hashes)."""
        return super().to_domain_event(stored_event)

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        domain_event = super().to_domain_event(stored_event)
        event_class = type(domain_event)
        if personal_fields(event_class):
            self.open_state(event_class, vars(domain_event))
        return domain_event


def master_key(configured: str | None, var_dir: Path) -> bytes:
    """`PERSONAL_DATA_KEY` (base64 of 32 bytes), else the key made once in `VAR_DIR/personal-data-key`."""
    return box_key(configured, var_dir, "personal-data-key")
