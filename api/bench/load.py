"""The load generator: a separate process that drives the server over loopback HTTP.

Run as `python -m api.bench.load` with a JSON job on standard input; it answers one JSON document on
standard output. Every run is bounded in requests and in time.

Jobs:
- `reads`: closed loop, `concurrency` workers GET one path each for `seconds` (or `max_requests`).
- `commands`: closed loop, each worker walks create rate request -> quote (staff) -> accept (customer).
- `lag`: open loop at a fixed command rate; a poller watches the store's head and the read models'
  tracking row and times, per event, commit-visible -> applied-to-read-models.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx

from api.bench.stats import summarise

CLIENT = "/booking/api/v1/client"
ADMIN = "/booking/api/v1/admin"


def rate_request_payload(index: int) -> dict[str, Any]:
    return {
        "commodity": "Pistachios",
        "hsCode": "080251",
        "preferredShippingDate": (datetime.now(UTC).date() + timedelta(days=20)).isoformat(),
        "isSwbl": False,
        "quantity": 1 + index % 2,
        "isDanger": False,
        "msds": None,
        "additionalComment": "bench",
        "polId": 1,
        "podId": 2,
        "containerSizeId": 2,
        "containerTypeId": 1,
    }


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Recorder:
    def __init__(self) -> None:
        self.latencies: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}

    async def call(self, client: httpx.AsyncClient, kind: str, method: str, url: str, **kw: Any) -> Any:
        started = time.perf_counter()
        answer = await client.request(method, url, **kw)
        elapsed = time.perf_counter() - started
        if answer.status_code >= 400:
            self.errors[kind] = self.errors.get(kind, 0) + 1
            return None
        self.latencies.setdefault(kind, []).append(elapsed)
        return answer.json()

    def all(self) -> list[float]:
        return [x for values in self.latencies.values() for x in values]


def _client(job: dict[str, Any], connections: int) -> httpx.AsyncClient:
    limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
    return httpx.AsyncClient(base_url=job["base_url"], limits=limits, timeout=30.0)


async def _read_one(job: dict[str, Any], path: str, headers: dict[str, str]) -> dict[str, Any]:
    recorder = Recorder()
    deadline = time.perf_counter() + job["seconds"]
    budget = [job["max_requests"]]
    async with _client(job, job["concurrency"]) as client:
        for _ in range(job["concurrency"]):  # warm the connections and any caches first
            await client.get(path, headers=headers)

        async def worker() -> None:
            while time.perf_counter() < deadline and budget[0] > 0:
                budget[0] -= 1
                await recorder.call(client, "read", "GET", path, headers=headers)

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(job["concurrency"])))
        seconds = time.perf_counter() - started
    return {**summarise(recorder.all(), seconds), "errors": sum(recorder.errors.values())}


async def reads(job: dict[str, Any]) -> dict[str, Any]:
    headers = _auth(job["token"]) if job.get("token") else {}
    return {name: await _read_one(job, path, headers) for name, path in job["paths"]}


async def _chain(client: httpx.AsyncClient, recorder: Recorder, customer: str, admin: str, index: int) -> int:
    """create -> quote -> accept; answers the number of commands that succeeded."""
    created = await recorder.call(
        client,
        "create",
        "POST",
        f"{CLIENT}/rate-requests",
        json=rate_request_payload(index),
        headers=_auth(customer),
    )
    if created is None:
        return 0
    rid = created["response"]["id"]
    until = (datetime.now(UTC) + timedelta(days=5)).isoformat()
    quoted = await recorder.call(
        client,
        "quote",
        "PUT",
        f"{ADMIN}/rate-requests/{rid}/quote",
        json={"price": 1250.5, "validUntil": until},
        headers=_auth(admin),
    )
    if quoted is None:
        return 1
    accepted = await recorder.call(
        client, "accept", "PUT", f"{CLIENT}/rate-requests/{rid}/approve", headers=_auth(customer)
    )
    return 3 if accepted is not None else 2


async def commands(job: dict[str, Any]) -> dict[str, Any]:
    recorder = Recorder()
    customers: list[str] = job["customer_tokens"]
    deadline = time.perf_counter() + job["seconds"]
    budget = [job["max_commands"]]
    counter = [0]
    async with _client(job, job["concurrency"]) as client:

        async def worker(slot: int) -> None:
            while time.perf_counter() < deadline and budget[0] > 0:
                budget[0] -= 3
                counter[0] += 1
                await _chain(
                    client, recorder, customers[slot % len(customers)], job["admin_token"], counter[0]
                )

        started = time.perf_counter()
        await asyncio.gather(*(worker(i) for i in range(job["concurrency"])))
        seconds = time.perf_counter() - started
    result: dict[str, Any] = {**summarise(recorder.all(), seconds), "errors": sum(recorder.errors.values())}
    result["by_kind"] = {k: summarise(v, seconds) for k, v in recorder.latencies.items()}
    result["concurrency"] = job["concurrency"]
    return result


class LagPoller(threading.Thread):
    """Polls the store's head and the read models' tracking position; one lag sample per event."""

    def __init__(self, dsn: str, events_table: str, tracking_name: str, interval: float) -> None:
        super().__init__(daemon=True)
        self.dsn = dsn
        self.events_table = events_table
        self.tracking_name = tracking_name
        self.interval = interval
        self.stop = threading.Event()
        self.lags: list[float] = []
        self.polls = 0

    def run(self) -> None:
        import psycopg

        with psycopg.connect(self.dsn, autocommit=True) as conn:
            head_sql = f"SELECT COALESCE(MAX(notification_id), 0) FROM {self.events_table}"
            track_sql = "SELECT position FROM tracking WHERE name = %s"
            last_head = int(conn.execute(head_sql).fetchone()[0])  # type: ignore[index]
            unresolved: list[tuple[int, int, float]] = []  # (first id, last id, first seen)
            while not self.stop.is_set():
                head = int(conn.execute(head_sql).fetchone()[0])  # type: ignore[index]
                seen = time.perf_counter()
                if head > last_head:
                    unresolved.append((last_head + 1, head, seen))
                    last_head = head
                row = conn.execute(track_sql, (self.tracking_name,)).fetchone()
                applied_at = time.perf_counter()
                applied = int(row[0]) if row else 0
                still: list[tuple[int, int, float]] = []
                for first, last, when in unresolved:
                    if applied >= last:
                        self.lags.extend([applied_at - when] * (last - first + 1))
                    elif applied >= first:
                        self.lags.extend([applied_at - when] * (applied - first + 1))
                        still.append((applied + 1, last, when))
                    else:
                        still.append((first, last, when))
                unresolved = still
                self.polls += 1
                time.sleep(self.interval)


async def lag(job: dict[str, Any]) -> dict[str, Any]:
    poller = LagPoller(job["dsn"], job["events_table"], job["tracking_name"], job.get("poll_interval", 0.002))
    poller.start()
    recorder = Recorder()
    customers: list[str] = job["customer_tokens"]
    chain_every = 3.0 / job["rate"]
    in_flight: set[asyncio.Task[int]] = set()
    dropped = 0
    async with _client(job, job["max_in_flight"]) as client:
        started = time.perf_counter()
        index = 0
        while time.perf_counter() - started < job["seconds"] and index * 3 < job["max_commands"]:
            due = started + index * chain_every
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            if len(in_flight) < job["max_in_flight"]:
                task = asyncio.create_task(
                    _chain(client, recorder, customers[index % len(customers)], job["admin_token"], index)
                )
                in_flight.add(task)
                task.add_done_callback(in_flight.discard)
            else:
                dropped += 1
            index += 1
        done = await asyncio.gather(*in_flight) if in_flight else []
        seconds = time.perf_counter() - started
    await asyncio.sleep(0.5)
    poller.stop.set()
    poller.join(timeout=5)
    commands_done = len(recorder.all())
    del done
    return {
        "target_rate": job["rate"],
        "achieved_rate": commands_done / seconds if seconds > 0 else 0.0,
        "commands": commands_done,
        "dropped_chains": dropped,
        "errors": sum(recorder.errors.values()),
        "lag": summarise(poller.lags, seconds),
        "polls": poller.polls,
        "command_latency": summarise(recorder.all(), seconds),
    }


JOBS = {"reads": reads, "commands": commands, "lag": lag}


def main() -> int:
    job = json.load(sys.stdin)
    result = asyncio.run(JOBS[job["kind"]](job))
    json.dump(result, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
