"""`freight serve`'s default shape, as processes, on SQLite and PostgreSQL: uvicorn's supervisor with one API
worker per core and the followers in a child of their own.

Proven here: the default starts that many workers plus the followers' process; a command answered by one
worker is shown by the next read on another (read-your-writes across processes: PostgreSQL's NOTIFY, on
SQLite the followers' datagrams); a worker or the followers' process killed with -9 is replaced and the
service carries on; SIGTERM to the supervisor ends every child and exits 0. Which worker holds a connection
is read from /proc (the socket's inode), so the cross-worker reads are certain, not left to chance.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from domain.accounts.account import INDIVIDUAL, Account
from domain.accounts.application import AccountsApplication
from domain.shared.actor import SYSTEM_ACTOR
from infrastructure.event_store import SharedStore
from tests.api.booking_support import PASSWORD, payload
from tests.conftest import TEST_PASSWORDS, make_settings
from tests.corpus import PERSIAN_COMPANIES
from tests.pg import Cluster, free_port

ROOT = Path(__file__).resolve().parents[2]
SECRET = "topology-secret-topology-secret-0123456"
RATE_REQUESTS = "/booking/api/v1/client/rate-requests"
CUSTOMER = "topology.shipper"


def serve_process(
    var_dir: Path, port: int, log: Path, *args: str, database: str | None = None
) -> subprocess.Popen[bytes]:
    """`freight serve *args` on `port` over the store in `var_dir` (PostgreSQL's `database` when given), its
    output in `log`: the environment's own store and followers' settings left out."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "RUN_FOLLOWERS")}
    env.update(
        {"VAR_DIR": str(var_dir), "PORT": str(port), "HOST": "127.0.0.1", "JWT_SECRET": SECRET,
         "ADMIN_USERNAME": "admin", "ADMIN_PASSWORD": "Admin-Pass1"}
    )  # fmt: skip
    if database:
        env["DATABASE_URL"] = database
    with log.open("wb") as output:
        return subprocess.Popen(
            [sys.executable, "-m", "api.cli", "serve", *args],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    def children(self) -> list[int]:
        """The supervisor's uvicorn children (multiprocessing's resource tracker is not one)."""
        found = []
        for pid in _children(self.process.pid):
            try:
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:  # the child died between the listing and this read
                continue
            if b"spawn_main" in cmdline:
                found.append(pid)
        return found

    def workers(self) -> list[int]:
        """Children holding the listening socket; the other child is the followers' process."""
        listening = _inodes(self.port, listening=True)
        return [pid for pid in self.children() if _socket_inodes(pid) & listening]

    def followers(self) -> list[int]:
        workers = set(self.workers())
        return [pid for pid in self.children() if pid not in workers]


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(part) for part in text.split()]


def _ended(pid: int) -> bool:
    """Gone, or a zombie waiting for its reaper."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z"
    except OSError:
        return True


def _socket_inodes(pid: int) -> set[int]:
    found = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if target.startswith("socket:["):
                found.add(int(target[8:-1]))
    except OSError:
        pass
    return found


def _inodes(port: int, *, listening: bool = False, remote_port: int | None = None) -> set[int]:
    """Inodes of TCP sockets whose local port is `port` (listening ones, or the one talking to
    `remote_port`)."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, state, inode = fields[1], fields[2], fields[3], int(fields[9])
        if int(local.split(":")[1], 16) != port:
            continue
        talking = remote_port is not None and int(remote.split(":")[1], 16) == remote_port
        if talking or (listening and state == "0A"):
            found.add(inode)
    return found


class Connection:
    """One keep-alive connection, and the worker process that accepted it."""

    def __init__(self, served: Served, token: str | None = None) -> None:
        self.http = http.client.HTTPConnection("127.0.0.1", served.port, timeout=30)
        self.http.connect()
        self.headers = {"Content-Type": "application/json"}
        if token:
            self.headers["Authorization"] = f"Bearer {token}"
        assert self.http.sock is not None
        client_port = self.http.sock.getsockname()[1]
        self.worker = 0
        deadline = time.monotonic() + 10
        while not self.worker and time.monotonic() < deadline:
            inodes = _inodes(served.port, remote_port=client_port)
            owners = [pid for pid in served.workers() if _socket_inodes(pid) & inodes]
            self.worker = owners[0] if owners else 0
            if not self.worker:
                time.sleep(0.02)  # accepted by the kernel, not yet by a worker

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        self.http.request(method, path, body=None if body is None else json.dumps(body), headers=self.headers)
        answer = self.http.getresponse()
        return answer.status, json.loads(answer.read() or b"null")

    def close(self) -> None:
        self.http.close()


def one_per_worker(served: Served, token: str | None, count: int = 2) -> list[Connection]:
    """Connections until `count` distinct workers hold one each (bounded)."""
    kept: dict[int, Connection] = {}
    spare = []
    for _ in range(60):
        connection = Connection(served, token)
        if connection.worker and connection.worker not in kept:
            kept[connection.worker] = connection
        else:
            spare.append(connection)
        if len(kept) == count:
            break
    for connection in spare:
        connection.close()
    assert len(kept) == count, f"connections reached only workers {sorted(kept)} of {served.workers()}"
    return list(kept.values())


def open_customer(store: SharedStore) -> None:
    accounts = AccountsApplication(store, secret=SECRET)
    account = Account.open(CUSTOMER, INDIVIDUAL, [], {"email": "topology@example.com"}, SYSTEM_ACTOR)
    account.set_password(TEST_PASSWORDS.hash(PASSWORD), SYSTEM_ACTOR)
    accounts.record(account)


def wait_until(check: Any, seconds: float, what: str) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds}s: {what}")


