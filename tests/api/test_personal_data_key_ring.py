"""The key ring outside the database: an erasure rotates the key that wraps every data key, so a backup of the
database taken before it opens no one's data next to the key material left afterwards; a rotation killed
halfway loses no live key; another process picks up the new generation; and a process whose master key does
not open the store's keys refuses to start before it writes anything."""

from __future__ import annotations

import base64
import json
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import psycopg
import pytest
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from eventsourcing.domain import Aggregate
from fastapi.testclient import TestClient

from api.cli import main
from api.main import create_app
from api.settings import Settings
from domain.accounts.account import account_id
from domain.shared.application import ContextApplication
from domain.shared.personal import ERASED
from infrastructure.event_store import SharedStore
from infrastructure.key_ring import KeyRefused, KeyRing
from infrastructure.personal_data import MARKER
from tests.api.accounts_support import accepted_customer, ok, settle
from tests.api.booking_support import in_shipping_order
from tests.api.erasure_support import database_bytes, hits
from tests.api.test_personal_data_erasure import PARTY_VALUES, PASSWORD, order_with_parties, person
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login, make_settings
from tests.corpus import (
    PERSIAN_PEOPLE,
    WALK_SHIPPER,
    fresh_national_id,
)
from tests.pg import Cluster, _binary

ERASE = "/account/api/v1/admin/customers/{}/erase"
RING = Path("keys") / "personal-data-ring"
# The event store's own tables: what docs/personal-data.md tells an operator to back up on PostgreSQL.
EVENT_STORE_TABLES = ("freight_events", "personal_data_keys")
KEY_A = base64.b64encode(b"master-key-a-of-this-test-32byte").decode()
KEY_B = base64.b64encode(b"master-key-b-of-this-test-32byte").decode()


def backup(settings: Settings, where: Path) -> Path:
    """The database backup docs/personal-data.md describes: SQLite's event store file copied with SQLite's
    online backup (`sqlite3 events.db ".backup ..."`); on PostgreSQL `pg_dump` of the event store's tables.
    Neither holds the read models, nor anything of VAR_DIR/keys."""
    where.mkdir(parents=True)
    if not settings.uses_postgres:
        target = where / "events.db"
        with sqlite3.connect(settings.VAR_DIR / "events.db") as live, sqlite3.connect(target) as copy:
            live.backup(copy)
        return target
    target = where / "freight.sql"
    tables = [argument for table in EVENT_STORE_TABLES for argument in ("--table", table)]
    subprocess.run(
        [_binary("pg_dump"), "--dbname", str(settings.DATABASE_URL), *tables, "--file", str(target)],
        check=True,
    )
    return target


def restore(dump: Path, var_dir: Path, live: Settings, cluster: Cluster | None) -> Settings:
    """The backup restored into a new VAR_DIR (or database) beside the installation's current key material:
    its master key file and its key ring copied over."""
    var_dir.mkdir(parents=True)
    (var_dir / "keys").mkdir()
    shutil.copy(live.VAR_DIR / "personal-data-key", var_dir / "personal-data-key")
    shutil.copy(live.VAR_DIR / RING, var_dir / RING)
    if cluster is None:
        shutil.copy(dump, var_dir / "events.db")
        return make_settings(var_dir)
    url = cluster.create_database("restored")
    subprocess.run(
        [_binary("psql"), "--quiet", "--dbname", url, "-v", "ON_ERROR_STOP=1", "--file", str(dump)],
        check=True,
        capture_output=True,
    )
    return make_settings(var_dir, url)


def key_rows(settings: Settings, owner: str) -> list[tuple[str, str, int]]:
    """(subject, wrapped key, generation) of the live keys `owner` owns, read straight from the store."""
    query = (
        "SELECT subject_id, wrapped_key, generation FROM personal_data_keys"
        " WHERE (owner_id = {m} OR subject_id = {m}) AND wrapped_key IS NOT NULL"
    )
    if not settings.uses_postgres:
        with sqlite3.connect(settings.VAR_DIR / "events.db") as conn:
            rows = conn.execute(query.format(m="?"), (owner, owner)).fetchall()
    else:
        with psycopg.connect(str(settings.DATABASE_URL)) as pg:
            rows = pg.execute(query.format(m="%s"), (owner, owner)).fetchall()
    return [(str(subject), str(wrapped), int(generation)) for subject, wrapped, generation in rows]


