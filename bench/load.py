"""The load generator: a separate process that drives the server over loopback HTTP.

The HTTP client is `bench.http_client` (lean asyncio HTTP/1.1 keep-alive, one connection per
worker), not httpx: its CPU per request would be taken from the server sharing the cores.

Run as `python -m bench.load` with a JSON job on standard input; it answers one JSON document on
standard output. Every run is bounded in requests and in time.

Jobs:
- `reads`: closed loop; at each of `levels` (concurrency), that many workers GET each path in turn for
  `seconds` (or `max_requests`).
- `commands`: closed loop, each worker walks create rate request -> quote (staff) -> accept (customer).
- `creates`: closed loop of creates only, kinds of body interleaved (instantly quoted or not).
- `lag`: open loop at a fixed command rate; a poller watches the store's head and the read models'
  tracking row and times, per event, commit-visible -> applied-to-read-models.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bench.http_client import (
    Connection,
    HTTPError,
    Pool,
    build_request,
    encode_json,
    host_header,
    host_port,
)
from bench.stats import summarise

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


def _connections(job: dict[str, Any], count: int) -> list[Connection]:
    """`count` keep-alive connections, spread round-robin over the job's servers (`base_urls`: the API
    workers of the multi-process topology; else the one `base_url`)."""
    urls = job.get("base_urls") or [job["base_url"]]
    return [Connection(*host_port(urls[i % len(urls)])) for i in range(count)]


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Recorder:
    """Latency per kind of the answers below 400; everything else (4xx/5xx, lost connections) is an error."""

    def __init__(self) -> None:
        self.latencies: dict[str, list[float]] = {}
        self.errors: dict[str, int] = {}

    async def call(self, conn: Connection | Pool, kind: str, request: bytes, decode: bool = False) -> Any:
        """Send one pre-built request; answer the decoded JSON if `decode`, else True; None on error."""
        started = time.perf_counter()
        try:
            answer = await conn.request(request)
        except (HTTPError, OSError):
            self.errors[kind] = self.errors.get(kind, 0) + 1
            return None
        elapsed = time.perf_counter() - started
        if answer.status >= 400:
            self.errors[kind] = self.errors.get(kind, 0) + 1
            return None
        self.latencies.setdefault(kind, []).append(elapsed)
        return answer.json() if decode else True

    def all(self) -> list[float]:
        return [x for values in self.latencies.values() for x in values]


_TICKS = os.sysconf("SC_CLK_TCK")


def server_cpu(pids: list[int] | int | None) -> float | None:
    """CPU seconds (user + system) the server's process trees have used so far: the supervisor, its workers
    and the followers' process (and, for compose's shape, the `freight follow` processes beside it). Unlike
    throughput this moves less with what else the shared machine runs."""
    roots = [pids] if isinstance(pids, int) else list(pids or [])
    if not roots:
        return None
    total = 0
    pending = list(roots)
    while pending:
        member = pending.pop()
        try:
            fields = Path(f"/proc/{member}/stat").read_text().rpartition(")")[2].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
            pending += [int(c) for c in Path(f"/proc/{member}/task/{member}/children").read_text().split()]
        except (OSError, IndexError, ValueError):
            continue
    return total / _TICKS


def _server_pids(job: dict[str, Any]) -> list[int]:
    return [int(pid) for pid in job.get("server_pids") or [job.get("server_pid")] if pid]


def _server_cpu_figures(job: dict[str, Any], before: float | None, requests: int) -> dict[str, float]:
    after = server_cpu(_server_pids(job))
    if before is None or after is None or not requests:
        return {}
    return {"server_cpu_s": after - before, "server_cpu_us_per_request": (after - before) / requests * 1e6}


def _cpu_figures(cpu_seconds: float, requests: int) -> dict[str, float]:
    """The load generator's own CPU (process time) during a run: what it took from the server's cores."""
    return {
        "client_cpu_s": cpu_seconds,
        "client_cpu_us_per_request": cpu_seconds / requests * 1e6 if requests else math.nan,
    }


async def _read_one(
    job: dict[str, Any],
    path: str,
    headers: dict[str, str],
    concurrency: int,
    method: str = "GET",
    body: Any = None,
) -> dict[str, Any]:
    recorder = Recorder()
    request = build_request(method, path, host_header(job["base_url"]), headers, json_body=body)
    budget = [job["max_requests"]]
    connections = _connections(job, concurrency)
    try:
        # warm every connection (and the server's caches) first, all at once
        await asyncio.gather(*(c.request(request) for c in connections))

        async def worker(conn: Connection) -> None:
            while time.perf_counter() < deadline and budget[0] > 0:
                budget[0] -= 1
                await recorder.call(conn, "read", request)

        cpu = time.process_time()
        server = server_cpu(_server_pids(job))
        started = time.perf_counter()
        deadline = started + job["seconds"]
        await asyncio.gather(*(worker(c) for c in connections))
        seconds = time.perf_counter() - started
        cpu = time.process_time() - cpu
    finally:
        for c in connections:
            c.close()
    errors = sum(recorder.errors.values())
    return {
        **summarise(recorder.all(), seconds),
        "errors": errors,
        "concurrency": concurrency,
        "connections_opened": sum(c.opened for c in connections),
        **_cpu_figures(cpu, len(recorder.all()) + errors),
        **_server_cpu_figures(job, server, len(recorder.all())),
    }


async def reads(job: dict[str, Any]) -> dict[str, Any]:
    """Every path at every level: {"levels": [{"concurrency": c, name: summary, ...}, ...]}. A path is
    [name, path] (a GET), or [name, path, method, JSON body] (the same request each time: the bare saves)."""
    headers = _auth(job["token"]) if job.get("token") else {}
    levels = job.get("levels") or [job["concurrency"]]
    out: list[dict[str, Any]] = []
    for level in levels:
        row: dict[str, Any] = {"concurrency": level}
        for name, path, *request in job["paths"]:
            row[name] = await _read_one(job, path, headers, level, *request)
        out.append(row)
    return {"levels": out}


class Requests:
    """The bytes of the command chain's requests: built once per job, only the id is spliced in."""

    def __init__(self, job: dict[str, Any]) -> None:
        self.host = host_header(job["base_url"])
        until = (datetime.now(UTC) + timedelta(days=5)).isoformat()
        self.quote_body = encode_json({"price": 1250.5, "validUntil": until})
        self.admin = _auth(job["admin_token"])
        self._create: dict[tuple[str, int], bytes] = {}

    def create(self, customer: str, index: int) -> bytes:
        key = (customer, index % 2)  # the payload varies with the index only through quantity
        request = self._create.get(key)
        if request is None:
            request = self._create[key] = build_request(
                "POST",
                f"{CLIENT}/rate-requests",
                self.host,
                _auth(customer),
                json_body=rate_request_payload(index),
            )
        return request

    def quote(self, rid: str) -> bytes:
        path = f"{ADMIN}/rate-requests/{rid}/quote"
        headers = {**self.admin, "Content-Type": "application/json"}
        return build_request("PUT", path, self.host, headers, self.quote_body)

    def accept(self, customer: str, rid: str) -> bytes:
        return build_request("PUT", f"{CLIENT}/rate-requests/{rid}/approve", self.host, _auth(customer))


