"""The rate request's commands run without FastAPI's routing, dependency solving and thread hop.

A command's own work (the aggregate, the store's group commit, the answer from its events) was about two
thirds of its server time; FastAPI's route matching over ~250 routes, its dependency solving and anyio's
thread hop for a `def` endpoint were most of the rest, which the hot reads already skip (api/fast_reads.py).
This plain ASGI layer, beside that one (inside the app's own middlewares: the forwarded address, security
headers, the DCSA door, path and body limits, the standby's write marks apply as to any request), runs the
route's own parts itself: the route's dependencies in the route's order (the auditor's and the team role's
refusals, the input screen, who is asking and in what role), the route's body model, its header's bounds,
then the route's own endpoint function on a thread, whose answer it sends as is, and whose errors it answers
with the app's own exception handlers. Only the routes whose every parameter it can read are mirrored; what
they are is read from FastAPI's own account of each route (`route.dependant`), so it is written once.

Everything it is not certain of passes to the route untouched (the body replayed), before anything is done:
a dependency that refuses (401, 403, the screen's 400), a body that is not JSON or does not validate (the
route's envelope naming the field), a header over its bound, an id the router would give another route. The
routes stay the contract (the OpenAPI document is theirs); a mirrored route that is no longer the one the
router would pick for its path (moved, renamed, shadowed) is simply not mirrored.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import inspect
import json
import logging
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from fastapi.dependencies.utils import get_dependant
from fastapi.routing import APIRoute
from pydantic import BaseModel
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.edge.http_middleware import HttpMiddleware
from api.edge.identity import presented, session_checked_here
from api.routers import booking, booking_admin
from domain.integrations.api_key import looks_like_key
from domain.tracking.publisher_key import looks_like_publisher_key

log = logging.getLogger(__name__)

# The routers whose commands are mirrored: the rate request's, the customer's and staff's (the bench's
# create -> quote -> accept, and every step of the same shape). That no other router takes their paths
# first is tests/api/test_fast_commands.py's check over the whole app.
ROUTERS = (booking.router, booking_admin.router)
METHODS = frozenset({"POST", "PUT"})
CLIENT = "/booking/api/v1/client/rate-requests"
ADMIN = "/booking/api/v1/admin/rate-requests"
# The mirrored commands (method, path with `{}` for its id): the bench's create -> quote -> accept, and the
# customer's decline of a price, which shares the accept's shape.
MIRRORED = frozenset(
    {
        ("POST", CLIENT),
        ("PUT", ADMIN + "/{}/quote"),
        ("PUT", CLIENT + "/{}/approve"),
        ("PUT", CLIENT + "/{}/cancel"),
    }
)
_JSON = "application/json"

# The endpoint functions run here: as many threads as anyio's default limiter lets FastAPI's `def`
# endpoints use, so that concurrent commands still meet in one group commit.
writers = ThreadPoolExecutor(max_workers=40, thread_name_prefix="command")


class _NotCertain(Exception):
    """The fast path cannot be sure of the route's answer: the route answers."""


@dataclass(frozen=True)
class Header:
    name: str  # the endpoint's parameter
    alias: str  # the wire's header
    max_length: int | None


@dataclass(frozen=True)
class FastCommand:
    """One route's fast twin, read from the route's own dependant."""

    route: APIRoute
    endpoint: Callable[..., Any]
    # The route's dependencies in its order: (the endpoint's parameter or None, the `async def f(request)`).
    dependencies: tuple[tuple[str | None, Callable[[Request], Any]], ...]
    path_parameters: tuple[str, ...]
    headers: tuple[Header, ...]
    body: Any  # the route's body field (FastAPI's ModelField) or None


