"""The PostgreSQL processes' wake-ups (infrastructure/wakeups.py): a notification reaches the listener, and
stopping ends the listening thread, which waits on its connection with no timeout of its own (it used to
look every half second, and every app stopped waited for that look)."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from infrastructure.wakeups import TRACKING_CHANNEL, PostgresWakeups, tracking_payload
from tests.pg import Cluster
from tests.unit.test_local_wakeups import until

EVENTS = "freight_events_test"


@pytest.fixture
def conninfo(pg_cluster: Cluster) -> str:
    return psycopg.conninfo.make_conninfo(pg_cluster.url(pg_cluster.create_database().rsplit("/", 1)[1]))


@pytest.fixture
def listening(conninfo: str) -> Iterator[PostgresWakeups]:
    wakeups = PostgresWakeups(conninfo, EVENTS)
    wakeups.start()
    assert until(lambda: wakeups.live), "never listened"
    yield wakeups
    wakeups.stop()


def notify(conninfo: str, channel: str, payload: str) -> None:
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute("SELECT pg_notify(%s, %s)", (channel, payload))


def test_a_followers_position_and_new_events_reach_the_listener(
    conninfo: str, listening: PostgresWakeups
) -> None:
    woken: list[bool] = []
    listening.on_events.append(lambda: woken.append(True))
    notify(conninfo, TRACKING_CHANNEL, tracking_payload("booking", 42))
    assert listening.wait_for("booking", 42, timeout=10)
    notify(conninfo, EVENTS, "")
    assert until(lambda: woken)


def test_stop_ends_the_listening_thread_though_nothing_is_sent(listening: PostgresWakeups) -> None:
    # The thread waits on the connection with no timeout of its own: only `stop`'s wake-up ends it.
    thread = listening._thread
    assert thread is not None and thread.is_alive()
    listening.stop()
    assert not thread.is_alive()
    assert not listening.live
    listening.stop()  # a second stop is harmless
