"""The hostile-sequence state machine (tests/property/test_hostile_sequences.py) on a primary and its hot
standby: every step's GETs read the standby, the caller's own writes still listed after each step."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from api.settings import Settings
from tests.property.test_hostile_sequences import RUN, HostileSequences
from tests.standby.conftest import Pair, pair_settings


class StandbyHostileSequences(HostileSequences):
    """The parent's steps and checks, with the app on the pair instead of SQLite."""

    pair: Pair | None = None
    customer_name = "hostile-standby"

    def app_settings(self, var_dir: Path) -> Settings:
        assert self.pair is not None
        return pair_settings(self.pair, var_dir)


@pytest.fixture(autouse=True)
def _on_the_pair(pg_pair: Pair) -> Iterator[None]:
    StandbyHostileSequences.pair = pg_pair
    yield
    StandbyHostileSequences.pair = None


StandbyHostileSequences.TestCase.settings = RUN
test_standby_hostile_sequences = StandbyHostileSequences.TestCase
