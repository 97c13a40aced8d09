"""A primary and its streaming hot standby (two throwaway clusters), and the app on the pair: read models'
reads of GET requests from the standby (READ_REPLICA_URL), everything else from the primary."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from api.settings import Settings
from tests.conftest import make_settings
from tests.pg import Cluster, throwaway_cluster, throwaway_standby


class Pair:
    def __init__(self, primary: Cluster, standby: Cluster) -> None:
        self.primary = primary
        self.standby = standby

    def database(self) -> tuple[str, str]:
        """A fresh database on the primary, and the same one's address on the standby."""
        url = self.primary.create_database()
        return url, self.standby.url(url.rsplit("/", 1)[1])

    def replay(self, on: bool) -> None:
        """Pause or resume the standby's replay of the primary's WAL (it keeps receiving it)."""
        with psycopg.connect(self.standby.url(), autocommit=True) as conn:
            conn.execute("SELECT pg_wal_replay_resume()" if on else "SELECT pg_wal_replay_pause()")


@pytest.fixture(scope="session")
def pg_pair() -> Iterator[Pair]:
    with throwaway_cluster() as primary, throwaway_standby(primary) as standby:
        yield Pair(primary, standby)


def pair_settings(pair: Pair, var_dir: Path) -> Settings:
    primary, standby = pair.database()
    return make_settings(var_dir, primary, READ_REPLICA_URL=standby)


# The API tests of the package that take `client` run on the pair (their `store_kind` is the standby's).
@pytest.fixture(params=["standby"])
def store_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def settings(pg_pair: Pair, tmp_path: Path) -> Settings:
    return pair_settings(pg_pair, tmp_path / "var")