def _twin(route: APIRoute) -> FastCommand | None:
    """The route's twin, or None where the route has a parameter or dependency of a kind not read here."""
    dependant = route.dependant
    call = dependant.call
    if call is None or inspect.iscoroutinefunction(call) or inspect.isgeneratorfunction(call):
        return None
    if dependant.query_params or dependant.cookie_params or len(dependant.body_params) > 1:
        return None
    if dependant.request_param_name or dependant.response_param_name or dependant.background_tasks_param_name:
        return None
    dependencies: list[tuple[str | None, Callable[[Request], Any]]] = []
    for dependency in dependant.dependencies:
        if not _takes_the_request_only(dependency):
            return None
        dependencies.append((dependency.name, dependency.call))  # type: ignore[arg-type]
    for declared in dependant.path_params:
        if declared.field_info.annotation is not str:
            return None
    headers = []
    for declared in dependant.header_params:
        info = declared.field_info
        bounds = {type(rule).__name__: rule for rule in info.metadata}
        if info.annotation not in (str, str | None) or not set(bounds) <= {"MaxLen"} or info.is_required():
            return None
        limit = bounds.get("MaxLen")
        headers.append(Header(declared.name, declared.alias, None if limit is None else limit.max_length))
    body = dependant.body_params[0] if dependant.body_params else None
    if body is not None and not _a_model(body.field_info.annotation):
        return None
    return FastCommand(
        route,
        call,
        tuple(dependencies),
        tuple(declared.name for declared in dependant.path_params),
        tuple(headers),
        body,
    )


def _takes_the_request_only(dependency: Any) -> bool:
    return (
        inspect.iscoroutinefunction(dependency.call)
        and dependency.request_param_name is not None
        and not dependency.dependencies
        and not (
            dependency.path_params
            or dependency.query_params
            or dependency.header_params
            or dependency.cookie_params
            or dependency.body_params
        )
    )


def _a_model(annotation: Any) -> bool:
    """A pydantic model, or a model or None: bodies read as JSON objects."""
    members = getattr(annotation, "__args__", None) or (annotation,)
    return all(
        member is type(None) or (isinstance(member, type) and issubclass(member, BaseModel))
        for member in members
    )


@dataclass
class _Table:
    # (method, path) -> twin, a path parameter's segment written `{}`; the positions of those segments
    commands: dict[tuple[str, str], FastCommand]
    # (method, path template) -> the literal segments other routes take where this one takes a parameter
    literals: dict[tuple[str, str], frozenset[str]]
    positions: tuple[int, ...]


def _table(routes: Iterable[Any] | None = None) -> _Table:
    """The twins of the routes that are the first of their method at their path among `routes` (by
    default the mirrored routers' own lists: asking the app for all its routes makes FastAPI build every
    route's state at once)."""
    candidates = [
        route
        for route in (routes if routes is not None else (r for router in ROUTERS for r in router.routes))
        if isinstance(route, APIRoute) and (route.methods or set()) & METHODS
    ]
    commands: dict[tuple[str, str], FastCommand] = {}
    literals: dict[tuple[str, str], frozenset[str]] = {}
    positions: set[int] = set()
    seen: set[tuple[str, str]] = set()
    for route in candidates:
        segments = route.path.split("/")
        variables = [i for i, segment in enumerate(segments) if "{" in segment]
        shape = "/".join("{}" if i in variables else segment for i, segment in enumerate(segments))
        for method in sorted((route.methods or set()) & METHODS):
            key = (method, shape)
            if key in seen:
                continue  # a later route of the same shape never answers
            seen.add(key)
            if key not in MIRRORED:
                continue
            if len(variables) > 1 or any(
                not segments[at].startswith("{") or not segments[at].endswith("}") or ":" in segments[at]
                for at in variables
            ):
                continue
            twin = _twin(route)
            if twin is None:
                continue
            if variables:
                others = _same_place(candidates, method, segments, variables[0])
                if others is None:
                    continue  # another pattern could take these paths: the router decides
                literals[key] = others
                positions.add(variables[0])
            commands[key] = twin
    for key in MIRRORED - commands.keys():
        log.warning("fast command %s %s is off: its route is not one this layer can mirror", *key)
    return _Table(commands, literals, tuple(sorted(positions)))


