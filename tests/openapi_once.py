"""The app's OpenAPI document made once per test process for each shape of app, not once per app.

Building the document walks every route's models (about 2 s of CPU); production builds it once per process,
the tests build an app per test and about twenty of them read the document. Apps alike in everything the
document is made of share it: the same included routers (the same objects, prefixes and dependencies), the
same app-level routes and webhooks (path, methods, the endpoint's code, models) and the same title, version,
description and servers. Each app gets its own copy, so a test that changes its document changes no other."""

from __future__ import annotations

import copy
import json
from typing import Any

from fastapi import FastAPI

from api import openapi

_ORIGINAL = openapi.document
_MADE: dict[tuple[Any, ...], tuple[FastAPI, dict[str, Any]]] = {}


def _route(route: Any) -> tuple[Any, ...]:
    included = getattr(route, "original_router", None)
    if included is not None:
        context = route.include_context
        return (
            id(included),
            context.prefix,
            tuple(d.dependency for d in context.dependencies),
            tuple(context.tags or ()),
            context.include_in_schema,
        )
    endpoint = getattr(route, "endpoint", None)
    return (
        type(route),
        getattr(route, "path", None),
        tuple(sorted(getattr(route, "methods", None) or ())),
        getattr(endpoint, "__code__", endpoint),  # an app's closures of one `def` share their code
        getattr(route, "include_in_schema", None),
        getattr(route, "response_model", None),
        repr(getattr(route, "responses", None)),
        repr(getattr(getattr(route, "body_field", None), "field_info", None)),
    )


def _key(app: FastAPI) -> tuple[Any, ...]:
    return (
        app.title,
        app.version,
        app.description,
        json.dumps(app.servers, sort_keys=True),
        tuple(_route(route) for route in app.routes),
        tuple(_route(route) for route in app.webhooks.routes),
    )


def _document(app: FastAPI) -> dict[str, Any]:
    if app.openapi_schema is not None:
        return app.openapi_schema
    key = _key(app)
    found = _MADE.get(key)
    if found is None:
        # The first app is kept with its document: the objects its key names by identity stay alive.
        found = (app, copy.deepcopy(_ORIGINAL(app)))
        _MADE[key] = found
    app.openapi_schema = copy.deepcopy(found[1])
    return app.openapi_schema


def install() -> None:
    openapi.document = _document


def uninstall() -> None:
    openapi.document = _ORIGINAL
    _MADE.clear()