def opens(wrapping_key: bytes, subject: str, wrapped: str) -> bool:
    raw = base64.b64decode(wrapped)
    try:
        AESGCM(wrapping_key).decrypt(raw[:12], raw[12:], b"freight personal data key" + subject.encode())
    except InvalidTag:
        return False
    return True


class Cli:
    """The command line run against one store at a time (and no developer's .env read), its error output
    captured."""

    def __init__(
        self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capfd: pytest.CaptureFixture[str]
    ) -> None:
        self.monkeypatch, self.tmp_path, self.capfd = monkeypatch, tmp_path, capfd

    def run(self, settings: Settings, *command: str) -> tuple[int, str]:
        """`command`'s exit code and error output, run against `settings`' store."""
        env = self.monkeypatch
        env.chdir(self.tmp_path)
        env.setenv("VAR_DIR", str(settings.VAR_DIR))
        env.setenv("JWT_SECRET", "test-secret-that-is-long-enough-for-hs256")
        for name, value in (
            ("DATABASE_URL", settings.DATABASE_URL),
            ("PERSONAL_DATA_KEY", settings.PERSONAL_DATA_KEY),
        ):
            if value:
                env.setenv(name, str(value))
            else:
                env.delenv(name, raising=False)
        self.capfd.readouterr()
        code = main(list(command))
        return code, self.capfd.readouterr().err


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> Cli:
    return Cli(monkeypatch, tmp_path, capfd)


def test_a_backup_taken_before_an_erasure_opens_none_of_her_data(
    client: TestClient,
    admin_headers: dict[str, str],
    settings: Settings,
    store_kind: str,
    request: pytest.FixtureRequest,
    tmp_path: Path,
    cli: Cli,
) -> None:
    cluster: Cluster | None = request.getfixturevalue("pg_cluster") if store_kind == "postgres" else None
    form = person(3)
    sara = accepted_customer(client, admin_headers, form)
    rid = in_shipping_order(client, sara, admin_headers)
    order_with_parties(client, sara, rid)
    survivor = person(4)
    accepted_customer(client, admin_headers, survivor)
    settle(client)
    personal = [form["firstName"], form["lastName"], form["nationalId"], form["phone"], form["email"]]
    personal += PARTY_VALUES
    assert hits(
        database_bytes(settings), personal
    )  # the read models hold her data in clear: the scan can fail

    before = backup(settings, tmp_path / "backup-before")
    # The backup is the event store alone: personal fields sealed, no read model, no key ring.
    assert hits(before.read_bytes(), personal) == []
    account = str(account_id(form["nationalId"]))
    own_keys = key_rows(settings, account)
    assert len(own_keys) >= 2  # her account and her order (and more): each has a key of its own

    ok(client.post(ERASE.format(account), json={"reason": "GDPR art. 17 request"}, headers=admin_headers))
    settle(client)
    ring = KeyRing(
        settings.VAR_DIR / RING, base64.b64decode((settings.VAR_DIR / "personal-data-key").read_text())
    )
    assert len(ring.generations(reload=True)) == 1  # the old generation is gone from the ring

    restored = restore(before, tmp_path / "restored", settings, cluster)
    # The restored store next to today's key material: a process refuses to open it ...
    with pytest.raises(KeyRefused, match="no key of generation"):
        SharedStore(restored.event_store_env())
    code, err = cli.run(restored, "replay")
    assert code == 2  # the documented restore step (rebuild the read models) refuses too
    assert "no key of generation" in err
    # ... and no key material at hand unwraps any of her data keys in it: not the ring's, not the master key.
    candidates = [*ring.generations(reload=True).values(), base64.b64decode(restored_master(restored))]
    her_rows = key_rows(restored, account)
    assert {row[0] for row in her_rows} == {row[0] for row in own_keys}
    assert not [row for row in her_rows for key in candidates if opens(key, row[0], row[1])]
    # The same data keys in the live store open under today's ring until the erasure (the check can fail):
    # the survivor's live key does.
    survivor_rows = key_rows(settings, str(account_id(survivor["nationalId"])))
    assert survivor_rows and all(opens(candidates[0], s, w) for s, w, _ in survivor_rows)

    # A backup taken after the erasure restores and opens: the survivor signs in, she opens as erased.
    after = backup(settings, tmp_path / "backup-after")
    fresh = restore(after, tmp_path / "restored-after", settings, cluster)
    assert cli.run(fresh, "replay")[0] == 0
    with TestClient(create_app(fresh), raise_server_exceptions=False) as again:
        assert login(again, survivor["nationalId"], PASSWORD)
        store = SharedStore(fresh.event_store_env())
        try:
            assert store.vault.key(account) is None
            assert store.vault.key(str(account_id(survivor["nationalId"]))) is not None
        finally:
            store.close()


