"""Serves the built web app: files from `web/dist`, and `index.html` for client-side routes."""

from __future__ import annotations

import re
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
# The DCSA doors (`/v2/...` and any other `/v<n>/...`): never the web app's, always the standard's errors.
DCSA_DOOR = re.compile(r"^/?v\d+(/|$)")
# The catch-all route's name: it answers GET on every path, so method lookups leave it out for API paths.
WEB_ROUTE = "web"


def mount(app: FastAPI, dist: Path) -> None:
    root = dist.resolve()

    @app.get("/{path:path}", include_in_schema=False, name=WEB_ROUTE)
    def web(path: str) -> Response:
        if path.startswith(API_PREFIXES) or DCSA_DOOR.match(path):
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
