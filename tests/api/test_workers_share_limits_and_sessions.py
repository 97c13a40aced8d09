"""Attempt limits and ended sessions hold across worker processes: two `freight serve` on one PostgreSQL."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.live_server import running_server
from tests.pg import Cluster

LOGIN = "/auth/api/v1/login"
PAIR_LIMIT = 5  # password checks per account and address before the gaps begin (api/login_throttle.py)
ADDRESS_LIMIT = 20  # failed logins per address


@pytest.fixture(scope="module")
def two_workers(pg_cluster: Cluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    database = pg_cluster.create_database()
    common = {
        "DATABASE_URL": database,
        "JWT_SECRET": "workers-secret-workers-secret-workers",
        "ADMIN_USERNAME": ADMIN_USERNAME,
        "ADMIN_PASSWORD": ADMIN_PASSWORD,
    }
    urls = []
    with ExitStack() as stack:
        # The first worker keeps the read models; the second only answers (the multi-worker shape).
        for index, followers in enumerate(("true", "false")):
            var_dir: Path = tmp_path_factory.mktemp(f"worker{index}")
            env = {**common, "VAR_DIR": str(var_dir), "RUN_FOLLOWERS": followers}
            urls.append(stack.enter_context(running_server(env, var_dir / "server.log")))
        yield urls


async def _logins(
    urls: list[str], bodies: list[dict[str, str]], headers: list[dict[str, str]]
) -> Counter[int]:
    limits = httpx.Limits(max_connections=100)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        answers = await asyncio.gather(
            *(
                client.post(urls[i % len(urls)] + LOGIN, json=body, headers=headers[i])
                for i, body in enumerate(bodies)
            )
        )
    return Counter(answer.status_code for answer in answers)


def test_200_concurrent_wrong_logins_across_two_workers_let_5_through(two_workers: list[str]) -> None:
    wrong = {"username": ADMIN_USERNAME, "password": "Wrong-Pass1"}
    statuses = asyncio.run(_logins(two_workers, [wrong] * 200, [{}] * 200))
    assert statuses[401] <= PAIR_LIMIT
    assert statuses[401] + statuses[429] == 200, statuses
    # The owner, from another address, is not locked out (loopback answers on all of 127.0.0.0/8).
    elsewhere = httpx.HTTPTransport(local_address="127.0.0.2")
    with httpx.Client(transport=elsewhere, timeout=30) as client:
        for url in two_workers:
            answer = client.post(url + LOGIN, json={"username": ADMIN_USERNAME, "password": ADMIN_PASSWORD})
            assert answer.status_code == 200, answer.text
    # ...while the guessing address is still slowed: of two quick guesses, at most one is checked.
    guesses = [httpx.post(url + LOGIN, json=wrong) for url in two_workers]
    assert 429 in [guess.status_code for guess in guesses]
    assert all(int(guess.headers["retry-after"]) > 0 for guess in guesses if guess.status_code == 429)


def test_forwarded_addresses_are_not_believed_by_default(two_workers: list[str]) -> None:
    """A caller naming a new X-Forwarded-For each time still counts as its own address."""
    bodies = [{"username": f"nobody{i}", "password": "Wrong-Pass1"} for i in range(ADDRESS_LIMIT + 10)]
    headers = [{"X-Forwarded-For": f"198.51.100.{i}"} for i in range(len(bodies))]
    with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.3"), timeout=30) as client:
        statuses = Counter(
            client.post(two_workers[i % 2] + LOGIN, json=body, headers=headers[i]).status_code
            for i, body in enumerate(bodies)
        )
    assert statuses == {401: ADDRESS_LIMIT, 429: 10}


def test_log_out_everywhere_reaches_every_worker_within_a_second(two_workers: list[str]) -> None:
    me, body = "/auth/api/v1/me", {"username": ADMIN_USERNAME, "password": ADMIN_PASSWORD}
    with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.4"), timeout=30) as client:
        tokens = [client.post(url + LOGIN, json=body).json()["response"]["token"] for url in two_workers]
        headers = [{"Authorization": f"Bearer {token}"} for token in tokens]
        for url in two_workers:
            for header in headers:
                assert client.get(url + me, headers=header).status_code == 200
        assert client.post(two_workers[0] + "/auth/api/v1/logout-all", headers=headers[0]).status_code == 200
        time.sleep(1.0)
        for url in two_workers:
            for header in headers:
                assert client.get(url + me, headers=header).status_code == 401
        fresh = client.post(two_workers[1] + LOGIN, json=body).json()["response"]["token"]
        for url in two_workers:
            assert client.get(url + me, headers={"Authorization": f"Bearer {fresh}"}).status_code == 200
