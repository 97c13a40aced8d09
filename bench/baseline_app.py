"""The baselines served over HTTP: a bare FastAPI app answering constant JSON bodies of the real responses'
size (the read baseline), and saving one event per request through the library (the command baseline).

`python -m bench.baseline_app` with PORT, and BENCH_BODIES (a JSON file {"list": {...}, "detail": {...}})
and/or BENCH_LIBRARY_ENV (the event store's environment, JSON: `POST /save` then saves one event per
request as the library baseline does, with `BENCH_WORKERS` uvicorn workers, as `freight serve` has one per
core). Served by uvicorn with the same settings as `freight serve`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from pydantic import BaseModel


class Note(BaseModel):
    text: str


def noted_class() -> Any:
    """The library baseline's aggregate, defined once (the library registers topics)."""
    if not _NOTED:
        from eventsourcing.domain import Aggregate

        class Noted(Aggregate):
            def __init__(self, text: str) -> None:
                self.text = text

        _NOTED.append(Noted)
    return _NOTED[0]


_NOTED: list[Any] = []


def create_app(bodies: dict[str, Any] | None = None, library_env: dict[str, str] | None = None) -> FastAPI:
    app = FastAPI()

    @app.get("/health")
    def health() -> Any:
        return {"ok": True}

    if bodies is not None:
        list_body, detail_body = bodies["list"], bodies["detail"]

        @app.get("/list")
        def listing() -> Any:
            return list_body

        @app.get("/detail")
        def detail() -> Any:
            return detail_body

    if library_env is not None:
        from eventsourcing.application import Application

        noted = noted_class()
        library: Application[Any] = Application(
            env={**library_env, "PERSISTENCE_MODULE": "eventsourcing.postgres"}
        )

        @app.post("/save", status_code=201)
        def save(note: Note) -> Any:
            aggregate = noted(note.text)
            library.save(aggregate)
            return {"id": str(aggregate.id)}

    return app


def app_from_env() -> FastAPI:
    bodies = os.environ.get("BENCH_BODIES")
    library_env = os.environ.get("BENCH_LIBRARY_ENV")
    return create_app(
        json.loads(Path(bodies).read_text()) if bodies else None,
        json.loads(library_env) if library_env else None,
    )


def main() -> None:
    import uvicorn

    port = int(os.environ["PORT"])
    workers = int(os.environ.get("BENCH_WORKERS", "1"))
    if workers > 1:
        uvicorn.run(
            "bench.baseline_app:app_from_env", factory=True, workers=workers, host="127.0.0.1", port=port,
            log_level="info",
        )  # fmt: skip
    else:
        uvicorn.run(app_from_env(), host="127.0.0.1", port=port, log_level="info")


if __name__ == "__main__":
    main()
