"""One model of the whole booking, on SQLite with the app in this process: customers, staff, integrators,
publishers and the clock mixing every action the product has, and every check of
tests/property/crossings_support.py after every step (tests/scaleout/test_crossings_topology.py runs the same
machine against the PostgreSQL deployment as processes).

Default: a few examples of a few dozen steps (`make test`). `CROSSINGS_LONG=1` (or `PROPERTY_LONG=1`) runs
thousands of steps (`CROSSINGS_EXAMPLES`, `CROSSINGS_STEPS`); `CROSSINGS_CHECKS` / `CROSSINGS_SKIP` select the
checks by name.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from api.bootstrap import open_read_models
from api.main import create_app
from domain.accounts.account import INDIVIDUAL, Account
from domain.shared.actor import SYSTEM_ACTOR
from followers import dead_letters
from infrastructure.read_db import PostgresReadModels
from policies.quote_expiry import expire_due_amendment_prices, expire_due_quotes
from projections.verify import verify
from tests.api.dcsa_support import receiver
from tests.api.erasure_support import database_bytes
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, TEST_PASSWORDS, make_settings
from tests.handler_touches import untied_touches
from tests.outbox_file import outbox_entries
from tests.property.crossings_machine import RUN, Crossings
from tests.property.crossings_support import PASSWORD, World

RUNS: list[dict[str, Any]] = []


class InProcessWorld(World):
    """The app in this process on a fresh SQLite store (or PostgreSQL, given a database URL)."""

    def __init__(self, database_url: str | None = None) -> None:
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="crossings-"))
        self.settings = make_settings(
            self.dir / "var", database_url, WEBHOOK_ALLOW_LOOPBACK=True, DCSA_REQUESTS_PER_MINUTE=1_000_000
        )
        self.http = TestClient(create_app(self.settings), raise_server_exceptions=False)
        self.http.__enter__()
        self.services = services_of(self.http)
        self._receiver = receiver()
        self.receiver = next(self._receiver)
        self.admin = self.login(ADMIN_USERNAME, ADMIN_PASSWORD)
        self.prepare()

    def close(self) -> None:
        self.http.__exit__(None, None, None)
        self._receiver.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    def settle(self) -> None:
        for _ in range(20):
            head = self.services.store.head()
            assert self.services.settle_all(head, timeout=30), "a follower did not reach the head"
            if self.services.store.head() == head:
                return
        raise AssertionError("the followers did not settle")

    def head(self) -> int:
        return int(self.services.store.head())

    def open_customer(self, username: str, profile: dict[str, Any], account_type: int = INDIVIDUAL) -> None:
        login = self.services.accounts.login_id(username)  # a later generation once erased
        account = Account.open(username, account_type, [], profile, SYSTEM_ACTOR, login)
        account.set_password(TEST_PASSWORDS.hash(PASSWORD), SYSTEM_ACTOR)
        self.services.settle(self.services.accounts.record(account))

    def outbox(self) -> list[dict[str, Any]]:
        return outbox_entries(self.settings.VAR_DIR / "outbox.jsonl")

    def parked(self) -> dict[str, int]:
        with self.services.read_models.read() as tx:
            return dict(dead_letters.parked_counts(tx))

    def verify(self) -> list[Any]:
        scratch = open_read_models(
            self.settings, schema=f"verify_{os.getpid()}", path=self.dir / "scratch.db"
        )
        try:
            return list(verify(self.services.store, self.services.read_models, scratch))
        finally:
            if isinstance(scratch, PostgresReadModels):
                scratch.drop_schema()
            scratch.close()

    def untied_touches(self) -> list[str]:
        """This history's handler touches of another read model's tables that no tie names (decision 3863)."""
        fresh = open_read_models(self.settings, schema=f"touches_{os.getpid()}", path=self.dir / "touches.db")
        try:
            return untied_touches(self.services.store, fresh)[1]
        finally:
            if isinstance(fresh, PostgresReadModels):
                fresh.drop_schema()
            fresh.close()

    def expire_quotes(self, moment: datetime) -> None:
        expire_due_quotes(self.services, moment)
        expire_due_amendment_prices(self.services, moment)

    def poke_webhooks(self) -> None:
        self.services.webhook_sender.poke()

    def stored_bytes(self) -> bytes:
        return database_bytes(self.settings)


class CrossingsInProcess(Crossings):
    def __init__(self) -> None:
        super().__init__()
        self.started = time.monotonic()
        self.world = InProcessWorld()

    def teardown(self) -> None:
        try:
            self.finish()
            # The whole history's handlers, recorded: an upgrade may rebuild tied read models alone.
            assert isinstance(self.world, InProcessWorld) and self.world.untied_touches() == []
            RUNS.append(
                {
                    "bookings": len(self.world.bookings),
                    "steps": self.steps,
                    "actions": dict(self.world.actions),
                    "seconds": round(time.monotonic() - self.started, 1),
                }
            )
        finally:
            self.world.close()


CrossingsInProcess.TestCase.settings = RUN
TestCrossingsOnSqlite = CrossingsInProcess.TestCase


def teardown_module() -> None:
    """The run's figures, for the record (pytest -s shows them)."""
    if RUNS:
        actions: dict[str, int] = {}
        for run in RUNS:
            for name, count in run["actions"].items():
                actions[name] = actions.get(name, 0) + count
        bookings = sum(r["bookings"] for r in RUNS)
        seconds = sum(r["seconds"] for r in RUNS)
        print(
            f"\ncrossings on SQLite: {len(RUNS)} examples, {sum(r['steps'] for r in RUNS)} steps"
            f" ({', '.join(str(r['steps']) for r in RUNS)}),"
            f" {sum(actions.values())} actions, {bookings} bookings, {seconds:.0f} s; {actions}"
        )