async def _chain(
    conn: Connection | Pool, recorder: Recorder, requests: Requests, customer: str, index: int
) -> int:
    """create -> quote -> accept; answers the number of commands that succeeded."""
    created = await recorder.call(conn, "create", requests.create(customer, index), decode=True)
    if created is None:
        return 0
    rid = created["response"]["id"]
    if await recorder.call(conn, "quote", requests.quote(rid)) is None:
        return 1
    return 3 if await recorder.call(conn, "accept", requests.accept(customer, rid)) is not None else 2


async def _closed_loop(
    job: dict[str, Any], connections: list[Connection], worker: Callable[[int, float], Awaitable[None]]
) -> float:
    """Runs `worker(slot, deadline)` on each of the job's connections until the job's seconds are up (then
    closes them); the seconds it took."""
    started = time.perf_counter()
    deadline = started + job["seconds"]
    try:
        await asyncio.gather(*(worker(i, deadline) for i in range(job["concurrency"])))
    finally:
        for c in connections:
            c.close()
    return time.perf_counter() - started


async def commands(job: dict[str, Any]) -> dict[str, Any]:
    recorder = Recorder()
    requests = Requests(job)
    customers: list[str] = job["customer_tokens"]
    budget = [job["max_commands"]]
    counter = [0]
    connections = _connections(job, job["concurrency"])

    async def worker(slot: int, deadline: float) -> None:
        conn = connections[slot]
        while time.perf_counter() < deadline and budget[0] > 0:
            budget[0] -= 3
            counter[0] += 1
            await _chain(conn, recorder, requests, customers[slot % len(customers)], counter[0])

    cpu = time.process_time()
    server = server_cpu(_server_pids(job))
    seconds = await _closed_loop(job, connections, worker)
    cpu = time.process_time() - cpu
    errors = sum(recorder.errors.values())
    result: dict[str, Any] = {**summarise(recorder.all(), seconds), "errors": errors}
    result["by_kind"] = {k: summarise(v, seconds) for k, v in recorder.latencies.items()}
    result["concurrency"] = job["concurrency"]
    result["connections_opened"] = sum(c.opened for c in connections)
    result.update(_cpu_figures(cpu, len(recorder.all()) + errors))
    # The followers' share of the work lands a little after the last answer: counted up to the answer only.
    result.update(_server_cpu_figures(job, server, len(recorder.all())))
    return result


