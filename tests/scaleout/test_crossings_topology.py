"""The crossings machine (tests/property/crossings_machine.py) against the PostgreSQL deployment as processes:
`freight serve --workers 2` with its followers off, and `freight follow` applying the read models and running
the policies (messages, webhooks). Every request goes to whichever worker the kernel hands the connection
to; every wait is for the followers' position in the store; the webhooks are heard on loopback.

At the end of each example: `/health` 200, nothing parked, `freight verify` exits 0. `make test` runs two
examples (`CROSSINGS_DEPLOYED_EXAMPLES`; `CROSSINGS_LONG=1` runs as many as the in-process machine).
"""

from __future__ import annotations

import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
from hypothesis.stateful import run_state_machine_as_test

from api.bootstrap import open_read_models
from api.settings import Settings
from domain.accounts.account import INDIVIDUAL, Account
from domain.accounts.application import AccountsApplication
from domain.booking.application import BookingApplication
from domain.shared.actor import SYSTEM_ACTOR
from followers import dead_letters
from infrastructure.event_store import SharedStore
from infrastructure.read_db import ReadModelDB
from policies.quote_expiry import expire_due_amendment_prices, expire_due_quotes
from tests.api.dcsa_support import Receiver, receiver
from tests.api.erasure_support import database_bytes
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, TEST_PASSWORDS, make_settings
from tests.outbox_file import outbox_entries
from tests.property.crossings_machine import DEPLOYED, Crossings
from tests.property.crossings_support import PASSWORD, World
from tests.scaleout.test_topology import ROOT, SECRET, Topology, topology

SETTLE_SECONDS = 60.0


class Shared:
    """What every example shares: the processes, the store, the read models and the webhook receiver."""

    def __init__(
        self, deployment: Topology, settings: Settings, store: SharedStore, db: ReadModelDB, heard: Receiver
    ) -> None:
        self.deployment = deployment
        self.settings = settings
        self.store = store
        self.db = db
        self.receiver = heard
        self.accounts = AccountsApplication(store, secret=SECRET)
        self.booking = BookingApplication(store)


SHARED: list[Shared] = []
RUNS: list[tuple[int, int]] = []  # (bookings, actions) of each example


class DeployedWorld(World):
    def __init__(self, shared: Shared) -> None:
        super().__init__()
        self.shared = shared
        self.receiver = shared.receiver
        self.http = httpx.Client(
            base_url=shared.deployment.url(0),
            timeout=60,
            # A new connection for every request: the kernel spreads them over the workers.
            limits=httpx.Limits(max_keepalive_connections=0),
        )
        self.admin = self.login(ADMIN_USERNAME, ADMIN_PASSWORD)
        self.prepare()

    def close(self) -> None:
        self.http.close()

    def settle(self) -> None:
        """Until every follower's tracking position is the store's head, and the head stays (a policy
        answers events with events)."""
        deadline = time.monotonic() + SETTLE_SECONDS
        while True:
            head = int(self.shared.store.head())
            with self.shared.db.read() as tx:
                positions = [int(r["position"]) for r in tx.all("SELECT position FROM tracking")]
            if positions and min(positions) >= head and int(self.shared.store.head()) == head:
                return
            assert time.monotonic() < deadline, f"the followers did not reach {head}: {positions}"
            time.sleep(0.05)

    def head(self) -> int:
        return int(self.shared.store.head())

    def open_customer(self, username: str, profile: dict[str, Any], account_type: int = INDIVIDUAL) -> None:
        login = self.shared.accounts.login_id(username)  # a later generation once erased
        account = Account.open(username, account_type, [], profile, SYSTEM_ACTOR, login)
        account.set_password(TEST_PASSWORDS.hash(PASSWORD), SYSTEM_ACTOR)
        self.shared.accounts.record(account)
        self.settle()

    def outbox(self) -> list[dict[str, Any]]:
        return outbox_entries(self.shared.deployment.var_dir / "outbox.jsonl")

    def stored_bytes(self) -> bytes:
        return database_bytes(self.shared.settings)

    def parked(self) -> dict[str, int]:
        with self.shared.db.read() as tx:
            return dict(dead_letters.parked_counts(tx))

    def verify(self) -> list[Any]:
        done = subprocess.run(
            [sys.executable, "-m", "api.cli", "verify", "--json", "--wait", "30"],
            env=self.shared.deployment.env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
        )
        return [] if done.returncode == 0 else [done.stdout[-3000:], done.stderr[-3000:]]

    def expire_quotes(self, moment: datetime) -> None:
        # The quote-expiry policy's own function, run here as the scheduler would at `moment`.
        scheduled = SimpleNamespace(
            read_models=self.shared.db, booking=self.shared.booking, shows=lambda _position: True
        )
        expire_due_quotes(scheduled, moment)
        expire_due_amendment_prices(scheduled, moment)


class CrossingsDeployed(Crossings):
    def __init__(self) -> None:
        super().__init__()
        self.world = DeployedWorld(SHARED[0])

    def teardown(self) -> None:
        try:
            self.finish()
            RUNS.append((len(self.world.bookings), sum(self.world.actions.values())))
        finally:
            self.world.close()


def test_crossings_against_two_workers_and_a_follower(tmp_path: Path) -> None:
    started = time.monotonic()
    with topology(tmp_path) as deployment:
        knobs = {"WEBHOOK_ALLOW_LOOPBACK": "true", "DCSA_REQUESTS_PER_MINUTE": "1000000"}
        deployment.env.update(knobs)
        settings = make_settings(deployment.var_dir, deployment.database_url)
        store = SharedStore(settings.event_store_env())
        db = open_read_models(settings)
        heard = receiver()
        try:
            deployment.start("follow", "follow")
            deployment.start(
                "serve", "serve", "--workers", "2", PORT=str(deployment.ports[0]), RUN_FOLLOWERS="false"
            )
            deadline = time.monotonic() + 120
            while not deployment.healthy(0):
                for name, process in deployment.processes.items():
                    assert process.poll() is None, f"{name} died:\n{deployment.log(name)[-3000:]}"
                assert time.monotonic() < deadline, deployment.health_bodies()
                time.sleep(0.3)
            SHARED.append(Shared(deployment, settings, store, db, next(heard)))
            run_state_machine_as_test(CrossingsDeployed, settings=DEPLOYED)
            for name, process in deployment.processes.items():
                assert process.poll() is None, f"{name} died:\n{deployment.log(name)[-3000:]}"
        finally:
            SHARED.clear()
            heard.close()
            db.close()
            store.close()
    bookings, actions = sum(r[0] for r in RUNS), sum(r[1] for r in RUNS)
    print(
        f"\ncrossings on PostgreSQL (2 workers + follow): {len(RUNS)} examples, {actions} actions,"
        f" {bookings} bookings, {time.monotonic() - started:.0f} s"
    )
    RUNS.clear()