def restored_master(settings: Settings) -> str:
    return (settings.VAR_DIR / "personal-data-key").read_text().strip()


def store_contents(settings: Settings) -> bytes:
    """The store's databases, byte for byte (SQLite's files; PostgreSQL's tables copied out)."""
    if not settings.uses_postgres:
        return b"".join((settings.VAR_DIR / name).read_bytes() for name in ("events.db", "read.db"))
    return database_bytes(settings)


def test_a_process_whose_master_key_does_not_open_the_store_refuses_to_start(
    database_url: str | None,
    store_kind: str,
    request: pytest.FixtureRequest,
    tmp_path: Path,
    cli: Cli,
) -> None:
    made_with_a = make_settings(tmp_path / "var", database_url, PERSONAL_DATA_KEY=KEY_A)
    form = person(5)
    with TestClient(create_app(made_with_a), raise_server_exceptions=False) as client:
        accepted_customer(client, login(client, ADMIN_USERNAME, ADMIN_PASSWORD), form)
        settle(client)
    contents = store_contents(made_with_a)

    started_with_b = made_with_a.model_copy(update={"PERSONAL_DATA_KEY": KEY_B})
    with pytest.raises(KeyRefused, match=r"^PERSONAL_DATA_KEY does not open"):
        SharedStore(started_with_b.event_store_env())
    with (
        pytest.raises(KeyRefused, match=r"^PERSONAL_DATA_KEY does not open"),
        TestClient(create_app(started_with_b), raise_server_exceptions=False),
    ):
        pass
    for command in (["replay"], ["follow"], ["erase", str(account_id(form["nationalId"])), "--reason", "x"]):
        code, err = cli.run(started_with_b, *command)
        assert code == 2, command
        refusal = err.strip()
        assert refusal.count("\n") == 0 and "PERSONAL_DATA_KEY does not open" in refusal, refusal
    assert store_contents(made_with_a) == contents  # nothing was written

    # The key the store was made with opens it: she signs in.
    with TestClient(create_app(made_with_a), raise_server_exceptions=False) as client:
        assert login(client, form["nationalId"], PASSWORD)

    # An empty store accepts any key.
    if store_kind == "postgres":
        cluster: Cluster = request.getfixturevalue("pg_cluster")
        empty_url: str | None = cluster.create_database("empty")
    else:
        empty_url = None
    empty = make_settings(tmp_path / "empty", empty_url, PERSONAL_DATA_KEY=KEY_B)
    assert cli.run(empty, "replay")[0] == 0
    with TestClient(create_app(empty), raise_server_exceptions=False) as client:
        assert login(client, ADMIN_USERNAME, ADMIN_PASSWORD)


# A rotation run in a process of its own, killed (SIGKILL) at the step named: `new-ring` right after the ring
# holding the new generation beside the old one is written, `rewrapped` right after the transaction that
# destroyed the keys and rewrapped the others committed (before the old generation is dropped).
ROTATE = """
import json, os, signal, sys
from infrastructure.event_store import SharedStore
from infrastructure.key_ring import KeyRing

env, kill_at, account = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3]
written = []
original = KeyRing.write

def write(ring, keys):
    if kill_at == "rewrapped" and written:
        os.kill(os.getpid(), signal.SIGKILL)
    original(ring, keys)
    written.append(keys)
    if kill_at == "new-ring" and len(written) == 1 and len(keys) > 1:
        os.kill(os.getpid(), signal.SIGKILL)

KeyRing.write = write
store = SharedStore(env)
print(len(store.vault.destroy(account)))
"""


