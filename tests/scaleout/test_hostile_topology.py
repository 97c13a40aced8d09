"""The hostile-sequence state machine against the scale-out deployment, as processes: two
`freight serve` workers (followers off) and one `freight follow`, on a throwaway PostgreSQL.

The same rules as tests/property/test_hostile_sequences.py, each request sent to one of the two workers,
plus one event written straight into the store that the read models cannot apply on PostgreSQL (a NUL in a
username: "text fields cannot contain NUL"), which the follower process must park and go on. After every
step: no 5xx; every follower at the head (a parked event is passed); `/health` 503 exactly while something
is parked, naming the follower; every valid booking listed.
"""

from __future__ import annotations

import time
import uuid
from pathlib import Path
from typing import Any

import httpx
from hypothesis.stateful import precondition, rule, run_state_machine_as_test

from api.bootstrap import open_read_models
from domain.accounts.account import INDIVIDUAL, Account
from domain.accounts.application import AccountsApplication
from domain.shared.actor import SYSTEM_ACTOR
from followers import dead_letters
from infrastructure.event_store import SharedStore
from infrastructure.read_db import ReadModelDB
from tests.api.booking_support import PASSWORD
from tests.conftest import make_settings
from tests.property.test_hostile_sequences import RUN, HostileSteps
from tests.scaleout.test_topology import SECRET, Topology, open_customers, topology


class Deployment:
    """What every example of the machine shares: the processes, the store and the read models."""

    def __init__(self, deployment: Topology, store: SharedStore, db: ReadModelDB, username: str) -> None:
        self.deployment = deployment
        self.store = store
        self.db = db
        self.accounts = AccountsApplication(store, secret=SECRET)
        self.poisoned = False
        self.bookings: set[str] = set()
        login = httpx.post(
            f"{deployment.url(0)}/auth/api/v1/login", json={"username": username, "password": PASSWORD}
        )
        assert login.status_code == 200, login.text
        self.alice = {"Authorization": f"Bearer {login.json()['response']['token']}"}


class TwoWorkers:
    """Sends each request to the next worker (the rules call `get` and `post` as on a TestClient)."""

    def __init__(self, urls: list[str]) -> None:
        self.clients = [httpx.Client(base_url=url, timeout=30) for url in urls]
        self.turn = 0

    def _next(self) -> httpx.Client:
        self.turn += 1
        return self.clients[self.turn % len(self.clients)]

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        return self._next().get(path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> httpx.Response:
        return self._next().post(path, **kwargs)

    def close(self) -> None:
        for client in self.clients:
            client.close()


SHARED: list[Deployment] = []


class HostileTopology(HostileSteps):
    def __init__(self) -> None:
        super().__init__()
        self.shared = SHARED[0]
        self.client = TwoWorkers([self.shared.deployment.url(0), self.shared.deployment.url(1)])
        self.alice = self.shared.alice
        self.bookings = self.shared.bookings  # the store outlives an example: so do its bookings
        # Per example (what rules may run must not depend on earlier examples: hypothesis replays them).
        self.poisoned = False

    def teardown(self) -> None:
        self.client.close()

    def head(self) -> int:
        return int(self.shared.store.head())

    def settle(self) -> bool:
        head = self.head()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with self.shared.db.read() as tx:
                positions = [int(r["position"]) for r in tx.all("SELECT position FROM tracking")]
            if positions and min(positions) >= head:
                return True
            time.sleep(0.1)
        return False

    def parked(self) -> dict[str, int]:
        with self.shared.db.read() as tx:
            return dead_letters.parked_counts(tx)

    def recorder(self) -> Any:
        return self.shared.store.recorder

    @precondition(lambda self: not self.poisoned)
    @rule()
    def poison_straight_into_the_store(self) -> None:
        account = Account.open(f"poison\x00{uuid.uuid4().hex[:8]}", INDIVIDUAL, [], {}, SYSTEM_ACTOR)
        self.shared.accounts.record(account)
        self.poisoned = self.shared.poisoned = True


def test_hostile_sequences_against_two_workers_and_a_follower(tmp_path: Path) -> None:
    with topology(tmp_path) as deployment:
        settings = make_settings(deployment.var_dir, deployment.database_url)
        store = SharedStore(settings.event_store_env())
        db = open_read_models(settings)
        try:
            (username,) = open_customers(store, 1)
            deployment.start("follow", "follow")
            for index, port in enumerate(deployment.ports):
                deployment.start(f"serve-{index}", "serve", PORT=str(port), RUN_FOLLOWERS="false")
            deployment.wait_healthy(120)
            SHARED.append(Deployment(deployment, store, db, username))
            run_state_machine_as_test(HostileTopology, settings=RUN)
            shared = SHARED[0]
            assert shared.bookings, "no valid journey ran"
            if not shared.poisoned:  # the rule is drawn almost always; the proof must not depend on it
                machine = HostileTopology()
                machine.poison_straight_into_the_store()
                machine.followers_at_head_or_parked_and_health_truthful()
                machine.teardown()
            for name, process in deployment.processes.items():
                assert process.poll() is None, f"{name} died:\n{deployment.log(name)[-3000:]}"
            with db.read() as tx:
                letters = dead_letters.letters(tx)
            assert any("NUL" in letter.error for letter in letters), letters
            sick = httpx.get(f"{deployment.url(1)}/health", timeout=5)
            assert sick.status_code == 503 and "read_models" in sick.text, sick.text[:500]
        finally:
            SHARED.clear()
            db.close()
            store.close()
