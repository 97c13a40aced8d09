"""Reads from a hot standby: GETs read the standby, and a caller still reads its own writes there.

The pair is PostgreSQL's own streaming replication (tests/pg.py). Pausing the standby's replay shows both
halves: a caller without the write's WAL position reads the standby as it stands (the write not there yet),
the caller that wrote waits its bound and reads the primary."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest
from fastapi.testclient import TestClient

from api.edge.replica_reads import COOKIE
from infrastructure.read_db import PostgresReadModels, ReadRoute, routed
from tests.api import booking_support as booking
from tests.api.booking_support import ADMIN, CLIENT, ok

# A selection of the API suite, run here on the pair (their `client` is this package's).
from tests.api.test_booking_journey import test_journey_to_completion_then_verify  # noqa: F401
from tests.api.test_booking_lifecycle import (  # noqa: F401
    test_booking_request_and_confirmation,
    test_cancel_is_terminal,
    test_quote_and_its_failures,
    test_revision_request_and_reject,
)
from tests.api.test_fast_reads import (  # noqa: F401
    fast_answers,
    test_a_read_on_the_fast_path_waits_for_the_callers_own_write,
    test_the_fast_reads_answer_what_the_routes_answer,
)
from tests.app_services import services_of
from tests.corpus import fresh_national_id
from tests.standby.conftest import Pair


def listed(client: TestClient, headers: dict[str, str]) -> set[str]:
    answer = ok(client.get(f"{CLIENT}/rate-requests", headers=headers))
    return {row["id"] for row in answer["list"]["list"]}


def test_the_app_reads_the_standby_and_a_writer_its_own_writes(
    client: TestClient, pg_pair: Pair, admin_headers: dict[str, str]
) -> None:
    services = services_of(client)
    assert isinstance(services.read_models, PostgresReadModels) and services.read_models.replica is not None
    headers = booking.customer(client, fresh_national_id())
    first = booking.create(client, headers)["id"]
    assert client.cookies.get(COOKIE), "a command's answer carries the WAL position of its write"
    assert first in listed(client, headers)  # read after write, the standby streaming

    pg_pair.replay(False)
    try:
        second = booking.create(client, headers)["id"]
        # The writer waits its bound for the standby, then reads the primary: its write is there.
        assert {first, second} <= listed(client, headers)
        # Without a cookie too (an API client): the position is kept by account.
        client.cookies.clear()
        assert {first, second} <= listed(client, headers)
        ok(client.get(f"{CLIENT}/rate-requests/{second}", headers=headers))  # the fast path, the same way
        # Anyone else reads the standby as it stands: its replay is paused before the second write.
        staff = {
            row["id"]
            for row in ok(client.get(f"{ADMIN}/rate-requests", headers=admin_headers))["list"]["list"]
        }
        assert first in staff and second not in staff
        assert client.get(f"{ADMIN}/rate-requests/{second}", headers=admin_headers).status_code == 404
    finally:
        pg_pair.replay(True)
    services.read_models.replica.wait = 10.0  # the standby catches up (replay resumed)
    assert services.read_models.replica.replayed(services.read_models.wal_position())
    assert ok(client.get(f"{ADMIN}/rate-requests/{second}", headers=admin_headers))


def test_a_changed_password_ends_sessions_at_once_whatever_the_standby(
    client: TestClient, pg_pair: Pair
) -> None:
    """Who is asking is read on the primary: an ended session is refused before the standby replays it."""
    headers = booking.customer(client, fresh_national_id())
    pg_pair.replay(False)
    try:
        ok(client.post("/auth/api/v1/logout-all", headers=headers))
        client.cookies.clear()  # another party holding the token
        assert client.get(f"{CLIENT}/rate-requests", headers=headers).status_code == 401
    finally:
        pg_pair.replay(True)


def test_health_shows_the_standbys_lag(client: TestClient, admin_headers: dict[str, str]) -> None:
    answer = client.get("/health")
    assert answer.status_code == 200, answer.text
    replica = answer.json()["response"]["replica"]
    assert replica["reachable"] is True and replica["lagBytes"] >= 0 and replica["lagSeconds"] >= 0


def test_a_standby_out_of_reach_sends_the_reads_to_the_primary(client: TestClient, pg_pair: Pair) -> None:
    services = services_of(client)
    assert isinstance(services.read_models, PostgresReadModels) and services.read_models.replica is not None
    headers = booking.customer(client, fresh_national_id())
    mine = booking.create(client, headers)["id"]
    pg_pair.standby.stop()
    try:
        services.read_models.check_connections()  # as after an outage: the dead pooled connections go
        client.cookies.clear()
        started = time.monotonic()
        assert mine in listed(client, headers)
        assert mine in listed(client, headers)
        # One bounded wait for a connection, then the standby is left alone for a while: no hang per read.
        assert time.monotonic() - started < services.read_models.replica.wait + 2.0
        assert client.get("/health").json()["response"]["replica"]["reachable"] is False
    finally:
        pg_pair.standby.start()


@contextmanager
def slow_wal_writer(pair: Pair) -> Iterator[None]:
    """The primary's WAL writer at its longest round (10 s): WAL that no commit waited for stays unflushed,
    and so unsent to the standby, for the whole test."""

    def set_delay(value: str) -> None:
        with psycopg.connect(pair.primary.url(), autocommit=True) as conn:
            conn.execute(f"ALTER SYSTEM SET wal_writer_delay = '{value}'")
            conn.execute("SELECT pg_reload_conf()")

    set_delay("10s")
    try:
        yield
    finally:
        set_delay("200ms")


def flushed(pair: Pair) -> int:
    with psycopg.connect(pair.primary.url(), autocommit=True) as conn:
        row = conn.execute("SELECT (pg_current_wal_flush_lsn() - '0/0'::pg_lsn)::bigint").fetchone()
    assert row is not None
    return int(row[0])


def follower_write(db: PostgresReadModels) -> None:
    with db.transaction(durable=False) as tx:  # as a follower writes: committed without waiting for the flush
        tx.execute("CREATE TABLE IF NOT EXISTS wal_probe (n INTEGER)")
        tx.execute("INSERT INTO wal_probe VALUES (1)")


def read_on_the_route(db: PostgresReadModels, after: int) -> ReadRoute:
    with routed(ReadRoute(after=after)) as route, db.read() as tx:
        tx.all("SELECT count(*) AS n FROM wal_probe")
    return route


@pytest.mark.parametrize("told", [False, True], ids=["position", "told to every worker"])
def test_a_read_after_a_write_reads_the_standby_without_waiting_for_the_wal_writer(
    client: TestClient, pg_pair: Pair, told: bool
) -> None:
    """A follower's rows commit without waiting for the WAL's flush, and a standby is sent only flushed WAL:
    the writer's next read flushes the primary's WAL to the write's position, so the standby replays it
    within the read's bound (rather than after the WAL writer's next round) and the read is the standby's."""
    services = services_of(client)
    db = services.read_models
    assert isinstance(db, PostgresReadModels) and db.replica is not None
    assert db.replica.wait < 10
    with slow_wal_writer(pg_pair):
        follower_write(db)
        position = services.wrote_wal("wal-probe") if told else services.wal_position()
        assert flushed(pg_pair) < position  # the WAL writer would send it only in 10 s
        route = read_on_the_route(db, position)
        assert not route.primary, "the read waited out its bound and went to the primary"
        assert flushed(pg_pair) >= position