def rotate_in_another_process(env: dict[str, str], account: str, kill_at: str = "") -> int:
    done = subprocess.run(
        [sys.executable, "-c", ROTATE, json.dumps(env), kill_at, account],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        timeout=120,
    )
    if kill_at:
        assert done.returncode == -signal.SIGKILL, done.stderr
    else:
        assert done.returncode == 0, done.stderr
    return done.returncode


def generations(store: SharedStore) -> dict[str, int]:
    with store.vault.datastore.transaction(commit=False) as cursor:
        cursor.execute("SELECT subject_id, generation FROM personal_data_keys WHERE wrapped_key IS NOT NULL")
        return {str(row["subject_id"]): int(row["generation"]) for row in cursor.fetchall()}


def sealed_people(store: SharedStore) -> dict[str, tuple[str, dict[str, Any]]]:
    """Two people's data sealed under keys of their own: subject -> (owner, clear value, sealed value)."""
    sealed: dict[str, tuple[str, dict[str, Any]]] = {}
    for index, owner in enumerate(
        (str(account_id(fresh_national_id())), str(account_id(fresh_national_id())))
    ):
        for subject, value in (
            (owner, PERSIAN_PEOPLE[index][0]),
            (f"{owner}-order", WALK_SHIPPER[index % 2]),
        ):
            key = store.vault.key_for_sealing(subject, owner)
            assert key is not None
            sealed[subject] = (value, store.vault.seal_text(key, subject, value))
    return sealed


@pytest.mark.parametrize("kill_at", ["new-ring", "rewrapped"])
def test_a_rotation_killed_halfway_loses_no_live_key(settings: Settings, kill_at: str) -> None:
    env = settings.event_store_env()
    store = SharedStore(env)
    try:
        people = sealed_people(store)
        erased = next(iter(people))
        ring_path = settings.VAR_DIR / RING
        rotate_in_another_process(env, erased, kill_at)
        assert len(json.loads(ring_path.read_text())["keys"]) == 2  # killed with both generations in the ring
    finally:
        store.close()

    after = SharedStore(env)  # the next process to start drops the generation no key uses
    try:
        assert len(json.loads(ring_path.read_text())["keys"]) == 1
        committed = kill_at == "rewrapped"
        for subject, (value, sealed) in people.items():
            gone = committed and (subject == erased or subject == f"{erased}-order")
            assert after.vault.open_field(sealed, identifier=False) == (ERASED if gone else value), subject
        assert set(generations(after).values()) == {after.vault._current()}
        # The erasure, had it not gone through, goes through now.
        rotate_in_another_process(env, erased)
        after.vault._keys.clear()
        assert after.vault.open_field(people[erased][1], identifier=False) == ERASED
    finally:
        after.close()


def test_another_process_picks_up_the_new_wrapping_key(settings: Settings) -> None:
    env = settings.event_store_env()
    store = SharedStore(env)  # a worker, running all along
    try:
        people = sealed_people(store)
        subjects = list(people)
        generation = store.vault._current()
        rotate_in_another_process(env, subjects[0])  # an erasure in another process
        with store.vault.datastore.transaction(commit=False) as cursor:
            cursor.execute(
                "SELECT generation FROM personal_data_keys WHERE subject_id = ?".replace(
                    "?", store.vault.mark
                ),
                (MARKER,),
            )
            now = int(cursor.fetchone()["generation"])
        assert now > generation
        # Its cached data keys aside, the worker unwraps the survivors under the new generation.
        store.vault._keys.clear()
        value, sealed = people[subjects[2]]
        assert store.vault.open_field(sealed, identifier=False) == value
        # A key it makes now is wrapped under the new generation, not the one it knew (now destroyed).
        fresh = str(account_id(fresh_national_id()))
        assert store.vault.key_for_sealing(fresh, None) is not None
        assert generations(store)[fresh] == now
        assert set(generations(store).values()) == {now}
    finally:
        store.close()
    again = SharedStore(env)
    try:
        assert again.vault.key(fresh) is not None
    finally:
        again.close()


