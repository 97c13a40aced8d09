"""Micro-benchmark of the two hot reads in process: `python -m bench.typed_reads [--requests N]`.

A customer with ten rate requests (one with a shipping order's worth of detail is not needed: the detail
statement is the same) on SQLite in a temporary directory; then N list and N detail requests through httpx's
ASGITransport, one at a time, timed on the client. No network, no uvicorn: what it measures is the app's own
cost per read (routing, dependencies, query, rendering), which is what typed responses could have added to.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from fastapi.testclient import TestClient

from api.main import create_app
from api.settings import ExplicitSettings
from bench.load import rate_request_payload
from domain.accounts.account import INDIVIDUAL, Account
from domain.accounts.passwords import hash_password
from domain.shared.actor import SYSTEM_ACTOR

CLIENT = "/booking/api/v1/client"
PASSWORD = "Customer-Pass1"


def _settings(var_dir: Path, database_url: str | None = None) -> ExplicitSettings:
    return ExplicitSettings(
        VAR_DIR=var_dir,
        DATABASE_URL=database_url,
        JWT_SECRET="bench-secret-that-is-long-enough-for-hs256",
        WEB_DIST=var_dir / "no-web",
        SMTP_URL=None,
    )


async def _timed(
    client: httpx.AsyncClient, path: str, headers: dict[str, str], n: int
) -> tuple[list[float], float]:
    """Each request's wall time, and the process's CPU time per request (the steadier figure on a shared
    machine: it does not count time spent waiting for a core)."""
    times = []
    cpu = time.process_time()
    for _ in range(n):
        start = time.perf_counter()
        answer = await client.get(path, headers=headers)
        times.append(time.perf_counter() - start)
        assert answer.status_code == 200, answer.text
    return times, (time.process_time() - cpu) / n


def _report(name: str, measured: tuple[list[float], float]) -> None:
    times, cpu = measured
    ordered = sorted(times)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    print(
        f"{name}: {len(times)} requests, {len(times) / sum(times):,.0f}/s, "
        f"mean {statistics.mean(times) * 1e3:.3f} ms, p50 {statistics.median(times) * 1e3:.3f} ms, "
        f"p99 {p99 * 1e3:.3f} ms, CPU {cpu * 1e3:.3f} ms per request"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument(
        "--postgres", action="store_true", help="both stores on a throwaway PostgreSQL cluster (fsync off)"
    )
    args = parser.parse_args(argv)
    print(f"code under test: {Path(create_app.__code__.co_filename).parent.parent}")
    if not args.postgres:
        _measure(args.requests, None)
        return
    from tests.pg import throwaway_cluster

    with throwaway_cluster() as cluster:
        _measure(args.requests, cluster.create_database("bench"))


def _measure(requests: int, database_url: str | None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(_settings(Path(tmp) / "var", database_url))
        with TestClient(app) as sync_client:
            services = app.state.services
            account = Account.open("bench-reader", INDIVIDUAL, [], {"firstName": "B"}, SYSTEM_ACTOR)
            account.set_password(hash_password(PASSWORD), SYSTEM_ACTOR)
            services.settle(services.accounts.record(account))
            login = sync_client.post(
                "/auth/api/v1/login", json={"username": "bench-reader", "password": PASSWORD}
            )
            headers = {"Authorization": f"Bearer {login.json()['response']['token']}"}
            body = rate_request_payload(1)
            ids = [
                sync_client.post(f"{CLIENT}/rate-requests", headers=headers, json=body).json()["response"][
                    "id"
                ]
                for _ in range(10)
            ]

            async def run() -> None:
                transport = httpx.ASGITransport(app=app)
                async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
                    await _timed(client, f"{CLIENT}/rate-requests", headers, 200)  # warm-up
                    _report("list", await _timed(client, f"{CLIENT}/rate-requests", headers, requests))
                    detail = f"{CLIENT}/rate-requests/{ids[0]}"
                    await _timed(client, detail, headers, 200)
                    _report("detail", await _timed(client, detail, headers, requests))

            asyncio.run(run())


if __name__ == "__main__":
    main()
