"""The bench's command baseline (bench/baseline_app.py `POST /save`) is one library save per request: each
answer is one stored event, so the bare saves/s it reports are saves, not answers that skipped the store."""

from __future__ import annotations

from pathlib import Path

import psycopg
from fastapi.testclient import TestClient

from api.settings import ExplicitSettings
from bench.baseline_app import create_app
from tests.pg import Cluster


def test_each_bare_save_stores_one_event(pg_cluster: Cluster, tmp_path: Path) -> None:
    url = pg_cluster.create_database()
    env = ExplicitSettings(DATABASE_URL=url, VAR_DIR=tmp_path / "var").event_store_env()
    with TestClient(create_app(library_env=env)) as client:
        answers = [client.post("/save", json={"text": f"note {n}"}) for n in range(3)]
        refused = client.post("/save", json={"words": "no text"})
    assert [a.status_code for a in answers] == [201, 201, 201]
    assert len({a.json()["id"] for a in answers}) == 3
    assert refused.status_code == 422
    with psycopg.connect(url) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
            " AND table_name LIKE '%events'"
        )]  # fmt: skip
        counts = [conn.execute(f"SELECT count(*) FROM {table}").fetchone() for table in tables]
    assert sum(int(row[0]) for row in counts if row is not None) == 3


def test_the_read_baseline_answers_its_bodies_without_a_store() -> None:
    with TestClient(create_app({"list": {"list": [1]}, "detail": {"id": "x"}})) as client:
        assert client.get("/list").json() == {"list": [1]}
        assert client.get("/detail").json() == {"id": "x"}
        assert client.post("/save", json={"text": "x"}).status_code in (404, 405)
