"""A browser journey against a server whose read models' reads come from a hot standby (READ_REPLICA_URL):
a primary and its streaming standby (tests/pg.py), every screen's read after the browser's own write
waiting for the standby's replay or falling back to the primary."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.e2e.conftest import LiveServer

# The dry-cargo journey from request to completion, customer and staff in two browsers, on this server.
from tests.e2e.test_booking_flow import staff_page, test_dry_cargo_from_request_to_completed  # noqa: F401
from tests.live_server import running_server
from tests.pg import throwaway_cluster, throwaway_standby


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    var_dir = tmp_path_factory.mktemp("standby-var")
    with throwaway_cluster() as primary, throwaway_standby(primary) as standby:
        database = primary.create_database()
        env = {
            "VAR_DIR": str(var_dir),
            "DATABASE_URL": database,
            "READ_REPLICA_URL": standby.url(database.rsplit("/", 1)[1]),
            "ADMIN_USERNAME": ADMIN_USERNAME,
            "ADMIN_PASSWORD": ADMIN_PASSWORD,
            "JWT_SECRET": "e2e-secret-e2e-secret-e2e-secret-e2e",
            "SIGNUP_ATTEMPTS_PER_ADDRESS": "100000",
        }
        with running_server(env, var_dir / "server.log", workers=1) as url:
            health = httpx.get(f"{url}/health", timeout=10).json()["response"]
            assert health["replica"]["reachable"] is True, health
            yield LiveServer(url=url, var_dir=var_dir, env=env)
