"""Answers the app gives before routing, in the envelope: OPTIONS (which methods a path takes) and paths too
long to be any of ours (414). `allowed_methods` also gives a 405 its true `Allow`."""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.routing import BaseRoute, Match
from starlette.types import Receive, Scope, Send

from api.edge.http_middleware import HttpMiddleware
from api.edge.languages import failure_in_language
from api.web_app import API_PREFIXES, DCSA_DOOR, WEB_ROUTE

# The longest path of the API is under 150 characters; a client route of the web app is shorter still.
MAX_PATH_BYTES = 2048


METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")


def _routes(scope: Scope) -> list[BaseRoute]:
    """The app's routes for this path: the web app's pages count only outside the API."""
    is_api = scope["path"].lstrip("/").startswith(API_PREFIXES) or bool(DCSA_DOOR.match(scope["path"]))
    return [r for r in scope["app"].router.routes if not (is_api and getattr(r, "name", None) == WEB_ROUTE)]


def allowed_methods(scope: Scope) -> list[str]:
    """Every method some route answers at this path (asked of the router itself, included routers and
    all)."""
    routes = _routes(scope)
    methods = [m for m in METHODS if any(r.matches({**scope, "method": m})[0] is Match.FULL for r in routes)]
    return [*methods, "OPTIONS"] if methods else []


def routed(scope: Scope) -> bool:
    """Some route answers this request's method at its path (a HEAD where a GET is answered): one pass over
    the routes that stops at the first, where `allowed_methods` asks every route of every method."""
    wanted = [scope["method"], "GET"] if scope["method"] == "HEAD" else [scope["method"]]
    return any(r.matches({**scope, "method": m})[0] is Match.FULL for r in _routes(scope) for m in wanted)


class PathGuard(HttpMiddleware):
    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        if len(scope.get("raw_path") or scope["path"].encode()) > MAX_PATH_BYTES:
            answer = failure_in_language(
                Headers(scope=scope), 414, f"The path is longer than {MAX_PATH_BYTES} bytes"
            )
            await answer(scope, receive, send)
            return
        if scope["method"] == "OPTIONS":
            methods = allowed_methods(scope)
            if not methods:
                await failure_in_language(Headers(scope=scope), 404, "Not found")(scope, receive, send)
                return
            await send(
                {
                    "type": "http.response.start",
                    "status": 204,
                    "headers": [(b"allow", ", ".join(methods).encode())],
                }
            )
            await send({"type": "http.response.body", "body": b""})
            return
        await self.app(scope, receive, send)
