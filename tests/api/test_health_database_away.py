"""While PostgreSQL is down, `/health` answers 503 within its own timeout (an orchestrator's probe must not
hang); once the database is back it answers 200 again."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from api.main import create_app
from tests.conftest import make_settings
from tests.pg import throwaway_cluster

# `/health`'s own timeout (api/health.py), and time for the answer to travel once the check has given up:
# on a 2-core machine running the whole suite in parallel that took 3.2 s once. A probe that hangs waits for
# the connection's own timeout (tens of seconds), far beyond either.
ANSWER_SECONDS = 2.0
SLACK_SECONDS = 2.0


def _wait_for_health(client: TestClient, status: int, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while (answer := client.get("/health")).status_code != status:
        assert time.monotonic() < deadline, f"/health stayed {answer.status_code}: {answer.text[:500]}"
        time.sleep(0.2)


def test_health_answers_503_in_time_while_postgres_is_down_and_200_when_it_is_back(tmp_path: Path) -> None:
    # A cluster of its own: stopping the session's would take every other test's database away.
    with throwaway_cluster() as cluster:
        settings = make_settings(tmp_path / "var", cluster.create_database("health"))
        with TestClient(create_app(settings), raise_server_exceptions=False) as client:
            _wait_for_health(client, 200, 60)
            cluster.stop()
            for _ in range(3):  # the first probe, and the ones while an earlier check is still out
                started = time.monotonic()
                answer = client.get("/health")
                took = time.monotonic() - started
                assert answer.status_code == 503, answer.text
                assert (
                    answer.json()["error"]["description"] == "The store or the read models are out of reach"
                )
                assert took < ANSWER_SECONDS + SLACK_SECONDS, f"/health took {took:.1f}s"
            cluster.start()
            _wait_for_health(client, 200, 60)
