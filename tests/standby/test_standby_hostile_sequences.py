"""The hostile-sequence state machine (tests/property/test_hostile_sequences.py) on a primary and its hot
standby: every step's GETs read the standby, the caller's own writes still listed after each step."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from tests.api.booking_support import customer
from tests.app_services import services_of
from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME, login
from tests.property.test_hostile_sequences import PUBLISHER_KEYS, RUN, HostileSequences
from tests.standby.conftest import Pair, pair_settings


class StandbyHostileSequences(HostileSequences):
    pair: Pair | None = None

    def __init__(self) -> None:  # the parent's steps and checks, on the pair instead of SQLite
        super(HostileSequences, self).__init__()
        assert self.pair is not None
        self.dir = Path(tempfile.mkdtemp(prefix="hostile-standby-"))
        app = create_app(pair_settings(self.pair, self.dir / "var"))
        self.client = TestClient(app, raise_server_exceptions=False)
        self.client.__enter__()
        self.services = services_of(self.client)
        self.alice = customer(self.client, "hostile-standby")
        self.bookings = set()
        self.staff = login(self.client, ADMIN_USERNAME, ADMIN_PASSWORD)
        issued = self.client.post(PUBLISHER_KEYS, headers=self.staff, json={"label": "Rotterdam gate"})
        self.publisher = {"API-Key": issued.json()["response"]["key"]}

    def teardown(self) -> None:
        self.client.__exit__(None, None, None)
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(autouse=True)
def _on_the_pair(pg_pair: Pair) -> Iterator[None]:
    StandbyHostileSequences.pair = pg_pair
    yield
    StandbyHostileSequences.pair = None


StandbyHostileSequences.TestCase.settings = RUN
test_standby_hostile_sequences = StandbyHostileSequences.TestCase