def _same_place(
    candidates: list[APIRoute], method: str, segments: list[str], at: int
) -> frozenset[str] | None:
    """The literal segments that other routes of `method` take at position `at` of a path otherwise
    `segments`; None where one takes a pattern there (or elsewhere in the same shape)."""
    found: set[str] = set()
    for route in candidates:
        if method not in (route.methods or ()):
            continue
        theirs = route.path.split("/")
        if len(theirs) != len(segments) or theirs == segments:
            continue
        if all(a == b or i == at for i, (a, b) in enumerate(zip(theirs, segments, strict=True))):
            if "{" in theirs[at]:
                return None
            found.add(theirs[at])
        elif any("{" in part for part in theirs) and all(
            a == b or "{" in a or i == at for i, (a, b) in enumerate(zip(theirs, segments, strict=True))
        ):
            return None  # a pattern elsewhere that matches some path of ours: the router decides
    return frozenset(found)


def _replaying(body: bytes, receive: Receive) -> Receive:
    """The request's body, read once here, for the route to read again."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def _body_of(receive: Receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            raise _NotCertain  # the client left: the route meets it as ever
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


def _media_type(content_type: str) -> str:
    return content_type.split(";", 1)[0].strip().lower()


def _app_dependencies(app: Any) -> tuple[Callable[[Request], Any], ...] | None:
    """The app's own dependencies (FastAPI's `dependencies=`), which FastAPI runs before every route's own:
    None where one is not an `async def f(request)` (then nothing is mirrored)."""
    calls = []
    for declared in app.router.dependencies:
        if getattr(declared, "scope", None) is not None or getattr(declared, "max_concurrency", None):
            return None
        dependant = get_dependant(path="", call=declared.dependency)
        if not _takes_the_request_only(dependant):
            return None
        calls.append(declared.dependency)
    return tuple(calls)


class FastCommands(HttpMiddleware):
    def __init__(self, app: ASGIApp) -> None:
        super().__init__(app)
        self._table = _table()
        # Read from the app on its first command: the app is not known to the layers it is built of.
        self._first: tuple[Callable[[Request], Any], ...] | None = None

    def _find(self, method: str, path: str) -> tuple[FastCommand, dict[str, str]] | None:
        table = self._table
        fast = table.commands.get((method, path))
        if fast is not None:
            return fast, {}
        segments = path.split("/")
        for at in table.positions:
            if at >= len(segments) or not segments[at]:
                continue
            key = (method, "/".join([*segments[:at], "{}", *segments[at + 1 :]]))
            fast = table.commands.get(key)
            if fast is not None and segments[at] not in table.literals[key]:
                return fast, {fast.path_parameters[0]: segments[at]}
        return None

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        method = scope["method"]
        if method not in METHODS or scope.get("root_path"):
            await self.app(scope, receive, send)
            return
        found = self._find(method, scope["path"])
        if found is None:
            await self.app(scope, receive, send)
            return
        fast, path_params = found
        if self._first is None:
            first = _app_dependencies(scope["app"])
            if first is None:
                log.warning("fast commands are off: an app dependency is not one this layer can run")
                self._table = _Table({}, {}, ())
                await self.app(scope, receive, send)
                return
            self._first = first
        try:
            body = await _body_of(receive)
        except _NotCertain:
            await self.app(scope, receive, send)
            return
        replay = _replaying(body, receive)
        prepare = functools.partial(_prepare, scope, replay, self._first, fast, path_params, body)
        # With the caller's context (where its reads go, api/edge/replica_reads.py), as `deps.off_loop`.
        context = contextvars.copy_context()
        outcome = await asyncio.get_running_loop().run_in_executor(
            writers, context.run, _prepared_and_answered, fast, prepare
        )
        if outcome is None:
            await self.app(scope, _replaying(body, receive), send)
            return
        response = await _handled(*outcome) if isinstance(outcome, tuple) else outcome
        await response(scope, replay, send)


def _prepared_and_answered(
    fast: FastCommand, prepare: Callable[[], tuple[Request, dict[str, Any]] | None]
) -> Response | tuple[Request, Exception] | None:
    """Off the event loop, in one hop: the session checked and the route's parts run (`prepare`), then its
    endpoint. None where the route must answer (nothing was done); the endpoint's error with its request,
    for the app's handler on the event loop."""
    try:
        prepared = prepare()
    except Exception:  # a refusal, a bad body, anything: the route answers it as ever
        prepared = None
    if prepared is None:
        return None
    request, arguments = prepared
    try:
        return _answer(request, fast, arguments)
    except Exception as error:
        return request, error


