"""Serves the built web app: files from `web/dist`, and `index.html` for client-side routes."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

API_PREFIXES = (
    "auth/",
    "account/",
    "booking/",
    "notification/",
    "file-manager/",
    "audit/",
    "docs",
    "openapi",
)
# The catch-all route's name: it answers GET on every path, so method lookups leave it out for API paths.
WEB_ROUTE = "web"


def mount(app: FastAPI, dist: Path) -> None:
    root = dist.resolve()

    @app.get("/{path:path}", include_in_schema=False, name=WEB_ROUTE)
    def web(path: str) -> Response:
        if path.startswith(API_PREFIXES):
            raise StarletteHTTPException(404)
        candidate = (root / path).resolve()
        if path and candidate.is_file() and candidate.is_relative_to(root):
            cache = "public, max-age=31536000, immutable" if path.startswith("assets/") else "no-cache"
            return FileResponse(candidate, headers={"Cache-Control": cache})
        index = root / "index.html"
        if not index.is_file():
            return Response(
                "The web app is not built: run `make run`.", status_code=503, media_type="text/plain"
            )
        return FileResponse(index, headers={"Cache-Control": "no-cache"})
