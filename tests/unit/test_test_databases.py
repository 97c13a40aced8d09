"""The PostgreSQL databases the tests are given: a test's database (`database_url`) is a copy of the session's
schema template, which holds the app's tables and reference rows and no events; a database a test creates
itself (`pg_cluster.create_database()`) starts empty, so a start on an empty database stays covered."""

from __future__ import annotations

import psycopg
import pytest

from tests.pg import Cluster

pytestmark = pytest.mark.postgres


def _tables(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()
    return {str(row[0]) for row in rows}


def _count(url: str, table: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
    assert row is not None
    return int(row[0])


def test_a_tests_database_is_a_copy_of_the_template_and_holds_no_events(
    pg_cluster: Cluster, pg_template: str
) -> None:
    copy = pg_cluster.create_database(template=pg_template)
    tables = _tables(copy)
    assert {"freight_events", "event_log", "tracking", "booking_ports"} <= tables
    assert tables == _tables(pg_cluster.url(pg_template))
    assert _count(copy, "freight_events") == 0
    assert _count(copy, "event_log") == 0
    assert _count(copy, "booking_ports") > 0  # the reference rows are there


def test_a_database_a_test_creates_itself_is_empty(pg_cluster: Cluster) -> None:
    assert _tables(pg_cluster.create_database()) == set()
