"""The DCSA door's edges: whatever answers a path under `/v2` (or any `/v<n>`) speaks the standard's
`ErrorResponse`, and every caller of the door has a rate limit.

`DcsaDoor` (ASGI middleware, outside the body limit and the path guard) answers an unknown path 404 and a
known path with another method 405 (with `Allow`) before routing, and turns any error answered by a layer
that knows only the portal's envelope (413 from the body limit, 414, 503) into an `ErrorResponse` with the
same status and message. The routes under `/v2` answer in the standard already (`DcsaRoute`): their answers
carry `API-Version` and pass untouched.

`rate_limit` (a dependency of the door's routes) counts each call per credential and per address in the
shared counters (every worker sees the same counts): past the limit, 429 with `Retry-After`; every answer
carries `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `RateLimit-Policy`.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.routing import APIRoute
from pydantic import BaseModel
from starlette.types import Message, Receive, Scope, Send

from api.bootstrap import Services
from api.dcsa.errors import DetailedError, error_response
from api.edge.deps import client_address
from api.edge.http_middleware import HttpMiddleware
from api.edge.identity import presented
from api.edge.path_guard import allowed_methods, routed
from api.openapi import operation_ids
from api.web_app import DCSA_DOOR
from domain.shared.errors import TooManyAttempts

WINDOW_SECONDS = 60
# One address may call this many times the limit of one credential (several keys behind one gateway).
ADDRESS_FACTOR = 5
_KEPT_HEADERS = ("allow", "retry-after")
_CODES = {404: 7006, 405: 7012, 413: 7010, 415: 7009, 429: 7011}


def is_door(path: str) -> bool:
    return bool(DCSA_DOOR.match(path))


def _message(body: bytes, status: int) -> str:
    try:
        found = json.loads(body)
        text = found.get("error", {}).get("description") if isinstance(found, dict) else None
    except (ValueError, AttributeError):
        text = None
    if status == 404:
        return (
            "No such resource: this provider serves DCSA Booking 2.0 at /v2/bookings and Bill of Lading 3.0"
            " at /v3/shipping-instructions and /v3/transport-documents"
        )
    return str(text or _PHRASES.get(status) or "Error")


_PHRASES = {405: "Method not allowed", 413: "Request body too large", 414: "Path too long"}


class DcsaDoor(HttpMiddleware):
    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not is_door(scope["path"]):
            await self.app(scope, receive, send)
            return
        method, path = scope["method"], scope["path"]
        if method != "OPTIONS" and not routed(scope):  # the methods are listed only for a refusal
            methods = allowed_methods(scope)
            if method not in methods and not (method == "HEAD" and "GET" in methods):
                status = 405 if methods else 404
                await self._refuse(scope, receive, send, status, b"", {"Allow": ", ".join(methods)})
                return
        started: Message | None = None
        held: list[bytes] = []

        async def speak_the_standard(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                headers = {k.decode().lower(): v.decode() for k, v in message.get("headers", [])}
                if message["status"] < 400 or "api-version" in headers:
                    await send(message)  # a route of the door answered: already the standard's
                    return
                started = message
                return
            if started is None:
                await send(message)
                return
            held.append(message.get("body", b""))
            if message.get("more_body"):
                return
            headers = {k.decode().lower(): v.decode() for k, v in started.get("headers", [])}
            kept = {
                k.title(): v for k, v in headers.items() if k in _KEPT_HEADERS or k.startswith("ratelimit")
            }
            status = int(started["status"])
            answer = error_response(
                method,
                path,
                status,
                [
                    DetailedError(
                        _CODES.get(status, 7099 if status >= 500 else 7002), _message(b"".join(held), status)
                    )
                ],
                _message(b"".join(held), status),
                kept,
            )
            await answer(scope, _nothing, send)

        await self.app(scope, receive, speak_the_standard)

    @staticmethod
    async def _refuse(
        scope: Scope, receive: Receive, send: Send, status: int, body: bytes, headers: dict[str, str]
    ) -> None:
        text = _message(body, status)
        kept = {k: v for k, v in headers.items() if v}
        answer = error_response(
            scope["method"], scope["path"], status, [DetailedError(_CODES[status], text)], text, kept
        )
        await answer(scope, receive, send)


async def _nothing() -> Message:
    return {"type": "http.request", "body": b"", "more_body": False}


# -- the rate limit ----------------------------------------------------------------------------------------
def rate_limit(request: Request) -> None:
    """Count this call; refuse it (429) past the limit. The headers ride on `request.state` to the answer."""
    services: Services = request.app.state.services
    limit = int(services.settings.DCSA_REQUESTS_PER_MINUTE)
    keys = [f"dcsa-address:{client_address(request)}"]
    limits = [limit * ADDRESS_FACTOR]
    credential = presented(request)
    if credential:
        keys.append("dcsa-credential:" + hashlib.sha256(credential.encode()).hexdigest()[:32])
        limits.append(limit)
    counts = services.limiters.counters.take(tuple(keys), WINDOW_SECONDS)
    now = services.limiters.counters.clock()
    # The tightest of the caller's allowances is the one it is told about.
    tightest = min(zip(counts, limits, strict=True), key=lambda pair: pair[1] - pair[0].attempts)
    count, allowed = tightest
    reset = max(math.ceil(count.window_ends - now), 1)
    request.state.rate_limit_headers = {
        "RateLimit-Limit": str(allowed),
        "RateLimit-Remaining": str(max(allowed - count.attempts, 0)),
        "RateLimit-Reset": str(reset),
        "RateLimit-Policy": f"{allowed};w={WINDOW_SECONDS}",
    }
    over = [c for c, most in zip(counts, limits, strict=True) if c.attempts > most]
    if over:
        retry_after = max(math.ceil(max(c.window_ends for c in over) - now), 1)
        raise TooManyAttempts("Too many requests; retry after the time Retry-After gives", retry_after)


_RATE_LIMIT_HEADERS = {
    "RateLimit-Limit": "Calls allowed in the window (per credential; per address five times as many)",
    "RateLimit-Remaining": "Calls left in the current window",
    "RateLimit-Reset": "Seconds until the window ends",
    "RateLimit-Policy": "The limit and its window in seconds (`120;w=60`)",
}


def door_router(
    *,
    prefix: str,
    tag: str,
    route_class: type[APIRoute],
    error_model: type[BaseModel],
    statuses: Iterable[int],
    operations: str,
    limited: bool = True,
) -> APIRouter:
    """One standard's routes: each failure in `statuses` answered (and documented) in its `error_model`;
    counted by `rate_limit` when `limited` (429 documented with its headers); operation ids of `operations`.
    """
    failures: dict[int | str, dict[str, Any]] = {code: {"model": error_model} for code in statuses}
    if limited:
        failures[429] = {
            "model": error_model,
            "description": "Too many requests: retry after `Retry-After` seconds",
            "headers": {
                "Retry-After": {
                    "description": "Seconds to wait before calling again",
                    "schema": {"type": "integer"},
                },
                **{
                    name: {"description": text, "schema": {"type": "string"}}
                    for name, text in _RATE_LIMIT_HEADERS.items()
                },
            },
        }
    return APIRouter(
        prefix=prefix,
        tags=[tag],
        route_class=route_class,
        responses=failures,
        dependencies=[Depends(rate_limit)] if limited else [],
        generate_unique_id_function=operation_ids(operations),
    )
