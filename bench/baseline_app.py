"""The read baseline: a bare FastAPI app answering constant JSON bodies of the real responses' size.

`python -m bench.baseline_app` with BENCH_BODIES (a JSON file {"list": {...}, "detail": {...}}) and
PORT; served by uvicorn with the same settings as `freight serve`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from fastapi import FastAPI


def create_app(bodies: dict[str, Any]) -> FastAPI:
    app = FastAPI()
    list_body, detail_body = bodies["list"], bodies["detail"]

    @app.get("/list")
    def listing() -> Any:
        return list_body

    @app.get("/detail")
    def detail() -> Any:
        return detail_body

    @app.get("/health")
    def health() -> Any:
        return {"ok": True}

    return app


def main() -> None:
    import uvicorn

    bodies = json.loads(Path(os.environ["BENCH_BODIES"]).read_text())
    uvicorn.run(create_app(bodies), host="127.0.0.1", port=int(os.environ["PORT"]), log_level="info")


if __name__ == "__main__":
    main()
