"""Proxy trust belongs to the app. The command docker-compose.yml runs for the API (read from the
file, so a new command is tested as it is) is started as compose starts it, on PostgreSQL, and a caller on
loopback naming a new X-Forwarded-For on every wrong login is still limited as one address. No answer
names the server software."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import yaml

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.pg import Cluster, free_port

ROOT = Path(__file__).resolve().parents[2]
LOGIN = "/auth/api/v1/login"
ADDRESS_LIMIT = 20  # failed logins per address in 5 minutes (api/edge/account_limits.py)


def compose_api_command() -> list[str]:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    command = compose["services"]["api"]["command"]
    return shlex.split(command) if isinstance(command, str) else [str(part) for part in command]


def _as_here(command: list[str], port: int) -> list[str]:
    """The compose command on this machine: its listening address and port made local and free."""
    return [part.replace("0.0.0.0", "127.0.0.1").replace("8000", str(port)) for part in command]


@pytest.fixture(scope="module")
def compose_api(pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    var_dir = tmp_path_factory.mktemp("compose-api")
    api = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))["services"]["api"]
    env = {key: str(value) for key, value in (api.get("environment") or {}).items() if "$" not in str(value)}
    env.update(
        DATABASE_URL=pg_cluster.create_database(),
        VAR_DIR=str(var_dir),
        JWT_SECRET="compose-secret-compose-secret-compose-secret",
        ADMIN_USERNAME=ADMIN_USERNAME,
        ADMIN_PASSWORD=ADMIN_PASSWORD,
        HOST="127.0.0.1",
        PORT=str(port),
    )
    full_env = {k: v for k, v in os.environ.items() if k != "FORWARDED_ALLOW_IPS"}
    full_env.update(env, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    log = var_dir / "server.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            _as_here(compose_api_command(), port),
            cwd=ROOT,
            env=full_env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its workers stop with it
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            assert process.poll() is None, log.read_text()[-3000:]
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            try:
                httpx.get(f"{url}/health", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.3)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_forged_forwarded_addresses_do_not_escape_the_login_limit(compose_api: str) -> None:
    tries = ADDRESS_LIMIT + 20
    statuses: Counter[int] = Counter()
    banners = set()
    # From 127.0.0.1 itself: the address uvicorn's own proxy handling trusts by default.
    with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.1"), timeout=30) as client:
        for i in range(tries):
            answer = client.post(
                compose_api + LOGIN,
                json={"username": f"nobody{i}", "password": "Wrong-Pass1"},
                headers={"X-Forwarded-For": f"198.51.100.{i}", "X-Forwarded-Proto": "https"},
            )
            statuses[answer.status_code] += 1
            banners.add(answer.headers.get("server"))
    print(f"compose command {compose_api_command()}: tried {tries} forged logins, checked {statuses[401]}")
    assert statuses == {401: ADDRESS_LIMIT, 429: tries - ADDRESS_LIMIT}, statuses
    assert banners == {None}