def test_a_store_sealed_before_the_ring_is_checked_and_moves_onto_it(settings: Settings) -> None:
    """Keys wrapped under the master key itself (a store from before the ring) open, a wrong master key is
    refused, and the first rotation rewraps them under the ring."""
    env = settings.model_copy(update={"PERSONAL_DATA_KEY": KEY_A}).event_store_env()
    subject = str(account_id(fresh_national_id()))
    data_key = AESGCM.generate_key(bit_length=256)
    nonce = b"\x01" * 12
    context = b"freight personal data key" + subject.encode()
    wrapped = base64.b64encode(
        nonce + AESGCM(base64.b64decode(KEY_A)).encrypt(nonce, data_key, context)
    ).decode()
    old_table = (
        "CREATE TABLE personal_data_keys (subject_id TEXT PRIMARY KEY, owner_id TEXT NOT NULL,"
        " wrapped_key TEXT, destroyed_at TEXT)"
    )
    if not settings.uses_postgres:
        with sqlite3.connect(settings.VAR_DIR / "events.db") as conn:
            conn.execute(old_table)
            conn.execute("INSERT INTO personal_data_keys VALUES (?, ?, ?, NULL)", (subject, subject, wrapped))
    else:
        with psycopg.connect(str(settings.DATABASE_URL)) as pg:
            pg.execute("DROP TABLE personal_data_keys")
            pg.execute(old_table)
            pg.execute(
                "INSERT INTO personal_data_keys VALUES (%s, %s, %s, NULL)", (subject, subject, wrapped)
            )

    with pytest.raises(KeyRefused, match=r"^PERSONAL_DATA_KEY does not open this store's personal data keys"):
        SharedStore({**env, "PERSONAL_DATA_KEY": KEY_B})
    store = SharedStore(env)
    try:
        value = PERSIAN_PEOPLE[1][0]
        sealed = store.vault.seal_text(AESGCM(data_key), subject, value)
        assert store.vault.open_field(sealed, identifier=False) == value
        assert generations(store) == {subject: 0}
        # The first key made under the ring establishes it, rewrapping the old key.
        assert store.vault.key_for_sealing(str(account_id(fresh_national_id())), None) is not None
        assert set(generations(store).values()) == {1}
        store.vault._keys.clear()
        assert store.vault.open_field(sealed, identifier=False) == value
    finally:
        store.close()
    with pytest.raises(KeyRefused, match=r"^PERSONAL_DATA_KEY does not open the personal data key ring"):
        SharedStore({**env, "PERSONAL_DATA_KEY": KEY_B})


# Another process making keys and sealing with them, one after another until told to stop, printing what it
# sealed.
SEAL = """
import json, os, sys, uuid
from infrastructure.event_store import SharedStore

env, stop = json.loads(sys.argv[1]), sys.argv[2]
store = SharedStore(env)
print("ready", flush=True)
index = 0
while not os.path.exists(stop) or index < 20:
    subject = str(uuid.uuid4())
    key = store.vault.key_for_sealing(subject, None)
    print(json.dumps([subject, store.vault.seal_text(key, subject, f"value {index}")]), flush=True)
    index += 1
"""


def test_keys_made_by_another_process_while_erasures_rotate_all_survive(
    settings: Settings, tmp_path: Path
) -> None:
    env = settings.event_store_env()
    stop = tmp_path / "stop"
    store = SharedStore(env)
    try:
        owners = [str(account_id(fresh_national_id())) for _ in range(5)]
        for owner in owners:
            store.vault.key_for_sealing(owner, owner)
        sealer = subprocess.Popen(
            [sys.executable, "-c", SEAL, json.dumps(env), str(stop)],
            cwd=Path(__file__).resolve().parents[2],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            # Unbuffered: `readline` then takes only the "ready" line. A buffered reader could take the first
            # sealed line with it, which `communicate` (reading the pipe itself) would never see.
            bufsize=0,
        )
        assert sealer.stdout is not None
        assert sealer.stdout.readline().strip() == b"ready"
        for owner in owners:  # five erasures, each rotating, while it makes keys
            store.vault.destroy(owner)
            assert sealer.poll() is None
        stop.touch()
        output, errors = sealer.communicate(timeout=300)
        out = output.decode()
        assert sealer.returncode == 0, errors.decode()
    finally:
        store.close()
    after = SharedStore(env)  # a process of its own: nothing cached
    try:
        sealed = [json.loads(line) for line in out.splitlines()]
        assert len(sealed) >= 20
        for index, (subject, field) in enumerate(sealed):
            assert after.vault.open_field(field, identifier=False) == f"value {index}", subject
        assert len(set(generations(after).values())) == 1  # every live key under the one current generation
        assert len(json.loads((settings.VAR_DIR / RING).read_text())["keys"]) == 1
        for owner in owners:
            assert after.vault.key(owner) is None
    finally:
        after.close()