async def creates(job: dict[str, Any]) -> dict[str, Any]:
    """Creates only, closed loop, the kinds of `bodies` interleaved (each worker takes them in
    turn, so the shared machine's noise falls on each alike). A create answered with a price counts as
    quoted: `mismatched` counts answers whose being quoted is not what the kind expects (`quoted`)."""
    recorder = Recorder()
    host = host_header(job["base_url"])
    kinds: list[str] = list(job["bodies"])
    requests = {
        (kind, customer): build_request(
            "POST", f"{CLIENT}/rate-requests", host, _auth(customer), json_body=job["bodies"][kind]
        )
        for kind in kinds
        for customer in job["customer_tokens"]
    }
    customers: list[str] = job["customer_tokens"]
    budget = [job["max_commands"]]
    mismatched = {kind: 0 for kind in kinds}
    connections = _connections(job, job["concurrency"])

    async def worker(slot: int, deadline: float) -> None:
        conn, turn = connections[slot], slot
        while time.perf_counter() < deadline and budget[0] > 0:
            budget[0] -= 1
            kind, customer = kinds[turn % len(kinds)], customers[slot % len(customers)]
            turn += 1
            answer = await recorder.call(conn, kind, requests[(kind, customer)], decode=True)
            if answer is not None and (answer["response"]["price"] is not None) != job["quoted"][kind]:
                mismatched[kind] += 1

    seconds = await _closed_loop(job, connections, worker)
    return {
        "concurrency": job["concurrency"],
        "by_kind": {k: summarise(v, seconds) for k, v in recorder.latencies.items()},
        "errors": recorder.errors,
        "mismatched": mismatched,
    }


def _count(row: Any) -> int:
    """The one number an aggregate query's one row holds (`COALESCE(MAX(...), 0)`: never no row)."""
    assert row is not None
    return int(row[0])


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
            last_head = _count(conn.execute(head_sql).fetchone())
            unresolved: list[tuple[int, int, float]] = []  # (first id, last id, first seen)
            while not self.stop.is_set():
                head = _count(conn.execute(head_sql).fetchone())
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
    requests = Requests(job)
    customers: list[str] = job["customer_tokens"]
    chain_every = 3.0 / job["rate"]
    in_flight: set[asyncio.Task[int]] = set()
    dropped = 0
    pool = Pool(*host_port(job["base_url"]))  # grows to the chains in flight, at most max_in_flight
    try:
        started = time.perf_counter()
        index = 0
        while time.perf_counter() - started < job["seconds"] and index * 3 < job["max_commands"]:
            due = started + index * chain_every
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            if len(in_flight) < job["max_in_flight"]:
                task = asyncio.create_task(
                    _chain(pool, recorder, requests, customers[index % len(customers)], index)
                )
                in_flight.add(task)
                task.add_done_callback(in_flight.discard)
            else:
                dropped += 1
            index += 1
        if in_flight:
            await asyncio.gather(*in_flight)
        seconds = time.perf_counter() - started
    finally:
        pool.close()
    await asyncio.sleep(0.5)
    poller.stop.set()
    poller.join(timeout=5)
    commands_done = len(recorder.all())
    return {
        "target_rate": job["rate"],
        "achieved_rate": commands_done / seconds if seconds > 0 else 0.0,
        "commands": commands_done,
        "dropped_chains": dropped,
        "errors": sum(recorder.errors.values()),
        "connections": pool.size,
        "lag": summarise(poller.lags, seconds),
        "polls": poller.polls,
        "command_latency": summarise(recorder.all(), seconds),
    }


JOBS = {"reads": reads, "commands": commands, "lag": lag, "creates": creates}


def main() -> int:
    job = json.load(sys.stdin)
    import uvloop  # the server's event loop too: the load process's own CPU per request stays small

    result = uvloop.run(JOBS[job["kind"]](job))
    json.dump(result, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