def _prepare(
    scope: Scope,
    receive: Receive,
    first: Iterable[Callable[[Request], Any]],
    fast: FastCommand,
    path_params: dict[str, str],
    body: bytes,
) -> tuple[Request, dict[str, Any]] | None:
    """The endpoint's arguments as the route would solve them, on a thread off the event loop; None, or
    any exception, where the route must answer. The scope gets what the router sets on a match (the route,
    its endpoint, path parameters), which the dependencies (the input screen) and the error handlers read."""
    scope["route"], scope["endpoint"], scope["path_params"] = fast.route, fast.endpoint, path_params
    request = Request(scope, receive)
    value: Any = None
    if fast.body is not None and body:
        content_type = request.headers.get("content-type")
        if content_type is None or _media_type(content_type) != _JSON:
            return None
        value = json.loads(body)
    credential = presented(request)
    if not credential or looks_like_key(credential) or looks_like_publisher_key(credential):
        return None  # no caller or a key: never a mirrored command's (the route refuses it)
    # The session checked here, so that the dependencies that ask for it find it answered in the scope
    # and run to their end without waiting on anything.
    session_checked_here(request, credential)
    # As FastAPI solves them: the app's dependencies, the route's in their order (each may refuse), then
    # the parameters.
    for dependency in first:
        _finished(dependency(request))
    arguments: dict[str, Any] = dict(path_params)
    for name, dependency in fast.dependencies:
        result = _finished(dependency(request))
        if name is not None:
            arguments[name] = result
    for header in fast.headers:
        given = request.headers.get(header.alias)
        if given is not None and header.max_length is not None and len(given) > header.max_length:
            return None
        arguments[header.name] = given
    if fast.body is not None:
        field = fast.body
        if not body:
            if field.field_info.is_required():
                return None
            arguments[field.name] = field.default
        else:
            validated, errors = field.validate(value, {}, loc=("body",))
            if errors:
                return None
            arguments[field.name] = validated
    return request, arguments


def _finished(step: Any) -> Any:
    """A dependency's value, where its coroutine runs to its end without waiting (all it asks is in the
    scope); one that would wait is closed unfinished and the route answers instead (_NotCertain)."""
    try:
        step.send(None)
    except StopIteration as done:
        return done.value
    step.close()
    raise _NotCertain


def _answer(request: Request, fast: FastCommand, arguments: dict[str, Any]) -> Response:
    """The endpoint's response (its errors raised, for `_handled`)."""
    response = fast.endpoint(**arguments)
    if not isinstance(response, Response):
        raise TypeError(f"{fast.route.path}: a mirrored endpoint answers a Response")
    return response


async def _handled(request: Request, error: Exception) -> Response:
    """The endpoint's error answered by the app's handler for it (as the route's ExceptionMiddleware would);
    an error without one goes on to the server's error middleware."""
    handler = _handler_for(request, error)
    if handler is None:
        raise error
    answer = handler(request, error)
    if inspect.isawaitable(answer):
        answer = await answer
    assert isinstance(answer, Response)
    return answer


def _handler_for(request: Request, error: Exception) -> Callable[..., Any] | None:
    handlers: dict[Any, Callable[..., Any]] = request.app.exception_handlers
    for kind in type(error).__mro__:
        if kind in handlers and kind is not Exception:
            return handlers[kind]
    return None
