"""The scale-out deployment under faults, as processes: two `freight serve` workers (followers off) and two
`freight follow` processes (one active, one hot standby) on a throwaway PostgreSQL.

Under a steady command load the active follower is killed (-9), then PostgreSQL is stopped and started
again. Afterwards: no acknowledged write lost or doubled, every stored write answered 2xx (a create that
could not be stored is answered 503 and retried with its Idempotency-Key), no message id twice in the outbox
and none missing, read models caught up (`/health` 200) and `freight verify` clean. Bounded: the load runs
for a fixed time and every wait has a deadline.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

from domain.accounts.account import INDIVIDUAL, Account
from domain.accounts.application import AccountsApplication
from domain.accounts.messages import PASSWORD_TOKEN_ISSUED
from domain.booking.rate_request import RateRequest
from domain.shared.actor import SYSTEM_ACTOR
from infrastructure.event_store import SharedStore
from tests.api.booking_support import PASSWORD, payload
from tests.conftest import TEST_PASSWORDS, make_settings
from tests.live_server import stop_processes
from tests.pg import Cluster, free_port, throwaway_cluster

ROOT = Path(__file__).resolve().parents[2]
SECRET = "scale-out-secret-scale-out-secret-0123"
CLIENTS = 4
LOAD_SECONDS = 24.0
RATE_REQUESTS = "/booking/api/v1/client/rate-requests"
# Answers a create may get: stored (201, or 202 while the read models are late) or not stored at all (503).
HONEST = {201, 202, 503}


class Topology:
    def __init__(self, cluster: Cluster, work: Path) -> None:
        self.cluster = cluster
        self.work = work
        self.var_dir = work / "var"
        self.database_url = cluster.create_database("scaleout")
        self.ports = [free_port(), free_port()]
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self.env = {
            **os.environ,
            "DATABASE_URL": self.database_url,
            "VAR_DIR": str(self.var_dir),
            "JWT_SECRET": SECRET,
            "PUBLIC_URL": "https://freight.example.test",
            "ADMIN_USERNAME": "admin",
            "ADMIN_PASSWORD": "Admin-Pass1",
            "WEB_DIST": str(work / "no-web"),
            "PYTHONPATH": str(ROOT),
        }

    def start(self, name: str, *args: str, **env: str) -> None:
        log = (self.work / f"{name}.log").open("wb")
        self.processes[name] = subprocess.Popen(
            [sys.executable, "-m", "api.cli", *args],
            env={**self.env, **env},
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )

    def log(self, name: str) -> str:
        return (self.work / f"{name}.log").read_text(errors="replace")

    def url(self, index: int) -> str:
        return f"http://127.0.0.1:{self.ports[index]}"

    def healthy(self, index: int) -> bool:
        try:
            return httpx.get(f"{self.url(index)}/health", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def health_bodies(self) -> list[str]:
        """What each server's health says: a failed wait names the group and the reason."""
        bodies = []
        for index in range(2):
            try:
                bodies.append(httpx.get(f"{self.url(index)}/health", timeout=2).text[:2000])
            except httpx.HTTPError as error:
                bodies.append(repr(error))
        return bodies

    def wait_healthy(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not all(self.healthy(i) for i in range(2)):
            for name, process in self.processes.items():
                assert process.poll() is None or name == "follow-killed", (
                    f"{name} died:\n{self.log(name)[-3000:]}"
                )
            assert time.monotonic() < deadline, (
                f"the deployment did not become healthy in time: {self.health_bodies()}"
            )
            time.sleep(0.3)

    def caught_up(self, seconds: float) -> dict[str, Any]:
        """Wait until every follower's tracking position is the store's head; the last health report."""
        deadline = time.monotonic() + seconds
        while True:
            report: dict[str, Any] = httpx.get(f"{self.url(0)}/health", timeout=5).json()["response"]
            if all(position == report["position"] for position in report["tracking"].values()):
                return report
            assert time.monotonic() < deadline, f"the followers did not reach the head: {report}"
            time.sleep(0.5)

    def active_follower(self) -> str:
        """The follow process that holds the read models' lock (each logs when it takes one)."""
        holders = [
            name
            for name in ("follow-a", "follow-b")
            if name in self.processes and "follower read_models: active" in self.log(name)
        ]
        assert len(holders) == 1, holders
        return holders[0]

    def stop(self) -> None:
        stop_processes(self.processes.values(), grace=15)


@contextmanager
def topology(work: Path) -> Iterator[Topology]:
    with throwaway_cluster() as cluster:
        deployment = Topology(cluster, work)
        try:
            yield deployment
        finally:
            deployment.stop()


class Client(threading.Thread):
    """A customer creating rate requests one after another; each create carries a key of its own and is
    retried with it until it is answered 2xx."""

    def __init__(self, base_urls: list[str], username: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.base_urls = base_urls
        self.username = username
        self.stop_event = stop
        self.acknowledged: list[str] = []
        self.statuses: Counter[int] = Counter()
        self.unanswered = 0
        self.failure: str | None = None

    def run(self) -> None:
        try:
            self._run()
        except Exception as error:
            self.failure = repr(error)

    def _run(self) -> None:
        with httpx.Client(timeout=30) as http:
            answer = http.post(
                f"{self.base_urls[0]}/auth/api/v1/login",
                json={"username": self.username, "password": PASSWORD},
            )
            assert answer.status_code == 200, answer.text
            headers = {"Authorization": f"Bearer {answer.json()['response']['token']}"}
            turn = 0
            while not self.stop_event.is_set():
                key = uuid.uuid4().hex
                deadline = time.monotonic() + 60
                while True:
                    base = self.base_urls[turn % len(self.base_urls)]
                    turn += 1
                    try:
                        answer = http.post(
                            f"{base}{RATE_REQUESTS}",
                            json=payload(),
                            headers={**headers, "Idempotency-Key": key},
                        )
                    except httpx.HTTPError:
                        self.unanswered += 1  # no answer at all: retry with the same key
                        time.sleep(0.2)
                        continue
                    self.statuses[answer.status_code] += 1
                    if answer.status_code in (201, 202):
                        self.acknowledged.append(answer.json()["response"]["id"])
                        break
                    if answer.status_code != 503:
                        self.failure = f"{answer.status_code}: {answer.text[:300]}"
                        return
                    assert time.monotonic() < deadline, "a create stayed unanswerable for a minute"
                    time.sleep(0.2)


def open_customers(store: SharedStore, count: int) -> list[str]:
    accounts = AccountsApplication(store, secret=SECRET)
    password_hash = TEST_PASSWORDS.hash(PASSWORD)
    names = []
    for index in range(count):
        username = f"shipper{index}"
        account = Account.open(username, INDIVIDUAL, [], {"email": f"{username}@example.com"}, SYSTEM_ACTOR)
        account.set_password(password_hash, SYSTEM_ACTOR)
        accounts.record(account)
        names.append(username)
    return names


def test_kill_the_active_follower_and_restart_postgres_under_load(tmp_path: Path) -> None:
    with topology(tmp_path) as deployment:
        settings = make_settings(deployment.var_dir, deployment.database_url)
        store = SharedStore(settings.event_store_env())
        try:
            customers = open_customers(store, CLIENTS)
            deployment.start("follow-a", "follow")
            deployment.start("follow-b", "follow")
            for index, port in enumerate(deployment.ports):
                deployment.start(
                    f"serve-{index}", "serve", "--workers", "1", PORT=str(port), RUN_FOLLOWERS="false"
                )
            deployment.wait_healthy(90)

            stop = threading.Event()
            urls = [deployment.url(0), deployment.url(1)]
            clients = [Client(urls[i % 2 :] + urls[: i % 2], name, stop) for i, name in enumerate(customers)]
            for client in clients:
                client.start()
            # Messages come from a third writer too (password resets straight into the store).
            resets = AccountsApplication(store, secret=SECRET)
            started = time.monotonic()
            killed = restarted = False
            while time.monotonic() - started < LOAD_SECONDS:
                if not killed and time.monotonic() - started > 5:
                    victim = deployment.active_follower()
                    deployment.processes[
                        victim
                    ].kill()  # kill -9: no clean-up, the lock goes with the session
                    deployment.processes["follow-killed"] = deployment.processes.pop(victim)
                    killed = True
                if killed and not restarted and time.monotonic() - started > 11:
                    deployment.cluster.stop()
                    time.sleep(3)
                    deployment.cluster.start()
                    restarted = True
                if not restarted or time.monotonic() - started > 14:
                    # The test's own writer may meet the outage too (the servers must not fail).
                    with contextlib.suppress(Exception):
                        resets.request_password_reset(
                            customers[int(time.monotonic()) % CLIENTS], datetime.now(UTC)
                        )
                time.sleep(0.25)
            stop.set()
            for client in clients:
                client.join(90)
            assert killed and restarted

            failures = [c.failure for c in clients if c.failure]
            assert not failures, failures
            statuses = sum((c.statuses for c in clients), Counter())
            assert set(statuses) <= HONEST, statuses
            deployment.wait_healthy(60)
            # Every follower reaches the head: a policy that took over from the killed process may still be
            # working through the backlog the load left (on a loaded 2-core machine, for some seconds).
            deployment.caught_up(90)

            # No acknowledged write lost, none doubled: one Created per acknowledged id, and no other.
            acknowledged = [rid for c in clients for rid in c.acknowledged]
            created = [
                str(n.originator_id)
                for n in store.recorder.select_notifications(start=1, limit=10**6)
                if n.topic.endswith(RateRequest.Created.__qualname__)
            ]
            assert len(acknowledged) > 20
            assert Counter(created) == Counter(set(acknowledged)), "a create was lost or stored twice"
            assert len(set(acknowledged)) == len(acknowledged)

            # Every message once in the outbox, none missing.
            outbox = [
                json.loads(line)["id"]
                for line in (deployment.var_dir / "outbox.jsonl").read_text().splitlines()
                if line.strip()
            ]
            expected = {
                f"{n.originator_id}:{n.originator_version}:email"
                for n in store.recorder.select_notifications(start=1, limit=10**6)
                if isinstance(event := store.mapper.to_domain_event(n), PASSWORD_TOKEN_ISSUED) and event.email
            }
            assert len(outbox) == len(set(outbox)), Counter(outbox).most_common(3)
            assert set(outbox) == expected

            # Read models: every follower at the head, and a rebuild agrees with them row by row.
            verify = subprocess.run(
                [sys.executable, "-m", "api.cli", "verify"],
                env=deployment.env,
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert verify.returncode == 0, verify.stdout[-2000:] + verify.stderr[-2000:]
            print(
                f"\nscale-out: {len(acknowledged)} creates acknowledged, answers {dict(statuses)}, "
                f"{len(outbox)} messages, unanswered tries {sum(c.unanswered for c in clients)}"
            )
        finally:
            store.close()
