"""The app's routes made ready for requests once per test process, not once per app.

FastAPI (0.165) builds each route's request-ready context (its dependency tree, its response field) the first
time an app matches a request, per app. The app builds its routers once per process in production; the tests
build an app per test, and that build was a quarter of an API test's CPU. The routers are the same objects
in every app the tests make, included with the same prefix and the same app-wide dependencies, so their
contexts are the same too: built once here, for every app of this process.

A context depends on the route, where it is included (its path) and the dependencies around it: those make
the key. The dependency overrides provider (the app) is not: no test overrides a dependency, and one that did
would have to remove this memo (`uninstall`) for its own app."""

from __future__ import annotations

from typing import Any

from fastapi import routing

_ORIGINAL = routing._EffectiveRouteContext.from_api_route.__func__  # type: ignore[attr-defined]
_BUILT: dict[tuple[Any, ...], tuple[Any, Any]] = {}


def _key(original_route: Any, include_context: Any) -> tuple[Any, ...]:
    return (
        id(original_route),
        include_context.path_for(original_route),
        tuple(d.dependency for d in include_context.dependencies),
        tuple(include_context.tags),
        include_context.include_in_schema,
        include_context.max_body_size,
    )


def _from_api_route(cls: Any, *, original_route: Any, include_context: Any) -> Any:
    key = _key(original_route, include_context)
    found = _BUILT.get(key)
    if found is None:
        # The route is kept with its context: its id cannot be another route's while it is in the memo.
        found = (
            original_route,
            _ORIGINAL(cls, original_route=original_route, include_context=include_context),
        )
        _BUILT[key] = found
    return found[1]


def install() -> None:
    routing._EffectiveRouteContext.from_api_route = classmethod(_from_api_route)  # type: ignore[method-assign,assignment]


def uninstall() -> None:
    routing._EffectiveRouteContext.from_api_route = classmethod(_ORIGINAL)  # type: ignore[method-assign,assignment]
    _BUILT.clear()
