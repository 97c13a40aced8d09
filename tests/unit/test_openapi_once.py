"""The tests' memo of the OpenAPI document (tests/openapi_once.py) answers as a fresh build does: an app alike
in every part of its document shares it, an app that differs (another public address, another route) gets
its own, and a test's change to its app's document stays in that app."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI

from api.main import create_app
from api.settings import ExplicitSettings
from tests import openapi_once

SECRET = "unit-secret-unit-secret-unit-secret-1"


def _app(tmp_path: Path, public_url: str | None = None) -> FastAPI:
    return create_app(ExplicitSettings(VAR_DIR=tmp_path, JWT_SECRET=SECRET, PUBLIC_URL=public_url))


def _fresh(app: FastAPI) -> dict[str, object]:
    openapi_once.uninstall()
    try:
        return app.openapi()
    finally:
        openapi_once.install()


def test_alike_apps_share_one_build_and_each_gets_its_own_copy(tmp_path: Path) -> None:
    first, second = _app(tmp_path), _app(tmp_path)
    document = first.openapi()
    again = second.openapi()
    assert again == document == _fresh(_app(tmp_path))
    again["info"]["title"] = "changed by one test"
    assert first.openapi()["info"]["title"] != "changed by one test"
    assert _app(tmp_path).openapi()["info"]["title"] != "changed by one test"


def test_an_app_that_differs_gets_a_document_of_its_own(tmp_path: Path) -> None:
    elsewhere = _app(tmp_path, "https://freight.example.com")
    assert elsewhere.openapi()["servers"] == [{"url": "https://freight.example.com"}]
    assert _app(tmp_path).openapi()["servers"] != elsewhere.openapi()["servers"]
    extended = _app(tmp_path)

    @extended.get("/only-here")
    def only_here() -> dict[str, str]:
        return {}

    assert "/only-here" in extended.openapi()["paths"]
    assert "/only-here" not in _app(tmp_path).openapi()["paths"]
