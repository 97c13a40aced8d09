"""Fixtures shared by every tier: settings on a fresh store (SQLite or PostgreSQL) and an app client.

`make test` runs the tests in parallel workers (pytest-xdist), each a process of its own with its own session
fixtures: its own PostgreSQL cluster, its own browser server, its own temporary directories. A test is safe
there when everything it shares with other tests comes from a fixture (no fixed port, no fixed file outside
`tmp_path`, no state left in the process for a later test). The tests of a file that share a module- or
class-scoped fixture are kept on one worker (`pytest_collection_modifyitems`): that fixture is built once."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from api.bootstrap import Services
from api.main import create_app
from api.settings import ExplicitSettings, Settings
from domain.accounts.passwords import HashCost, Passwords
from tests import openapi_once, route_contexts
from tests.pg import Cluster, throwaway_cluster

ADMIN_USERNAME = "admin"
ADMIN_PASSWORD = "Admin-Pass1"

# The tests hash passwords at argon2's least cost: thousands of hashes and logins at production's cost
# (about 0.2 s of CPU each) were a large share of the suite's CPU, and prove nothing a cheap hash does not.
# tests/api/test_password_cost.py proves production's cost is the default and what an app stores.
TEST_HASH_COST = HashCost(time_cost=1, memory_kib=8, parallelism=1)
TEST_PASSWORDS = Passwords(TEST_HASH_COST)
TEST_HASH_SETTINGS = {
    "PASSWORD_HASH_TIME_COST": TEST_HASH_COST.time_cost,
    "PASSWORD_HASH_MEMORY_KIB": TEST_HASH_COST.memory_kib,
    "PASSWORD_HASH_PARALLELISM": TEST_HASH_COST.parallelism,
}


def pytest_configure(config: pytest.Config) -> None:
    # The servers and commands the tests run as processes of their own take the settings from the environment.
    for name, value in TEST_HASH_SETTINGS.items():
        os.environ.setdefault(name, str(value))
    route_contexts.install()
    openapi_once.install()


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    with throwaway_cluster() as cluster:
        yield cluster


@pytest.fixture(scope="session")
def pg_template(pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The name of a database holding the app's schema and reference rows and no events. Each test's
    database is a copy of it: a copy costs less than creating the schema again, which was half the start of
    an app on PostgreSQL. The app still runs its own schema step on the copy (it finds everything there);
    the tests that create a database of their own start on an empty one."""
    url = pg_cluster.create_database("template")
    Services(make_settings(tmp_path_factory.mktemp("template") / "var", url)).stop()
    return url.rsplit("/", 1)[1]


CLUSTER_USED = pytest.StashKey[Cluster]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A test on the session's cluster that fails carries the cluster's log tail: a server that closed a
    connection says why only there (a backend that crashed, a restart), and the cluster's files go with it."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    cluster = item.stash.get(CLUSTER_USED, None)
    if report.failed and cluster is not None:
        report.sections.append(("postgresql log", cluster.log_tail()))


SLOW_TIERS_FIRST = {"scaleout": 0, "property": 1, "e2e": 2, "contract": 3}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under xdist (`--dist loadgroup`) each test goes to whichever worker is free, but the tests of a file
    that use a module- or class-scoped fixture: they go together, so the fixture is built once. A module-
    scoped fixture with parameters is built once per parameter: each parameter's tests are a group of their
    own (the CLI matrix's SQLite and PostgreSQL halves run on two workers at once)."""
    shared = {"module", "class", "package"}
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        if info is None:
            continue
        scopes = {definition.scope for defs in info.name2fixturedefs.values() for definition in defs}
        if scopes & shared:
            group = item.nodeid.split("::", 1)[0]
            params = getattr(getattr(item, "callspec", None), "params", {})
            shared_params = [
                f"{name}={params[name]}"
                for name in sorted(params)
                if name in info.name2fixturedefs and info.name2fixturedefs[name][-1].scope in shared
            ]
            if shared_params:
                # No brackets: xdist reads the group after the last `@` only when no `]` follows it.
                group += ":" + ",".join(shared_params)
            item.add_marker(pytest.mark.xdist_group(group))
    if os.environ.get("PYTEST_XDIST_WORKER"):
        # The tiers whose tests take longest are handed out first, so no worker is left with a long test
        # while the others have finished (every worker sorts alike: the collections must agree).
        items.sort(key=lambda item: SLOW_TIERS_FIRST.get(item.path.parent.name, len(SLOW_TIERS_FIRST)))


# A command's answer waits this long for the read models before it is answered 202 (production: 2 s). On
# a loaded 2-core CI machine an in-process follower has taken longer than 2 s to apply one event: a test
# that reads a command's answer waits for the followers' position rather than races it.
SETTLE_SECONDS = 30.0


def make_settings(var_dir: Path, database_url: str | None = None, **overrides: Any) -> Settings:
    overrides.setdefault("SETTLE_SECONDS", SETTLE_SECONDS)
    overrides.setdefault("FREEZE_STARTUP_HEAP", False)
    for name, value in TEST_HASH_SETTINGS.items():
        overrides.setdefault(name, value)
    return ExplicitSettings(
        DATABASE_URL=database_url,
        VAR_DIR=var_dir,
        JWT_SECRET="test-secret-that-is-long-enough-for-hs256",
        ADMIN_USERNAME=ADMIN_USERNAME,
        ADMIN_PASSWORD=ADMIN_PASSWORD,
        SMTP_URL=None,
        WEB_DIST=var_dir / "no-web",
        **overrides,
    )


@pytest.fixture(params=["sqlite", "postgres"])
def store_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def database_url(store_kind: str, request: pytest.FixtureRequest) -> str | None:
    """None on SQLite (the files under VAR_DIR); a fresh database of the session's cluster on PostgreSQL."""
    if store_kind != "postgres":
        return None
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    request.node.stash[CLUSTER_USED] = cluster
    return cluster.create_database(template=request.getfixturevalue("pg_template"))


@pytest.fixture
def settings(database_url: str | None, tmp_path: Path) -> Settings:
    return make_settings(tmp_path / "var", database_url)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings), raise_server_exceptions=False) as test_client:
        yield test_client


def login(client: httpx.Client, username: str, password: str) -> dict[str, str]:
    answer = client.post("/auth/api/v1/login", json={"username": username, "password": password})
    assert answer.status_code == 200, answer.text
    return {"Authorization": f"Bearer {answer.json()['response']['token']}"}


@pytest.fixture
def admin_headers(client: TestClient) -> dict[str, str]:
    return login(client, ADMIN_USERNAME, ADMIN_PASSWORD)
