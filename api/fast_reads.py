"""The hot reads answered without FastAPI's routing and dependency solving.

The rate-request list and detail, the customer's and staff's, are most of the portal's requests; FastAPI's
route matching over ~250 routes and its dependency solving were over half of such a read's time on the
event loop, the read itself a few per cent. This plain ASGI layer, inside the app's own middlewares (so the
forwarded address, security headers, the DCSA door, path and body limits apply as to any request), answers
these four GETs itself when it is certain of the route's answer: the same identity check (a live session
token), the same role, the same read-your-writes wait, the same read function and envelope bytes.

Everything it is not certain of passes to the route untouched, which answers as it always has: no
credential, an API key, an ended session or a bad token (401), the wrong role (403), a query parameter the
route does not declare or whose value is not plainly valid (the route's 400 naming the field), a body, a
record not found or not the caller's (404), any error. The routes stay the contract (the OpenAPI document
is theirs); a route this layer mirrors that is no longer the one the router would pick for the path (moved,
renamed, shadowed by a sibling) switches its fast twin off.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal, get_args, get_origin
from urllib.parse import parse_qsl

from fastapi.routing import APIRoute
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from api.booking_reads import own_detail
from api.bootstrap import Services
from api.edge import deps
from api.edge.envelope import success
from api.edge.http_middleware import HttpMiddleware
from api.edge.identity import checked_session, company_account_id, presented
from api.edge.input_screen import MAX_TEXT, text_problem
from api.edge.security import Principal, read_token
from api.routers import booking, booking_admin
from domain.integrations.api_key import looks_like_key
from domain.tracking.publisher_key import looks_like_publisher_key

log = logging.getLogger(__name__)

CLIENT = "/booking/api/v1/client/rate-requests"
ADMIN = "/booking/api/v1/admin/rate-requests"
# A number as the route would surely take it (pydantic takes more spellings: those go to the route).
_PLAIN_INTEGER = re.compile(r"0|[1-9][0-9]{0,8}")


@dataclass(frozen=True)
class Number:
    default: int | None
    low: int | None
    high: int | None

    def read(self, text: str) -> int | None:
        if not _PLAIN_INTEGER.fullmatch(text):
            raise _NotCertain
        value = int(text)
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise _NotCertain
        return value


@dataclass(frozen=True)
class Text:
    default: str | None
    max_length: int

    def read(self, text: str) -> str:
        if len(text) > self.max_length or text_problem(text, MAX_TEXT) is not None:
            raise _NotCertain
        return text


@dataclass(frozen=True)
class Choice:
    """One of a few words (a `Literal` parameter, such as a list's `sort`)."""

    default: str
    words: frozenset[str]

    def read(self, text: str) -> str:
        if text not in self.words:
            raise _NotCertain
        return text


Parameter = Number | Text | Choice


@dataclass(frozen=True)
class FastRead:
    """One route's fast twin: its path, its endpoint (to recognise it among the app's routes), who may call
    it, and the read it answers with. Its query parameters are the route's own (`_parameters`)."""

    path: str
    endpoint: Callable[..., Any]
    allowed: Callable[[Principal], bool]
    answer: Callable[..., Any]  # (services, principal, id or None, **query) -> the response's content
    query: dict[str, Parameter] = field(default_factory=dict)


def _customer_list(services: Services, principal: Principal, _: None, **query: Any) -> Any:
    return booking.customer_page(
        services,
        company_account_id(principal),
        query["limit"],
        query["offset"],
        query["search"],
        query["sort"],
        query["waiting"],
    )


def _customer_detail(services: Services, principal: Principal, rate_request_id: str) -> Any:
    return own_detail(services, rate_request_id, principal)


def _staff_list(services: Services, _: Principal, __: None, **query: Any) -> Any:
    return booking_admin.staff_page(
        services, query["state"], query["stateName"], query["limit"], query["offset"], query["search"]
    )


def _staff_detail(services: Services, _: Principal, rate_request_id: str) -> Any:
    return booking_admin.staff_detail(services, rate_request_id)


def _is_customer(principal: Principal) -> bool:
    return principal.is_customer


def _is_admin(principal: Principal) -> bool:
    return principal.is_admin


LISTS = (
    FastRead(CLIENT, booking.list_rate_requests, _is_customer, _customer_list),
    FastRead(ADMIN, booking_admin.list_rate_requests, _is_admin, _staff_list),
)
DETAILS = (
    FastRead(CLIENT + "/{id}", booking.rate_request_detail, _is_customer, _customer_detail),
    FastRead(ADMIN + "/{id}", booking_admin.rate_request_detail, _is_admin, _staff_detail),
)


def _parameters(route: APIRoute) -> dict[str, Parameter] | None:
    """The route's query parameters as it declares them (name, default, bounds), read from FastAPI's own
    account of the route so that they are written once; None where one is of a kind this layer does not
    read (the route then always answers)."""
    parameters: dict[str, Parameter] = {}
    for declared in route.dependant.query_params:
        info = declared.field_info
        bounds = {type(rule).__name__: rule for rule in info.metadata}
        kind = info.annotation
        if kind in (int, int | None) and set(bounds) <= {"Ge", "Le"}:
            low, high = bounds.get("Ge"), bounds.get("Le")
            parameters[declared.alias] = Number(
                info.default,
                None if low is None else low.ge,
                None if high is None else high.le,
            )
        elif kind in (str, str | None) and set(bounds) == {"MaxLen"}:
            parameters[declared.alias] = Text(info.default, bounds["MaxLen"].max_length)
        elif get_origin(kind) is Literal and not bounds and isinstance(info.default, str):
            words = get_args(kind)
            if not all(isinstance(word, str) for word in words):
                return None
            parameters[declared.alias] = Choice(info.default, frozenset(words))
        else:
            return None
    return parameters


class _NotCertain(Exception):
    """The fast path cannot be sure of the route's answer: the route answers."""


@dataclass
class _Table:
    lists: dict[str, FastRead]
    # A detail's prefix (the path up to `/{id}`) -> its read, and the literal segments other GET routes
    # take at that place (`/rate-requests/documents`): those are not ids.
    details: dict[str, tuple[FastRead, frozenset[str]]]


def _table() -> _Table:
    """The fast twins whose route is still the first GET route at their path in the router that declares
    it (read from that router's own list: asking the app for all its routes makes FastAPI build every
    route's state at once, about a second per app). That no other router takes these paths first is
    tests/api/test_fast_reads.py's check over the whole app."""
    gets = [
        route
        for router in (booking.router, booking_admin.router)
        for route in router.routes
        if isinstance(route, APIRoute) and "GET" in (route.methods or ())
    ]
    first_get: dict[str, APIRoute] = {}
    for route in gets:
        first_get.setdefault(route.path, route)

    def twin(fast: FastRead) -> FastRead | None:
        """`fast` with its route's query parameters, or None where its route is not the one picked."""
        route = first_get.get(fast.path)
        query = None if route is None or route.endpoint is not fast.endpoint else _parameters(route)
        return None if query is None else replace(fast, query=query)

    lists = {fast.path: fast for fast in map(twin, LISTS) if fast is not None}
    details: dict[str, tuple[FastRead, frozenset[str]]] = {}
    for fast in filter(None, map(twin, DETAILS)):
        prefix = fast.path.removesuffix("/{id}") + "/"
        siblings = {
            route.path[len(prefix) :]
            for route in gets
            if route.path.startswith(prefix) and "/" not in route.path[len(prefix) :]
        } - {"{id}"}
        if any("{" in sibling for sibling in siblings):
            continue  # another pattern could take these paths first: the router decides
        details[prefix] = (fast, frozenset(siblings))
    for fast in (*LISTS, *DETAILS):
        if fast.path not in lists and fast.path.removesuffix("/{id}") + "/" not in details:
            log.warning("fast read %s is off: its route is not the one the router picks", fast.path)
    return _Table(lists, details)


def _query(fast: FastRead, query_string: bytes) -> dict[str, Any]:
    """The route's query parameters, or _NotCertain: a name it does not declare, a name given twice, a
    value it might read otherwise or refuse."""
    values = {name: parameter.default for name, parameter in fast.query.items()}
    if not query_string:
        return values
    seen: set[str] = set()
    # As Starlette's QueryParams reads it.
    for name, text in parse_qsl(query_string.decode("latin-1"), keep_blank_values=True):
        parameter = fast.query.get(name)
        if parameter is None or name in seen:
            raise _NotCertain
        seen.add(name)
        values[name] = parameter.read(text)
    return values


def _identifier(text: str, literals: frozenset[str]) -> str:
    if not text or "/" in text or text in literals or text_problem(text, MAX_TEXT) is not None:
        raise _NotCertain
    return text


def _answered(services: Services, fast: FastRead, signed: Principal, *args: Any, **query: Any) -> Response:
    """The session checked (`signed`: the caller as its token says), the caller's own writes waited for and
    the read, in one hop off the event loop (a second hop cost a hot read about a fifth of its CPU)."""
    principal = checked_session(services, signed)
    deps.wait_for_own_writes(services, services.read_after(principal.account_id))
    return success(fast.answer(services, principal, *args, **query))


class FastReads(HttpMiddleware):
    def __init__(self, app: ASGIApp) -> None:
        super().__init__(app)
        self._table = _table()

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] != "GET" or scope.get("root_path"):
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        fast = self._table.lists.get(path)
        identifier: str | None = None
        if fast is None:
            prefix, _, last = path.rpartition("/")
            found = self._table.details.get(prefix + "/")
            if found is None:
                await self.app(scope, receive, send)
                return
            fast, literals = found
            try:
                identifier = _identifier(last, literals)
            except _NotCertain:
                await self.app(scope, receive, send)
                return
        try:
            answer = await self._answer(scope, fast, identifier)
        except Exception:  # not found, not theirs, a bad token, a failure: the route answers it as ever
            answer = None
        if answer is None:
            await self.app(scope, receive, send)
            return
        await answer(scope, receive, send)

    async def _answer(self, scope: Scope, fast: FastRead, identifier: str | None) -> Response | None:
        """The route's answer; None, or any exception, where the route must answer."""
        request = Request(scope)
        if "content-type" in request.headers:
            return None  # a body the input screen may read: the route's way
        credential = presented(request)
        if not credential or looks_like_key(credential) or looks_like_publisher_key(credential):
            return None
        services = request.app.state.services
        principal = read_token(credential, services.jwt_secret)
        if not fast.allowed(principal):  # the token's roles, which the session's check does not change
            return None
        query = _query(fast, scope["query_string"])
        call = (services, fast, principal, identifier)
        # With the caller's context (where its reads go, api/edge/replica_reads.py), as `deps.off_loop`.
        context = contextvars.copy_context()
        return await asyncio.get_running_loop().run_in_executor(
            deps.readers, lambda: context.run(lambda: _answered(*call, **query))
        )