def test_a_key_made_for_sealing_is_the_stored_one_without_reading_it_back(settings: Settings) -> None:
    """A create seals under a key it has just made: the one transaction that stores it is all it costs (no
    look for it afterwards), and the key it seals with is the one every other process unwraps."""
    env = settings.event_store_env()
    store = SharedStore(env)
    try:
        vault = store.vault
        # As a busy worker's: the erasure check just done, the store's generation known.
        vault._fresh(now_and_then=False)
        vault._current()
        datastore = vault.datastore
        opened, connected = datastore.transaction, datastore.get_connection
        uses: list[str] = []

        def counted(*, commit: bool = False) -> Any:
            uses.append(f"transaction commit={commit}")
            return opened(commit=commit)

        def connection(**options: Any) -> Any:
            if not uses or uses[-1] != "transaction commit=True":  # (SQLite's transaction takes one)
                uses.append("connection")
            return connected(**options)

        subject = str(account_id(fresh_national_id()))
        datastore.transaction, datastore.get_connection = counted, connection
        try:
            key = vault.key_for_sealing(subject, None)
        finally:
            del datastore.transaction, datastore.get_connection
        assert key is not None
        assert len(uses) == 1, uses  # the insert, and no look afterwards
        sealed = vault.seal_text(key, subject, PERSIAN_PEOPLE[0][0])
    finally:
        store.close()
    other = SharedStore(env)
    try:
        assert other.vault.open_field(sealed, identifier=False) == PERSIAN_PEOPLE[0][0]
    finally:
        other.close()


class _Person(Aggregate):
    """A bare aggregate whose events carry a personal field: what the store's mapper seals."""

    class Registered(Aggregate.Created):
        name: str
        personal_fields = ("name",)

    class Renamed(Aggregate.Event):
        name: str
        personal_fields = ("name",)

        def apply(self, aggregate: Any) -> None:
            aggregate.name = self.name

    def __init__(self, name: str) -> None:
        self.name = name

    def rename(self, name: str) -> None:
        self.trigger_event(self.Renamed, name=name)


def test_a_save_readies_its_keys_together_and_looks_before_it_makes_one(settings: Settings) -> None:
    """A save that creates several sealed aggregates (a batch of notifications) makes their keys in one
    statement; a save on aggregates whose keys this process has not cached looks them up in one statement
    and makes none; what either seals opens in another process."""
    env = settings.event_store_env()
    names = [" ".join(person) for person in PERSIAN_PEOPLE]
    store = SharedStore(env)
    try:
        vault = store.vault
        made: list[dict[str, str | None]] = []
        insert = vault._insert

        def counted(subjects: dict[str, str | None]) -> None:
            made.append(dict(subjects))
            insert(subjects)

        vault._insert = counted  # type: ignore[method-assign]
        people = [_Person(name) for name in names]
        ContextApplication(store).record(*people)
        assert made == [{str(person.id): None for person in people}]
    finally:
        store.close()
    other = SharedStore(env)  # another worker: none of these keys cached
    try:
        looked: list[list[str]] = []
        made.clear()
        cache = other.vault._cache

        def looking(subjects: Any) -> None:
            looked.append(list(subjects))
            cache(looked[-1])

        other.vault._insert = counted  # type: ignore[method-assign]
        other.vault._cache = looking  # type: ignore[method-assign]
        application = ContextApplication(other)
        found: list[Any] = [application.repository.get(person.id) for person in people]
        assert [person.name for person in found] == names
        for person in found:
            person.rename(person.name + " " + PERSIAN_PEOPLE[0][1])
        other.vault._keys.clear()
        application.record(*found)
        assert made == []
        assert looked[-1] == [str(person.id) for person in people]
    finally:
        other.close()
    last = SharedStore(env)
    try:
        again = ContextApplication(last)
        assert [again.repository.get(p.id).name for p in people] == [
            name + " " + PERSIAN_PEOPLE[0][1] for name in names
        ]
    finally:
        last.close()
