"""The bench counts durable commits by the transaction id PostgreSQL stamps on each stored row."""

from __future__ import annotations

import psycopg

from bench.run import store_transactions
from tests.pg import Cluster


def test_rows_of_one_transaction_count_once(pg_cluster: Cluster) -> None:
    url = pg_cluster.create_database()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE TABLE bench_events (notification_id BIGSERIAL PRIMARY KEY, x INT)")
        for size in (5, 3, 1):
            with conn.transaction():
                conn.execute("INSERT INTO bench_events (x) SELECT generate_series(1, %s)", (size,))
    assert store_transactions(url, "bench_events", 0) == {"events": 9, "transactions": 3, "head": 9}
    assert store_transactions(url, "bench_events", 5) == {"events": 4, "transactions": 2, "head": 9}
    assert store_transactions(url, "bench_events", 9) == {"events": 0, "transactions": 0, "head": 9}
