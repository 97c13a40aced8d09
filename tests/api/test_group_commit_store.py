"""Concurrent commands through group commit, on SQLite and PostgreSQL: every command stored exactly once,
positions distinct, read models complete; a race on one aggregate still has exactly one winner."""

from __future__ import annotations

import threading
from typing import Any
from uuid import UUID

import jwt
from fastapi.testclient import TestClient

from domain.shared.actor import ADMIN, CUSTOMER, Actor
from domain.shared.application import ContextApplication
from domain.shared.errors import DomainError
from infrastructure.group_commit import GroupCommitRecorder
from tests.api.booking_support import customer, draft, payload
from tests.app_services import services_of

THREADS = 16


def run_together(work: list[Any]) -> list[Any]:
    start = threading.Barrier(len(work))
    results: list[Any] = [None] * len(work)

    def call(index: int) -> None:
        start.wait()
        try:
            results[index] = work[index]()
        except Exception as error:
            results[index] = error

    threads = [threading.Thread(target=call, args=(i,)) for i in range(len(work))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def test_concurrent_creates_are_each_stored_once_and_all_reach_the_read_models(client: TestClient) -> None:
    headers = customer(client, "grouped")
    services = services_of(client)
    token = headers["Authorization"].removeprefix("Bearer ")
    actor = Actor(jwt.decode(token, options={"verify_signature": False})["sub"], CUSTOMER)
    before = services.store.head()

    results = run_together(
        [lambda: services.booking.create_rate_request(actor, "grouped", draft())] * THREADS
    )

    assert not [r for r in results if isinstance(r, Exception)], results
    ids = {rate_request_id for rate_request_id, _ in results}
    positions = [position for _, position in results]
    assert len(ids) == THREADS and len(set(positions)) == THREADS
    # Each create stores two events in one transaction: the rate request and the claim of its reference.
    # (Counted by kind: the notifications policy may record its own events meanwhile, reacting to these.)
    stored = services.store.recorder.select_notifications(
        start=before, limit=10_000, inclusive_of_start=False
    )
    created = [n for n in stored if n.originator_id in ids]
    claims = [n for n in stored if "ReferenceClaim" in n.topic]
    assert len(created) == THREADS and len(claims) == THREADS, [n.topic for n in stored]
    # Each answer's position is its transaction's last event: the rate request is there or just before.
    for rate_request_id, position in results:
        stored = services.store.recorder.select_notifications(start=position - 1, limit=2)
        assert rate_request_id in {n.originator_id for n in stored}
    services.settle(max(positions))
    listing = client.get("/booking/api/v1/client/rate-requests?limit=100", headers=headers).json()
    assert {row["id"] for row in listing["response"]["list"]["list"]} == {str(i) for i in ids}
    writer = services.store.writer
    assert isinstance(writer, GroupCommitRecorder)
    assert writer.commands >= THREADS and writer.transactions <= writer.commands


def test_a_race_on_one_rate_request_has_exactly_one_winner(client: TestClient) -> None:
    headers = customer(client, "raced")
    services = services_of(client)
    created = client.post("/booking/api/v1/client/rate-requests", json=payload(), headers=headers)
    rate_request_id = created.json()["response"]["id"]
    staff = Actor("staff-1", ADMIN)

    def reject(index: int) -> Any:  # a rejection can happen once: every other attempt must lose
        return lambda: services.booking.reject(rate_request_id, staff, f"Route not served ({index})")

    results = run_together([reject(i) for i in range(8)])

    winners = [r for r in results if isinstance(r, int)]
    assert len(winners) == 1, results
    assert all(isinstance(r, DomainError) for r in results if not isinstance(r, int))
    history = services.store.recorder.select_events(UUID(rate_request_id))
    assert len(history) == 2 and history[1].originator_version == 2


def test_the_writer_is_shared_by_every_context(client: TestClient) -> None:
    services = services_of(client)
    contexts = [services.booking, services.accounts, services.notifications]
    assert all(isinstance(c, ContextApplication) for c in contexts)
    assert {id(c.recorder) for c in contexts} == {id(services.store.writer)}
