"""The tests' memo of request-ready routes (tests/route_contexts.py) answers as FastAPI's own build does: a
route included elsewhere, or with other dependencies around it, is built for that place."""

from __future__ import annotations

from fastapi import APIRouter, Depends, FastAPI, Request
from fastapi.testclient import TestClient

router = APIRouter()


@router.get("/where")
def where(request: Request) -> dict[str, str]:
    return {"path": request.url.path, "seen": getattr(request.state, "seen", "")}


def _mark(request: Request) -> None:
    request.state.seen = "marked"


def _app(prefix: str = "", marked: bool = False) -> FastAPI:
    app = FastAPI(dependencies=[Depends(_mark)] if marked else [])
    app.include_router(router, prefix=prefix)
    return app


def test_the_same_router_in_two_apps_answers_in_each() -> None:
    for _ in range(2):
        with TestClient(_app()) as client:
            assert client.get("/where").json() == {"path": "/where", "seen": ""}


def test_another_prefix_or_other_dependencies_are_built_for_their_place() -> None:
    with TestClient(_app()) as client:
        assert client.get("/where").status_code == 200
    with TestClient(_app("/v9")) as client:
        assert client.get("/v9/where").json() == {"path": "/v9/where", "seen": ""}
        assert client.get("/where").status_code == 404
    with TestClient(_app(marked=True)) as client:
        assert client.get("/where").json() == {"path": "/where", "seen": "marked"}