def healthy(served: Served) -> bool:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=5)
        connection.request("GET", "/health")
        return connection.getresponse().status == 200
    except OSError:
        return False


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """`freight serve` with no --workers (the default); on the way out SIGTERM must end it and all its
    children with exit 0."""
    work = tmp_path_factory.mktemp(f"topology-{request.param}")
    database = None
    if request.param == "postgres":
        cluster: Cluster = request.getfixturevalue("pg_cluster")
        database = cluster.create_database("topology")
    store = SharedStore(make_settings(work / "var", database).event_store_env())
    try:
        open_customer(store)
    finally:
        store.close()
    port = free_port()
    log = work / "serve.log"
    process = serve_process(work / "var", port, log, database=database)
    served = Served(process, port, log)
    try:
        wait_until(lambda: process.poll() is not None or healthy(served), 120, "the server answers /health")
        assert process.poll() is None, log.read_text()[-3000:]
        yield served
        children = served.children()
        assert children
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0, log.read_text()[-3000:]
        for pid in children:  # every child ended with it
            assert _ended(pid)
        assert "Traceback" not in log.read_text(errors="replace")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def login(served: Served, username: str, password: str) -> str:
    connection = Connection(served)
    try:
        status, body = connection.call(
            "POST", "/auth/api/v1/login", {"username": username, "password": password}
        )
    finally:
        connection.close()
    assert status == 200, body
    return str(body["response"]["token"])


def test_the_default_is_one_worker_per_core_and_a_followers_process(served: Served) -> None:
    wait_until(lambda: len(served.children()) == (os.cpu_count() or 1) + 1, 60, "every child started")
    assert len(served.workers()) == (os.cpu_count() or 1)
    assert len(served.followers()) == 1


def test_a_write_on_one_worker_is_read_at_once_on_another(served: Served) -> None:
    token = login(served, CUSTOMER, PASSWORD)
    writer, reader = one_per_worker(served, token)
    assert writer.worker != reader.worker
    try:
        for round_ in range(6):
            status, created = writer.call(
                "POST", RATE_REQUESTS, payload(additionalComment=f"{PERSIAN_COMPANIES[0]} {round_}")
            )
            assert status in (201, 202), created
            rate_request_id = created["response"]["id"]
            status, detail = reader.call("GET", f"{RATE_REQUESTS}/{rate_request_id}")
            assert status == 200, detail
            assert detail["response"]["additionalComment"] == f"{PERSIAN_COMPANIES[0]} {round_}"
            status, listing = reader.call("GET", f"{RATE_REQUESTS}?limit=50&offset=1")
            assert status == 200, listing
            assert rate_request_id in [row["id"] for row in listing["response"]["list"]["list"]]
            writer, reader = reader, writer  # and the other way round
    finally:
        writer.close()
        reader.close()


def test_a_killed_worker_or_followers_process_is_replaced(served: Served) -> None:
    wait_until(lambda: len(served.children()) == (os.cpu_count() or 1) + 1, 60, "every child started")
    victim = served.workers()[0]
    os.kill(victim, signal.SIGKILL)
    wait_until(
        lambda: victim not in served.workers() and len(served.workers()) == (os.cpu_count() or 1),
        60,
        "a new worker in the killed one's place",
    )
    (followers,) = served.followers()
    os.kill(followers, signal.SIGKILL)
    wait_until(lambda: served.followers() not in ([], [followers]), 60, "a new followers' process")
    wait_until(lambda: healthy(served), 60, "healthy again")
    # And the service carries on: a write is applied by the new followers' process and read back.
    token = login(served, CUSTOMER, PASSWORD)
    connection = Connection(served, token)
    try:
        status, created = connection.call("POST", RATE_REQUESTS, payload(additionalComment="after the kill"))
        assert status in (201, 202), created
        detail_path = f"{RATE_REQUESTS}/{created['response']['id']}"
        if status == 202:  # stored while the new followers' process was still starting: shown once it runs
            wait_until(
                lambda: connection.call("GET", detail_path)[0] == 200, 60, "the new process applies it"
            )
        status, detail = connection.call("GET", detail_path)
        assert status == 200 and detail["response"]["additionalComment"] == "after the kill", detail
    finally:
        connection.close()