def test_a_position_past_the_primary_s_wal_flushes_nothing_ahead(client: TestClient, pg_pair: Pair) -> None:
    """A cookie may name any position: one past the primary's WAL ends in the read's bound on the primary, and
    a real write's position is still flushed for the next read."""
    db = services_of(client).read_models
    assert isinstance(db, PostgresReadModels) and db.replica is not None
    with slow_wal_writer(pg_pair):
        follower_write(db)
        wait, db.replica.wait = db.replica.wait, 0.05
        try:
            assert read_on_the_route(db, 10**15).primary
        finally:
            db.replica.wait = wait
        follower_write(db)
        position = db.wal_position()
        assert not read_on_the_route(db, position).primary


def test_a_role_refused_the_wal_message_reads_on_and_says_so_once(
    pg_pair: Pair, caplog: pytest.LogCaptureFixture
) -> None:
    """Where the database's role may not write the WAL message (an administrator revoked it), a read after a
    write still answers (the standby once the WAL writer has sent it, else the primary), and the refusal is
    logged once, not at every read."""
    url = pg_pair.primary.create_database()
    database = url.rsplit("/", 1)[1]
    role = f"reader_{database}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {role} LOGIN PASSWORD 'reader'")
        conn.execute(f"GRANT ALL ON SCHEMA public TO {role}")
        conn.execute("REVOKE EXECUTE ON FUNCTION pg_logical_emit_message(boolean, text, text) FROM PUBLIC")
    as_role = url.replace("postgres:postgres@", f"{role}:reader@")
    standby = pg_pair.standby.url(database).replace("postgres:postgres@", f"{role}:reader@")
    deadline = time.monotonic() + 30
    while True:  # the database and the role reach the standby
        try:
            psycopg.connect(standby).close()
            break
        except psycopg.OperationalError:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    db = PostgresReadModels(as_role, replica=standby, replica_wait=0.05)
    try:
        with slow_wal_writer(pg_pair):
            follower_write(db)
            position = db.wal_position()
            with caplog.at_level("WARNING", logger="infrastructure.read_db"):
                assert read_on_the_route(db, position).primary  # the WAL writer has not sent it yet
                assert read_on_the_route(db, position).primary
        refusals = [r for r in caplog.records if "could not flush" in r.getMessage()]
        assert len(refusals) == 1 and "now wait for the WAL writer" in refusals[0].getMessage()
    finally:
        db.close()
